"""The table socket's protocol: every message a client may send and the server sends.

Client messages are parsed into the dataclasses below (strict: a field of the wrong type,
or a key the message does not have, is `Malformed`) before anything reaches a service.
Server messages are the TypedDicts; games/messages.py builds state and over, the consumer
the rest. Each refusal is a ProtocolError subclass with its own `code` (realtime/protocol.py
for those every socket shares).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypedDict

from realtime.protocol import (
    AccountBlocked,
    ErrorMessage,
    Malformed,
    NotAllowed,
    ProtocolError,
    Rate,
    RateLimited,
    UnknownType,
)

CHAT_LIMIT = 300  # characters of one chat line

# Per socket. A player acts a few times a second at most; a resync follows a gap or a
# stale move; chat is for people typing.
RATES = {
    "act": Rate(burst=10, per_second=5.0),
    "sync": Rate(burst=5, per_second=1.0),
    "chat": Rate(burst=5, per_second=0.5),
    "resign": Rate(burst=2, per_second=0.2),
    "preview": Rate(burst=10, per_second=5.0),  # a board asks as tiles are laid
    "report": Rate(burst=3, per_second=0.1),
}


# --- client → server --------------------------------------------------------------------


@dataclass(frozen=True)
class Act:
    """A move: `seq` is the move number the player saw, `action` one of its legal actions."""

    seq: int
    action: dict[str, Any]


@dataclass(frozen=True)
class Sync:
    """Send me the whole state again (after a gap, or a stale move)."""

    seq: int | None = None


@dataclass(frozen=True)
class Resign:
    pass


@dataclass(frozen=True)
class Chat:
    text: str


@dataclass(frozen=True)
class Preview:
    """What would this move do? Answered to this socket only, nothing is played (a word
    game's words and score before the player sends the move). `ref` comes back with the
    answer, so a board keeps only the answer to its latest question."""

    ref: int
    action: dict[str, Any]


@dataclass(frozen=True)
class Report:
    """Report another player's chat line (its `id`) to staff."""

    line: int


ClientMessage = Act | Sync | Resign | Chat | Preview | Report


def parse(content: dict[str, Any]) -> ClientMessage:
    """A decoded frame (realtime.protocol.decode_frame) as the message it claims to be."""
    kind = content["type"]
    if kind == "act":
        _only(content, "seq", "action")
        seq, action = content.get("seq"), content.get("action")
        if not _is_int(seq) or not isinstance(action, dict):
            raise Malformed("A move needs the move number (seq) and an action object.")
        return Act(seq, action)
    if kind == "sync":
        _only(content, "seq")
        seq = content.get("seq")
        if seq is not None and not _is_int(seq):
            raise Malformed("sync takes the last move number seen, or nothing.")
        return Sync(seq)
    if kind == "resign":
        _only(content)
        return Resign()
    if kind == "chat":
        _only(content, "text")
        text = content.get("text")
        if not isinstance(text, str) or not text.strip():
            raise Malformed("A chat message needs some text.")
        return Chat(text.strip()[:CHAT_LIMIT])
    if kind == "preview":
        _only(content, "ref", "action")
        ref, action = content.get("ref"), content.get("action")
        if not _is_int(ref) or not isinstance(action, dict):
            raise Malformed("A preview needs a reference number (ref) and an action object.")
        return Preview(ref, action)
    if kind == "report":
        _only(content, "line")
        line = content.get("line")
        if not _is_int(line):
            raise Malformed("A report names the chat message (line) it is about.")
        return Report(line)
    raise UnknownType("Unknown message type: use act, sync, resign, chat, preview or report.")


def _only(content: dict[str, Any], *fields: str) -> None:
    if set(content) - {"type", *fields}:
        raise Malformed("That message has fields it should not have.")


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# --- server → client --------------------------------------------------------------------


class PlayerEntry(TypedDict):
    seat: int
    name: str
    online: bool
    timeouts: int
    disconnected: bool
    bot: bool
    away_until: int | None  # sitting out at a cash table: ms since the epoch its seat is kept


class TableMoney(TypedDict):
    """What the table plays for now, in minor units (a Double stake raises it)."""

    stake: int
    pot: int
    rake: int


class StateMessage(TypedDict):
    """What one audience (a seat, or spectators) may see of the game after move `seq`."""

    type: str  # "state"
    game: int
    slug: str
    seq: int
    seat: int | None
    view: dict[str, Any]
    legal: list[Any]
    to_act: list[int]
    deadline: int | None  # epoch milliseconds
    clocks: dict[str, int]  # by seat number as text; below zero in overtime
    players: list[PlayerEntry]
    status: str
    seed_hash: str
    money: TableMoney


class OverMessage(TypedDict):
    type: str  # "over"
    game: int
    seq: int
    outcome: dict[str, Any] | None
    settlement: dict[str, Any]
    seed: str | None


class PreviewMessage(TypedDict):
    type: str  # "preview"
    ref: int
    preview: dict[str, Any] | None  # the engine's summary; None: this game has no preview


class ChatMessage(TypedDict):
    """One chat line, to the seated players (games/chat.py)."""

    type: str  # "chat"
    id: int
    seat: int
    name: str
    text: str
    at: int  # epoch milliseconds


class ChatLogMessage(TypedDict):
    """The game's last chat lines, sent to a seat when its socket opens."""

    type: str  # "chat_log"
    lines: list[ChatMessage]


class ReportedMessage(TypedDict):
    """The reporter's receipt: staff have the report."""

    type: str  # "reported"
    line: int


ServerMessage = (
    StateMessage | OverMessage | ChatMessage | ChatLogMessage | ReportedMessage | ErrorMessage
)


# --- refusals ---------------------------------------------------------------------------


class Spectator(NotAllowed):
    code = "spectator"
    default_message = "Spectators cannot play or chat at the table."


class Muted(NotAllowed):
    """Staff muted the player's table chat for a time; play goes on."""

    code = "muted"


class Refused(ProtocolError):
    """A service refused the action (services.ActionRejected); nothing changed."""


class Illegal(Refused):
    code = "illegal"


class NotYourTurn(Refused):
    code = "not_your_turn"


class Stale(Refused):
    """The move was made against an older state: resync and try again."""

    code = "stale"


class GameOver(Refused):
    code = "game_over"


class NotSeated(Refused):
    code = "not_seated"


class NotFound(Refused):
    code = "not_found"


class Removed(Refused):
    code = "removed"


class Late(Refused):
    """The move came after the seat's deadline: the rules' timeout was played instead."""

    code = "late"


class InsufficientFunds(Refused):
    """The move carries a fee the player's balance does not cover."""

    code = "insufficient_funds"


class ProtectionRefused(Refused):
    """The player's own limits or exclusion refused a fee or stake."""

    code = "protection"


_REFUSALS: dict[str, type[ProtocolError]] = {
    kind.code: kind
    for kind in (
        Illegal,
        NotYourTurn,
        Stale,
        GameOver,
        NotSeated,
        NotFound,
        Removed,
        Late,
        InsufficientFunds,
        ProtectionRefused,
        AccountBlocked,
        Malformed,
        Muted,
        RateLimited,
    )
}
_REFUSALS["bad_request"] = Malformed


def refusal(code: str, message: str) -> ProtocolError:
    """A service's refusal, reported as (code, message), as the protocol's own type."""
    return _REFUSALS.get(code, Refused)(message)
