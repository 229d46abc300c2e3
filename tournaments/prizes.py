"""Dividing a tournament's prize pool by its prize table. Plain Python: no Django.

A prize table gives each paid place a share of the pool in basis points (10000 in all).
Each place's amount is floored; the units the flooring leaves go one at a time to the
places in order, first place first. Players who finish level (the losers of one knockout
round) share the places they cover: the amounts of those places are added and divided
equally among them, its remainder one unit at a time in seeding order. When the field is
smaller than the paid places, the shares of the places nobody reached go to first place.
"""

from __future__ import annotations

from collections.abc import Sequence

from wallet.rake import BASIS_POINTS

WINNER_TAKES_ALL: tuple[int, ...] = (10_000,)
TOP_THREE: tuple[int, ...] = (5_000, 3_000, 2_000)


def check_table(table: Sequence[int]) -> None:
    if not table or any(share <= 0 for share in table) or sum(table) != BASIS_POINTS:
        raise ValueError("a prize table gives each paid place a positive share, 100% in all")


def place_amounts(pool: int, table: Sequence[int]) -> list[int]:
    """What each paid place wins, first place first; the amounts sum to `pool`."""
    check_table(table)
    amounts = [pool * share // BASIS_POINTS for share in table]
    for place in range(pool - sum(amounts)):
        amounts[place % len(amounts)] += 1
    return amounts


def prizes(pool: int, table: Sequence[int], groups: Sequence[Sequence[int]]) -> dict[int, int]:
    """`groups` lists the finishers from first place down, players who finished level
    together, each group in seeding order (ids). Returns id -> prize, only the paid ones;
    the prizes sum to `pool`."""
    amounts = place_amounts(pool, table)
    field = sum(len(group) for group in groups)
    if field < len(amounts):  # places nobody reached: their shares go to first place
        amounts = [amounts[0] + sum(amounts[field:]), *amounts[1:field]]
    paid: dict[int, int] = {}
    place = 0
    for group in groups:
        share = sum(amounts[place : place + len(group)])
        place += len(group)
        if not share:
            continue
        for index, player in enumerate(group):
            paid[player] = share // len(group) + (1 if index < share % len(group) else 0)
    return paid
