"""Whole games of both modes with bots and random legal moves, checked at every step: the
cards are conserved, a round's tricks sum to 13, the scores add up, the game ends within
three rounds, nothing hidden reaches a view, and the replay rebuilds the same game."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from games.spades.cards import DECK
from games.spades.rules import MAX_ROUNDS, SPADES_GAME, SpadesOptions, SpadesState
from tests.games.spades.support import (
    cards_of,
    game_rng,
    hidden_from,
    leaked,
    play_game,
    replay,
)

VARIANTS = [
    ("partners", SpadesOptions()),
    ("partners-short", SpadesOptions(target=100, elimination=-100, bag_limit=5, bag_penalty=50)),
    ("partners-no-blind", SpadesOptions(blind_nil=False, target=500)),
    ("solo", SpadesOptions(mode="solo")),
    ("solo-long", SpadesOptions(mode="solo", target=500, elimination=-300, bag_limit=7)),
]
GAMES = 8


class Checker:
    def __init__(self) -> None:
        self.rounds = 0

    def __call__(self, before: SpadesState, after: SpadesState) -> None:
        assert Counter(cards_of(after)) == Counter(DECK), "a card was lost or duplicated"
        for viewer in (None, 0, 1, 2, 3):
            view = SPADES_GAME.view(after, viewer)
            assert not leaked(view, hidden_from(after, viewer)), viewer
            json.dumps(view)
        for seat in SPADES_GAME.to_act(after):
            assert SPADES_GAME.timeout_action(after, seat) in SPADES_GAME.legal_actions(after, seat)
            assert SPADES_GAME.legal_actions(after, seat)
        assert (SPADES_GAME.outcome(after) is None) == bool(SPADES_GAME.to_act(after))
        if len(after["history"]) > len(before["history"]):
            self.round_scored(before, after)

    def round_scored(self, before: SpadesState, after: SpadesState) -> None:
        self.rounds += 1
        record = after["history"][-1]
        assert sum(record["taken"]) == 13
        assert len(before["tricks"]) == 12  # the 13th closed the round
        assert after["scores"] == [
            s + side["points"] for s, side in zip(before["scores"], record["sides"], strict=True)
        ]


@pytest.mark.parametrize(("name", "options"), VARIANTS)
def test_random_games_end_within_three_rounds_and_replay_exactly(name, options):
    checker = Checker()
    for game in range(GAMES):
        game_id = f"{name}-{game}"
        state, log = play_game(options, game_id, wild=game % 2 == 1, check=checker)
        outcome = SPADES_GAME.outcome(state)
        assert outcome is not None and len(outcome.placing) == 4
        assert 1 <= len(state["history"]) <= MAX_ROUNDS
        assert replay(options, game_id, log) == state
    assert checker.rounds >= GAMES


def test_blind_nil_is_bid_in_random_partners_games():
    blind = 0
    for game in range(20):
        state, _ = play_game(SpadesOptions(target=500, elimination=-300), f"blind-{game}", True)
        blind += sum(1 for r in state["history"] for b in r["bids"] if b["blind"])
    assert blind > 0


def test_apply_never_changes_the_state_it_is_given():
    options = SpadesOptions()
    state = SPADES_GAME.start(options, 4, game_rng("pure", 0))
    frozen = json.dumps(state, sort_keys=True)
    (seat,) = SPADES_GAME.to_act(state)
    SPADES_GAME.apply(state, seat, SPADES_GAME.legal_actions(state, seat)[0], game_rng("pure", 1))
    assert json.dumps(state, sort_keys=True) == frozen


@pytest.mark.parametrize("mode", ["partners", "solo"])
def test_bots_alone_finish_games(mode):
    for game in range(10):
        state, _ = play_game(SpadesOptions(mode=mode), f"bots-{mode}-{game}")
        assert SPADES_GAME.outcome(state) is not None
