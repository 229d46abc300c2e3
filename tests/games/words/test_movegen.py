"""The move generator: every placement it lists is one the judge accepts, with the same
score; it finds the known best moves; a one-tile move is listed once."""

from __future__ import annotations

from collections import Counter

from games.words import board as B
from games.words.lexicon import dawg, words
from games.words.movegen import best, moves
from games.words.tiles import ENGLISH
from tests.games.words.support import EMPTY_BOARD, board_with

# HAZE across the centre, QUITE down onto its E, HATE down from its H.
MID = board_with((7, 4, "across", "HAZE"), (3, 7, "down", "QUIT"), (8, 4, "down", "ATE"))


def judged(board, rack):
    found = moves(board, B.STANDARD, list(rack), dawg("en"), ENGLISH)
    for move in found:
        placed = dict(move.placed)
        play = B.judge(board, B.STANDARD, placed, ENGLISH, words("en"))
        assert play.score == move.score, move
        needed = Counter("?" if t.islower() else t for t in placed.values())
        assert not needed - Counter(rack)
    return found


def test_every_move_listed_is_legal_and_scored_as_the_judge_scores_it():
    assert judged(EMPTY_BOARD, "RETAINS")
    assert judged(MID, "SEI?ATR")


def test_the_first_move_finds_the_bingo():
    top = best(EMPTY_BOARD, B.STANDARD, list("RETAINS"), dawg("en"), ENGLISH)
    assert top is not None and len(top.placed) == 7 and top.score >= 64


def test_a_placement_is_listed_once():
    found = judged(MID, "SEI?ATR")
    keys = [tuple(sorted(m.placed)) for m in found]
    assert len(keys) == len(set(keys))


def test_no_move_from_a_rack_that_spells_nothing():
    assert moves(EMPTY_BOARD, B.STANDARD, list("QQQ"), dawg("en"), ENGLISH) == []
