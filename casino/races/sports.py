"""The virtual sports of the rules as round games: Virtual Tennis (12.60) and Virtual Table
Tennis (12.61); Virtual Football (12.59) is in casino/races/football.py.

A round plays one whole event point by point (or goal by goal) from the round's generator;
every bet is a pick at a fixed price (casino/races/priced.py) on one summary of the event,
a "feature" (the final score, the first game), whose exact distribution the game computes
by walking every way the event can go. How the text was read is in casino/races/RULES.md.
Plain Python: no Django import.
"""

from __future__ import annotations

from abc import abstractmethod
from collections import defaultdict
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import Any, ClassVar

from casino.races.priced import Pick, PricedGame
from casino.rounds import BetType, Outcome, Rng


@dataclass(frozen=True)
class SportBet:
    """A bet on one feature of the event: its picks ((label, key), ...) and whether a
    value of the feature wins a pick."""

    code: str
    name: str
    selection: str
    feature: str
    picks: tuple[tuple[str, str], ...]
    wins: Callable[[Any, str], bool]


class SportsGame(PricedGame):
    """A game of `SportBet`s on the features of one event."""

    board: ClassVar[str] = "match"
    sport_bets: ClassVar[Sequence[SportBet]]

    @abstractmethod
    def feature(self, name: str, outcome: Outcome) -> Hashable:
        """The value of the feature ``name`` in the event ``outcome``."""

    @abstractmethod
    def feature_chances(self, name: str) -> Mapping[Hashable, Fraction]:
        """Every value the feature ``name`` can take, with its exact chance."""

    @cached_property
    def _sport_bets(self) -> dict[str, SportBet]:
        return {bet.code: bet for bet in self.sport_bets}

    def bets(self) -> Sequence[BetType]:
        return [BetType(b.code, b.name, b.selection, "") for b in self.sport_bets]

    def picks(self, bet_type: str) -> Sequence[Pick]:
        return [Pick(label, {"pick": key}, key) for label, key in self._bet(bet_type).picks]

    def chances(self, bet_type: str) -> Mapping[Hashable, Fraction]:
        return self._chances[bet_type]

    @cached_property
    def _chances(self) -> dict[str, dict[Hashable, Fraction]]:
        found: dict[str, dict[Hashable, Fraction]] = {}
        for bet in self.sport_bets:
            values = self.feature_chances(bet.feature)
            found[bet.code] = {
                key: sum(
                    (chance for value, chance in values.items() if bet.wins(value, key)),
                    Fraction(0),
                )
                for _, key in bet.picks
            }
        return found

    def wins(self, bet_type: str, key: Hashable, outcome: Outcome) -> bool:
        bet = self._bet(bet_type)
        return bet.wins(self.feature(bet.feature, outcome), str(key))

    def _bet(self, code: str) -> SportBet:
        try:
            return self._sport_bets[code]
        except KeyError:
            raise ValueError(f"{self.name} has no such bet.") from None


def either(*names: str) -> tuple[tuple[str, str], ...]:
    return tuple((name, name) for name in names)


def point_won(rng: Rng, chance: Fraction) -> bool:
    """A point won with exactly ``chance`` (one `randbelow` over its denominator)."""
    return rng.randbelow(chance.denominator) < chance.numerator


# --- Virtual Table Tennis (12.61) ---------------------------------------------------------------

# Player A wins any point with this chance; the text names no favourite (RULES.md).
TABLE_A = Fraction(11, 20)
TABLE_SCORES = (
    *((7, b) for b in range(6)),
    (8, 6),
    (9, 7),
    (9, 8),
)
Race3 = tuple[int, int, str, str, str]  # A's points, B's, first to 1, to 3, to 7


def table_over(a: int, b: int) -> bool:
    """To 7; from 6:6 on until two ahead, but never past 9 (so 8:8 goes to 9:8)."""
    high = max(a, b)
    return (high >= 7 and abs(a - b) >= 2) or high == 9


def table_point(state: Race3, point: str) -> Race3:
    """The state after one more point won by ``point`` ("A" or "B")."""
    a, b, *firsts = state
    a, b = (a + 1, b) if point == "A" else (a, b + 1)
    reached = a if point == "A" else b
    for i, mark in enumerate((1, 3, 7)):
        if reached == mark and not firsts[i]:
            firsts[i] = point
    return a, b, firsts[0], firsts[1], firsts[2]


