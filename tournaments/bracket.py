"""The single-elimination bracket: who meets whom. Plain Python: no Django.

The bracket has the next power of two of slots. Seeds are placed in the standard order
(1 meets the last, 2 the second last, and 1 and 2 can meet only in the final); a slot
beyond the field is a bye, so the top seeds pass the first round without playing. Byes
never meet each other: the field is more than half the bracket.
"""

from __future__ import annotations


def size(players: int) -> int:
    """The bracket's number of slots: the smallest power of two holding the field."""
    if players < 2:
        raise ValueError("a knockout needs at least two players")
    return 1 << (players - 1).bit_length()


def rounds(players: int) -> int:
    return size(players).bit_length() - 1


def seed_order(slots: int) -> list[int]:
    """Seed numbers (1-based) slot by slot: [1, 4, 2, 3] for four slots."""
    order = [1]
    while len(order) < slots:
        total = 2 * len(order) + 1
        order = [seed for top in order for seed in (top, total - top)]
    return order


def first_round(players: int) -> list[tuple[int, int | None]]:
    """The first round's matches as pairs of seed indexes (0-based); None is a bye."""
    order = seed_order(size(players))
    pairs = zip(order[::2], order[1::2], strict=True)
    return [(a - 1, b - 1 if b <= players else None) for a, b in pairs]


def next_slot(slot: int) -> tuple[int, int]:
    """The slot a match's winner plays in next round, and which side (0: first)."""
    return slot // 2, slot % 2
