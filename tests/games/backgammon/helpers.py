"""Shared set-up: a match started normally, then given the position a test needs."""

from __future__ import annotations

from typing import Any

from games.backgammon.rules import BACKGAMMON, TAVLI
from games.backgammon.variants import VARIANTS
from games.rng import Rng

SEED = b"backgammon-tests-seed-0123456789"
TAVLI_VARIANTS = ("portes", "plakoto", "fevga")


def engine_for(variant: str):
    return TAVLI if variant in (*TAVLI_VARIANTS, "series") else BACKGAMMON


def board(points: dict[int, int]) -> list[int]:
    counts = [0] * 26
    for point, count in points.items():
        counts[point] = count
    return counts


def position(
    variant: str,
    mine: dict[int, int],
    theirs: dict[int, int],
    dice: tuple[int, int],
    *,
    turn: int = 0,
    pinned: tuple[list[int], list[int]] = ([], []),
    moved: tuple[bool, bool] = (True, True),
    **options: Any,
) -> dict[str, Any]:
    """Seat `turn` to play `dice`; `mine` is its board and `theirs` the other seat's."""
    engine = engine_for(variant)
    state = engine.start(engine.Options(variant=variant, **options), 2, Rng(SEED, "t", 0))
    checkers = VARIANTS[variant].checkers
    assert sum(mine.values()) == checkers and sum(theirs.values()) == checkers
    boards = [board(mine), board(theirs)]
    state["board"] = boards if turn == 0 else boards[::-1]
    state["pinned"] = [list(p) for p in pinned]
    state["dice"] = list(dice)
    state["turn"] = turn
    state["phase"] = "play"
    state["moved"] = list(moved)
    return state


def plays(state: dict[str, Any], seat: int | None = None) -> set[tuple[tuple[int, int], ...]]:
    seat = state["turn"] if seat is None else seat
    actions = engine_for(state["variant"]).legal_actions(state, seat)
    return {tuple(tuple(m) for m in a["moves"]) for a in actions if a["type"] == "play"}


def play(state: dict[str, Any], moves: list[list[int]], nonce: int = 1) -> dict[str, Any]:
    engine = engine_for(state["variant"])
    action = {"type": "play", "moves": moves}
    return engine.apply(state, state["turn"], action, Rng(SEED, "t", nonce))