def table_walk(points: str) -> Race3:
    """The final score and who first reached 1, 3 and 7 points ("" if nobody did)."""
    state: Race3 = (0, 0, "", "", "")
    for point in points:
        state = table_point(state, point)
    return state


class TableTennis(SportsGame):
    slug = "table-tennis"
    name = "Virtual Table Tennis"
    section = "12.61"
    sport_bets = (
        SportBet(
            "winner",
            "Winner",
            "player A or player B",
            "game",
            (("Player A", "A"), ("Player B", "B")),
            lambda g, key: (g[0] > g[1]) == (key == "A"),
        ),
        SportBet(
            "score",
            "Exact score",
            "the final score, A's points first",
            "game",
            tuple(
                (f"{a}:{b}", f"{a}:{b}")
                for high, low in TABLE_SCORES
                for a, b in ((high, low), (low, high))
            ),
            lambda g, key: f"{g[0]}:{g[1]}" == key,
        ),
        SportBet(
            "first-1-7",
            "First to 1 and to 7",
            "who first reaches 1 point and who first reaches 7",
            "game",
            either("AA", "AB", "BA", "BB"),
            lambda g, key: g[2] + g[4] == key,
        ),
        SportBet(
            "first-1-3-7",
            "First to 1, 3 and 7",
            "who first reaches 1, 3 and 7 points",
            "game",
            either("AAA", "AAB", "ABA", "ABB", "BAA", "BAB", "BBA", "BBB"),
            lambda g, key: g[2] + g[3] + g[4] == key,
        ),
    )

    def outcome(self, rng: Rng) -> Outcome:
        points = ""
        while not table_over(points.count("A"), points.count("B")):
            points += "A" if point_won(rng, TABLE_A) else "B"
        return {"points": points}

    def feature(self, name: str, outcome: Outcome) -> Hashable:
        return table_walk(outcome["points"])

    def feature_chances(self, name: str) -> Mapping[Hashable, Fraction]:
        return self._games

    @cached_property
    def _games(self) -> dict[Hashable, Fraction]:
        """Every game's final score and firsts, walked point by point: a state is the
        score and the firsts so far, all the rest of the game depends on."""
        ended: dict[Hashable, Fraction] = defaultdict(Fraction)
        states: dict[Race3, Fraction] = {(0, 0, "", "", ""): Fraction(1)}
        while states:
            following: dict[Race3, Fraction] = defaultdict(Fraction)
            for state, chance in states.items():
                for point, share in (("A", TABLE_A), ("B", 1 - TABLE_A)):
                    played = table_point(state, point)
                    if table_over(played[0], played[1]):
                        ended[played] += chance * share
                    else:
                        following[played] += chance * share
            states = following
        return dict(ended)

    def describe(self, outcome: Outcome) -> str:
        a, b, *_ = table_walk(outcome["points"])
        return f"A {a}:{b} B"

    def public(self) -> Mapping[str, Any]:
        return {**super().public(), "sport": "table-tennis", "players": ["Player A", "Player B"]}


# --- Virtual Tennis (12.60) -----------------------------------------------------------------

# The chance each player wins a point on their own serve: player 1 a little the stronger.
SERVES = {"1": Fraction(16, 25), "2": Fraction(3, 5)}
OTHER = {"1": "2", "2": "1"}
GAME_CALLS = ("0", "15", "30")
GAME_POINTS_LINES = (4, 5, 7, 9)  # Over/Under 4.5, 5.5, 7.5 (the text's example), 9.5
LONG_GAME = 10  # a first game of 10 points or more: all the lines need to know
SET_SCORES = (*((6, n) for n in range(5)), (7, 5), (7, 6))
FirstGame = tuple[str, str, int]  # winner, the loser's call or "deuce", points (to 10)


