"""The tree of next steps of a roll, for the board to build a play one checker at a time.

The server already searches every complete legal play (moves.legal_plays); this module
walks the same move generator from the roll's start and keeps only the steps from which a
listed play can still be reached. Sequences of steps that reach the same position share a
node, so the tree is sent as a small graph: node 0 is the roll's start, each node lists its
steps as [from, to, child, *effects] (effects: "hit", "pin", "free", what the step does to
the opposing checkers), and a node where the roll is fully played names the listed play
(its index in the legal actions) that the confirmed play sends. The board draws each step
as sent and never decides a rule itself.
"""

from __future__ import annotations

from typing import Any

from games.backgammon.moves import Node, Play, _children, _finisher

StepTree = dict[str, Any]


def _effects(before: Node, after: Node, frm: int, to: int) -> list[str]:
    """What a step does besides moving the checker, for the board to draw."""
    found = []
    if to and after.opp[to] < before.opp[to]:
        found.append("hit")  # the lone opposing checker goes to the bar
    if to in after.opp_pins - before.opp_pins:
        found.append("pin")
    if frm in before.opp_pins - after.opp_pins:
        found.append("free")  # the last checker left the point where it pinned one
    return found


def step_tree(variant: Any, root: Node, plays: tuple[Play, ...]) -> StepTree:
    """Every way to build one of `plays` step by step from `root`, as a graph of nodes.

    A node stands for the set of generator nodes one sequence of steps may lead to (a
    checker borne off may spend either die): their positions are the same, so the board
    draws one of them.
    """
    length = len(plays[0].moves)
    can_finish = _finisher(variant, plays)
    play_at = {play.node.position(): index for index, play in enumerate(plays)}
    ids: dict[frozenset[Node], int] = {}
    nodes: list[dict[str, Any]] = []

    def visit(group: frozenset[Node], done: int) -> int:
        if group in ids:
            return ids[group]
        ids[group] = len(nodes)
        # The dice left to play, for the board to show which are spent.
        entry: dict[str, Any] = {"dice": list(min(n.dice for n in group)), "steps": []}
        nodes.append(entry)
        left = length - done
        if left == 0:
            entry["play"] = play_at[next(iter(group)).position()]
            return ids[group]
        following: dict[tuple[int, int], set[Node]] = {}
        effects: dict[tuple[int, int], list[str]] = {}
        for node in group:
            for step, child in _children(variant, node):
                if can_finish(child, left - 1):
                    following.setdefault(step, set()).add(child)
                    effects[step] = _effects(node, child, *step)
        for step in sorted(following):
            child_id = visit(frozenset(following[step]), done + 1)
            entry["steps"].append([step[0], step[1], child_id, *effects[step]])
        return ids[group]

    visit(frozenset({root}), 0)
    return {"length": length, "nodes": nodes}
