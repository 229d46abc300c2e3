"""Declarations: sequences (tierce, 50, 100), carres and how they are compared.

A combination is a JSON dict: {"kind": "sequence" | "carre", "cards": [...], "points": int,
"length": int, "top": rank, "suit": suit or None}. Cards never count in two combinations.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from itertools import combinations as subsets
from typing import Any

from games.belote.cards import NO_TRUMP, SEQUENCE_ORDER, SUITS, rank, suit

Combination = dict[str, Any]

# Pilotta: "Other Carre: 100 Points" is read literally, so four 7s and four 8s count too.
PILOTTA_CARRES = {"J": 200, "9": 150, "A": 100, "T": 100, "K": 100, "Q": 100, "8": 100, "7": 100}
# Belote's "4 cards" table (given in Open Belote, used for both Belote games).
BELOTE_CARRES = {"J": 200, "9": 140, "A": 110, "T": 100, "K": 100, "Q": 100}
SEQUENCE_POINTS = {3: 20, 4: 50, 5: 100}

# Which carre is higher (low to high).
CARRE_ORDER_TRUMP = "78QKTA9J"
CARRE_ORDER_NO_TRUMP = "9JQKTA"

COMBINATION_CHOICES = ("all", "no_carre_or_100", "tierce_only", "none")


@dataclass(frozen=True)
class ComboRules:
    """Which combinations a table allows and what each is worth."""

    sequence_points: Mapping[int, int] = field(default_factory=lambda: dict(SEQUENCE_POINTS))
    carre_points: Mapping[str, int] = field(default_factory=dict)
    # Pilotta: a run is one sequence, however long ("the length of the sequence decides"),
    # so six to eight cards are one sequence of that length, worth the 100 of five.
    whole_runs: bool = False

    def sequence_value(self, length: int) -> int:
        """Points of a sequence of exactly `length` cards (5 or more count as a 100)."""
        return self.sequence_points.get(min(length, 5), 0)

    @property
    def longest(self) -> int:
        """Longest sequence worth declaring whole; 8 means any length counts as a 100."""
        if not self.sequence_points:
            return 0
        top = max(self.sequence_points)
        return 8 if top == 5 else top


PILOTTA_COMBOS = ComboRules(carre_points=PILOTTA_CARRES, whole_runs=True)


def belote_combo_rules(choice: str, trump: str) -> ComboRules:
    """The table option "combinations" for a hand with this trump."""
    if choice == "none":
        return ComboRules(sequence_points={})
    if choice == "tierce_only":
        return ComboRules(sequence_points={3: 20})
    if choice == "no_carre_or_100":
        return ComboRules(sequence_points={3: 20, 4: 50})
    carres = dict(BELOTE_CARRES)
    if trump == NO_TRUMP:
        # "it is impossible to declare 4 cards out of 9s, as no point is given"
        del carres["9"]
    return ComboRules(carre_points=carres)


def _sequence(cards: list[str]) -> Combination:
    return {
        "kind": "sequence",
        "cards": list(cards),
        "points": 0,
        "length": len(cards),
        "top": rank(cards[-1]),
        "suit": suit(cards[0]),
    }


def _carre(card_rank: str, points: int) -> Combination:
    return {
        "kind": "carre",
        "cards": [card_rank + s for s in SUITS],
        "points": points,
        "length": 4,
        "top": card_rank,
        "suit": None,
    }


def runs(cards: Iterable[str]) -> list[list[str]]:
    """Maximal runs of three or more consecutive cards of one suit, low to high."""
    held = set(cards)
    found = []
    for s in SUITS:
        current: list[str] = []
        for r in SEQUENCE_ORDER + " ":
            if r + s in held:
                current.append(r + s)
                continue
            if len(current) >= 3:
                found.append(current)
            current = []
    return found


def _split_run(run: list[str], rules: ComboRules) -> tuple[int, list[list[str]]]:
    """Best way to cut a run into scoring sequences (a run of 8 may be a 100 and a tierce)."""
    if len(run) < 3:
        return 0, []
    best_points, best_parts = _split_run(run[1:], rules)
    for length in range(3, len(run) + 1):
        value = rules.sequence_value(length)
        if not value:
            continue
        rest_points, rest_parts = _split_run(run[length:], rules)
        if value + rest_points > best_points:
            best_points, best_parts = value + rest_points, [run[:length], *rest_parts]
    return best_points, best_parts


def best_combinations(cards: list[str], rules: ComboRules) -> list[Combination]:
    """The player's non-overlapping combinations worth the most points."""
    carre_ranks = [
        r
        for r, points in rules.carre_points.items()
        if points and all(r + s in cards for s in SUITS)
    ]
    best: tuple[int, list[Combination]] = (0, [])
    for count in range(len(carre_ranks), -1, -1):
        for chosen in subsets(carre_ranks, count):
            combos = [_carre(r, rules.carre_points[r]) for r in chosen]
            used = {c for combo in combos for c in combo["cards"]}
            for run in runs(c for c in cards if c not in used):
                parts = [run] if rules.whole_runs else _split_run(run, rules)[1]
                for part in parts:
                    combo = _sequence(part)
                    combo["points"] = rules.sequence_value(len(part))
                    combos.append(combo)
            total = sum(c["points"] for c in combos)
            if total > best[0]:
                best = (total, combos)
    return best[1]


