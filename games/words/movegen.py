"""Every placement a rack can make on a board, scored, from the word list's DAWG: Appel
and Jacobson's algorithm ("The World's Fastest Scrabble Program", 1988). Plain Python.

Rows are searched as they lie and columns as the rows of the transposed board. In a row,
each move covers an anchor (an empty square next to a tile; the centre on an empty
board): a left part from the rack on the empty squares before the anchor (or the tiles
already there), then extended to the right through the DAWG, a letter going on an empty
square only if that square's cross-check allows it (the column word it makes is in the
list). The left parts depend on the rack alone, so they are listed once per search and
tried at each anchor with room for them, only when the anchor can take a letter after
them. Scores are counted on the way: letter premiums, then word premiums, under new
tiles only; each cross word whole; the bingo."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from games.words.board import BINGO, CENTRE, EMPTY, LETTER_TIMES, SIZE, WORD_TIMES
from games.words.lexicon import Node
from games.words.tiles import BLANK, RACK, TileSet

SQUARES = SIZE * SIZE


@dataclass(frozen=True)
class Move:
    placed: tuple[tuple[int, str], ...]  # (square, tile as it lies: lower case for a blank)
    score: int


@dataclass(frozen=True)
class _LeftPart:
    tiles: tuple[str, ...]  # as they will lie (lower case: a blank)
    node: Node
    used: tuple[tuple[str, int], ...]  # rack tiles it takes (BLANK for a blank)


# The left parts by the letters that may follow them (the node's letters the rest of the
# rack can still place), each list shortest first: an anchor whose cross-check allows
# none of those letters skips the whole list at once (23,000 left parts of a rack with
# two blanks fall into a few thousand such lists).
Parts = dict[frozenset[str], list[_LeftPart]]


def transpose(squares: str) -> str:
    return "".join(squares[col * SIZE + row] for row in range(SIZE) for col in range(SIZE))


def _left_parts(root: Node, rack: dict[str, int], longest: int) -> Parts:
    """Every prefix of a word the rack can spell, up to `longest` tiles (the empty one
    first), with the DAWG node it reaches, by the letters that may follow."""
    parts: Parts = {}
    used: dict[str, int] = {}

    def grow(node: Node, tiles: tuple[str, ...]) -> None:
        if rack[BLANK] > used.get(BLANK, 0):
            follow = frozenset(node.edges)
        else:
            follow = frozenset(x for x in node.edges if rack[x] > used.get(x, 0))
        if follow:
            taken = tuple((t, n) for t, n in used.items() if n)
            parts.setdefault(follow, []).append(_LeftPart(tiles, node, taken))
        if len(tiles) == longest:
            return
        for letter, child in node.edges.items():
            for tile, source in ((letter, letter), (letter.lower(), BLANK)):
                if rack.get(source, 0) > used.get(source, 0):
                    used[source] = used.get(source, 0) + 1
                    grow(child, (*tiles, tile))
                    used[source] -= 1

    grow(root, ())
    for group in parts.values():
        group.sort(key=lambda part: len(part.tiles))
    return parts


class _Search:
    """The search of one orientation (the board as given, or transposed)."""

    def __init__(
        self,
        board: str,
        layout: str,
        rack: dict[str, int],
        root: Node,
        tiles: TileSet,
        parts: Parts,
    ) -> None:
        self.board, self.rack, self.root, self.parts = board, rack, root, parts
        self.values = {**tiles.values, **{letter.lower(): 0 for letter in tiles.letters}}
        self.letter_times = [LETTER_TIMES.get(kind, 1) for kind in layout]
        self.word_times = [WORD_TIMES.get(kind, 1) for kind in layout]
        self.found: list[tuple[list[tuple[int, str]], int]] = []
        self.checks: list[frozenset[str] | None] = [None] * SQUARES  # None: no cross word
        self.cross_sum = [0] * SQUARES
        for at in range(SQUARES):
            if board[at] == EMPTY:
                self._cross_check(at)
        self._extend = self._extender()

    def _cross_check(self, at: int) -> None:
        board, values = self.board, self.values
        above, below = [], []
        up = at - SIZE
        while up >= 0 and board[up] != EMPTY:
            above.append(board[up])
            up -= SIZE
        down = at + SIZE
        while down < SQUARES and board[down] != EMPTY:
            below.append(board[down])
            down += SIZE
        if not above and not below:
            return
        above.reverse()
        self.cross_sum[at] = sum(values[t] for t in above) + sum(values[t] for t in below)
        node: Node | None = self.root
        for tile in above:
            node = node.edges.get(tile.upper()) if node else None
        allowed = set()
        if node is not None:
            for letter, child in node.edges.items():
                end: Node | None = child
                for tile in below:
                    end = end.edges.get(tile.upper()) if end else None
                if end is not None and end.final:
                    allowed.add(letter)
        self.checks[at] = frozenset(allowed)

    def search(self) -> None:
        board = self.board
        opening = board[CENTRE] == EMPTY
        anchors = [at for at in range(SQUARES) if board[at] == EMPTY and self._touches(at)]
        if opening:
            anchors = [CENTRE]
        marked = set(anchors)
        for at in anchors:
            col = at % SIZE
            if col > 0 and board[at - 1] != EMPTY:
                self._after_tiles(at)
                continue
            room = 0
            while room < RACK - 1 and col - room > 0:
                before = at - room - 1
                if before in marked or board[before] != EMPTY:
                    break
                room += 1
            self._after_parts(at, room)

    def _touches(self, at: int) -> bool:
        board, col = self.board, at % SIZE
        return (
            (col > 0 and board[at - 1] != EMPTY)
            or (col < SIZE - 1 and board[at + 1] != EMPTY)
            or (at >= SIZE and board[at - SIZE] != EMPTY)
            or (at < SQUARES - SIZE and board[at + SIZE] != EMPTY)
        )

    def _after_tiles(self, anchor: int) -> None:
        """The tiles before the anchor are the left part."""
        board, values = self.board, self.values
        start = anchor
        while start % SIZE > 0 and board[start - 1] != EMPTY:
            start -= 1
        node: Node | None = self.root
        main = 0
        for at in range(start, anchor):
            node = node.edges.get(board[at].upper()) if node else None
            main += values[board[at]]
        if node is not None:
            self._extend(anchor, anchor, node, [], main, 1, 0)

    def _after_parts(self, anchor: int, room: int) -> None:
        rack, values = self.rack, self.values
        check = self.checks[anchor]
        for follow, group in self.parts.items():
            if check is not None and check.isdisjoint(follow):
                continue
            for part in group:
                size = len(part.tiles)
                if size > room:
                    break
                for source, count in part.used:
                    rack[source] -= count
                placed, main, times = [], 0, 1
                at = anchor - size
                for tile in part.tiles:
                    placed.append((at, tile))
                    main += values[tile] * self.letter_times[at]
                    times *= self.word_times[at]
                    at += 1
                self._extend(anchor, anchor, part.node, placed, main, times, 0)
                for source, count in part.used:
                    rack[source] += count

    def _extender(self) -> Callable[[int, int, Node, list[tuple[int, str]], int, int, int], None]:
        """The right-hand extension as a closure over the search's tables: the hot path
        of the search (locals, not attribute look-ups: a third faster)."""
        board, rack, found = self.board, self.rack, self.found
        checks, cross_sums, values = self.checks, self.cross_sum, self.values
        all_letter_times, all_word_times = self.letter_times, self.word_times

        def extend(
            anchor: int,
            at: int,
            node: Node,
            placed: list[tuple[int, str]],
            main: int,
            times: int,
            cross: int,
        ) -> None:
            if at % SIZE == 0 and at > anchor:  # past the end of the row
                if node.final:
                    found.append((list(placed), main * times + cross))
                return
            tile = board[at]
            if tile != EMPTY:
                child = node.edges.get(tile.upper())
                if child is not None:
                    extend(anchor, at + 1, child, placed, main + values[tile], times, cross)
                return
            if node.final and at > anchor:
                found.append((list(placed), main * times + cross))
            check = checks[at]
            letter_times, word_times = all_letter_times[at], all_word_times[at]
            cross_sum = cross_sums[at]
            blanks = rack[BLANK]
            for letter, child in node.edges.items():
                if check is not None and letter not in check:
                    continue
                if rack[letter] > 0:
                    value = values[letter] * letter_times
                    extra = 0 if check is None else (cross_sum + value) * word_times
                    rack[letter] -= 1
                    placed.append((at, letter))
                    extend(
                        anchor,
                        at + 1,
                        child,
                        placed,
                        main + value,
                        times * word_times,
                        cross + extra,
                    )
                    placed.pop()
                    rack[letter] += 1
                if blanks > 0:
                    extra = 0 if check is None else cross_sum * word_times
                    rack[BLANK] = blanks - 1
                    placed.append((at, letter.lower()))
                    extend(anchor, at + 1, child, placed, main, times * word_times, cross + extra)
                    placed.pop()
                    rack[BLANK] = blanks

        return extend


def moves(board: str, layout: str, rack: list[str], root: Node, tiles: TileSet) -> list[Move]:
    """Every placement `rack` can make on `board`, with its score; a one-tile move once,
    not once per direction."""
    counts = dict.fromkeys([*tiles.letters, BLANK], 0)
    for tile in rack:
        counts[tile] += 1
    parts = _left_parts(root, counts, RACK - 1)
    found: list[Move] = []
    across = _Search(board, layout, counts, root, tiles, parts)
    across.search()
    for placed, score in across.found:
        found.append(Move(tuple(placed), score + (BINGO if len(placed) == RACK else 0)))
    down = _Search(transpose(board), transpose(layout), counts, root, tiles, parts)
    down.search()
    for placed, score in down.found:
        squares = tuple(((at % SIZE) * SIZE + at // SIZE, tile) for at, tile in placed)
        if len(squares) == 1 and _makes_row_word(board, squares[0][0]):
            continue  # the row's search found it
        found.append(Move(squares, score + (BINGO if len(placed) == RACK else 0)))
    return found


def _makes_row_word(board: str, at: int) -> bool:
    col = at % SIZE
    return (col > 0 and board[at - 1] != EMPTY) or (col < SIZE - 1 and board[at + 1] != EMPTY)


def best(board: str, layout: str, rack: list[str], root: Node, tiles: TileSet) -> Move | None:
    """The highest-scoring placement; among equals the first found (rows before columns)."""
    top: Move | None = None
    for move in moves(board, layout, rack, root, tiles):
        if top is None or move.score > top.score:
            top = move
    return top
