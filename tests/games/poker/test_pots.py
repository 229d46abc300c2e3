"""Pots, rake and odd chips in whole chips: known answers, then whole hands dealt with
chosen cards through PokerKit's betting and our payment."""

from __future__ import annotations

from games.poker.pots import Pot, build_pots, hand_rake, split_pot
from tests.games.poker.support import check_down, hand_with


def test_three_all_ins_make_a_main_pot_and_two_side_pots():
    # Players in hand order put in 100, 250, 400 (all in) and 400 (covers everyone).
    pots = build_pots([100, 250, 400, 400], [False] * 4)
    assert pots == [
        Pot(400, (0, 1, 2, 3)),
        Pot(450, (1, 2, 3)),
        Pot(300, (2, 3)),
    ]


def test_folded_chips_stay_in_the_pots_they_reached_and_win_nothing():
    pots = build_pots([50, 200, 200], [True, False, False])
    assert pots == [Pot(450, (1, 2))]


def test_an_uncalled_layer_is_its_owners_and_never_raked():
    pots = build_pots([100, 300], [False, False])
    assert pots == [Pot(200, (0, 1)), Pot(200, (1,))]
    assert hand_rake(pots, flop_dealt=True, rate_bp=500, cap=None) == [10, 0]


def test_odd_chips_go_one_each_from_the_buttons_left():
    assert split_pot(101, [2, 0]) == {0: 51, 2: 50}
    assert split_pot(302, [3, 1, 2]) == {1: 101, 2: 101, 3: 100}
    assert split_pot(7, [4]) == {4: 7}


def test_rake_is_floored_basis_points_of_each_pot_without_a_cap():
    pots = [Pot(1_999, (0, 1, 2)), Pot(1_001, (1, 2))]
    assert hand_rake(pots, flop_dealt=True, rate_bp=500, cap=None) == [99, 50]
    assert hand_rake(pots, flop_dealt=True, rate_bp=3_500, cap=None) == [699, 350]


def test_a_cap_stops_the_hands_rake_main_pot_first():
    pots = [Pot(2_000, (0, 1, 2)), Pot(1_000, (1, 2))]
    assert hand_rake(pots, flop_dealt=True, rate_bp=500, cap=120) == [100, 20]
    assert hand_rake(pots, flop_dealt=True, rate_bp=500, cap=60) == [60, 0]


def test_no_flop_no_rake():
    pots = [Pot(2_000, (0, 1, 2))]
    assert hand_rake(pots, flop_dealt=False, rate_bp=500, cap=None) == [0]


def test_a_hand_with_three_all_ins_pays_each_pot_to_its_best_eligible_hand():
    # Hand order: player 0 is the small blind; stacks 100, 250, 400, 1000.
    play = hand_with(
        holes=[["AS", "AD"], ["KS", "KD"], ["QS", "QD"], ["7C", "2H"]],
        board=["3C", "8D", "9H", "JS", "4C"],
        stacks=[100, 250, 400, 1_000],
        big_blind=10,
    )
    play.play(("call", 0))  # player 2 (first after the big blind) calls 10
    play.play(("call", 0))  # player 3 calls
    play.play(("raise", 100))  # player 0 all in
    play.play(("raise", 250))  # player 1 all in
    play.play(("raise", 400))  # player 2 all in
    play.play(("call", 0))  # player 3 calls 400
    assert play.betting_over
    result = play.finish(rate_bp=500, cap=None, dead=[False] * 4)
    assert [(p.amount, p.eligible) for p in result.pots] == [
        (400, (0, 1, 2, 3)),
        (450, (1, 2, 3)),
        (300, (2, 3)),
    ]
    assert result.rakes == [20, 22, 15]
    assert result.won == [380, 428, 285, 0]
    assert sorted(result.shown) == [0, 1, 2, 3]  # all in: every hand is shown
    # Chips conserved: stacks after plus what was won plus the rake are what came in.
    assert sum(play.stacks()) + sum(result.won) + sum(result.rakes) == 1_750


def test_a_split_pot_gives_the_odd_chip_to_the_first_winner_from_the_buttons_left():
    # Three players; players 0 and 2 hold the same straight; player 1 folds its blind.
    play = hand_with(
        holes=[["TS", "2D"], ["3C", "4D"], ["TH", "2C"]],
        board=["6S", "7D", "8H", "9C", "KD"],
        stacks=[1_000, 1_000, 1_000],
        big_blind=2,
    )
    play.play(("raise", 7))  # player 2 (the button) raises to 7
    play.play(("call", 0))  # player 0 calls
    play.play(("fold", 0))  # player 1 folds its 2
    check_down(play)
    result = play.finish(rate_bp=0, cap=None, dead=[False] * 3)
    assert [p.amount for p in result.pots] == [16]
    assert result.won == [8, 0, 8]
    play = hand_with(
        holes=[["TS", "2D"], ["3C", "4D"], ["TH", "2C"]],
        board=["6S", "7D", "8H", "9C", "KD"],
        stacks=[1_000, 1_000, 1_000],
        big_blind=2,
    )
    play.play(("raise", 7))
    play.play(("call", 0))
    play.play(("call", 0))  # player 1 calls: 21 in the pot, odd chip to player 0
    check_down(play)
    result = play.finish(rate_bp=0, cap=None, dead=[False] * 3)
    assert result.won == [11, 0, 10]


def test_the_hand_over_before_the_flop_pays_no_rake_and_shows_nothing():
    play = hand_with(
        holes=[["AS", "AD"], ["7C", "2H"]], board=["3C", "8D", "9H", "JS", "4C"], stacks=[500, 500]
    )
    play.play(("raise", 20))  # heads-up: the button (player 1, small blind) acts first
    play.play(("fold", 0))
    result = play.finish(rate_bp=3_500, cap=None, dead=[False, False])
    assert result.rakes == [0] and result.shown == []
    assert result.won == [0, 22]


HOLES = [["AS", "AD"], ["KS", "KD"], ["QS", "QD"]]
DRY = ["2C", "7D", "9H", "3S", "4C"]


def test_without_a_river_bet_the_first_player_from_the_buttons_left_shows_and_losers_muck():
    play = check_down(hand_with(HOLES, DRY, stacks=[500, 500, 500]))
    result = play.finish(rate_bp=0, cap=None, dead=[False] * 3)
    assert result.shown == [0]  # kings and queens cannot beat the aces shown: mucked
    assert result.shown_names == ["One pair"]
    assert result.won == [6, 0, 0]


def test_the_river_bettor_shows_first_then_only_hands_that_can_still_win():
    play = hand_with(HOLES, DRY, stacks=[500, 500, 500])
    while len(play.board) < 5:
        play.play(("call", 0))
    play.play(("call", 0))  # player 0 checks the river
    play.play(("raise", 10))  # player 1 bets
    play.play(("call", 0))  # player 2 calls
    play.play(("call", 0))  # player 0 calls
    result = play.finish(rate_bp=0, cap=None, dead=[False] * 3)
    assert result.shown == [1, 0]  # the kings first; the queens muck; the aces win
    assert result.won == [36, 0, 0]
