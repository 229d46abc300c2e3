"""Virtual Football (12.59) as a round game: one match of two halves between the home side
(the first team) and the away side (the second), drawn half by half from the round's
generator, and the text's bets on it at fixed prices (casino/races/sports.py).

The match: each side's goals in a half come from a table of chances (data here); the goals
of a half fall on distinct minutes drawn at random, in an order drawn at random; whether
the half sees a yellow card, a red card and a penalty are drawn on their own. How the text
was read (and the bets on free kicks it also lists, not offered) is in
casino/races/RULES.md. Plain Python: no Django import.
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from collections.abc import Callable, Hashable, Mapping
from fractions import Fraction
from functools import cached_property
from math import comb
from typing import Any

from casino.races.sports import SportBet, SportsGame
from casino.rounds import Outcome, Rng, weighted

# (goals, weight) in one half: the home side a little the stronger.
HOME_GOALS: tuple[tuple[int, int], ...] = ((0, 45), (1, 33), (2, 15), (3, 6), (4, 1))
AWAY_GOALS: tuple[tuple[int, int], ...] = ((0, 52), (1, 31), (2, 12), (3, 4), (4, 1))
# The chance, in a half, of at least one card of each colour and of a penalty.
EVENTS: dict[str, Fraction] = {
    "yellow": Fraction(7, 10),
    "red": Fraction(1, 12),
    "penalty": Fraction(1, 6),
}
HALF = 45
FIRST_GOAL_SPELLS = ((1, 15), (16, 30), (31, 45), (46, 60), (61, 75), (76, 90))
MATCH, FIRST_HALF, SECOND_HALF = "match", "1h", "2h"
Halves = tuple[int, int, int, int]  # home and away goals in the first half, then the second


def chance_table(table: tuple[tuple[int, int], ...]) -> dict[int, Fraction]:
    total = sum(weight for _, weight in table)
    return {goals: Fraction(weight, total) for goals, weight in table}


def every_halves() -> dict[Halves, Fraction]:
    home, away = chance_table(HOME_GOALS), chance_table(AWAY_GOALS)
    return {
        (h1, a1, h2, a2): home[h1] * away[a1] * home[h2] * away[a2]
        for h1, a1, h2, a2 in itertools.product(home, away, home, away)
    }


def score(halves: Halves, period: str) -> tuple[int, int]:
    h1, a1, h2, a2 = halves
    return {MATCH: (h1 + h2, a1 + a2), FIRST_HALF: (h1, a1), SECOND_HALF: (h2, a2)}[period]


def result(home: int, away: int) -> str:
    return "1" if home > away else "2" if away > home else "X"


# --- the bets, each on a period's score ----------------------------------------------------------

ScoreWins = Callable[[tuple[int, int], str], bool]
PERIOD_NAMES = {MATCH: "", FIRST_HALF: " (first half)", SECOND_HALF: " (second half)"}
RESULTS = (("Home win", "1"), ("Draw", "X"), ("Away win", "2"))
DOUBLES = (("Home or draw", "1X"), ("Home or away", "12"), ("Draw or away", "X2"))
TEAMS = (("Home", "home"), ("Away", "away"))


def on_score(
    code: str, name: str, selection: str, period: str, picks: Any, wins: ScoreWins
) -> SportBet:
    suffix = "" if period == MATCH else f"-{period}"
    return SportBet(
        f"{code}{suffix}",
        f"{name}{PERIOD_NAMES[period]}",
        selection,
        "halves",
        tuple(picks),
        lambda halves, key: wins(score(halves, period), key),
    )


def goals_of(team: str, goals: tuple[int, int]) -> int:
    return goals[0] if team == "home" else goals[1]


def over_under_picks(lines: tuple[float, ...]) -> list[tuple[str, str]]:
    return [
        (f"{side} {line}", f"{side.lower()} {line}") for line in lines for side in ("Over", "Under")
    ]


def over_under_wins(total: int, key: str) -> bool:
    side, line = key.split()
    return total > float(line) if side == "over" else total < float(line)


def exact_scores(top: int) -> list[tuple[str, str]]:
    return [(f"{h}:{a}", f"{h}:{a}") for h in range(top + 1) for a in range(top + 1)]


def handicap_wins(goals: tuple[int, int], key: str) -> bool:
    team, change = key.split()
    mine, theirs = (goals[0], goals[1]) if team == "home" else (goals[1], goals[0])
    return mine + float(change) > theirs


def margin_wins(goals: tuple[int, int], key: str) -> bool:
    team, by = key.split()
    mine, theirs = (goals[0], goals[1]) if team == "home" else (goals[1], goals[0])
    return mine - theirs == int(by) if by != "3+" else mine - theirs >= 3


def scoring(goals: tuple[int, int]) -> str:
    return "both" if min(goals) > 0 else "none" if max(goals) == 0 else "one"


def count_wins(count: int, key: str) -> bool:
    return count >= int(key[:-1]) if key.endswith("+") else count == int(key)


def team_total_wins(goals: int, key: str) -> bool:
    side, line = key.split()
    if side == "exactly":
        return goals == int(line)
    return over_under_wins(goals, key)


def team_count(team: str) -> ScoreWins:
    return lambda goals, key: count_wins(goals_of(team, goals), key)


def team_total(team: str) -> ScoreWins:
    return lambda goals, key: team_total_wins(goals_of(team, goals), key)


def period_bets(period: str) -> list[SportBet]:
    """The text's bets 3 to 21 on one period (the match, or the first half)."""
    whole = period == MATCH
    top = 4 if whole else 3
    lines = (0.5, 1.5, 2.5, 3.5, 4.5) if whole else (0.5, 1.5, 2.5)
    line = 2.5 if whole else 1.5
    team_lines = (0.5, 1.5, 2.5) if whole else (0.5, 1.5)
    counts = [*(str(n) for n in range(6 if whole else 3)), "6+" if whole else "3+"]
    changes = ("-2.5", "-1.5", "+1.5", "+2.5") if whole else ("-1.5", "+1.5")
    bets = [
        on_score(
            "result",
            "Result",
            "home win, draw or away win",
            period,
            RESULTS,
            lambda g, key: result(*g) == key,
        ),
        on_score(
            "double",
            "Double chance",
            "two of the three results",
            period,
            DOUBLES,
            lambda g, key: result(*g) in key,
        ),
        on_score(
            "total",
            "Total goals",
            "over or under a number of goals",
            period,
            over_under_picks(lines),
            lambda g, key: over_under_wins(sum(g), key),
        ),
        on_score(
            "handicap",
            "Handicap",
            "a side and the goals added to its score",
            period,
            [
                (f"{name} {change}", f"{team} {change}")
                for name, team in TEAMS
                for change in changes
            ],
            handicap_wins,
        ),
        on_score(
            "margin",
            "Winning margin",
            "a side and its winning margin",
            period,
            [
                (f"{name} by {by}", f"{team} {by}")
                for name, team in TEAMS
                for by in ("1", "2", "3+")
            ],
            margin_wins,
        ),
        on_score(
            "scorers",
            "Goal or no goal",
            "both sides score, one side only, or no goal",
            period,
            (
                ("Both score", "both"),
                ("One side only", "one"),
                ("No goal", "none"),
                ("Not both", "not both"),
            ),
            lambda g, key: scoring(g) == key or (key == "not both" and scoring(g) != "both"),
        ),
        on_score(
            "team-scores",
            "Side scores",
            "a side to score or not",
            period,
            [
                (f"{name} {word}", f"{team} {yes}")
                for name, team in TEAMS
                for word, yes in (("scores", "yes"), ("does not score", "no"))
            ],
            lambda g, key: (goals_of(key.split()[0], g) > 0) == key.endswith("yes"),
        ),
        on_score(
            "goals",
            "Number of goals",
            "the total number of goals",
            period,
            [(f"{c} goals", c) for c in counts],
            lambda g, key: count_wins(sum(g), key),
        ),
        *(
            on_score(
                f"{team}-goals",
                f"{name} goals",
                f"the {name.lower()} side's number of goals",
                period,
                [(c, c) for c in ("0", "1", "2", "3+")],
                team_count(team),
            )
            for name, team in TEAMS
        ),
        on_score(
            "result-total",
            f"Result and total {line}",
            "a result and over or under",
            period,
            [
                (f"{r} and {side.lower()} {line}", f"{k} {side.lower()} {line}")
                for r, k in RESULTS
                for side in ("Over", "Under")
            ],
            lambda g, key: (
                result(*g) == key.split()[0] and over_under_wins(sum(g), key.split(maxsplit=1)[1])
            ),
        ),
        on_score(
            "result-scorers",
            "Result and goal",
            "a result and which sides score",
            period,
            (
                ("Home win, both score", "1 both"),
                ("Home win, home only scores", "1 one"),
                ("Draw, both score", "X both"),
                ("Draw, no goal", "X none"),
                ("Away win, both score", "2 both"),
                ("Away win, away only scores", "2 one"),
            ),
            lambda g, key: result(*g) == key.split()[0] and scoring(g) == key.split()[1],
        ),
        *(
            on_score(
                f"{team}-total",
                f"{name} goals over or under",
                "over, under or exactly a number",
                period,
                [
                    *((label, key) for label, key in over_under_picks(team_lines)),
                    *((f"Exactly {n}", f"exactly {n}") for n in (1, 2) if whole or n == 1),
                ],
                team_total(team),
            )
            for name, team in TEAMS
        ),
        on_score(
            "odd-even",
            "Odd or even goals",
            "an odd or even total",
            period,
            (("Odd", "odd"), ("Even", "even")),
            lambda g, key: (sum(g) % 2 == 1) == (key == "odd"),
        ),
    ]
    whose = "the final score" if whole else "the half's score"
    exact = on_score(
        "score",
        "Exact score",
        f"{whose}, home first",
        period,
        exact_scores(top),
        lambda g, key: f"{g[0]}:{g[1]}" == key,
    )
    return [exact, *bets]


