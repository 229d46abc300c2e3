"""A plain heuristic player: among the complete legal plays, take the one that leaves the
best position by a few rules of thumb (hit, pin, make points, avoid blots, bear off).

Deterministic: ties go to the first play unless an Rng is given to break them.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.backgammon.moves import Node, Play
from games.backgammon.variants import BAR, BLOCK, HIT, OFF, PIN, Variant
from games.rng import Rng

# A blot within this many pips in front of an opposing checker is in direct range.
DIRECT_RANGE = 6


def wants_double(my_pips: int, their_pips: int) -> bool:
    """Double with a clear lead in the race."""
    return their_pips - my_pips >= max(12, their_pips // 6)


def takes(my_pips: int, their_pips: int) -> bool:
    """Take unless the race is lost by more than a quarter."""
    return my_pips * 4 <= their_pips * 5


def choose_play(variant: Variant, plays: Sequence[Play], rng: Rng | None) -> Play:
    scores = [evaluate(variant, play.node) for play in plays]
    best = max(scores)
    candidates = [play for play, score in zip(plays, scores, strict=True) if score == best]
    return candidates[rng.randbelow(len(candidates))] if rng else candidates[0]


def evaluate(variant: Variant, node: Node) -> float:
    """How good the position is for the player who just moved (higher is better)."""
    mine, opp = node.mine, node.opp
    score = 10.0 * mine[OFF]
    score -= sum(p * mine[p] for p in range(1, 25)) + 25 * mine[BAR]
    for point in range(1, 25):
        if mine[point] >= 2:
            score += 3 + (2 if point <= 6 else 0)
        elif mine[point] == 1 and point not in node.opp_pins:
            score -= _blot_risk(variant, node, point)
    if variant.contact == HIT:
        score += 12 * opp[BAR]
    elif variant.contact == PIN:
        score += 10 * len(node.opp_pins) - 10 * len(node.my_pins)
        # Pinning the checker on the opponent's start (our point 1) can end the game.
        if 1 in node.opp_pins:
            score += 40
    elif variant.contact == BLOCK:
        score += 2 * _longest_block(node)
    return score


def _blot_risk(variant: Variant, node: Node, point: int) -> float:
    if variant.contact not in (HIT, PIN):
        return 0.0
    # Opposing checkers travel towards our 24: those on lower points (or on the bar,
    # entering on our 1..6) can land here.
    shooters = [q for q in range(1, point) if node.opp[q] and point - q <= 2 * DIRECT_RANGE]
    if node.opp[BAR] and point <= DIRECT_RANGE:
        shooters.append(0)
    if not shooters:
        return 0.0
    direct = any(point - q <= DIRECT_RANGE for q in shooters)
    return 8.0 if direct else 4.0


def _longest_block(node: Node) -> int:
    longest = run = 0
    for point in range(1, 25):
        run = run + 1 if node.mine[point] else 0
        longest = max(longest, run)
    return longest
