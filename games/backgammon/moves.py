"""Legal plays: every complete way to play a roll, and the single steps that lead to them.

A play is a sequence of steps (from, to) in the mover's numbering (25 the bar or hand, 0 off).
The rules of a roll hold over the whole play: use both dice if any play does (all four, or as
many as possible, for doubles), else the larger die; a play may not end in a position the
variant forbids (a trapping prime, a closed starting quarter). So plays are searched whole,
layer by layer, and the players are offered only complete plays.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from games.backgammon.variants import (
    BAR,
    BLOCK,
    COME_DOWN,
    ENTER_BAR,
    ENTER_HAND,
    HIT,
    OFF,
    PIN,
    Variant,
)
from games.engine import IllegalAction

Step = tuple[int, int]

# The opposing home board, where the Armenian rule stops a hitting checker.
OPPONENT_HOME = range(19, 25)


@dataclass(frozen=True, slots=True)
class Node:
    """A position seen by the mover partway through a turn."""

    mine: tuple[int, ...]  # 26 counts: [0] borne off, [1..24] points, [25] bar or hand
    opp: tuple[int, ...]  # opposing checkers on the mover's points 1..24; [25] their bar
    my_pins: frozenset[int]  # points where the mover's checker lies pinned
    opp_pins: frozenset[int]  # points where the mover pins an opposing checker
    dice: tuple[int, ...]  # dice still to play, largest first
    head_left: int = 0  # Long: checkers that may still leave the head this turn
    stopped: frozenset[int] = frozenset()  # Armenian: a checker here hit and must stop

    def position(self) -> tuple[object, ...]:
        return (self.mine, self.opp, self.my_pins, self.opp_pins)


@dataclass(frozen=True, slots=True)
class Play:
    moves: tuple[Step, ...]
    node: Node


def can_bear_off(variant: Variant, node: Node) -> bool:
    if any(node.mine[7:]):
        return False
    # A pinned checker must be freed before the bearing off can start or go on.
    return not (variant.contact == PIN and node.my_pins)


def _open(variant: Variant, node: Node, point: int) -> bool:
    held = node.opp[point]
    if variant.contact == HIT:
        return held <= 1
    if variant.contact == PIN:
        return held == 0 or (held == 1 and point not in node.my_pins)
    if variant.contact == BLOCK:
        return held == 0
    return True


def _may_leave(variant: Variant, node: Node, point: int) -> bool:
    mine = node.mine
    if point in node.my_pins:
        return False
    if point in node.stopped and mine[point] == 1:
        return False
    if point == 24 and variant.head_rule and node.head_left == 0:
        return False
    # Fevga: until one checker has run past the opponent's start (their 24, our 12), the
    # checker already out is the only one that may move besides the first to leave.
    return not (
        point == 24
        and variant.first_checker_rule
        and mine[24] < variant.checkers
        and not any(mine[OFF:12])
    )


def _step(variant: Variant, node: Node, frm: int, to: int, die: int) -> Node:
    mine = list(node.mine)
    opp = node.opp
    opp_pins = node.opp_pins
    stopped = node.stopped
    mine[frm] -= 1
    mine[to] += 1
    if to != OFF and opp[to] == 1 and to not in opp_pins:
        if variant.contact == HIT:
            hit = list(opp)
            hit[to] = 0
            hit[BAR] += 1
            opp = tuple(hit)
            if variant.armenian_rule and to in OPPONENT_HOME:
                stopped = stopped | {to}
        elif variant.contact == PIN:
            opp_pins = opp_pins | {to}
    if mine[frm] == 0 and frm in opp_pins:
        opp_pins = opp_pins - {frm}
    dice = list(node.dice)
    dice.remove(die)
    head_left = node.head_left - 1 if frm == 24 and variant.head_rule else node.head_left
    return Node(tuple(mine), opp, node.my_pins, opp_pins, tuple(dice), head_left, stopped)


def steps(variant: Variant, node: Node, die: int) -> list[tuple[Step, Node]]:
    """Every single step one die allows from this node."""
    mine = node.mine
    found: list[Step] = []
    if mine[BAR]:
        # Checkers on the bar (or in hand) enter before anything else moves.
        to = die if variant.entry == ENTER_HAND else 25 - die
        if variant.entry in (ENTER_BAR, ENTER_HAND) and _open(variant, node, to):
            found.append((BAR, to))
    else:
        if variant.entry == COME_DOWN and mine[6 + die]:
            found.append((6 + die, die))
        top = 6 if variant.entry == COME_DOWN else 24
        bearing = can_bear_off(variant, node)
        for frm in range(top, 0, -1):
            if not mine[frm] or not _may_leave(variant, node, frm):
                continue
            to = frm - die
            if to >= 1:
                if _open(variant, node, to):
                    found.append((frm, to))
            elif bearing and (to == 0 or not any(mine[frm + 1 : 7])):
                found.append((frm, OFF))
    return [(s, _step(variant, node, s[0], s[1], die)) for s in found]


def _children(variant: Variant, node: Node) -> Iterable[tuple[Step, Node]]:
    for die in sorted(set(node.dice), reverse=True):
        yield from steps(variant, node, die)


def _traps_everyone(variant: Variant, node: Node) -> bool:
    """A six-point prime with no opposing checker on the board in front of it."""
    held = sorted(variant.other(p) for p in range(1, 25) if node.mine[p])
    theirs = [variant.other(p) for p in range(1, 25) if node.opp[p]]
    run_start, run = 0, 0
    for i, point in enumerate(held):
        if i and point == held[i - 1] + 1:
            run += 1
        else:
            run_start, run = point, 1
        if run == 6 and not any(t < run_start for t in theirs):
            return True
    return False


def final_ok(variant: Variant, node: Node) -> bool:
    if variant.start_quarter_rule and all(node.mine[p] for p in range(19, 25)):
        return False
    return not (variant.prime_rule and _traps_everyone(variant, node))


@lru_cache(maxsize=512)
def legal_plays(variant: Variant, root: Node) -> tuple[Play, ...]:
    """The complete legal plays of the roll in `root.dice`, one per resulting position."""
    layers: list[dict[Node, tuple[Step, ...]]] = [{root: ()}]
    while True:
        following: dict[Node, tuple[Step, ...]] = {}
        for node, path in layers[-1].items():
            for step, child in _children(variant, node):
                following.setdefault(child, (*path, step))
        if not following:
            break
        layers.append(following)
    for depth in range(len(layers) - 1, -1, -1):
        finals = [(n, p) for n, p in layers[depth].items() if final_ok(variant, n)]
        if finals:
            break
    else:
        return (Play((), root),)
    if depth == 1 and len(root.dice) == 2 and root.dice[0] != root.dice[1]:
        # Either die alone but not both: the larger one must be played if it can be.
        larger = [(n, p) for n, p in finals if root.dice[0] not in n.dice]
        finals = larger or finals
    by_position: dict[tuple[object, ...], Play] = {}
    for node, path in finals:
        by_position.setdefault(node.position(), Play(path, node))
    return tuple(sorted(by_position.values(), key=lambda play: play.moves))


def _follow(variant: Variant, root: Node, moves: Sequence[Step]) -> set[Node]:
    nodes = {root}
    for step in moves:
        nodes = {child for n in nodes for s, child in _children(variant, n) if s == step}
    return nodes


def _finisher(variant: Variant, plays: tuple[Play, ...]) -> Callable[[Node, int], bool]:
    targets = {play.node.position() for play in plays}
    memo: dict[tuple[Node, int], bool] = {}

    def can_finish(node: Node, left: int) -> bool:
        key = (node, left)
        if key not in memo:
            if left == 0:
                memo[key] = node.position() in targets
            else:
                memo[key] = any(can_finish(c, left - 1) for _, c in _children(variant, node))
        return memo[key]

    return can_finish


def next_steps(variant: Variant, root: Node, partial: Sequence[Step]) -> list[Step]:
    """The single steps that continue `partial` towards some complete legal play.

    Raises IllegalAction when `partial` itself leads to no legal play.
    """
    plays = legal_plays(variant, root)
    length = len(plays[0].moves)
    left = length - len(partial)
    can_finish = _finisher(variant, plays)
    nodes = [n for n in _follow(variant, root, partial) if left >= 0 and can_finish(n, left)]
    if not nodes:
        raise IllegalAction("Those moves do not lead to a legal play of this roll.")
    if left == 0:
        return []
    return sorted(
        {s for n in nodes for s, child in _children(variant, n) if can_finish(child, left - 1)}
    )


def resolve(variant: Variant, root: Node, moves: Sequence[Step]) -> Node:
    """The position after a submitted play, if it is a complete legal play of the roll."""
    plays = legal_plays(variant, root)
    length = len(plays[0].moves)
    if len(moves) < length:
        raise IllegalAction(f"Play the whole roll: this roll must be played with {length} moves.")
    if len(moves) > length:
        raise IllegalAction(f"Too many moves: this roll is played with {length} moves.")
    targets = {play.node.position(): play.node for play in plays}
    for node in _follow(variant, root, moves):
        if node.position() in targets:
            return targets[node.position()]
    raise IllegalAction("That is not a legal play of this roll.")
