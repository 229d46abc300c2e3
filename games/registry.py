"""The catalogue of game engines: `get(slug)` and `all()`
(docs/architecture.md, "Engine contract v2")."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from importlib import import_module

from games.engine import AnyEngine

FAMILIES = (
    "games.rps.rules",
    "games.penalty.rules",
    "games.backgammon.rules",
    "games.belote.rules",
    "games.domino.rules",
    "games.rummy.rules",
    "games.spades.rules",
)


class UnknownGame(LookupError):
    pass


def _load() -> dict[str, AnyEngine]:
    engines: dict[str, AnyEngine] = {}
    for family in FAMILIES:
        for engine in import_module(family).ENGINES:
            engines[engine.slug] = engine
    return engines


_ENGINES = _load()


def get(slug: str) -> AnyEngine:
    try:
        return _ENGINES[slug]
    except KeyError:
        raise UnknownGame(f"There is no game called {slug!r}.") from None


def all() -> list[AnyEngine]:
    return list(_ENGINES.values())


def register(engine: AnyEngine) -> None:
    """Adds an engine to this process's catalogue, beside the families above (a server
    started for a test's toy game). Its slug must be new: a real game is never replaced."""
    if engine.slug in _ENGINES:
        raise ValueError(f"a game called {engine.slug!r} is already registered")
    _ENGINES[engine.slug] = engine


@contextmanager
def registered(engine: AnyEngine) -> Iterator[AnyEngine]:
    """Lists `engine` in the catalogue for the duration of the block (a test's toy game)."""
    register(engine)
    try:
        yield engine
    finally:
        del _ENGINES[engine.slug]
