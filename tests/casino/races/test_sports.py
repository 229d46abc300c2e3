"""The virtual sports of the rules (12.59 to 12.61): known matches from fixed links, every
bet's win and loss on constructed matches (the text's own examples first), each bet
type's exact return against a count this test makes itself, and bad picks refused."""

from __future__ import annotations

import itertools
from collections import defaultdict
from fractions import Fraction
from functools import cache
from math import comb

import pytest

from casino import registry
from casino.races.football import AWAY_GOALS, EVENTS, HOME_GOALS
from casino.races.sports import SERVES, TABLE_A
from casino.rounds import RTP_STAKE

FOOTBALL, TENNIS, TABLE = "virtual-football", "virtual-tennis", "table-tennis"


def returned(game, bet_type: str, outcomes) -> Fraction:
    """The mean over the offered picks of what a pick returns, over ``outcomes`` (chance,
    outcome) this test lists itself."""
    picks = [selection for _, selection in game.selections(bet_type)]
    total = Fraction(0)
    for chance, outcome in outcomes:
        for selection in picks:
            total += chance * game.payout(RTP_STAKE, bet_type, selection, outcome)
    return total / (RTP_STAKE * len(picks))


def pays(slug: str, bet_type: str, pick: str, outcome: dict) -> int:
    game = registry.get(slug)
    return game.payout(100, bet_type, {"pick": pick}, outcome)


def price(slug: str, bet_type: str, pick: str) -> int:
    return registry.get(slug).prices[bet_type][pick]


def test_matches_follow_from_their_links():
    def played(slug, i):
        game = registry.get(slug)
        return game.committed_outcome(bytes([i]) * 32, "longtable-test", i)

    assert played(TABLE, 1) == {"points": "AAAABABBABA"}
    assert played(TABLE, 2) == {"points": "AAABBBABBABB"}
    tennis = registry.get(TENNIS)
    assert tennis.describe(played(TENNIS, 1)) == "6:3"
    assert played(TENNIS, 1)["points"].startswith("2111112221")
    assert tennis.describe(played(TENNIS, 2)) == "5:7"
    football = registry.get(FOOTBALL)
    first = played(FOOTBALL, 1)
    assert [g["minute"] for g in first["goals"]] == [52, 75, 85, 88]
    assert football.describe(first) == "3:1 (half-time 0:0)"
    assert first["penalty"] == [False, True]


@pytest.mark.parametrize("slug", [FOOTBALL, TENNIS, TABLE])
def test_every_bet_returns_less_than_it_takes_and_every_pick_at_most_92_percent(slug):
    game = registry.get(slug)
    for bet_type in game.bet_types:
        assert Fraction(9, 10) < game.rtp(bet_type.code) < 1, bet_type.code
        chances = game.chances(bet_type.code)
        for key, hundredths in game.prices[bet_type.code].items():
            assert hundredths > 100 and chances[key] * hundredths <= 92


# --- Virtual Table Tennis ------------------------------------------------------------------------


def test_table_tennis_ends_at_7_or_two_clear_but_never_past_9():
    game = registry.get(TABLE)
    for points, score in (
        ("A" * 7, "A 7:0 B"),
        ("AB" * 5 + "AA", "A 7:5 B"),
        ("AB" * 6 + "AA", "A 8:6 B"),
        ("AB" * 7 + "BB", "A 7:9 B"),
        ("AB" * 8 + "A", "A 9:8 B"),  # 8:8, and the next point wins
    ):
        assert game.describe({"points": points}) == score
    # The text's examples: 7:9, 9:7, 6:8 and 8:6 are final scores.
    labels = {label.split(" at ")[0] for label, _ in game.selections("score")}
    assert {"7:9", "9:7", "6:8", "8:6", "9:8", "7:0"} <= labels and "7:6" not in labels


