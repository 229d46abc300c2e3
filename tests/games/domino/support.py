"""Helpers for the dominoes tests: positions built by hand, seeded playouts, bookkeeping."""

from __future__ import annotations

import copy
import json
from typing import Any

from games.domino.bones import full_set, norm
from games.domino.layout import bones_on
from games.rng import Rng

SEED = b"dominoes-family-tests-seed-01234"


def game_rng(game_id: str, seq: int) -> Rng:
    return Rng(SEED, f"game:{game_id}", seq)


def position(
    engine: Any,
    hands: list[list[list[int]]],
    line: list[list[int]] | None = None,
    cross: int | None = None,
    north: list[list[int]] | None = None,
    south: list[list[int]] | None = None,
    reserve: list[list[int]] | None = None,
    turn: int = 0,
    **options: Any,
) -> dict[str, Any]:
    """A deal in play as the test lays it out; the reserve holds every bone not placed,
    in the order given first (so the test knows what will be drawn)."""
    state = engine.start(engine.Options(**options), 2, game_rng("position", 0))
    state["hands"] = [sorted(norm(b) for b in hand) for hand in hands]
    state["layout"] = {
        "line": [list(b) for b in line or []],
        "cross": cross,
        "north": [list(b) for b in north or []],
        "south": [list(b) for b in south or []],
    }
    used = [norm(b) for b in [*state["hands"][0], *state["hands"][1]]]
    used += [norm(b) for b in bones_on(state["layout"])]
    first = [norm(b) for b in reserve or []]
    rest = [b for b in full_set() if b not in used and b not in first]
    state["reserve"] = first + rest if reserve is not None else rest
    state["turn"] = turn
    state["recent"] = []
    return state


def every_bone(state: dict[str, Any]) -> list[list[int]]:
    bones = [*state["hands"][0], *state["hands"][1], *state["reserve"]]
    return sorted(norm(b) for b in bones + bones_on(state["layout"]))


def play_game(
    engine: Any, options: dict[str, Any], game_id: str, check: Any = None, max_steps: int = 3000
) -> tuple[dict[str, Any], list[tuple[int, dict[str, Any]]]]:
    """Bots (now and then a random legal move) play a whole match from the seed."""
    state = engine.start(engine.Options(**options), 2, game_rng(game_id, 0))
    log: list[tuple[int, dict[str, Any]]] = []
    while engine.outcome(state) is None:
        assert len(log) < max_steps, "the match does not end"
        seq = len(log) + 1
        (seat,) = engine.to_act(state)
        bot = Rng(SEED, f"bot:{game_id}", seq)
        legal = engine.legal_actions(state, seat)
        action = bot.choice(legal) if bot.randbelow(3) == 0 else engine.bot_action(state, seat, bot)
        before = json.dumps(state, sort_keys=True)
        new = engine.apply(state, seat, action, game_rng(game_id, seq))
        assert json.dumps(state, sort_keys=True) == before  # apply left its input alone
        if check:
            check(state, new)
        log.append((seat, copy.deepcopy(action)))
        state = new
    return state, log


def replay(
    engine: Any, options: dict[str, Any], game_id: str, log: list[tuple[int, dict[str, Any]]]
) -> dict[str, Any]:
    state = engine.start(engine.Options(**options), 2, game_rng(game_id, 0))
    for seq, (seat, action) in enumerate(log, start=1):
        state = engine.apply(state, seat, action, game_rng(game_id, seq))
    return state
