"""Every placement a rack can make on a board, scored, from the word list's DAWG: Appel
and Jacobson's algorithm ("The World's Fastest Scrabble Program", 1988). Plain Python.

Rows are searched as they lie and columns as the rows of the transposed board. In a row,
each move covers an anchor (an empty square next to a tile; the centre on an empty
board): a left part grown from the rack on the empty squares before the anchor (or the
tiles already there), then extended to the right through the DAWG, each letter placed on
an empty square only if the cross-check of that square allows it (the column word it
makes is in the list). Scores are counted on the way: letter premiums, then word
premiums, under new tiles only; each cross word whole; the bingo."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from games.words.board import BINGO, CENTRE, EMPTY, LETTER_TIMES, SIZE, WORD_TIMES
from games.words.lexicon import Node
from games.words.tiles import BLANK, RACK, TileSet


@dataclass(frozen=True)
class Move:
    placed: tuple[tuple[int, str], ...]  # (square, tile as it lies: lower case for a blank)
    score: int


def transpose(squares: str) -> str:
    return "".join(squares[col * SIZE + row] for row in range(SIZE) for col in range(SIZE))


class _Line:
    """The search of one orientation (the board as given, or transposed)."""

    def __init__(
        self, board: str, layout: str, rack: Counter[str], root: Node, tiles: TileSet, across: bool
    ) -> None:
        self.board, self.layout, self.rack, self.root = board, layout, rack, root
        self.tiles, self.across = tiles, across
        self.letters = tiles.letters
        self.found: list[Move] = []
        self.checks: list[str | None] = [None] * (SIZE * SIZE)  # None: any letter, no word
        self.cross_sum = [0] * (SIZE * SIZE)
        for at in range(SIZE * SIZE):
            if board[at] == EMPTY:
                self._cross_check(at)

    def _cross_check(self, at: int) -> None:
        above, below = [], []
        up = at - SIZE
        while up >= 0 and self.board[up] != EMPTY:
            above.append(self.board[up])
            up -= SIZE
        down = at + SIZE
        while down < SIZE * SIZE and self.board[down] != EMPTY:
            below.append(self.board[down])
            down += SIZE
        if not above and not below:
            return
        above.reverse()
        value = self.tiles.value
        self.cross_sum[at] = sum(value(t) for t in above) + sum(value(t) for t in below)
        node: Node | None = self.root
        for tile in above:
            node = node.edges.get(tile.upper()) if node else None
        allowed = []
        if node is not None:
            for letter, child in node.edges.items():
                end: Node | None = child
                for tile in below:
                    end = end.edges.get(tile.upper()) if end else None
                if end is not None and end.final:
                    allowed.append(letter)
        self.checks[at] = "".join(allowed)

    # ---- the search --------------------------------------------------------------------

    def search(self) -> None:
        board = self.board
        opening = board[CENTRE] == EMPTY
        for row in range(SIZE):
            base = row * SIZE
            for col in range(SIZE):
                at = base + col
                if board[at] != EMPTY:
                    continue
                if opening:
                    if at != CENTRE:
                        continue
                elif not self._next_to_tile(at):
                    continue
                self._anchor(base, col)

    def _next_to_tile(self, at: int) -> bool:
        board = self.board
        col = at % SIZE
        return (
            (col > 0 and board[at - 1] != EMPTY)
            or (col < SIZE - 1 and board[at + 1] != EMPTY)
            or (at >= SIZE and board[at - SIZE] != EMPTY)
            or (at < SIZE * (SIZE - 1) and board[at + SIZE] != EMPTY)
        )

    def _is_anchor(self, at: int) -> bool:
        return self.board[at] == EMPTY and (
            self._next_to_tile(at) or (at == CENTRE and self.board[CENTRE] == EMPTY)
        )

    def _anchor(self, base: int, col: int) -> None:
        board = self.board
        if col > 0 and board[base + col - 1] != EMPTY:
            start = col
            while start > 0 and board[base + start - 1] != EMPTY:
                start -= 1
            node: Node | None = self.root
            main = 0
            for c in range(start, col):
                tile = board[base + c]
                node = node.edges.get(tile.upper()) if node else None
                main += self.tiles.value(tile)
            if node is not None:
                self._extend(base, col, col, node, [], main, 1, 0)
            return
        room = 0
        while (
            col - room - 1 >= 0
            and room < RACK - 1
            and not self._is_anchor(base + col - room - 1)
            and board[base + col - room - 1] == EMPTY
        ):
            room += 1
        self._left(base, col, self.root, [], room)

    def _left(self, base: int, anchor: int, node: Node, part: list[str], room: int) -> None:
        """Left parts of up to `room` tiles, each then extended from the anchor."""
        start = anchor - len(part)
        placed = [(base + start + i, tile) for i, tile in enumerate(part)]
        main = 0
        for at, tile in placed:
            main += self.tiles.value(tile) * LETTER_TIMES.get(self.layout[at], 1)
        times = 1
        for at, _ in placed:
            times *= WORD_TIMES.get(self.layout[at], 1)
        self._extend(base, anchor, anchor, node, placed, main, times, 0)
        if room == 0:
            return
        rack = self.rack
        for letter, child in node.edges.items():
            if rack[letter] > 0:
                rack[letter] -= 1
                self._left(base, anchor, child, [*part, letter], room - 1)
                rack[letter] += 1
            if rack[BLANK] > 0:
                rack[BLANK] -= 1
                self._left(base, anchor, child, [*part, letter.lower()], room - 1)
                rack[BLANK] += 1

    def _extend(
        self,
        base: int,
        anchor: int,
        col: int,
        node: Node,
        placed: list[tuple[int, str]],
        main: int,
        times: int,
        cross: int,
    ) -> None:
        if col >= SIZE:
            if node.final and col > anchor:
                self._record(placed, main, times, cross)
            return
        at = base + col
        tile = self.board[at]
        if tile != EMPTY:
            child = node.edges.get(tile.upper())
            if child is not None:
                self._extend(
                    base,
                    anchor,
                    col + 1,
                    child,
                    placed,
                    main + self.tiles.value(tile),
                    times,
                    cross,
                )
            return
        if node.final and col > anchor:
            self._record(placed, main, times, cross)
        check = self.checks[at]
        rack = self.rack
        letter_times = LETTER_TIMES.get(self.layout[at], 1)
        word_times = WORD_TIMES.get(self.layout[at], 1)
        for letter, child in node.edges.items():
            if check is not None and letter not in check:
                continue
            for tile, source in ((letter, letter), (letter.lower(), BLANK)):
                if rack[source] <= 0:
                    continue
                rack[source] -= 1
                value = self.tiles.value(tile) * letter_times
                extra = 0 if check is None else (self.cross_sum[at] + value) * word_times
                placed.append((at, tile))
                self._extend(
                    base,
                    anchor,
                    col + 1,
                    child,
                    placed,
                    main + value,
                    times * word_times,
                    cross + extra,
                )
                placed.pop()
                rack[source] += 1

    def _record(self, placed: list[tuple[int, str]], main: int, times: int, cross: int) -> None:
        score = main * times + cross + (BINGO if len(placed) == RACK else 0)
        if self.across:
            squares = tuple(placed)
        else:
            squares = tuple(((at % SIZE) * SIZE + at // SIZE, tile) for at, tile in placed)
        self.found.append(Move(squares, score))


def moves(board: str, layout: str, rack: list[str], root: Node, tiles: TileSet) -> list[Move]:
    """Every placement `rack` can make on `board` (a one-tile move once, not once per
    direction), with its score."""
    found: list[Move] = []
    for across in (True, False):
        if across:
            line = _Line(board, layout, Counter(rack), root, tiles, True)
        else:
            line = _Line(transpose(board), transpose(layout), Counter(rack), root, tiles, False)
        line.search()
        found += (
            line.found
            if across
            else [
                m
                for m in line.found
                if len(m.placed) > 1 or not _single_across(board, m.placed[0][0])
            ]
        )
    return found


def _single_across(board: str, at: int) -> bool:
    """Whether a single tile at `at` makes a word along its row: the row's search found it."""
    col = at % SIZE
    return (col > 0 and board[at - 1] != EMPTY) or (col < SIZE - 1 and board[at + 1] != EMPTY)


def best(board: str, layout: str, rack: list[str], root: Node, tiles: TileSet) -> Move | None:
    """The highest-scoring placement; among equals the first found (rows before columns)."""
    top: Move | None = None
    for move in moves(board, layout, rack, root, tiles):
        if top is None or move.score > top.score:
            top = move
    return top
