"""The round contract: what every house round game is (docs/architecture.md, "House rounds").

A `RoundGame` knows its rules and nothing else: how a round's outcome follows from the
round's chain link, which bets it takes (bet types as data), whether a selection is a bet
it takes, what a bet pays on an outcome, and the exact return to player of every bet
type. The runtime (casino/services.py, tasks, pages, reports) drives every game through
this contract and never names a game.

Conventions every game keeps:

- An outcome and a selection are JSON objects (dicts of JSON values), stored as they are
  on the round and the bet and shown on the fairness and history pages.
- The outcome is computed once, when the round is scheduled, by `committed_outcome` from
  the round's link, the chain's public salt and the round number. The default draws from
  the platform's one published generator, ``Rng(seed=link, salt=f"{salt}:{slug}",
  nonce=number)`` (games/rng.py), so anyone holding the revealed link can replay it;
  Crash overrides it with its own published formula.
- Money is in integer minor units. `payout` is what a bet returns, its stake included
  (0 for a lost bet, the stake for a push), floored: the house never pays a fraction
  more than the odds say. The runtime caps it at the game's maximum win.
- A bet type's return to player does not depend on the selection: where it would (a Sic
  Bo total of 4 pays more than a total of 10), the game declares one bet type per odds.
- A bet type lists its selections (`selections`), each with the label the bet slip shows,
  unless they are too many to list (Keno's numbers, Crash's cash-out): then the game
  checks them itself in `validate_bet`.
- `rtp` is exact (a `Fraction`), from the outcome distribution by enumeration or
  combinatorics, never by simulation: by default from `distribution`.
- A game with a peek (War of Bets, Peek Baccarat) has two betting windows: its cadence's
  ``peek_seconds`` before bets close, `peek` shows part of the committed outcome (the
  Player's card), the bet types of the first window close and those marked ``after_peek``
  open until the close. The outcome stays committed in advance; the peek only shows part
  of it early, and nothing shows it before its time.

Plain Python: no Django import.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_EVEN, Decimal
from fractions import Fraction
from typing import Any, ClassVar

from games.rng import Rng

__all__ = [
    "RTP_STAKE",
    "BetType",
    "Cadence",
    "Outcome",
    "Rng",
    "RoundGame",
    "Selection",
    "odds_payout",
    "rtp_percent",
    "weighted",
]

Outcome = dict[str, Any]
Selection = dict[str, Any]


@dataclass(frozen=True)
class Cadence:
    """When a game's rounds fall: one every ``every_seconds`` on whole multiples of it
    (so every server agrees without talking), bets close ``closes_before_seconds`` before
    the draw, and the page animates the result for ``show_seconds`` after it."""

    every_seconds: int
    closes_before_seconds: int
    show_seconds: int = 6
    # False: the draws fall on the multiples themselves (Keno's on the minute); True: at
    # the game's own phase past them (casino.services.draw_phase), spreading the games.
    spread: bool = True
    # A game with a peek: how long before bets close the peek shows, closing the first
    # window and opening the second; 0 for a game with one window.
    peek_seconds: int = 0

    def __post_init__(self) -> None:
        if not 0 <= self.closes_before_seconds < self.every_seconds:
            raise ValueError("bets must close after the previous draw and before the next")
        if not 0 <= self.peek_seconds < self.every_seconds - self.closes_before_seconds:
            raise ValueError("the peek must fall inside the betting window")


@dataclass(frozen=True)
class BetType:
    """One kind of bet a game takes, as players read it on the bet slip and rules page.

    ``selection`` says what the player chooses ("one number from 0 to 36", "nothing");
    ``odds`` is the published price ("35:1", "1:1, half back on zero"); ``after_peek``:
    taken in the second window, after the peek, instead of the first.
    """

    code: str
    name: str
    selection: str
    odds: str
    description: str = ""
    after_peek: bool = False


class RoundGame(ABC):
    """One house round game. Subclasses set the class attributes and the four rules."""

    slug: ClassVar[str]  # URL and storage name: "roulette-european"; never changes
    name: ClassVar[str]  # what players read: "European Roulette"
    board: ClassVar[str]  # which drawing the page uses: "wheel", "dice", "crash", "keno"
    section: ClassVar[str] = ""  # the section of the rules it implements: "12.1"
    # None: rounds follow one another, each opening when the last one ends (Crash), and
    # the game's own cycle drives them; otherwise the draw cycle runs it on this cadence.
    cadence: ClassVar[Cadence | None]
    bet_types: Sequence[BetType]  # a class attribute, or set per instance (Keno's prices)
    # How many different bets one player may have on a round (a text's "2 bets during a
    # round"); the same bet placed again adds to it (a text's "x2"). None: no limit.
    bets_per_round: ClassVar[int | None] = None

    # --- the outcome ----------------------------------------------------------------------

    def outcome(self, rng: Rng) -> Outcome:
        """The round's result drawn from its generator."""
        raise NotImplementedError(f"{self.slug} draws its outcome in committed_outcome")

    def committed_outcome(self, link: bytes, salt: str, number: int) -> Outcome:
        """The outcome of round ``number`` played with ``link``; what verification redoes."""
        return self.outcome(Rng(seed=link, salt=f"{salt}:{self.slug}", nonce=number))

    # What the peek shows, as players read it ("the Player's card"); a game with a peek
    # names it.
    peek_name: ClassVar[str] = ""

    def peek(self, outcome: Outcome) -> Outcome | None:
        """The part of ``outcome`` shown at the peek (JSON-ready), or None for a game with
        one betting window."""
        return None

    def not_offered(self, bet_type: str, outcome: Outcome) -> bool:
        """True where the table does not offer a second-window bet on what the peek shows
        of ``outcome`` (it cannot win there, or would only give the stake back): refused
        when placed."""
        return False

    def describe(self, outcome: Outcome) -> str:
        """The outcome in a few words for history lines: "17 red", "3 4 6 (13)"."""
        return ", ".join(f"{key} {value}" for key, value in outcome.items())

    def result(self, bet_type: str, selection: Selection, outcome: Outcome) -> dict[str, Any]:
        """What the round made of a bet besides its payout, kept on the bet for its history
        (Keno's hits, the multiplier a Crash bet cashed out at); JSON-ready."""
        return {}

    def describe_result(self, result: Mapping[str, Any]) -> str:
        """`result` in a few words for the player's history: "5 hits"."""
        return ""

    def bet_details(self, selection: Selection, outcome: Outcome) -> dict[str, Any]:
        """What the regulator's round audit shows of a played bet besides its selection,
        stake and payout, spelled out (Keno's picks and hits, how and when a Crash bet
        cashed out); JSON-ready, times as milliseconds of the round's run."""
        return {}

    # --- bets -----------------------------------------------------------------------------

    def bet_type(self, code: object) -> BetType:
        """The bet type of ``code``; ValueError otherwise (never echoing the input)."""
        for bet_type in self.bet_types:
            if bet_type.code == code:
                return bet_type
        raise ValueError(f"{self.name} has no such bet.")

    def selections(self, bet_type: str) -> Sequence[tuple[str, Selection]]:
        """Every selection a bet of ``bet_type`` may take, with its label for the bet slip.

        The default is the one empty selection of a bet with nothing to choose (Red,
        Big, Seven); an empty sequence means the selections are too many to list.
        """
        return (("", {}),)

    def validate_bet(self, bet_type: str, selection: object) -> Selection:
        """The normalised selection of a bet of ``bet_type``, or ValueError with a message
        a player can read ("A Split bet takes two neighbouring numbers.").

        By default a selection is valid when it is one of `selections` (lists compared
        in any order).
        """
        kind = self.bet_type(bet_type)
        if isinstance(selection, dict):
            wanted = _canonical(selection)
            for _, allowed in self.selections(bet_type):
                if _canonical(allowed) == wanted:
                    return allowed
        raise ValueError(f"A {kind.name} bet takes {kind.selection}.")

    def label(self, bet_type: str, selection: Selection) -> str:
        """The bet as the slip and the history name it: "Straight 17", "Red"."""
        name = self.bet_type(bet_type).name
        for label, allowed in self.selections(bet_type):
            if allowed == selection and label:
                return f"{name} {label}"
        return name

    @abstractmethod
    def payout(self, stake: int, bet_type: str, selection: Selection, outcome: Outcome) -> int:
        """What the bet returns on ``outcome`` in minor units, stake included, floored."""

    def distribution(self) -> Iterable[tuple[Fraction, Outcome]]:
        """Every outcome with its exact probability, for the default `rtp`."""
        raise NotImplementedError(f"{self.slug} computes its return to player itself")

    def rtp(self, bet_type: str) -> Fraction:
        """The exact expected return per unit staked on a bet of ``bet_type``: the mean,
        over its selections, of the expected payout of a stake of `RTP_STAKE`."""
        choices = [selection for _, selection in self.selections(bet_type)]
        if not choices:
            raise NotImplementedError(f"{self.slug} computes the return of {bet_type} itself")
        outcomes = list(self.distribution())
        total = sum(
            (
                probability * self.payout(RTP_STAKE, bet_type, selection, outcome)
                for selection in choices
                for probability, outcome in outcomes
            ),
            Fraction(0),
        )
        return total / (RTP_STAKE * len(choices))

    # --- what the page and the rules page show --------------------------------------------

    def public(self) -> Mapping[str, Any]:
        """What the pages need to draw the game and its bet slip, JSON-ready."""
        return {
            "slug": self.slug,
            "name": self.name,
            "board": self.board,
            "bet_types": [
                {
                    "code": t.code,
                    "name": t.name,
                    "selection": t.selection,
                    "odds": t.odds,
                    "after_peek": t.after_peek,
                }
                for t in self.bet_types
            ],
            **({"peek_name": self.peek_name} if self.peek_name else {}),
        }


# A stake every published price divides exactly (1..16, and tenths), so that the floor of
# `payout` takes nothing from the return computed with it.
RTP_STAKE = 720_720_000


def _canonical(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _canonical(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return sorted((_canonical(item) for item in value), key=repr)
    return value


def weighted(rng: Rng, table: Sequence[tuple[int, int]]) -> int:
    """A value of ``table`` ((value, weight), ...) drawn by its weight: one ``randbelow``
    over the total weight, the values taking their weights in order."""
    ticket = rng.randbelow(sum(weight for _, weight in table))
    for value, weight in table:
        if ticket < weight:
            return value
        ticket -= weight
    raise AssertionError("a ticket below the total weight falls on some value")


def odds_payout(stake: int, numerator: int, denominator: int = 1) -> int:
    """A winning bet at odds ``numerator:denominator``: the stake back plus the win, floored."""
    return stake + stake * numerator // denominator


def rtp_percent(value: Fraction) -> str:
    """A return to player as players read it: "97.30" (percent, two decimals, half-even)."""
    percent = Decimal(value.numerator) * 100 / Decimal(value.denominator)
    return str(percent.quantize(Decimal("0.01"), rounding=ROUND_HALF_EVEN))