def test_table_tennis_bets_as_the_text_lists_them():
    # A takes the first point, B reaches 3 first, A reaches 7 first and wins 7:4.
    game = {"points": "ABBBAAAAABA"}
    assert registry.get(TABLE).describe(game) == "A 7:4 B"
    assert pays(TABLE, "winner", "A", game) == price(TABLE, "winner", "A")
    assert pays(TABLE, "winner", "B", game) == 0
    assert pays(TABLE, "score", "7:4", game) == price(TABLE, "score", "7:4")
    assert pays(TABLE, "score", "4:7", game) == 0
    assert pays(TABLE, "first-1-7", "AA", game) == price(TABLE, "first-1-7", "AA")
    assert pays(TABLE, "first-1-7", "AB", game) == 0
    assert pays(TABLE, "first-1-3-7", "ABA", game) == price(TABLE, "first-1-3-7", "ABA")
    assert pays(TABLE, "first-1-3-7", "AAA", game) == 0
    # "First to 7" is who reaches 7 first, even if the other then wins 9:7.
    late = {"points": "BA" * 6 + "A" + "BBB"}
    assert registry.get(TABLE).describe(late) == "A 7:9 B"
    assert pays(TABLE, "first-1-7", "BA", late) == price(TABLE, "first-1-7", "BA")
    assert pays(TABLE, "winner", "B", late) == price(TABLE, "winner", "B")


def every_table_game():
    """Every game point by point, with its chance: a list of (chance, points)."""
    found = []

    def walk(points: str, a: int, b: int) -> None:
        high = max(a, b)
        if (high >= 7 and abs(a - b) >= 2) or high == 9:
            found.append((TABLE_A**a * (1 - TABLE_A) ** b, {"points": points}))
            return
        walk(points + "A", a + 1, b)
        walk(points + "B", a, b + 1)

    walk("", 0, 0)
    return found


def firsts(points: str) -> tuple:
    """The final score and who first reached 1, 3 and 7: all the bets read."""
    marks = []
    for mark in (1, 3, 7):
        marks.append(next(p for i, p in enumerate(points) if points[: i + 1].count(p) == mark))
    return points.count("A"), points.count("B"), *marks


def test_table_tennis_returns_against_every_game_played_out():
    game = registry.get(TABLE)
    # Games alike in all the bets read are paid alike: one stands for its kind.
    kinds: dict = {}
    for chance, outcome in every_table_game():
        kind = firsts(outcome["points"])
        kinds[kind] = (kinds.get(kind, (0, outcome))[0] + chance, outcome)
    games = list(kinds.values())
    assert sum(chance for chance, _ in games) == 1 and len(games) == 74
    for bet_type in game.bet_types:
        assert game.rtp(bet_type.code) == returned(game, bet_type.code, games), bet_type.code


# --- Virtual Tennis ------------------------------------------------------------------------------


def test_tennis_bets_on_the_first_point_and_the_first_game():
    # Player 1 serves and wins the first game to 15: five points.
    game = {"points": "1211" + "1" + "2222" * 6}
    tennis = registry.get(TENNIS)
    assert tennis.describe(game) == "1:6"
    assert pays(TENNIS, "next-point", "1", game) == price(TENNIS, "next-point", "1")
    assert pays(TENNIS, "next-point", "2", game) == 0
    assert pays(TENNIS, "game-winner", "1", game) == price(TENNIS, "game-winner", "1")
    assert pays(TENNIS, "game-score", "1-15", game) == price(TENNIS, "game-score", "1-15")
    assert pays(TENNIS, "game-score", "1-0", game) == 0
    assert pays(TENNIS, "deuce", "no", game) == price(TENNIS, "deuce", "no")
    assert pays(TENNIS, "match-winner", "2", game) == price(TENNIS, "match-winner", "2")
    assert pays(TENNIS, "set-score", "1:6", game) == price(TENNIS, "set-score", "1:6")
    # The text's example: Under 7.5 wins with 7 points or fewer, and loses with 8 or more.
    assert pays(TENNIS, "game-points", "under-7.5", game) == price(
        TENNIS, "game-points", "under-7.5"
    )
    assert pays(TENNIS, "game-points", "over-4.5", game) == price(TENNIS, "game-points", "over-4.5")
    long_game = {"points": "121212" + "12" + "11" + "2222" * 6}  # deuce, advantage back, won
    assert pays(TENNIS, "game-points", "under-7.5", long_game) == 0
    assert pays(TENNIS, "game-points", "over-9.5", long_game) == price(
        TENNIS, "game-points", "over-9.5"
    )
    assert pays(TENNIS, "deuce", "yes", long_game) == price(TENNIS, "deuce", "yes")
    assert pays(TENNIS, "game-score", "1-deuce", long_game) == price(
        TENNIS, "game-score", "1-deuce"
    )


