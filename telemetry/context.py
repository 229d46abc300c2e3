"""Which request, socket or task, and which game or round, a log line is about.

Context variables, so each request (a thread under ASGI), socket (a task of the event loop)
and Celery task sees its own; `ContextFilter` puts them on every log record, where the
formatters of `config.logs` write them.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, TypeVar, cast

F = TypeVar("F", bound=Callable[..., Any])

FIELDS = ("request_id", "task_id", "game_id", "round_id")
_fields: dict[str, ContextVar[Any]] = {name: ContextVar(name, default=None) for name in FIELDS}
# The request being served, read by the log formatters to keep its secrets out of the logs.
_request: ContextVar[Any] = ContextVar("request", default=None)


@contextmanager
def bound(**fields: Any) -> Iterator[None]:
    """Within the block, log lines carry these fields (those given as None are left as
    they are): `with bound(game_id=game.pk): ...`."""
    unknown = set(fields) - set(FIELDS)
    if unknown:
        raise ValueError(f"not a log context field: {', '.join(sorted(unknown))}")
    tokens = [
        (_fields[name], _fields[name].set(value))
        for name, value in fields.items()
        if value is not None
    ]
    try:
        yield
    finally:
        for var, token in reversed(tokens):
            var.reset(token)


@contextmanager
def serving(request: Any) -> Iterator[None]:
    token = _request.set(request)
    try:
        yield
    finally:
        _request.reset(token)


def current() -> dict[str, Any]:
    """The fields set now."""
    return {name: var.get() for name, var in _fields.items() if var.get() is not None}


def current_request() -> Any:
    return _request.get()


def set_task(task_id: str | None) -> None:
    """A Celery task starts (its id) or ends (None); no block to bind it in there."""
    _fields["task_id"].set(task_id)


class ContextFilter(logging.Filter):
    """Adds the context's fields to each record (an explicit `extra=` wins)."""

    def filter(self, record: logging.LogRecord) -> bool:
        for name, var in _fields.items():
            if getattr(record, name, None) is None:
                setattr(record, name, var.get())
        return True


def about(field: str) -> Callable[[F], F]:
    """A function whose first argument is the id of a game (`about("game_id")`) or round:
    every line logged while it runs carries that id."""

    def decorate(function: F) -> F:
        @functools.wraps(function)
        def bound_call(subject: Any, *args: Any, **kwargs: Any) -> Any:
            with bound(**{field: subject}):
                return function(subject, *args, **kwargs)

        return cast(F, bound_call)

    return decorate
