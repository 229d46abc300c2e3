"""Game engines in process, without the runtime: how fast their rules play.

    .venv/bin/python bench/engines.py [--hands 1000] [--seats 9] [--variant all]

Poker, every variant by default: a table of computer players (9 seats by default; 5-Card
Omaha seats 8 at most) plays `--hands` hands of a cash
table through the engine's own calls, as the runtime makes them (bot_action, then apply
with the step's stream), and prints hands per second (target: at least 100 on this
machine, counted in the process's CPU time: the machine is shared, and the wall clock
is printed beside it) and the chips check: the chips at the table (stacks, pots, this street's bets,
top-ups waiting) plus the house's rake equal the buy-ins, after every move. A seat that
loses its chips leaves the table; the bench then sits a new full table down, so every
hand counted is dealt to every seat.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.poker.rules import ENGINES, Poker, PokerState
from games.rng import Rng

TARGET_HANDS_PER_SECOND = 100


def at_table(state: PokerState) -> int:
    hand = state["hand"]
    in_hand = set(hand["players"]) if hand else set()
    total = sum(state["pending"]) + state["rake"]
    total += sum(chips for seat, chips in enumerate(state["stacks"]) if seat not in in_hand)
    if hand is not None:
        live = hand["live"]
        total += sum(live["stacks"]) + live["pot"] + sum(live["bets"])
    return total


def brought(state: PokerState) -> int:
    return sum(-chips if kind == "leave" else chips for _, kind, chips in state["moves"])


def play(engine: Poker, seats: int, hands: int) -> tuple[int, float, float, int, bool]:
    """Hands played, wall and CPU seconds, moves, and whether the chips were conserved."""
    played = moves = tables = 0
    conserved = True
    started, cpu = time.perf_counter(), time.process_time()
    while played < hands:
        tables += 1
        seed = tables.to_bytes(32, "big")
        state = engine.start(engine.Options(), seats, Rng(seed, "game:1", 0))
        seq = 0
        while "left" not in state["status"] and played + state["hands"] <= hands:
            (seat,) = engine.to_act(state)
            seq += 1
            action = engine.bot_action(state, seat, Rng(seed, "bot:1", seq))
            state = engine.apply(state, seat, action, Rng(seed, "game:1", seq))
            conserved = conserved and at_table(state) == brought(state) and state["rake"] >= 0
        played += state["hands"] - 1  # the hand dealt last is not played
        moves += seq
    return played, time.perf_counter() - started, time.process_time() - cpu, moves, conserved


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=1_000)
    parser.add_argument("--seats", type=int, default=9)
    parser.add_argument("--variant", default="all", choices=["all", *(e.slug for e in ENGINES)])
    args = parser.parse_args()
    fine = True
    for engine in ENGINES:
        if args.variant not in ("all", engine.slug):
            continue
        seats = min(args.seats, engine.max_seats)
        hands, wall, cpu, moves, conserved = play(engine, seats, args.hands)
        rate = hands / cpu
        print(f"{engine.name}, {seats} seats: {hands} hands, {moves} moves")
        print(
            f"  {rate:.0f} hands/s of CPU time (target {TARGET_HANDS_PER_SECOND}), "
            f"{moves / cpu:.0f} moves/s; {hands / wall:.0f} hands/s by the wall clock"
        )
        print(f"  chips conserved after every move: {'yes' if conserved else 'NO'}")
        fine = fine and conserved and rate >= TARGET_HANDS_PER_SECOND
    return 0 if fine else 1


if __name__ == "__main__":
    sys.exit(main())