def pilotta_key(combo: Combination, trump: str) -> tuple[int, ...]:
    """Carre above sequence; carres by value; sequences by length, then top card, then trump."""
    if combo["kind"] == "carre":
        return (1, CARRE_ORDER_TRUMP.index(combo["top"]), 0, 0)
    return (0, combo["length"], SEQUENCE_ORDER.index(combo["top"]), int(combo["suit"] == trump))


def belote_key(combo: Combination, trump: str) -> tuple[int, ...]:
    """ "4 cards", 100, 50, tierce; then the rank of the highest card; then trump."""
    if combo["kind"] == "carre":
        order = CARRE_ORDER_NO_TRUMP if trump == NO_TRUMP else CARRE_ORDER_TRUMP
        return (4, order.index(combo["top"]), 0)
    level = {20: 1, 50: 2, 100: 3}[combo["points"]]
    return (level, SEQUENCE_ORDER.index(combo["top"]), int(combo["suit"] == trump))


def announcement(combos: list[Combination], key: Any, trump: str) -> dict[str, Any]:
    """What a player calls out: the kind and value of their highest combination."""
    top = max(combos, key=lambda c: key(c, trump))
    return {"kind": top["kind"], "points": top["points"], "length": top["length"]}


def open_candidates(
    visible: list[str], rules: ComboRules, declared: list[Combination]
) -> list[Combination]:
    """Open Belote: the combinations a player may announce now from face-up cards.

    A part of a combination already announced cannot be announced again; a sequence that
    grew by a newly opened card can be announced as well ("tierce" then "50").
    """
    candidates = [
        _carre(r, p)
        for r, p in rules.carre_points.items()
        if p and all(r + s in visible for s in SUITS)
    ]
    for run in runs(visible):
        part = run[-rules.longest :] if rules.longest else []
        if len(part) >= 3:
            combo = _sequence(part)
            combo["points"] = rules.sequence_value(len(part))
            candidates.append(combo)
    allowed = [c for c in candidates if _may_add(c, declared)]
    tierces = [c for c in allowed if c["length"] == 3 and c["kind"] == "sequence"]
    if len(tierces) > 1:
        # "the tierce with a higher card is announced first"
        top = max(SEQUENCE_ORDER.index(c["top"]) for c in tierces)
        allowed = [c for c in allowed if c not in tierces or SEQUENCE_ORDER.index(c["top"]) == top]
    return allowed


def _may_add(combo: Combination, declared: list[Combination]) -> bool:
    cards = set(combo["cards"])
    for old in declared:
        old_cards = set(old["cards"])
        if cards <= old_cards:
            return False
        grows = combo["kind"] == old["kind"] == "sequence" and old_cards < cards
        if cards & old_cards and not grows:
            return False
    return True