@dataclass
class Tennis:
    """A one-set match replayed point by point: the games won so far and the points of
    the game (or tie-break) being played. Player 1 serves first."""

    games: dict[str, int]
    points: dict[str, int]
    first_game: FirstGame | None = None
    deuce: bool = False

    @classmethod
    def start(cls) -> Tennis:
        return cls({"1": 0, "2": 0}, {"1": 0, "2": 0})

    @property
    def tiebreak(self) -> bool:
        return self.games == {"1": 6, "2": 6}

    @property
    def over(self) -> bool:
        one, two = self.games["1"], self.games["2"]
        high, low = max(one, two), min(one, two)
        return (high == 6 and low <= 4) or high == 7

    def server(self) -> str:
        """Games alternate from player 1; in the tie-break, the player due to serve the
        13th game serves one point, then each serves two in turn."""
        played = sum(self.games.values())
        due = "1" if played % 2 == 0 else "2"
        if not self.tiebreak:
            return due
        return due if (sum(self.points.values()) + 1) // 2 % 2 == 0 else OTHER[due]

    def play(self, winner: str) -> None:
        self.points[winner] += 1
        won, lost = self.points[winner], self.points[OTHER[winner]]
        if self.points == {"1": 3, "2": 3}:
            self.deuce = True
        target = 7 if self.tiebreak else 4
        if won >= target and won - lost >= 2:
            if self.first_game is None:
                call = "deuce" if self.deuce else GAME_CALLS[lost]
                self.first_game = (winner, call, min(won + lost, LONG_GAME))
            self.games[winner] += 1
            self.points = {"1": 0, "2": 0}
            self.deuce = False


def tennis_walk(points: str) -> Tennis:
    match = Tennis.start()
    for point in points:
        match.play(point)
    return match


def hold(serve: Fraction) -> Fraction:
    """The chance the server wins a game: to 15 or less, or from deuce (two in a row
    before the receiver does)."""
    lose = 1 - serve
    plain = serve**4 * (1 + 4 * lose + 10 * lose**2)
    return plain + 20 * serve**3 * lose**3 * serve**2 / (serve**2 + lose**2)


def first_games(serve: Fraction) -> dict[Hashable, Fraction]:
    """The first game's winner, the loser's call and its points (10 standing for 10 or
    more), player 1 serving."""
    lose = 1 - serve
    found: dict[Hashable, Fraction] = {}
    for winner, mine, theirs in (("1", serve, lose), ("2", lose, serve)):
        for lost, call in enumerate(GAME_CALLS):
            ways = (1, 4, 10)[lost]  # where the loser's points fall among the first 3 + lost
            found[(winner, call, 4 + lost)] = ways * mine**4 * theirs**lost
        deuce = 20 * serve**3 * lose**3
        split = 2 * serve * lose
        found[(winner, "deuce", 8)] = deuce * mine**2
        found[(winner, "deuce", LONG_GAME)] = deuce * mine**2 * split / (1 - split)
    return found


def tiebreak_won(one: Fraction, two: Fraction, first: str) -> Fraction:
    """The chance player 1 wins a tie-break: ``one`` and ``two`` are each player's chance
    on serve, ``first`` serves the first point. Walked to 6:6, then two points a pair, one
    served by each: the pair is won, lost or shared (back to level)."""
    win_on = {"1": one, "2": 1 - two}  # player 1's chance on each player's serve
    states: dict[tuple[int, int], Fraction] = {(0, 0): Fraction(1)}
    won = Fraction(0)
    for played in range(12):
        server = first if (played + 1) // 2 % 2 == 0 else OTHER[first]
        following: dict[tuple[int, int], Fraction] = defaultdict(Fraction)
        for (a, b), chance in states.items():
            for a2, b2, share in ((a + 1, b, win_on[server]), (a, b + 1, 1 - win_on[server])):
                if a2 == 7:
                    won += chance * share
                elif b2 < 7:
                    following[(a2, b2)] += chance * share
        states = following
    level = states.get((6, 6), Fraction(0))
    both, neither = one * (1 - two), (1 - one) * two
    return won + level * both / (both + neither)


def set_scores() -> dict[Hashable, Fraction]:
    """Every final score of the set, games walked one by one, the serve alternating."""
    held = {player: hold(serve) for player, serve in SERVES.items()}
    states: dict[tuple[int, int], Fraction] = {(0, 0): Fraction(1)}
    ended: dict[Hashable, Fraction] = defaultdict(Fraction)
    while states:
        following: dict[tuple[int, int], Fraction] = defaultdict(Fraction)
        for (one, two), chance in states.items():
            server = "1" if (one + two) % 2 == 0 else "2"
            if (one, two) == (6, 6):
                won = tiebreak_won(SERVES["1"], SERVES["2"], server)
                ended[(7, 6)] += chance * won
                ended[(6, 7)] += chance * (1 - won)
                continue
            one_wins = held["1"] if server == "1" else 1 - held["2"]
            for score, share in (((one + 1, two), one_wins), ((one, two + 1), 1 - one_wins)):
                match = Tennis({"1": score[0], "2": score[1]}, {"1": 0, "2": 0})
                (ended if match.over else following)[score] += chance * share
        states = following
    return dict(ended)