def yes_no(code: str, name: str, feature: str) -> SportBet:
    return SportBet(
        code,
        name,
        "yes or no",
        feature,
        (("Yes", "yes"), ("No", "no")),
        lambda seen, key: seen == (key == "yes"),
    )


def first_goal_wins(value: Any, key: str) -> bool:
    return bool(value == key)


MATCH_BETS, HALF_BETS = period_bets(MATCH), period_bets(FIRST_HALF)
# The text's order: the exact score of the match and of each half first, then the rest.
FOOTBALL_BETS: tuple[SportBet, ...] = (
    MATCH_BETS[0],
    HALF_BETS[0],
    on_score(
        "score",
        "Exact score",
        "the half's score, home first",
        SECOND_HALF,
        exact_scores(3),
        lambda g, key: f"{g[0]}:{g[1]}" == key,
    ),
    *MATCH_BETS[1:],
    *HALF_BETS[1:],
    SportBet(
        "ht-ft",
        "Half-time and full-time",
        "the result at half-time and at full-time",
        "halves",
        tuple((f"{a} / {b}", f"{ka}/{kb}") for a, ka in RESULTS for b, kb in RESULTS),
        lambda halves, key: (
            f"{result(*score(halves, FIRST_HALF))}/{result(*score(halves, MATCH))}" == key
        ),
    ),
    SportBet(
        "first-goal-time",
        "Time of the first goal",
        "the spell of the first goal",
        "first-goal-time",
        (*((f"{a}-{b} min", f"{a}-{b}") for a, b in FIRST_GOAL_SPELLS), ("No goal", "none")),
        first_goal_wins,
    ),
    SportBet(
        "first-goal",
        "First goal",
        "the side scoring first, or no goal",
        "first-goal",
        (("Home", "home"), ("Away", "away"), ("No goal", "none")),
        first_goal_wins,
    ),
    SportBet(
        "first-goal-1h",
        "First goal (first half)",
        "the side scoring first in the half, or no goal",
        "first-goal-1h",
        (("Home", "home"), ("Away", "away"), ("No goal", "none")),
        first_goal_wins,
    ),
    *(
        yes_no(f"{event}{suffix}", f"{title}{PERIOD_NAMES[period]}", f"{event}{suffix}")
        for event, title in (("yellow", "Yellow card"), ("red", "Red card"), ("penalty", "Penalty"))
        for period, suffix in ((MATCH, ""), (FIRST_HALF, "-1h"))
    ),
)


