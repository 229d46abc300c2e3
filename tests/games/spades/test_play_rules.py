"""PLAYER, CARDS AND DEAL, THE BIDDING and THE PLAY OF THE HAND, rule by rule."""

from __future__ import annotations

from collections import Counter
from itertools import pairwise

import pytest

from games.engine import IllegalAction, MalformedAction
from games.spades.cards import DECK, RANKS, strength, trick_winner
from games.spades.rules import SPADES_GAME, SpadesOptions, draw_for_dealer
from tests.games.spades.support import at_play, game_rng, started

# Four hands of 13 with every suit, for crafted plays.
HANDS = [
    ["2C", "3C", "4C", "2D", "3D", "4D", "2H", "3H", "4H", "2S", "3S", "4S", "5S"],
    ["5C", "6C", "7C", "5D", "6D", "7D", "5H", "6H", "7H", "6S", "7S", "8S", "9S"],
    ["8C", "9C", "TC", "8D", "9D", "TD", "8H", "9H", "TH", "TS", "JS", "QS", "KS"],
    ["JC", "QC", "KC", "AC", "JD", "QD", "KD", "AD", "JH", "QH", "KH", "AH", "AS"],
]


def play(state, seat, card):
    return SPADES_GAME.apply(state, seat, {"type": "play", "card": card}, game_rng("p", 1))


def legal_cards(state, seat):
    return [a["card"] for a in SPADES_GAME.legal_actions(state, seat)]


def test_the_deck_has_52_cards_ranked_2_to_ace():
    assert len(set(DECK)) == 52
    assert RANKS == ("2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A")


@pytest.mark.parametrize("game", range(20))
def test_every_player_is_dealt_13_of_the_52_cards(game):
    state = started(f"deal-{game}")
    assert [len(h) for h in state["hands"]] == [13] * 4
    assert Counter(c for h in state["hands"] for c in h) == Counter(DECK)


@pytest.mark.parametrize("game", range(50))
def test_the_first_dealer_drew_the_highest_card(game):
    dealer, draw = draw_for_dealer(game_rng(f"draw-{game}", 0))
    last = draw[-1]
    top = max(strength(p["card"]) for p in last)
    assert [p["seat"] for p in last if strength(p["card"]) == top] == [dealer]
    assert sorted(p["seat"] for p in draw[0]) == [0, 1, 2, 3]
    for earlier, later in pairwise(draw):
        best = max(strength(p["card"]) for p in earlier)
        tied = [p["seat"] for p in earlier if strength(p["card"]) == best]
        assert [p["seat"] for p in later] == tied  # only the tied draw again


def test_a_tie_for_the_highest_card_draws_again():
    ties = [draw_for_dealer(game_rng(f"draw-{g}", 0))[1] for g in range(200)]
    assert any(len(draw) > 1 for draw in ties)


def test_the_deal_passes_clockwise_and_the_dealers_left_bids_and_leads_first():
    state = started("order")
    dealer = state["dealer"]
    assert SPADES_GAME.to_act(state) == {(dealer + 1) % 4}
    for offset in range(1, 5):
        seat = (dealer + offset) % 4
        assert SPADES_GAME.to_act(state) == {seat}
        state = SPADES_GAME.apply(state, seat, {"type": "bid", "tricks": 3}, game_rng("o", offset))
    assert state["phase"] == "play"
    assert SPADES_GAME.to_act(state) == {(dealer + 1) % 4}


def test_bids_run_from_nil_to_13_in_solo():
    state = started(mode="solo")
    seat = min(SPADES_GAME.to_act(state))
    bids = [a["tricks"] for a in SPADES_GAME.legal_actions(state, seat)]
    assert bids == list(range(14))


