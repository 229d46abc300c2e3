"""The property wheel (12.27): known rounds from fixed links, the text's own Chance
examples, every bet's win and loss, the bonus game's squares (rent, buildings, cards,
taxes only when covered, GO, jail, extra rolls), the bonus game's mean counted here over
every board, roll and card, each bet type's exact return from a recurrence this test
solves itself, and a round through the real runtime settled once."""

from __future__ import annotations

import itertools
import uuid
from collections import defaultdict
from fractions import Fraction

import pytest

from casino import draws, registry
from casino.draws import BetRequest
from casino.models import Bet
from casino.rounds import rtp_percent
from casino.wheels import landlord
from tests.casino import draw_rounds
from wallet.invariants import ledger_problems
from wallet.selectors import cash_balance

GAME = "property-wheel"
COUNTS = {"1": 22, "2": 15, "5": 7, "10": 4, "chance": 2, "2 rolls": 3, "4 rolls": 1}


def game():
    return registry.get(GAME)


def stop(segment: str) -> int:
    return game().segments.index(segment)


def bonus_round(rolls: int, dice, cards=(), houses="brown", hotels="green", chance=()):
    return {
        "stops": [stop("chance")] * len(chance) + [stop(f"{rolls} rolls")],
        "cards": list(chance),
        "bonus": {"houses": houses, "hotels": hotels, "dice": dice, "cards": list(cards)},
    }


def test_the_wheel_has_the_texts_54_segments_and_the_board_40_squares():
    assert {s: game().segments.count(s) for s in COUNTS} == COUNTS
    board = [square.kind for square in landlord.BOARD]
    assert len(board) == 40 and board.count("property") == 22 and board.count("railway") == 4
    assert (board[0], board[10], board[20], board[30]) == ("go", "jail", "parking", "go-to-jail")


def test_rounds_follow_from_their_links():
    outcomes = [game().committed_outcome(bytes([i]) * 32, "longtable-test", i) for i in (1, 2, 3)]
    assert [game().describe(o) for o in outcomes] == [
        "2",
        "2",
        "4 rolls: the bonus game won 43.20x",
    ]
    assert outcomes[2]["bonus"] == {
        "houses": "light blue",
        "hotels": "pink",
        "dice": [[4, 3], [4, 1], [6, 6], [1, 4], [3, 5]],
        "cards": [520],
    }


def test_numbers_pay_their_odds_and_chance_multiplies_and_adds_as_the_text_says():
    five = {"stops": [stop("5")], "cards": []}
    assert game().payout(1_000, "number-5", {}, five) == 6_000  # the text: 1,000 on 5 wins 6,000
    assert game().payout(1_000, "number-2", {}, five) == 0
    assert game().payout(1_000, "rolls-2", {}, five) == 0
    # 100 on 5, Chance x8, Chance x2, then 5: 100 x 8 x 2 x 5 = 8,000 won, the stake back.
    twice = {
        "stops": [stop("chance")] * 2 + [stop("5")],
        "cards": [{"multiplier": 8}, {"multiplier": 2}],
    }
    assert game().payout(100, "number-5", {}, twice) == 8_100
    # Chance x8 then a 5,000 prize (50 bets of 100), then 5: 100 x 8 x 5 + 5,000.
    prize = {
        "stops": [stop("chance")] * 2 + [stop("5")],
        "cards": [{"multiplier": 8}, {"prize": 50}],
    }
    assert game().payout(100, "number-5", {}, prize) == 9_100
    assert game().payout(100, "number-1", {}, prize) == 0  # no win on the spin: all lost
    assert game().describe(prize) == "Chance x8, Chance +50x, then 5"


def test_the_bonus_game_collects_square_by_square():
    # 2 rolls (x2.1): 2+3 to the first railway (4.20), 3+4 to a utility (1.00 taken).
    assert game().payout(100, "rolls-2", {}, bonus_round(2, [[2, 3], [3, 4]])) == 100 + 320
    assert game().payout(100, "rolls-4", {}, bonus_round(2, [[2, 3], [3, 4]])) == 0
    assert game().payout(100, "number-1", {}, bonus_round(2, [[2, 3], [3, 4]])) == 0
    # A tax the winnings do not cover takes nothing: 4 on Income Tax, then Chance 7 away.
    walk = bonus_round(2, [[1, 3], [1, 2]], cards=[420])
    assert game().payout(100, "rolls-2", {}, walk) == 100 + 420
    # Houses on light blue: 3+3 to it (2 x 1.5 x 2.1 = 6.30), a pair, so an extra roll;
    # then 16 orange (5.25) and 27 yellow (8.40), and the two rolls are spent.
    green = bonus_round(2, [[3, 3], [6, 4], [6, 5]], houses="light blue")
    assert [w.won for w in game().walks(green)] == [630, 1155, 1995]
    assert game().walks(green)[-1].over and game().bonus_won(green) == 1995
    # GO doubles everything collected; Go to Jail then no pair ends the game.
    round_go = [[5, 6], [6, 5], [6, 6], [3, 3]]  # 11 pink, 22 Chance, 34 green, 40 = GO
    walks = landlord.play(landlord.Bonus(4, "red", "yellow"), round_go, [520])
    assert [w.won for w in walks] == [520, 1040, 2340, 4680]
    jail = [[6, 6], [5, 6], [3, 4], [1, 2]]  # 12 utility (0: nothing taken), 23 red, 30, out
    walks = landlord.play(landlord.Bonus(4, "brown", "green"), jail, [])
    assert [(w.place, w.won, w.jailed, w.over) for w in walks] == [
        (12, 0, False, False),
        (23, 780, False, False),
        (10, 780, True, False),
        (10, 780, True, True),
    ]
    # A pair frees him, without an extra roll; at most three extra rolls a game.
    freed = landlord.play(landlord.Bonus(4, "brown", "green"), [*jail[:3], [2, 2]], [])
    assert (freed[-1].place, freed[-1].jailed, freed[-1].rolls) == (14, False, 1)
    pairs = landlord.play(landlord.Bonus(2, "brown", "green"), [[1, 1]] * 5, [100])
    assert [w.rolls for w in pairs] == [2, 2, 2, 1, 0]


