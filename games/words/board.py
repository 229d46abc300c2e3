"""The 15x15 board: its three layouts of premium squares, and the judge of a placement
(the words it forms, whether they are in the list, and what they score). Plain Python,
no Django.

A board is a string of 225 characters, row by row: "." an empty square, a capital letter
a tile, a lower-case letter a blank played as that letter. A layout is a string of the
same shape: "." plain, "d" double letter, "t" triple letter, "D" double word, "T" triple
word. Square (row, col) is index row * 15 + col."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from games.engine import IllegalAction
from games.rng import Rng
from games.words.tiles import RACK, TileSet

SIZE = 15
SQUARES = SIZE * SIZE
CENTRE = (SIZE // 2) * SIZE + SIZE // 2
EMPTY = "."
BINGO = 50  # all seven tiles of a rack played in one move
LETTER_TIMES = {"d": 2, "t": 3}
WORD_TIMES = {"D": 2, "T": 3}

# The standard board: 8 triple words, 17 double words (the centre one of them), 12 triple
# letters, 24 double letters.
STANDARD = (
    "T..d...T...d..T"
    ".D...t...t...D."
    "..D...d.d...D.."
    "d..D...d...D..d"
    "....D.....D...."
    ".t...t...t...t."
    "..d...d.d...d.."
    "T..d...D...d..T"
    "..d...d.d...d.."
    ".t...t...t...t."
    "....D.....D...."
    "d..D...d...D..d"
    "..D...d.d...D.."
    ".D...t...t...D."
    "T..d...T...d..T"
)
# The special board, a design of our own with more premiums (79 against 61): triple words
# at the corners and the middles of the edges, a diamond of double words around the
# centre, and letter premiums along the diagonals and the middle lines.
SPECIAL = (
    "T..t...T...t..T"
    ".D..d.t.t.d..D."
    "..D..d...d..D.."
    "t..D..d.d..D..t"
    ".d..D..t..D..d."
    "..d..t...t..d.."
    ".t.d..D.D..d.t."
    "T..t..tDt..t..T"
    ".t.d..D.D..d.t."
    "..d..t...t..d.."
    ".d..D..t..D..d."
    "t..D..d.d..D..t"
    "..D..d...d..D.."
    ".D..d.t.t.d..D."
    "T..t...T...t..T"
)
# The random board: the standard board's numbers of premiums, placed by the game's
# generator on any square but the centre (always a double word: the first move's).
RANDOM_PREMIUMS = (("T", 8), ("D", 16), ("t", 12), ("d", 24))


def random_layout(rng: Rng) -> str:
    squares = [i for i in range(SQUARES) if i != CENTRE]
    total = sum(count for _, count in RANDOM_PREMIUMS)
    chosen = iter(rng.sample(squares, total))
    layout = [EMPTY] * SQUARES
    layout[CENTRE] = "D"
    for kind, count in RANDOM_PREMIUMS:
        for _ in range(count):
            layout[next(chosen)] = kind
    return "".join(layout)


def square(row: int, col: int) -> int:
    return row * SIZE + col


@dataclass(frozen=True)
class Word:
    word: str  # in capitals, blanks as their letters
    score: int


@dataclass(frozen=True)
class Play:
    """A judged placement: every word it forms and the move's score (bingo included)."""

    words: tuple[Word, ...]
    score: int
    bingo: bool


def letter_of(tile: str) -> str:
    return tile.upper()


def judge(
    board: str,
    layout: str,
    placed: dict[int, str],
    tiles: TileSet,
    allowed: frozenset[str] | None,
) -> Play:
    """The placement `placed` (square -> tile as it will lie: a capital, or a lower-case
    letter for a blank) on `board`; IllegalAction with the reason when the rules forbid
    it. `allowed`: the word list (None: do not check words, for a preview of the score)."""
    if not placed:
        raise IllegalAction("Place at least one tile.")
    if len(placed) > RACK:
        raise IllegalAction("A move places at most seven tiles.")
    for at in placed:
        if board[at] != EMPTY:
            raise IllegalAction("A tile can only go on an empty square.")
    rows = {at // SIZE for at in placed}
    cols = {at % SIZE for at in placed}
    if len(rows) > 1 and len(cols) > 1:
        raise IllegalAction("All the tiles of a move go in one row or one column.")
    step = 1 if len(rows) == 1 else SIZE
    if len(placed) == 1:  # one tile: its line is the one where it makes a word
        (at,) = placed
        step = 1 if _run(board, placed, at, 1) != (at, at) else SIZE
    first, last = min(placed), max(placed)
    for at in range(first, last + 1, step):
        if board[at] == EMPTY and at not in placed:
            raise IllegalAction("The tiles of a move must not leave a gap.")
    opening = board[CENTRE] == EMPTY
    if opening and CENTRE not in placed:
        raise IllegalAction("The first word must cover the centre square.")
    if not opening and not _touches(board, placed):
        raise IllegalAction("A new word must join the tiles already on the board.")
    formed = [_run(board, placed, first, step)]
    cross = SIZE if step == 1 else 1
    formed += [_run(board, placed, at, cross) for at in sorted(placed)]
    words = [
        _score(board, layout, placed, span, step if i == 0 else cross, tiles)
        for i, span in enumerate(formed)
        if span[0] != span[1]
    ]
    if not words:
        raise IllegalAction("A word has at least two letters.")
    if allowed is not None:
        for word in words:
            if word.word not in allowed:
                raise IllegalAction(f"{word.word} is not in the word list.")
    bingo = len(placed) == RACK
    return Play(tuple(words), sum(w.score for w in words) + (BINGO if bingo else 0), bingo)


def _touches(board: str, placed: Iterable[int]) -> bool:
    for at in placed:
        row, col = divmod(at, SIZE)
        for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
            if 0 <= r < SIZE and 0 <= c < SIZE and board[square(r, c)] != EMPTY:
                return True
    return False


def _filled(board: str, placed: dict[int, str], at: int) -> bool:
    return at in placed or board[at] != EMPTY


def _run(board: str, placed: dict[int, str], at: int, step: int) -> tuple[int, int]:
    """The first and last squares of the line of tiles through `at` along `step` (1: the
    row, SIZE: the column)."""
    start = end = at
    while _neighbour(start, -step) is not None and _filled(board, placed, start - step):
        start -= step
    while _neighbour(end, step) is not None and _filled(board, placed, end + step):
        end += step
    return start, end


def _neighbour(at: int, step: int) -> int | None:
    """The square one step along, if the board has it (rows do not wrap)."""
    target = at + step
    if not 0 <= target < SQUARES:
        return None
    if abs(step) == 1 and target // SIZE != at // SIZE:
        return None
    return target


def _score(
    board: str,
    layout: str,
    placed: dict[int, str],
    span: tuple[int, int],
    step: int,
    tiles: TileSet,
) -> Word:
    """Letter premiums first, then word premiums, and only under the tiles placed now."""
    total, times, letters = 0, 1, []
    for at in range(span[0], span[1] + 1, step):
        tile = placed.get(at) or board[at]
        value = tiles.value(tile)
        if at in placed:
            value *= LETTER_TIMES.get(layout[at], 1)
            times *= WORD_TIMES.get(layout[at], 1)
        total += value
        letters.append(letter_of(tile))
    return Word("".join(letters), total * times)


def put(board: str, placed: dict[int, str]) -> str:
    squares = list(board)
    for at, tile in placed.items():
        squares[at] = tile
    return "".join(squares)
