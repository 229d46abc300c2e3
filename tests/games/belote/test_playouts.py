"""Whole games with bots (and some random legal moves) on every seat, checked at every step."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from games.belote.belote import ClassicBeloteOptions, OpenBeloteOptions
from games.belote.cards import RANKS_24, card_points, make_deck
from games.belote.pilotta import ClassicPilottaOptions, PilottaOptions
from games.belote.rules import BELOTE, CLASSIC_PILOTTA, OPEN_BELOTE, PILOTTA
from games.engine import State
from games.rng import Rng
from tests.games.belote.support import (
    all_cards,
    cards_in_hand_play,
    deck_for,
    hidden_from,
    leaked,
    play_game,
    replay,
)

VARIANTS = [
    ("pilotta", PILOTTA, PilottaOptions(target=51), 4, 16),
    ("classic-4", CLASSIC_PILOTTA, ClassicPilottaOptions(target=51), 4, 10),
    ("classic-2", CLASSIC_PILOTTA, ClassicPilottaOptions(target=51), 2, 10),
    ("belote", BELOTE, ClassicBeloteOptions(target=51), 2, 10),
    (
        "belote-extras",
        BELOTE,
        ClassicBeloteOptions(target=5, no_trump=True, double_stake=16, change_card=True),
        2,
        10,
    ),
    ("belote-tierce", BELOTE, ClassicBeloteOptions(target=3, combinations="tierce_only"), 2, 3),
    ("belote-bare", BELOTE, ClassicBeloteOptions(target=51, combinations="none"), 2, 3),
    ("open", OPEN_BELOTE, OpenBeloteOptions(target=51), 2, 10),
    ("open-nt", OPEN_BELOTE, OpenBeloteOptions(target=3, no_trump=True, double_capot=True), 2, 4),
    ("open-no-100", OPEN_BELOTE, OpenBeloteOptions(target=1, combinations="no_carre_or_100"), 2, 3),
]
FULL_DECK_TOTAL = 162  # 152 in the cards and 10 for the last trick


class Checker:
    def __init__(self, engine: Any) -> None:
        self.engine = engine
        self.hands_scored = 0

    def __call__(self, before: State, after: State) -> None:
        self.conserved(after)
        self.nothing_hidden_leaks(after)
        self.timeout_is_legal(after)
        if len(after["history"]) > len(before["history"]):
            self.hand_total(before, after["history"][-1])

    def conserved(self, state: State) -> None:
        cards = all_cards(state)
        assert Counter(cards) == Counter(deck_for(state)), "a card was lost or duplicated"

    def nothing_hidden_leaks(self, state: State) -> None:
        for viewer in [None, *range(state["seats"])]:
            view = self.engine.view(state, viewer)
            assert not leaked(view, hidden_from(state, viewer)), (viewer, state["phase"])
            json.dumps(view)

    def timeout_is_legal(self, state: State) -> None:
        for seat in self.engine.to_act(state):
            action = self.engine.timeout_action(state, seat)
            assert action in self.engine.legal_actions(state, seat)

    def hand_total(self, before: State, summary: dict[str, Any]) -> None:
        """Trick points sum to the cards played plus 10; 162 with a full 32-card deal."""
        played = cards_in_hand_play(before)
        expected = sum(card_points(c, before["trump"]) for c in played) + 10
        assert sum(summary["card_points"]) == expected
        if len(played) == 32:
            assert expected == FULL_DECK_TOTAL
        self.hands_scored += 1


@pytest.mark.parametrize(
    ("label", "engine", "options", "seats", "games"), VARIANTS, ids=[v[0] for v in VARIANTS]
)
def test_playouts_to_the_end(label: str, engine: Any, options: Any, seats: int, games: int) -> None:
    for game in range(games):
        checker = Checker(engine)
        state, _ = play_game(
            engine, options, seats, f"{label}:{game}", wild=game % 2 == 1, check=checker
        )
        outcome = engine.outcome(state)
        assert outcome is not None
        assert checker.hands_scored >= 1 or outcome.reason != "target reached"
        if outcome.reason == "target reached":
            winner = state["result"]["winner"]
            assert state["scores"][winner] >= options.target
            assert state["scores"][winner] > state["scores"][1 - winner]
        assert sorted(outcome.placing) == [1] * (seats // 2) + [2] * (seats // 2)


def test_the_24_card_deck_holds_152_points_with_or_without_trump() -> None:
    deck = make_deck(RANKS_24)
    assert {sum(card_points(c, trump) for c in deck) for trump in ("C", "H", "NT")} == {152}


@pytest.mark.parametrize(
    ("label", "engine", "options", "seats", "games"),
    VARIANTS[::3],
    ids=[v[0] for v in VARIANTS[::3]],
)
def test_replay_is_exact(label: str, engine: Any, options: Any, seats: int, games: int) -> None:
    state, log = play_game(engine, options, seats, f"replay:{label}", wild=True)
    assert replay(engine, options, seats, f"replay:{label}", log) == state
    assert engine.start(options, seats, Rng(b"one", "g", 0)) != engine.start(
        options, seats, Rng(b"two", "g", 0)
    )
