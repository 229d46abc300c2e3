"""The bones on the table: a line, and once the first double is played, the cross.

The line runs left to right, each bone turned so that touching halves match: the left end
is `line[0][0]`, the right end `line[-1][1]`. The first double played, at the start or at
an end of the line, becomes the cross (`cross` is its index in the line); from then on
bones may also be played on its two other sides, `north` and `south`, each an arm of bones
turned outward (`arm[0][0]` is the cross's number). Later doubles are ordinary bones.
Plain Python: no Django.
"""

from __future__ import annotations

from typing import Literal, TypedDict, get_args

from games.domino.bones import Bone, is_double

End = Literal["center", "left", "right", "north", "south"]
ENDS: tuple[End, ...] = get_args(End)
CENTER: End = "center"


class Layout(TypedDict):
    line: list[Bone]
    cross: int | None
    north: list[Bone]
    south: list[Bone]


def empty() -> Layout:
    return {"line": [], "cross": None, "north": [], "south": []}


def open_ends(layout: Layout) -> list[tuple[End, int]]:
    """Where a bone may be played and the number it must match, in the order of ENDS."""
    line = layout["line"]
    if not line:
        return []
    ends: list[tuple[End, int]] = [("left", line[0][0]), ("right", line[-1][1])]
    cross = layout["cross"]
    if cross is not None:
        number = line[cross][0]
        sides: tuple[tuple[End, list[Bone]], ...] = (
            ("north", layout["north"]),
            ("south", layout["south"]),
        )
        for side, bones in sides:
            ends.append((side, bones[-1][1] if bones else number))
    return ends


def end_number(layout: Layout, end: End) -> int | None:
    return dict(open_ends(layout)).get(end)


def place(layout: Layout, bone: Bone, end: End) -> None:
    """Puts `bone` at `end`, in place (the caller works on its own copy). The caller has
    checked that it fits: `end_number(layout, end)` is one of its halves."""
    line = layout["line"]
    if end == CENTER:
        line.append(list(bone))
        if is_double(bone):
            layout["cross"] = 0
        return
    number = end_number(layout, end)
    if number is None:
        raise ValueError("no such end")
    other = bone[0] + bone[1] - number
    if end == "left":
        line.insert(0, [other, number])
        if layout["cross"] is not None:
            layout["cross"] += 1
        elif is_double(bone):
            layout["cross"] = 0
    elif end == "right":
        line.append([number, other])
        if layout["cross"] is None and is_double(bone):
            layout["cross"] = len(line) - 1
    else:
        arm(layout, end).append([number, other])


def arm(layout: Layout, side: End) -> list[Bone]:
    """The bones on one side of the cross, outward."""
    return layout["north"] if side == "north" else layout["south"]


def _end_count(bone: Bone, outer: int) -> int:
    # A double lying at an end shows both its halves.
    return 2 * outer if is_double(bone) else outer


def count(layout: Layout) -> int:
    """The pips of the open ends, as Fives and Threes score them. A double at an end of
    the line counts both halves; so does the cross while one of its line sides is open
    (it is then an end of the line). Its north and south sides count once a bone lies
    there."""
    line = layout["line"]
    if not line:
        return 0
    if len(line) == 1:
        total = line[0][0] + line[0][1]
    else:
        total = _end_count(line[0], line[0][0]) + _end_count(line[-1], line[-1][1])
    for bones in (layout["north"], layout["south"]):
        if bones:
            total += _end_count(bones[-1], bones[-1][1])
    return total


def bones_on(layout: Layout) -> list[Bone]:
    return [*layout["line"], *layout["north"], *layout["south"]]
