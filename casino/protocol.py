"""The Crash and Keno sockets' protocol: what a client may send, what the socket answers.

Parsed strictly before any service is called; amounts arrive as the player typed them
("25" or "25.50") and become minor units here, never through a float. Round events
(betting, start, tick, crash...) are built by casino.services and relayed as they are.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypedDict

from realtime.protocol import Malformed, ProtocolError, Rate, UnknownType
from wallet.money import parse_major

# Per socket. One bet and one cash-out a round is the usual pace; sync follows each round.
RATES = {
    "sync": Rate(burst=5, per_second=1.0),
    "bet": Rate(burst=5, per_second=2.0),
    "cash_out": Rate(burst=5, per_second=2.0),
    "autobet": Rate(burst=3, per_second=0.5),
    "stop_autobet": Rate(burst=3, per_second=0.5),
}


class InvalidAmount(ProtocolError):
    code = "invalid_amount"
    default_message = "Enter an amount such as 25 or 25.50."


class Refused(ProtocolError):
    """The round or the wallet refused the action; nothing changed."""

    code = "refused"


class ProtectionRefused(Refused):
    """The player's own limits, reality check or exclusion refused the stake."""

    code = "protection"


class LoginRequired(ProtocolError):
    code = "login_required"
    default_message = "Log in to play."


# --- client → server --------------------------------------------------------------------


@dataclass(frozen=True)
class Sync:
    pass


@dataclass(frozen=True)
class Bet:
    amount: int  # minor units
    auto_cash_out: str | None  # odds as typed ("2", "1.50"), parsed by the service
    next_round: bool


@dataclass(frozen=True)
class CashOut:
    pass


@dataclass(frozen=True)
class Autobet:
    base_bet: int  # minor units
    total_bets_limit: int  # minor units
    on_win: str
    on_loss: str
    auto_cash_out: str | None


@dataclass(frozen=True)
class StopAutobet:
    pass


CrashMessage = Sync | Bet | CashOut | Autobet | StopAutobet


def parse_crash(content: dict[str, Any]) -> CrashMessage:
    kind = content["type"]
    if kind == "sync":
        return Sync()
    if kind == "bet":
        _only(content, "amount", "auto_cash_out", "next_round")
        next_round = content.get("next_round", False)
        if not isinstance(next_round, bool):
            raise Malformed("next_round is true or false.")
        return Bet(_amount(content.get("amount")), _odds(content.get("auto_cash_out")), next_round)
    if kind == "cash_out":
        _only(content)
        return CashOut()
    if kind == "autobet":
        _only(content, "base_bet", "total_bets_limit", "on_win", "on_loss", "auto_cash_out")
        on_win, on_loss = content.get("on_win"), content.get("on_loss")
        if not isinstance(on_win, str) or not isinstance(on_loss, str):
            raise Malformed("Autobet needs what to do on a win and on a loss.")
        return Autobet(
            _amount(content.get("base_bet")),
            _amount(content.get("total_bets_limit")),
            on_win,
            on_loss,
            _odds(content.get("auto_cash_out")),
        )
    if kind == "stop_autobet":
        _only(content)
        return StopAutobet()
    raise UnknownType("Unknown message type: use sync, bet, cash_out, autobet or stop_autobet.")


@dataclass(frozen=True)
class SlipBet:
    bet_type: str
    selection: dict[str, Any]
    stake: int  # minor units


@dataclass(frozen=True)
class Slip:
    """Bets placed together on a round game's next round; ``slip`` makes a resend safe."""

    slip: str
    bets: tuple[SlipBet, ...]


MAX_SLIP_BETS = 50


def parse_round_game(content: dict[str, Any]) -> Sync | Slip:
    """A contract round game's socket: watch (sync) or place a slip of bets (bet)."""
    kind = content["type"]
    if kind == "sync":
        return Sync()
    if kind != "bet":
        raise UnknownType("Unknown message type: use sync or bet.")
    _only(content, "slip", "bets")
    slip, bets = content.get("slip"), content.get("bets")
    if not isinstance(slip, str) or not 1 <= len(slip) <= 40:
        raise Malformed("A bet slip needs its id.")
    if not isinstance(bets, list) or not 1 <= len(bets) <= MAX_SLIP_BETS:
        raise Malformed(f"A slip holds 1 to {MAX_SLIP_BETS} bets.")
    return Slip(slip, tuple(_slip_bet(bet) for bet in bets))


def _slip_bet(bet: object) -> SlipBet:
    if not isinstance(bet, dict) or set(bet) - {"bet_type", "selection", "stake"}:
        raise Malformed("Each bet has a bet_type, a selection and a stake.")
    bet_type, selection = bet.get("bet_type"), bet.get("selection", {})
    if not isinstance(bet_type, str) or not 1 <= len(bet_type) <= 40:
        raise Malformed("Each bet names its bet type.")
    if not isinstance(selection, dict):
        raise Malformed("A bet's selection is an object.")
    return SlipBet(bet_type, selection, _amount(bet.get("stake")))


def parse_keno(content: dict[str, Any]) -> Sync:
    if content["type"] == "sync":
        return Sync()
    raise UnknownType("Unknown message type: this socket only watches (sync).")


def _only(content: dict[str, Any], *fields: str) -> None:
    if set(content) - {"type", *fields}:
        raise Malformed("That message has fields it should not have.")


