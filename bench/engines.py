"""Game engines in process, without the runtime: how fast their rules play.

    .venv/bin/python bench/engines.py [--hands 1000] [--seats 9] [--variant all]
    .venv/bin/python bench/engines.py --game wordfall [--games 4]

Poker, every variant by default: a table of computer players (9 seats by default; 5-Card
Omaha seats 8 at most) plays `--hands` hands of a cash
table through the engine's own calls, as the runtime makes them (bot_action, then apply
with the step's stream), and prints hands per second (target: at least 100 on this
machine, counted in the process's CPU time: the machine is shared, and the wall clock
is printed beside it) and the chips check: the chips at the table (stacks, pots, this street's bets,
top-ups waiting) plus the house's rake equal the buy-ins, after every move. A seat that
loses its chips leaves the table; the bench then sits a new full table down, so every
hand counted is dealt to every seat.

Wordfall: computer players play `--games` seeded games; at every position from the sixth
move on the bench times (1) judging the move played, the words checked against the list
and scored, as `apply` does (target: under 5 ms), and (2) the computer player's
best-scoring move from the same rack with one of its tiles made a blank (target: under
1 s), and for comparison with two blanks. The word list's DAWG is built first, once, and
its time printed apart. Each figure is the process's CPU time (`time.process_time`): on
the shared 2-core machine the wall clock mostly measures the other processes' share
(it is printed beside it, with the load average); a judge is timed three times, the least
kept (one collection of garbage otherwise shows as a 20 ms move).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.poker.rules import ENGINES, Poker, PokerState
from games.rng import Rng
from games.words import lexicon
from games.words.movegen import best
from games.words.rules import WORDFALL, WordsOptions, WordsState

TARGET_HANDS_PER_SECOND = 100
TARGET_JUDGE_MS = 5
TARGET_BEST_MS = 1_000


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


def words_positions(games: int) -> list[tuple[WordsState, int, dict]]:
    """(state, seat, the move its computer player made) from the sixth move of each game."""
    found = []
    for number in range(games):
        seed = (number + 1).to_bytes(32, "big")
        board = ("standard", "special", "random")[number % 3]
        state = WORDFALL.start(WordsOptions(board=board), 2, Rng(seed, "game:1", 0))
        seq = 0
        while WORDFALL.outcome(state) is None:
            seq += 1
            (seat,) = WORDFALL.to_act(state)
            action = WORDFALL.bot_action(state, seat, Rng(seed, "bot:1", seq))
            if seq > 5 and action["type"] == "place":
                found.append((state, seat, dict(action)))
            state = WORDFALL.apply(state, seat, action, Rng(seed, "game:1", seq))
    return found


def blanked(rack: list[str], blanks: int) -> list[str]:
    """The rack with its first tiles (not already blanks) made blanks, up to `blanks`."""
    rack = list(rack)
    for i, tile in enumerate(rack):
        if rack.count("?") >= blanks:
            break
        if tile != "?":
            rack[i] = "?"
    return rack


def percentiles(times: list[float]) -> str:
    ordered = sorted(times)
    median, top = ordered[len(ordered) // 2], ordered[-1]
    return (
        f"median {median:.2f} ms, p90 {ordered[int(len(ordered) * 0.9)]:.2f} ms, max {top:.2f} ms"
    )


def words_bench(games: int) -> int:
    started = time.perf_counter()
    root = lexicon.dawg("en")
    lexicon.words("en")
    load = os.getloadavg()[0]
    print(f"Wordfall: word list and DAWG built in {time.perf_counter() - started:.2f} s")
    print(f"  (load average {load:.1f} on {os.cpu_count()} cores: timings scale with it)")
    positions = words_positions(games)
    judged = []
    for state, seat, action in positions:
        runs = []
        for _ in range(3):
            begun = time.process_time()
            WORDFALL.play_of(state, seat, action["tiles"])
            runs.append((time.process_time() - begun) * 1000)
        judged.append(min(runs))
    print(f"  judge and score a move ({len(judged)} moves), CPU: {percentiles(judged)}")
    tiles = lexicon.LEXICONS["en"].tiles
    slowest = {}
    for blanks in (1, 2):
        times, walls = [], []
        for state, seat, _ in positions:
            rack = blanked(state["racks"][seat], blanks)
            begun, wall = time.process_time(), time.perf_counter()
            best(state["board"], state["layout"], rack, root, tiles)
            times.append((time.process_time() - begun) * 1000)
            walls.append((time.perf_counter() - wall) * 1000)
        slowest[blanks] = max(times)
        plural = "s" if blanks > 1 else ""
        print(f"  best move with {blanks} blank{plural}, CPU: {percentiles(times)}")
        print(f"    wall clock: {percentiles(walls)}")
    ok = max(judged) < TARGET_JUDGE_MS and slowest[1] < TARGET_BEST_MS
    print(
        f"  targets: judge < {TARGET_JUDGE_MS} ms, best with a blank < {TARGET_BEST_MS} ms: "
        f"{'met' if ok else 'MISSED'}"
    )
    return 0 if ok else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="poker", choices=("poker", "wordfall"))
    parser.add_argument("--games", type=int, default=4, help="Wordfall: games played")
    parser.add_argument("--hands", type=int, default=1_000)
    parser.add_argument("--seats", type=int, default=9)
    parser.add_argument("--variant", default="all", choices=["all", *(e.slug for e in ENGINES)])
    args = parser.parse_args()
    if args.game == "wordfall":
        return words_bench(args.games)
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
