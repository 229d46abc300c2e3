"""What a seat or a spectator must not see of a dominoes state, and a search for it in
anything sent to them."""

from __future__ import annotations

from typing import Any

from games.domino.bones import norm

# Lists of two small numbers that are not bones: scores, counts and places per seat.
NOT_BONES = {
    "score",
    "deals_won",
    "deal_points",
    "hand_sizes",
    "to_act",
    "clocks",
    "points",
    "placing",
    "payouts",
    "net",
}


def hidden_from(state: dict[str, Any], seat: int | None) -> set[tuple[int, int]]:
    """The other hand (both for a spectator) and the reserve, as they are now."""
    bones = [*state["reserve"]]
    for owner, hand in enumerate(state["hands"]):
        if owner != seat:
            bones += hand
    return {tuple(norm(b)) for b in bones}


def bones_in(value: Any, key: str = "") -> set[tuple[int, int]]:
    """Every pair of numbers 0..6 anywhere in `value`, but the finished deals' results
    (both hands are shown once a deal is over) and the per-seat counts."""
    if key in NOT_BONES or key == "results":
        return set()
    if isinstance(value, dict):
        return {b for k, v in value.items() for b in bones_in(v, k)}
    if isinstance(value, list):
        if len(value) == 2 and all(type(v) is int and 0 <= v <= 6 for v in value):
            return {tuple(norm(value))}
        return {b for v in value for b in bones_in(v, key)}
    return set()


def leaked(sent: Any, hidden: set[tuple[int, int]]) -> set[tuple[int, int]]:
    return bones_in(sent) & hidden
