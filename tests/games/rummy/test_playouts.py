"""Seeded games of all three variants played to the end by bots (and, in some, by any
hinted move): the 108 cards are all there after every move, the game ends, the outcome
places everybody, and replaying the log from the seed gives the same states."""

from __future__ import annotations

import pytest

from games.rummy.cards import PACK
from games.rummy.rules import DYNAMITIS, ENGINES, KOUM_KAN, THANASIS, RummyOptions
from tests.games.rummy.support import every_card, game_rng, play_game

GAMES = [
    (engine, seats, wild) for engine in ENGINES for seats in (2, 3, 4) for wild in (False, True)
]


@pytest.mark.parametrize(
    ("engine", "seats", "wild"), GAMES, ids=lambda v: getattr(v, "slug", str(v))
)
def test_playout_conserves_the_cards_and_ends(engine, seats, wild):
    final, log, states = play_game(engine, seats, f"{engine.slug}-{seats}-{wild}", wild, target=51)
    full = sorted(PACK)
    for state in states[:-1]:
        assert sorted(every_card(state).elements()) == full
        assert (engine.outcome(state) is None) == bool(engine.to_act(state))
    outcome = engine.outcome(final)
    assert outcome is not None and not engine.to_act(final)
    assert outcome.placing.count(1) >= 1 and len(outcome.points) == seats
    winners = outcome.winners()
    assert all(final["scores"][w] == min(final["scores"][s] for s in winners) for w in winners)
    hands = final["history"]
    # Every hand's points add up to the scores.
    assert [sum(h["points"][s] for h in hands) for s in range(seats)] == final["scores"]
    # Replay from the seed and the log.
    state = engine.start(
        RummyOptions(target=51), seats, game_rng(f"{engine.slug}-{seats}-{wild}", 0)
    )
    for seq, (seat, action) in enumerate(log, start=1):
        state = engine.apply(
            state, seat, engine.parse_action(action), game_rng(f"{engine.slug}-{seats}-{wild}", seq)
        )
    assert state == final


@pytest.mark.parametrize("engine", [KOUM_KAN, THANASIS, DYNAMITIS], ids=lambda e: e.slug)
def test_scoring_to_elimination_leaves_one_winner_under_the_target(engine):
    final, _, _ = play_game(engine, 3, f"{engine.slug}-elimination", target=51)
    outcome = engine.outcome(final)
    (winner,) = outcome.winners()
    assert final["out"][winner] is None and final["scores"][winner] < 51
    for seat in range(3):
        if seat != winner:
            assert final["scores"][seat] >= 51 and final["out"][seat] is not None


def test_every_hint_is_parsed_and_judged_legal():
    for engine in ENGINES:
        _, _, states = play_game(engine, 2, f"{engine.slug}-hints", target=51)
        for state in states[:200:7]:
            for seat in engine.to_act(state):
                for move in engine.legal_actions(state, seat):
                    assert engine.parse_action(move) == move
                    assert engine.is_legal(state, seat, move)
