"""What every socket shares: the error every refusal is sent as, frame hygiene, rate limits.

A frame is checked here before any consumer reads it: at most `MAX_FRAME` characters of
text, JSON, an object with a string `type`, nested at most `MAX_DEPTH` deep, and every
string in it encodable (no lone surrogate) and free of NUL (PostgreSQL refuses it). A bad
frame becomes a `ProtocolError`, sent back as `{"type": "error", "code", "message"}`; the
message never echoes the input.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any, ClassVar, TypedDict

MAX_FRAME = 8_192  # characters: the largest valid message (a backgammon play) is far smaller
MAX_DEPTH = 8  # nesting of objects and arrays, the frame itself counting as 1

# Close codes a client acts on: do not reconnect after a block; an exclusion may.
CLOSE_REFUSED = 4403
CLOSE_EXCLUDED = 4409
CLOSE_NOT_FOUND = 4404  # no such game or table: do not reconnect


class ErrorMessage(TypedDict):
    type: str  # always "error"
    code: str
    message: str


class ProtocolError(Exception):
    """A refused frame or action; nothing changed. One subclass per kind of failure."""

    code: ClassVar[str] = "refused"
    default_message: ClassVar[str] = "That was refused."

    def __init__(self, message: str | None = None) -> None:
        self.message = message or self.default_message
        super().__init__(self.message)

    def as_message(self) -> ErrorMessage:
        return {"type": "error", "code": self.code, "message": self.message}


class Malformed(ProtocolError):
    code = "malformed"
    default_message = "That message is not one this table understands."


class TooLarge(ProtocolError):
    code = "too_large"
    default_message = "That message is too large."


class UnknownType(ProtocolError):
    code = "unknown_type"
    default_message = "Unknown message type."


class RateLimited(ProtocolError):
    code = "rate_limited"
    default_message = "Too many messages: slow down a little."


class NotAllowed(ProtocolError):
    code = "not_allowed"
    default_message = "You may not do that here."


class AccountBlocked(ProtocolError):
    code = "blocked"
    default_message = "Your account is blocked."


class AccountExcluded(ProtocolError):
    code = "excluded"
    default_message = "Your account is excluded from play."


class ServerError(ProtocolError):
    code = "server_error"
    default_message = "Something went wrong on our side; nothing was changed. Please try again."


def decode_frame(text: str | None) -> dict[str, Any]:
    """A text frame (None: a binary one) as a JSON object with a string `type`, or a
    ProtocolError."""
    if text is None:
        raise Malformed("Messages are JSON text, not binary.")
    if len(text) > MAX_FRAME:
        raise TooLarge()
    try:
        content = json.loads(text)
    except (ValueError, RecursionError):
        raise Malformed("That message is not valid JSON.") from None
    if not isinstance(content, dict) or not isinstance(content.get("type"), str):
        raise Malformed("Messages are JSON objects with a type.")
    _check_tree(content)
    return content


def _check_tree(content: dict[str, Any]) -> None:
    """Depth and strings, walked without recursion (a frame may be deep by design)."""
    pending: list[tuple[object, int]] = [(content, 1)]
    while pending:
        node, depth = pending.pop()
        if isinstance(node, dict | list):
            if depth > MAX_DEPTH:
                raise Malformed("That message is nested too deeply.")
            children = [*node.keys(), *node.values()] if isinstance(node, dict) else node
            pending.extend((child, depth + 1) for child in children)
        elif isinstance(node, str):
            _check_text(node)


def _check_text(text: str) -> None:
    if "\x00" in text:
        raise Malformed("Text may not contain NUL characters.")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise Malformed("Text must be valid Unicode.") from None


def monotonic() -> float:
    """The limiter's clock (tests replace it)."""
    return time.monotonic()


@dataclass(frozen=True)
class Rate:
    """A burst of `burst` messages, then one every 1/`per_second` seconds."""

    burst: int
    per_second: float


@dataclass
class RateLimiter:
    """Token buckets of one socket, one per kind of message; kinds without a rate pass."""

    rates: dict[str, Rate]
    _buckets: dict[str, tuple[float, float]] = field(default_factory=dict)

    def take(self, kind: str) -> None:
        rate = self.rates.get(kind)
        if rate is None:
            return
        now = monotonic()
        tokens, since = self._buckets.get(kind, (float(rate.burst), now))
        tokens = min(float(rate.burst), tokens + (now - since) * rate.per_second)
        if tokens < 1:
            self._buckets[kind] = (tokens, now)
            raise RateLimited()
        self._buckets[kind] = (tokens - 1, now)
