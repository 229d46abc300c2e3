"""The tile sets: how many of each letter the bag holds and what each is worth. Plain
Python, no Django.

A tile is one character: a capital letter, or BLANK. On the board a blank keeps the letter
its player chose and is written in lower case (it scores 0)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

BLANK = "?"
RACK = 7  # tiles on a rack while the bag can fill it


@dataclass(frozen=True)
class TileSet:
    """One language's bag: `counts[letter]` tiles of each letter (BLANK included) and
    `values[letter]` points each; 100 tiles in all."""

    counts: dict[str, int]
    values: dict[str, int]

    @property
    def letters(self) -> str:
        """Every letter a blank may stand for."""
        return "".join(sorted(letter for letter in self.values if letter != BLANK))

    def bag(self) -> list[str]:
        return [letter for letter in sorted(self.counts) for _ in range(self.counts[letter])]

    def value(self, tile: str) -> int:
        """Points of a tile as it lies on the board or a rack: a blank (or a lower-case
        letter, a blank played) is worth nothing."""
        return self.values.get(tile, 0)


def _set(spec: str) -> TileSet:
    """`spec`: one "LETTER:count:value" per word."""
    counts, values = {}, {}
    for item in spec.split():
        letter, count, value = item.split(":")
        counts[letter], values[letter] = int(count), int(value)
    assert sum(counts.values()) == 100, "a bag holds 100 tiles"
    return TileSet(counts, values)


# The English distribution (98 letters and two blanks) and its values.
ENGLISH = _set(
    "A:9:1 B:2:3 C:2:3 D:4:2 E:12:1 F:2:4 G:3:2 H:2:4 I:9:1 J:1:8 K:1:5 L:4:1 M:2:3 "
    "N:6:1 O:8:1 P:2:3 Q:1:10 R:6:1 S:4:1 T:6:1 U:4:1 V:2:4 W:2:4 X:1:8 Y:2:4 Z:1:10 ?:2:0"
)


def rack_value(rack: list[str], tiles: TileSet) -> int:
    return sum(tiles.value(tile) for tile in rack)


def holds(rack: list[str], tiles: list[str]) -> bool:
    """Whether the rack has every one of `tiles` (with repeats)."""
    need, have = Counter(tiles), Counter(rack)
    return all(have[t] >= n for t, n in need.items())


def take(rack: list[str], tiles: list[str]) -> list[str]:
    """The rack without `tiles` (each taken once, the rack's order kept)."""
    left = list(rack)
    for tile in tiles:
        left.remove(tile)
    return left