def test_a_chance_multiplier_multiplies_the_bonus_and_a_prize_adds():
    walk = bonus_round(2, [[2, 3], [3, 4]], chance=[{"multiplier": 3}, {"prize": 10}])
    assert game().payout(100, "rolls-2", {}, walk) == 100 + 320 * 3 + 1_000


def exact_winnings(bonus: landlord.Bonus) -> dict[int, Fraction]:
    """Every bonus game's winnings and chance, each of the 36 throws and every card, with
    no shortcut: the states keep their exact winnings to the end."""
    states = {landlord.Walk(bonus.rolls): Fraction(1)}
    final: dict[int, Fraction] = defaultdict(Fraction)
    while states:
        following: dict = defaultdict(Fraction)
        for walk, chance in states.items():
            for dice in itertools.product(range(1, 7), repeat=2):
                cards = landlord.draws_card(walk, dice, bonus) or ((0, 1),)
                total = sum(weight for _, weight in cards)
                for card, weight in cards:
                    after = landlord.step(walk, dice, card, bonus)
                    share = chance * Fraction(weight, 36 * total)
                    (final if after.over else following)[after.won if after.over else after] += (
                        share
                    )
        states = following
    return final


@pytest.mark.parametrize(
    "board", [landlord.Bonus(2, "pink", "dark blue"), landlord.Bonus(2, "dark blue", "brown")]
)
def test_the_bonus_mean_of_a_board_matches_a_count_of_every_game(board):
    counted = sum((chance * won for won, chance in exact_winnings(board).items()), Fraction(0))
    assert landlord.walk_mean(board) == counted


def test_the_published_bonus_means_are_counted_again():
    assert {rolls: landlord.bonus_mean(rolls) for rolls in (2, 4)} == landlord.BONUS_MEANS


def test_every_bet_returns_its_exact_rtp_solved_as_a_recurrence():
    """f(m, p) = A m + B p + C is a bet's expected return carrying Chance multiplier m and
    prizes p: A = s W + q a A, B = s + q B, C = s + q (B x mean prize + C)."""
    q = Fraction(2, 54)
    cards = [(Fraction(w, 30), m, 0) for m, w in [(2, 10), (3, 6), (5, 3), (10, 1)]]
    cards += [(Fraction(w, 30), 1, p) for p, w in [(10, 6), (15, 3), (25, 1)]]
    a = sum(share * m for share, m, _ in cards)
    mean_prize = sum(share * p for share, _, p in cards)
    wins = {f"number-{n}": Fraction(n) for n in (1, 2, 5, 10)}
    wins |= {f"rolls-{r}": landlord.BONUS_MEANS[r] / 100 for r in (2, 4)}
    segment = {"rolls-2": "2 rolls", "rolls-4": "4 rolls"}
    returns = {}
    for bet_type, win in wins.items():
        s = Fraction(COUNTS[segment.get(bet_type, bet_type.removeprefix("number-"))], 54)
        big_a, big_b = s * win / (1 - q * a), s / (1 - q)
        big_c = (s + q * big_b * mean_prize) / (1 - q)
        assert game().rtp(bet_type) == big_a + big_c
        returns[bet_type] = rtp_percent(big_a + big_c)
    assert returns == {
        "number-1": "94.14",
        "number-2": "94.71",
        "number-5": "86.94",
        "number-10": "90.39",
        "rolls-2": "96.74",
        "rolls-4": "97.11",
    }


def test_unknown_bets_are_refused():
    with pytest.raises(ValueError, match="no such bet"):
        game().validate_bet("number-7", {})
    assert game().validate_bet("rolls-4", {}) == {}


@pytest.mark.django_db
def test_a_property_wheel_round_is_placed_drawn_and_settled_once(funded):
    player = funded(100_000)
    game_round = draw_rounds.open_round(GAME)
    bets = [BetRequest("rolls-2", {}, 1_000), BetRequest("number-1", {}, 500)]
    draws.place_bets(player, game=GAME, slip=str(uuid.uuid4()), bets=bets)
    assert cash_balance(player) == 98_500
    draw_rounds.draw_now(game_round, bonus_round(2, [[2, 3], [3, 4]], chance=[{"multiplier": 2}]))

    assert game_round.number in draws.advance(GAME)
    # 3.20x doubled by the Chance card on 10.00, the stake back: 74.00.
    assert sorted(Bet.objects.filter(round=game_round).values_list("label", "payout")) == [
        ("2 Rolls", 7_400),
        ("Number 1", 0),
    ]
    assert game_round.number not in draws.advance(GAME)
    assert draws.settle(game_round.pk) is False
    assert cash_balance(player) == 98_500 + 7_400
    assert ledger_problems() == []
