"""The double-six set of 28 bones and the arithmetic of pips. Plain Python: no Django.

A bone is a list `[low, high]` in a hand or the reserve; on the table it is turned so that
its first half touches the bone it was played against (see layout.py).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

Bone = list[int]
TOP = 6  # the double-six set: halves from 0 to 6
SET_SIZE = 28
HAND_SIZE = 7
# The draw for the first move looks for the lowest double "starting from 1:1": 1:1 first,
# up to 6:6, and the double blank last.
DRAW_DOUBLES = (1, 2, 3, 4, 5, 6, 0)
# Fives and Threes: a hand of only the double blank counts 25 pips, not 0.
LONE_BLANK = 25


def full_set() -> list[Bone]:
    return [[low, high] for low in range(TOP + 1) for high in range(low, TOP + 1)]


def norm(bone: Sequence[int]) -> Bone:
    return [min(bone), max(bone)]


def is_double(bone: Sequence[int]) -> bool:
    return bone[0] == bone[1]


def pips(bones: Iterable[Sequence[int]]) -> int:
    return sum(bone[0] + bone[1] for bone in bones)


def weight(bone: Sequence[int]) -> tuple[int, int]:
    """The order of "the lowest bone": fewer pips first, then the lower half (0:3 before
    1:2)."""
    return (bone[0] + bone[1], min(bone))


def lowest(bones: Iterable[Sequence[int]]) -> Bone:
    return norm(min(bones, key=weight))


def hand_value(hand: Sequence[Sequence[int]], lone_blank: bool) -> int:
    """What a hand counts at the end of a deal."""
    if lone_blank and len(hand) == 1 and list(hand[0]) == [0, 0]:
        return LONE_BLANK
    return pips(hand)


def round_fives(points: int) -> int:
    """To the nearest multiple of 5: 27 -> 25, 28 -> 30."""
    return 5 * ((points + 2) // 5)


def round_threes(points: int) -> int:
    """A multiple of 3 stays; any other count goes to the nearest multiple of 6, the only
    reading under which both of the text's examples hold (25 -> 24, 28 -> 30: the nearest
    multiple of 3 to 28 is 27). RULES.md, "How we read it"."""
    if points % 3 == 0:
        return points
    return 6 * ((points + 3) // 6)