def test_a_set_at_six_all_goes_to_a_tie_break():
    # Twelve games shared (each player holding serve to love), then a tie-break 7:5.
    holds = "".join(("1111" if n % 2 == 0 else "2222") for n in range(12))
    tiebreak = "1" + "22" + "11" + "22" + "11" + "2" + "11"  # 5:5... then 7:5 to player 1
    game = {"points": holds + tiebreak}
    assert registry.get(TENNIS).describe(game) == "7:6"
    assert pays(TENNIS, "set-score", "7:6", game) == price(TENNIS, "set-score", "7:6")


@cache
def game_from(server_points: int, receiver_points: int, serve: Fraction) -> Fraction:
    """The chance the server wins the game from this score, deuce solved in closed form:
    from deuce, two in a row win; a split comes back to deuce."""
    s, r = server_points, receiver_points
    if s >= 4 and s - r >= 2:
        return Fraction(1)
    if r >= 4 and r - s >= 2:
        return Fraction(0)
    if s >= 3 and r >= 3 and s == r:
        return serve**2 / (serve**2 + (1 - serve) ** 2)
    return serve * game_from(s + 1, r, serve) + (1 - serve) * game_from(s, r + 1, serve)


def tiebreak_from(a: int, b: int, first: str) -> Fraction:
    @cache
    def won(a: int, b: int) -> Fraction:
        if a >= 7 and a - b >= 2:
            return Fraction(1)
        if b >= 7 and b - a >= 2:
            return Fraction(0)
        if a >= 6 and a == b:
            one, two = SERVES["1"] * (1 - SERVES["2"]), (1 - SERVES["1"]) * SERVES["2"]
            return one / (one + two)
        n = a + b
        server = first if n == 0 or ((n - 1) // 2) % 2 == 1 else ("2" if first == "1" else "1")
        p = SERVES["1"] if server == "1" else 1 - SERVES["2"]
        return p * won(a + 1, b) + (1 - p) * won(a, b + 1)

    return won(a, b)


def every_set_score():
    """Every final score of the set, game by game, the serve alternating from player 1."""
    found = defaultdict(Fraction)

    def walk(one: int, two: int, chance: Fraction) -> None:
        if (max(one, two) == 6 and min(one, two) <= 4) or max(one, two) == 7:
            found[(one, two)] += chance
            return
        server = "1" if (one + two) % 2 == 0 else "2"
        if (one, two) == (6, 6):
            won = tiebreak_from(0, 0, server)
            found[(7, 6)] += chance * won
            found[(6, 7)] += chance * (1 - won)
            return
        hold = game_from(0, 0, SERVES[server])
        one_wins = hold if server == "1" else 1 - hold
        walk(one + 1, two, chance * one_wins)
        walk(one, two + 1, chance * (1 - one_wins))

    walk(0, 0, Fraction(1))
    return found


def test_tennis_returns_against_a_count_of_the_first_game_and_the_set():
    game = registry.get(TENNIS)
    serve = SERVES["1"]
    # The first game: every way to 4 points with at most 2 lost, then every deuce game
    # of 8 and of 10 or more points, player 1 serving.
    first_games = []
    for winner in "12":
        mine = serve if winner == "1" else 1 - serve
        for lost in range(3):
            for spots in itertools.combinations(range(3 + lost), lost):
                points = [
                    winner if i not in spots else ("2" if winner == "1" else "1")
                    for i in range(3 + lost)
                ]
                chance = mine**4 * (1 - mine) ** lost
                first_games.append((chance, "".join(points) + winner))
    deuce = comb(6, 3) * serve**3 * (1 - serve) ** 3
    split = 2 * serve * (1 - serve)
    for spots in itertools.combinations(range(6), 3):
        level = "".join("1" if i in spots else "2" for i in range(6))  # 40:40
        for winner in "12":
            mine = serve if winner == "1" else 1 - serve
            first_games.append((deuce / 20 * mine**2, level + winner * 2))
            first_games.append(
                (deuce / 20 * split / (1 - split) * mine**2, level + "12" + winner * 2)
            )
    assert sum(chance for chance, _ in first_games) == 1
    sets = every_set_score()
    assert sum(sets.values()) == 1
    assert sets[(6, 0)] == registry.get(TENNIS).chances("set-score")["6:0"]
    # The first game's bets, on matches whose rest is any set.
    tail = "2222" * 6
    for code in ("next-point", "game-points", "game-winner", "deuce", "game-score"):
        outcomes = [(chance, {"points": points + tail}) for chance, points in first_games]
        assert game.rtp(code) == returned(game, code, outcomes), code
    # The set's bets, on a match of each final score.
    for code in ("match-winner", "set-score"):
        prices = game.prices[code]
        expected = sum(
            (
                sets[tuple(map(int, key.split(":")))]
                if code == "set-score"
                else sum(c for (a, b), c in sets.items() if (a > b) == (key == "1"))
            )
            * p
            / 100
            for key, p in prices.items()
        ) / len(prices)
        assert game.rtp(code) == expected, code


# --- Virtual Football ----------------------------------------------------------------------------


def football_match(h1: int, a1: int, h2: int, a2: int, **events) -> dict:
    """A match with these goals per half (home's first in each half) and these events."""
    goals = [{"minute": 10 + i, "side": "home"} for i in range(h1)]
    goals += [{"minute": 30 + i, "side": "away"} for i in range(a1)]
    goals += [{"minute": 50 + i, "side": "home"} for i in range(h2)]
    goals += [{"minute": 70 + i, "side": "away"} for i in range(a2)]
    never = [False, False]
    return {
        "goals": goals,
        "yellow": events.get("yellow", never),
        "red": events.get("red", never),
        "penalty": events.get("penalty", never),
    }


def test_football_bets_on_a_constructed_match():
    m = football_match(1, 1, 2, 0, yellow=[False, True], penalty=[True, False])  # 3:1, 1:1 at half
    F = FOOTBALL
    assert registry.get(F).describe(m) == "3:1 (half-time 1:1)"
    won = {
        "score": "3:1",
        "score-1h": "1:1",
        "score-2h": "2:0",
        "result": "1",
        "result-1h": "X",
        "double": "1X",
        "double-1h": "X2",
        "total": "over 3.5",
        "total-1h": "over 1.5",
        "handicap": "home -1.5",
        "margin": "home 2",
        "scorers": "both",
        "team-scores": "away yes",
        "goals": "4",
        "home-goals": "3+",
        "away-goals": "1",
        "result-total": "1 over 2.5",
        "result-scorers": "1 both",
        "home-total": "over 2.5",
        "away-total": "exactly 1",
        "odd-even": "even",
        "ht-ft": "X/1",
        "first-goal-time": "1-15",
        "first-goal": "home",
        "yellow": "yes",
        "yellow-1h": "no",
        "penalty-1h": "yes",
        "red": "no",
    }
    for code, pick in won.items():
        assert pays(F, code, pick, m) == price(F, code, pick), code
    lost = {
        "score": "1:3",
        "result": "2",
        "result-1h": "1",
        "double": "X2",
        "total": "under 3.5",
        "handicap": "home -2.5",
        "margin": "home 1",
        "scorers": "not both",
        "goals": "3",
        "ht-ft": "1/1",
        "first-goal-time": "16-30",
        "first-goal": "away",
        "yellow-1h": "yes",
        "penalty": "no",
        "odd-even": "odd",
        "away-total": "over 1.5",
    }
    for code, pick in lost.items():
        assert pays(F, code, pick, m) == 0, code
    goalless = football_match(0, 0, 0, 0)
    for code, pick in (("first-goal", "none"), ("first-goal-time", "none"), ("scorers", "none")):
        assert pays(F, code, pick, goalless) == price(F, code, pick)
    # The first goal is the match's: a second-half goal when the first half has none.
    late = football_match(0, 0, 0, 1)
    assert pays(F, "first-goal", "away", late) == price(F, "first-goal", "away")
    assert pays(F, "first-goal-1h", "none", late) == price(F, "first-goal-1h", "none")
    assert pays(F, "first-goal-time", "61-75", late) == price(F, "first-goal-time", "61-75")


def half_chances(table) -> dict[int, Fraction]:
    total = sum(w for _, w in table)
    return {goals: Fraction(w, total) for goals, w in table}


def test_football_returns_against_every_score_of_both_halves():
    game = registry.get(FOOTBALL)
    home, away = half_chances(HOME_GOALS), half_chances(AWAY_GOALS)
    matches = [
        (home[h1] * away[a1] * home[h2] * away[a2], football_match(h1, a1, h2, a2))
        for h1, a1, h2, a2 in itertools.product(home, away, home, away)
    ]
    assert sum(c for c, _ in matches) == 1
    on_scores = [
        t.code
        for t in game.bet_types
        if not t.code.startswith(("first-goal", "yellow", "red", "penalty"))
    ]
    assert len(on_scores) == 34
    for code in on_scores:
        assert game.rtp(code) == returned(game, code, matches), code


def test_football_first_goal_against_every_order_and_minute():
    game = registry.get(FOOTBALL)
    home, away = half_chances(HOME_GOALS), half_chances(AWAY_GOALS)
    sides_first, sides_half, spells = (
        defaultdict(Fraction),
        defaultdict(Fraction),
        defaultdict(Fraction),
    )
    for h1, a1, h2, a2 in itertools.product(home, away, home, away):
        chance = home[h1] * away[a1] * home[h2] * away[a2]
        # Each distinct order of a half's goals is as likely as any other.
        for half, (h, a) in enumerate(((h1, a1), (h2, a2))):
            # An order is where the home goals fall among the half's goals.
            orders = list(itertools.combinations(range(h + a), h))
            for order in orders if h + a else ():
                first = "home" if 0 in order else "away"
                if half == 0:
                    sides_half[first] += chance / len(orders)
                if half == 0 or h1 + a1 == 0:
                    sides_first[first] += chance / len(orders)
        if h1 + a1 == 0:
            sides_half["none"] += chance
        if h1 + a1 + h2 + a2 == 0:
            sides_first["none"] += chance
            spells["none"] += chance
            continue
        k, offset = (h1 + a1, 0) if h1 + a1 else (h2 + a2, 45)
        for minute in range(1, 46):  # the first of k distinct minutes of 45 is this one
            share = Fraction(comb(45 - minute, k - 1), comb(45, k))
            start = (offset + minute - 1) // 15 * 15 + 1
            spells[f"{start}-{start + 14}"] += chance * share
    for code, chances in (
        ("first-goal", sides_first),
        ("first-goal-1h", sides_half),
        ("first-goal-time", spells),
    ):
        assert dict(game.chances(code)) == dict(chances), code
        prices = game.prices[code]
        expected = sum(chances[k] * p / 100 for k, p in prices.items()) / len(prices)
        assert game.rtp(code) == expected


def test_football_cards_and_penalties_against_the_four_ways_two_halves_go():
    game = registry.get(FOOTBALL)
    for event, seen in EVENTS.items():
        ways = []
        for first, second in itertools.product((True, False), repeat=2):
            chance = (seen if first else 1 - seen) * (seen if second else 1 - seen)
            ways.append((chance, football_match(0, 0, 0, 0, **{event: [first, second]})))
        for code in (event, f"{event}-1h"):
            assert game.rtp(code) == returned(game, code, ways), code


def test_bad_picks_are_refused():
    game = registry.get(FOOTBALL)
    with pytest.raises(ValueError, match="A Exact score bet takes the final score"):
        game.validate_bet("score", {"pick": "9:9"})
    with pytest.raises(ValueError, match="takes yes or no"):
        game.validate_bet("red-1h", {"pick": "no"})  # too likely to be offered at all
    with pytest.raises(ValueError, match="no such bet"):
        registry.get(TABLE).validate_bet("set-score", {"pick": "6:0"})
    assert registry.get(TABLE).validate_bet("winner", {"pick": "B"}) == {"pick": "B"}