def test_partners_bids_add_up_to_13_at_most():
    state = started()
    first = min(SPADES_GAME.to_act(state))
    state = SPADES_GAME.apply(state, first, {"type": "bid", "tricks": 9}, game_rng("b", 1))
    second = min(SPADES_GAME.to_act(state))
    state = SPADES_GAME.apply(state, second, {"type": "bid", "tricks": 2}, game_rng("b", 2))
    partner = min(SPADES_GAME.to_act(state))
    assert partner == (first + 2) % 4
    assert max(a["tricks"] for a in SPADES_GAME.legal_actions(state, partner)) == 4
    with pytest.raises(IllegalAction, match="at most 4"):
        SPADES_GAME.apply(state, partner, {"type": "bid", "tricks": 5}, game_rng("b", 3))


def test_the_first_lead_may_be_anything_but_a_spade():
    state = at_play(HANDS)
    assert SPADES_GAME.to_act(state) == {1}
    assert legal_cards(state, 1) == HANDS[1][:9]
    with pytest.raises(IllegalAction, match="Spades are not broken"):
        play(state, 1, "9S")


def test_a_hand_of_nothing_but_spades_may_lead_one():
    hands = [h[:] for h in HANDS]
    state = at_play(hands)
    state["hands"][1] = ["6S", "7S"]
    assert legal_cards(state, 1) == ["6S", "7S"]
    after = play(state, 1, "6S")
    assert after["broken"] is True


def test_players_must_follow_suit_and_may_trump_when_they_cannot():
    state = at_play(HANDS, trick=[(1, "5C")])
    assert legal_cards(state, 2) == ["8C", "9C", "TC"]
    with pytest.raises(IllegalAction, match="follow suit: clubs"):
        play(state, 2, "TS")
    state["hands"][2] = [c for c in HANDS[2] if not c.endswith("C")]
    assert legal_cards(state, 2) == state["hands"][2]  # any card, a spade included


def test_a_spade_played_on_another_suit_breaks_spades():
    state = at_play(HANDS, trick=[(1, "5C")])
    state["hands"][2] = [c for c in HANDS[2] if not c.endswith("C")]
    state = play(state, 2, "TS")
    assert state["broken"] is True
    state = play(state, 3, "AC")
    state = play(state, 0, "2C")
    assert state["tricks"][-1] == {
        "cards": [
            {"seat": 1, "card": "5C"},
            {"seat": 2, "card": "TS"},
            {"seat": 3, "card": "AC"},
            {"seat": 0, "card": "2C"},
        ],
        "winner": 2,  # the ten of spades trumps the ace of clubs
    }
    assert state["taken"] == [0, 0, 1, 0]
    assert SPADES_GAME.to_act(state) == {2}  # the winner leads the next trick
    assert "JS" in legal_cards(state, 2)  # spades broken: a spade may be led


@pytest.mark.parametrize(
    ("trick", "winner"),
    [
        ([(0, "2H"), (1, "AH"), (2, "KH"), (3, "3D")], 1),  # the highest of the suit led
        ([(0, "2H"), (1, "AH"), (2, "2S"), (3, "3S")], 3),  # the highest spade
        ([(0, "5D"), (1, "AC"), (2, "AH"), (3, "4D")], 0),  # other suits never win
        ([(0, "KS"), (1, "AS"), (2, "2S"), (3, "AD")], 1),
    ],
)
def test_a_trick_goes_to_the_highest_spade_else_the_highest_of_the_suit_led(trick, winner):
    assert trick_winner([{"seat": s, "card": c} for s, c in trick]) == winner


def test_playing_out_of_turn_or_a_card_not_held_is_refused():
    state = at_play(HANDS)
    with pytest.raises(IllegalAction, match="not your turn"):
        play(state, 2, "8C")
    with pytest.raises(IllegalAction, match="do not hold"):
        play(state, 1, "2C")
    with pytest.raises(IllegalAction, match="play a card"):
        SPADES_GAME.apply(state, 1, {"type": "bid", "tricks": 3}, game_rng("p", 1))


# ---- blind nil -----------------------------------------------------------------------


def second_round(**options) -> object:
    """A game at the start of its second round."""
    state = started("blind", **options)
    state["round"] = 2
    SPADES_GAME.deal(state, game_rng("blind", 1))
    return state