def _amount(value: object) -> int:
    """An amount as typed, in major units, as minor units; floats are refused."""
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise InvalidAmount()
    try:
        return parse_major(str(value))
    except ValueError as error:
        raise InvalidAmount(str(error)) from None


def _odds(value: object) -> str | None:
    if value is None or value == "":
        return None
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise Malformed("Odds are written as text, such as 2 or 1.50.")
    return str(value)


# --- server → client --------------------------------------------------------------------


class Accepted(TypedDict, total=False):
    """The answer to bet, cash_out, autobet and stop_autobet; the other keys depend on
    the action (a bet's view, a cash-out's multiplier and payout, a run's next bet)."""

    type: str  # "accepted"
    action: str
    round: int
    multiplier: int
    payout: int
    current_bet: int
    # a bet's view (BetView)
    player: str
    amount: int
    amount_text: str
    auto_cash_out: int | None
    cashed_out_at: int | None
    status: str


class BetView(TypedDict):
    player: str
    amount: int
    amount_text: str
    auto_cash_out: int | None  # hundredths
    cashed_out_at: int | None  # hundredths
    status: str
    payout: int


class CrashRoundView(TypedDict):
    number: int
    state: str
    closes_at_ms: int
    started_at_ms: int | None
    bets: list[BetView]


class CrashState(TypedDict, total=False):
    """The snapshot on connecting and on sync; `mine` and `autobet` for a logged-in player."""

    type: str  # "state"
    now_ms: int
    round: CrashRoundView | None
    history: list[dict[str, int]]
    limits: dict[str, int]
    me: str  # the player's public name, for a logged-in player
    mine: list[dict[str, Any]]
    autobet: dict[str, Any] | None


class Betting(TypedDict):
    type: str  # "betting"
    round: int
    closes_at_ms: int
    bets: list[BetView]


class BetPlaced(BetView):
    type: str  # "bet"
    round: int


class Start(TypedDict):
    type: str  # "start"
    round: int
    started_at_ms: int


class Tick(TypedDict):
    type: str  # "tick"
    round: int
    elapsed_ms: int
    multiplier: int  # hundredths
    cashouts: list[dict[str, Any]]


class CashedOut(TypedDict):
    type: str  # "cashout"
    round: int
    player: str
    multiplier: int


class Crashed(TypedDict):
    type: str  # "crash"
    round: int
    crash_point: int


class Settled(TypedDict):
    type: str  # "settled"
    round: int
    crash_point: int
    link: str  # the round's hash-chain link, hex
    winners: int


class NextDraw(TypedDict):
    round: int
    starts_at_ms: int
    closes_at_ms: int


class KenoTicketResult(TypedDict):
    round: int
    numbers: list[int]
    amount: int
    hits: int | None
    payout: int


class KenoState(TypedDict):
    type: str  # "state"
    now_ms: int
    next: NextDraw | None
    mine: list[KenoTicketResult]  # the player's tickets on the last draw played


# Every message the Crash socket sends, by type (errors: realtime.protocol.ErrorMessage).
CRASH_SERVER_MESSAGES: dict[str, type] = {
    "state": CrashState,
    "accepted": Accepted,
    "betting": Betting,
    "bet": BetPlaced,
    "start": Start,
    "tick": Tick,
    "cashout": CashedOut,
    "crash": Crashed,
    "settled": Settled,
}


class _RoundTimes(TypedDict):
    round: int
    closes_at_ms: int
    draws_at_ms: int


class RoundTimes(_RoundTimes, total=False):
    # A game with a peek: when it shows and the second window opens. (A total=False class
    # rather than NotRequired, which the postponed annotations here would hide.)
    peeks_at_ms: int


class RoundGameBet(TypedDict):
    id: int
    round: int
    bet_type: str
    label: str
    selection: dict[str, Any]
    stake: int
    stake_text: str
    payout: int
    payout_text: str
    status: str


class RoundGameState(TypedDict):
    """The snapshot of a contract round game on connecting and on sync."""

    type: str  # "state"
    game: dict[str, Any]  # RoundGame.public()
    now_ms: int
    # RoundTimes with number, state and peek (what the peek shows, once shown; else None)
    round: dict[str, Any] | None
    history: list[dict[str, Any]]  # round, outcome, text
    limits: dict[str, Any]
    mine: list[RoundGameBet]
    balance: int | None
    balance_text: str  # for a logged-in player


class Placed(TypedDict):
    type: str  # "placed"
    slip: str
    bets: list[RoundGameBet]
    balance: int
    balance_text: str


class Opened(RoundTimes):
    type: str  # "open"


class Result(TypedDict):
    type: str  # "result"
    round: int
    outcome: dict[str, Any]
    text: str
    link: str


class Balance(TypedDict):
    type: str  # "balance", to the player's own sockets
    balance: int
    text: str


# Keno is drawn by the draw cycle of every game on a cadence: its socket hears the same
# "open" and "result" ({"balls": [...]} as the outcome) and answers "state" its own way.
KENO_SERVER_MESSAGES: dict[str, type] = {"state": KenoState, "open": Opened, "result": Result}

ROUND_GAME_SERVER_MESSAGES: dict[str, type] = {
    "state": RoundGameState,
    "placed": Placed,
    "open": Opened,
    "result": Result,
    "balance": Balance,
}
