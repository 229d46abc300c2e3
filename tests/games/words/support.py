"""Helpers for Wordfall's tests: boards drawn as rows, and states set up by hand."""

from __future__ import annotations

import copy

from games.rng import Rng
from games.words.board import SIZE, square
from games.words.rules import WORDFALL, WordsOptions, WordsState

EMPTY_BOARD = "." * (SIZE * SIZE)


def rng(seq: int = 0, seed: bytes = b"w" * 32) -> Rng:
    return Rng(seed, "game:1", seq)


def board_with(*words: tuple[int, int, str, str]) -> str:
    """A board with words laid on it: (row, col, "across" | "down", letters)."""
    squares = list(EMPTY_BOARD)
    for row, col, direction, letters in words:
        for i, letter in enumerate(letters):
            at = square(row, col + i) if direction == "across" else square(row + i, col)
            squares[at] = letter
    return "".join(squares)


def state(
    *,
    racks: list[list[str]],
    board: str = EMPTY_BOARD,
    bag: list[str] | None = None,
    options: WordsOptions | None = None,
    turn: int = 0,
) -> WordsState:
    """A game of len(racks) seats in the position given (the rest as at a start)."""
    new = WORDFALL.start(options or WordsOptions(), len(racks), rng())
    new = copy.deepcopy(new)
    new["racks"] = [list(r) for r in racks]
    new["board"] = board
    new["bag"] = list(bag if bag is not None else ["E"] * 20)
    new["turn"] = turn
    return new


def place(*tiles: tuple[int, int, str]) -> dict:
    return {"type": "place", "tiles": [list(t) for t in tiles]}


def across(row: int, col: int, letters: str) -> dict:
    return place(*[(row, col + i, letter) for i, letter in enumerate(letters)])


def down(row: int, col: int, letters: str) -> dict:
    return place(*[(row + i, col, letter) for i, letter in enumerate(letters)])