def spell(minute: int) -> str:
    for start, end in FIRST_GOAL_SPELLS:
        if start <= minute <= end:
            return f"{start}-{end}"
    raise ValueError(f"no spell holds minute {minute}")


class VirtualFootball(SportsGame):
    slug = "virtual-football"
    name = "Virtual Football"
    section = "12.59"
    sport_bets = FOOTBALL_BETS

    def outcome(self, rng: Rng) -> Outcome:
        goals: list[dict[str, Any]] = []
        events: dict[str, list[bool]] = {event: [] for event in EVENTS}
        for half in (0, 1):
            home, away = weighted(rng, HOME_GOALS), weighted(rng, AWAY_GOALS)
            minutes = sorted(rng.sample(range(1, HALF + 1), home + away))
            sides = rng.shuffle(["home"] * home + ["away"] * away)
            goals += [
                {"minute": half * HALF + minute, "side": side}
                for minute, side in zip(minutes, sides, strict=True)
            ]
            for event, chance in EVENTS.items():
                events[event].append(rng.randbelow(chance.denominator) < chance.numerator)
        return {"goals": goals, **events}

    def feature(self, name: str, outcome: Outcome) -> Hashable:
        goals = outcome["goals"]
        if name == "halves":
            return halves_of(goals)
        if name.startswith("first-goal"):
            first_half = name == "first-goal-1h"
            scored = [g for g in goals if g["minute"] <= HALF or not first_half]
            if not scored:
                return "none"
            return spell(scored[0]["minute"]) if name == "first-goal-time" else scored[0]["side"]
        event, _, half = name.partition("-")
        return bool(outcome[event][0]) if half else any(outcome[event])

    def feature_chances(self, name: str) -> Mapping[Hashable, Fraction]:
        return self._features[name]

    @cached_property
    def _features(self) -> dict[str, dict[Hashable, Fraction]]:
        halves = every_halves()
        found: dict[str, dict[Hashable, Fraction]] = {
            "halves": {value: chance for value, chance in halves.items()},
            "first-goal": defaultdict(Fraction),
            "first-goal-1h": defaultdict(Fraction),
            "first-goal-time": defaultdict(Fraction),
        }
        for (h1, a1, h2, a2), chance in halves.items():
            # The goals of a half come in a random order: the first is home's in h of h + a.
            for name, (home, away) in (
                ("first-goal-1h", (h1, a1)),
                ("first-goal", (h1, a1) if h1 + a1 else (h2, a2)),
            ):
                if home + away == 0:
                    found[name]["none"] += chance
                else:
                    found[name]["home"] += chance * Fraction(home, home + away)
                    found[name]["away"] += chance * Fraction(away, home + away)
            for value, share in first_goal_spells(h1 + a1, h2 + a2).items():
                found["first-goal-time"][value] += chance * share
        for event, seen in EVENTS.items():
            found[event] = {True: 1 - (1 - seen) ** 2, False: (1 - seen) ** 2}
            found[f"{event}-1h"] = {True: seen, False: 1 - seen}
        return found

    def describe(self, outcome: Outcome) -> str:
        h1, a1, h2, a2 = halves_of(outcome["goals"])
        return f"{h1 + h2}:{a1 + a2} (half-time {h1}:{a1})"

    def public(self) -> Mapping[str, Any]:
        return {**super().public(), "sport": "football", "players": ["Home", "Away"]}


def halves_of(goals: list[dict[str, Any]]) -> Halves:
    def count(side: str, first: bool) -> int:
        return sum(1 for g in goals if g["side"] == side and (g["minute"] <= HALF) == first)

    return count("home", True), count("away", True), count("home", False), count("away", False)


def first_goal_spells(first: int, second: int) -> dict[Hashable, Fraction]:
    """The spell of the match's first goal, the goals of each half falling on distinct
    minutes drawn at random: the first of k goals in 45 minutes comes at minute m or later
    in C(46 - m, k) of the C(45, k) ways."""
    goals = first if first else second
    if goals == 0:
        return {"none": Fraction(1)}
    offset = 0 if first else HALF
    found: dict[Hashable, Fraction] = {}
    for start, end in FIRST_GOAL_SPELLS:
        if not offset < start <= offset + HALF:
            continue
        begin, stop = start - offset, end - offset
        later = Fraction(comb(HALF + 1 - begin, goals), comb(HALF, goals))
        after = Fraction(comb(HALF - stop, goals), comb(HALF, goals))
        found[f"{start}-{end}"] = later - after
    return found
