"""Scoring: the text's card values, each player's own cards added to their own score as
penalty points, elimination at the target and the last player under it winning."""

from __future__ import annotations

from games.rummy.cards import JOKER, card_points, only_jokers
from games.rummy.rules import KOUM_KAN, placings
from tests.games.rummy.support import crafted, game_rng

X = JOKER
RNG = game_rng("scoring", 1)


def test_card_values():
    # "Aces and Face cards (K,Q,J) are worth 10 points each ... Jokers are worth 25"
    cards = ("AS", "KD", "QH", "JC", "TS", "6H", "4D", X)
    assert [card_points(c, only_jokers, 10) for c in cards] == [10, 10, 10, 10, 10, 6, 4, 25]
    assert card_points("AS", only_jokers, 1) == 1  # Thanasis and Dynamitis


def go_out(state, seat, card):
    return KOUM_KAN.apply(state, seat, {"type": "discard", "card": card}, RNG)


def test_each_loser_adds_their_own_cards_and_the_winner_nothing():
    state = crafted(KOUM_KAN, [["9S"], ["AS", "KD", X], ["6H", "4D"]], scores=[5, 7, 9])
    state = go_out(state, 0, "9S")
    assert state["history"][0]["points"] == [0, 45, 10]
    assert state["scores"] == [5, 52, 19]


def test_reaching_the_target_eliminates_and_the_last_under_it_wins():
    state = crafted(
        KOUM_KAN, [["9S"], ["AS", "KD", X], ["6H", "4D"]], scores=[5, 50, 95], target=101
    )
    state = go_out(state, 0, "9S")
    assert state["out"] == [None, None, 1] and state["result"] is None
    # The next hand is dealt to the two still in.
    assert [len(h) for h in state["hands"]] == [10, 10, 0]
    state = crafted(KOUM_KAN, [["9S"], ["AS", "KD", X], []], scores=[5, 60, 105], target=101)
    state["out"] = [None, None, 1]
    state["hand"] = 2
    state = go_out(state, 0, "9S")
    assert (
        state["out"] == [None, 2, 1] and state["result"]["reason"] == "last player under the target"
    )
    outcome = KOUM_KAN.outcome(state)
    assert outcome.placing == (1, 2, 3) and outcome.points == (5, 105, 105)


def test_when_the_last_players_all_reach_the_target_the_fewest_points_win():
    state = crafted(
        KOUM_KAN, [["9S"], ["AS", "KD", X], ["6H", "4D"]], scores=[95, 90, 95], target=101
    )
    state = KOUM_KAN.apply(state, 0, {"type": "discard", "card": "9S"}, RNG)
    # Seat 0 went out (95, under the target): it is the last under it.
    assert KOUM_KAN.outcome(state).placing == (1, 3, 2)


def test_a_forfeit_places_the_forfeiter_last_and_the_fewest_points_first():
    state = crafted(KOUM_KAN, [["9S", "2C"], ["AS"], ["6H"]], scores=[30, 10, 20])
    state = KOUM_KAN.forfeit(state, 1)
    assert placings(state) == (2, 3, 1)
    assert KOUM_KAN.outcome(state).winners() == (2,)


def test_the_stock_running_out_ends_the_hand_and_everybody_counts():
    state = crafted(KOUM_KAN, [["9S", "2C"], ["AS"]])
    state["stock"], state["discard"] = [], state["discard"] + state["stock"]
    state = KOUM_KAN.apply(state, 0, {"type": "discard", "card": "9S"}, RNG)
    record = state["history"][0]
    assert record["winner"] is None and record["points"] == [2, 10]