def game_score_label(key: str) -> str:
    winner, call = key.split("-")
    if call == "deuce":
        return f"Player {winner} after deuce"
    return f"Player {winner}, 40:{call}" if call != "0" else f"Player {winner} to love"


class VirtualTennis(SportsGame):
    slug = "virtual-tennis"
    name = "Virtual Tennis"
    section = "12.60"
    sport_bets = (
        SportBet(
            "next-point",
            "Next point",
            "who wins the first point",
            "first-point",
            (("Player 1", "1"), ("Player 2", "2")),
            lambda winner, key: winner == key,
        ),
        SportBet(
            "game-points",
            "Points in the game",
            "over or under a number of points in the first game",
            "first-game",
            tuple(
                (f"{side} {line}.5", f"{side.lower()}-{line}.5")
                for line in GAME_POINTS_LINES
                for side in ("Over", "Under")
            ),
            lambda game, key: (game[2] > float(key.split("-")[1])) == key.startswith("over"),
        ),
        SportBet(
            "game-winner",
            "Game winner",
            "who wins the first game",
            "first-game",
            (("Player 1", "1"), ("Player 2", "2")),
            lambda game, key: game[0] == key,
        ),
        SportBet(
            "match-winner",
            "Set and match winner",
            "who wins the match (one set)",
            "set",
            (("Player 1", "1"), ("Player 2", "2")),
            lambda score, key: (score[0] > score[1]) == (key == "1"),
        ),
        SportBet(
            "deuce",
            "Equal score",
            "whether the first game reaches 40:40",
            "first-game",
            (("Yes", "yes"), ("No", "no")),
            lambda game, key: (game[1] == "deuce") == (key == "yes"),
        ),
        SportBet(
            "game-score",
            "Exact score of the game",
            "the winner of the first game and the loser's score",
            "first-game",
            tuple(
                (game_score_label(f"{w}-{call}"), f"{w}-{call}")
                for w in ("1", "2")
                for call in (*GAME_CALLS, "deuce")
            ),
            lambda game, key: f"{game[0]}-{game[1]}" == key,
        ),
        SportBet(
            "set-score",
            "Exact score of the match",
            "the games of the set, player 1's first",
            "set",
            tuple(
                (f"{a}:{b}", f"{a}:{b}")
                for high, low in SET_SCORES
                for a, b in ((high, low), (low, high))
            ),
            lambda score, key: f"{score[0]}:{score[1]}" == key,
        ),
    )

    def outcome(self, rng: Rng) -> Outcome:
        match, points = Tennis.start(), ""
        while not match.over:
            server = match.server()
            point = server if point_won(rng, SERVES[server]) else OTHER[server]
            match.play(point)
            points += point
        return {"points": points}

    def feature(self, name: str, outcome: Outcome) -> Hashable:
        points: str = outcome["points"]
        if name == "first-point":
            return points[0]
        match = tennis_walk(points)
        if name == "first-game":
            return match.first_game
        return match.games["1"], match.games["2"]

    def feature_chances(self, name: str) -> Mapping[Hashable, Fraction]:
        if name == "first-point":
            return {"1": SERVES["1"], "2": 1 - SERVES["1"]}
        if name == "first-game":
            return first_games(SERVES["1"])
        return self._sets

    @cached_property
    def _sets(self) -> dict[Hashable, Fraction]:
        return set_scores()

    def describe(self, outcome: Outcome) -> str:
        match = tennis_walk(outcome["points"])
        return f"{match.games['1']}:{match.games['2']}"

    def public(self) -> Mapping[str, Any]:
        return {**super().public(), "sport": "tennis", "players": ["Player 1", "Player 2"]}


SPORTS: tuple[SportsGame, ...] = (VirtualTennis(), TableTennis())