def test_blind_nil_is_not_offered_in_the_first_round():
    state = started()
    seat = min(SPADES_GAME.to_act(state))
    assert state["looked"] == [True] * 4
    assert {"type": "blind_nil"} not in SPADES_GAME.legal_actions(state, seat)
    with pytest.raises(IllegalAction):
        SPADES_GAME.apply(state, seat, {"type": "blind_nil"}, game_rng("b", 1))


def test_after_the_first_round_blind_nil_is_bid_before_looking_at_the_cards():
    state = second_round()
    seat = min(SPADES_GAME.to_act(state))
    assert state["looked"] == [False] * 4
    assert SPADES_GAME.view(state, seat)["hand"] is None  # the cards stay face down
    assert SPADES_GAME.legal_actions(state, seat) == [{"type": "blind_nil"}, {"type": "look"}]
    with pytest.raises(IllegalAction, match="look at your cards first"):
        SPADES_GAME.apply(state, seat, {"type": "bid", "tricks": 3}, game_rng("b", 1))
    blind = SPADES_GAME.apply(state, seat, {"type": "blind_nil"}, game_rng("b", 1))
    assert blind["bids"][seat] == {"tricks": 0, "blind": True}
    assert SPADES_GAME.view(blind, seat)["hand"] == sorted(
        blind["hands"][seat], key=lambda c: ("CDHS".index(c[1]), strength(c))
    )


def test_once_a_player_looks_blind_nil_is_gone():
    state = second_round()
    seat = min(SPADES_GAME.to_act(state))
    state = SPADES_GAME.apply(state, seat, {"type": "look"}, game_rng("b", 1))
    assert SPADES_GAME.to_act(state) == {seat}  # the same player now bids
    assert SPADES_GAME.view(state, seat)["hand"] is not None
    assert [a["type"] for a in SPADES_GAME.legal_actions(state, seat)] == ["bid"] * 14
    with pytest.raises(IllegalAction, match="no longer possible"):
        SPADES_GAME.apply(state, seat, {"type": "blind_nil"}, game_rng("b", 2))


def test_blind_nil_is_never_offered_in_solo_or_when_the_table_does_not_allow_it():
    for options in ({"mode": "solo"}, {"blind_nil": False}):
        state = second_round(**options)
        seat = min(SPADES_GAME.to_act(state))
        assert state["looked"] == [True] * 4
        assert {"type": "blind_nil"} not in SPADES_GAME.legal_actions(state, seat)


def test_a_timeout_before_looking_looks_rather_than_bid_blind():
    state = second_round()
    seat = min(SPADES_GAME.to_act(state))
    assert SPADES_GAME.timeout_action(state, seat) == {"type": "look"}


# ---- parsing -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "raw",
    [
        None,
        [],
        {"type": "bid"},
        {"type": "bid", "tricks": 14},
        {"type": "bid", "tricks": -1},
        {"type": "bid", "tricks": True},
        {"type": "bid", "tricks": 3.0},
        {"type": "bid", "tricks": "3"},
        {"type": "play", "card": "1S"},
        {"type": "play", "card": "as"},
        {"type": "play", "card": "AS", "extra": 1},
        {"type": "look", "tricks": 1},
        {"type": "pass"},
        {"type": "play", "card": "X" * 10_000},
    ],
)
def test_anything_but_a_move_is_malformed_and_not_echoed(raw):
    with pytest.raises(MalformedAction) as refused:
        SPADES_GAME.parse_action(raw)
    assert "X" * 20 not in refused.value.reason
    assert "as" not in refused.value.reason.split()


def test_options_are_checked():
    with pytest.raises(ValueError, match="Play to"):
        SpadesOptions.from_json({"target": 7})
    with pytest.raises(ValueError, match="unknown options"):
        SpadesOptions.from_json({"rounds": 5})
    assert SPADES_GAME.seat_counts(SpadesOptions()) == (4,)
    with pytest.raises(ValueError, match="4 players"):
        SPADES_GAME.start(SpadesOptions(), 2, game_rng("x", 0))
