"""The catalogue of game engines: `get(slug)` and `all()` (DESIGN.md, "A game engine")."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from importlib import import_module

from games.engine import Engine

FAMILIES = (
    "games.rps.rules",
    "games.penalty.rules",
    "games.backgammon.rules",
    "games.belote.rules",
)


class UnknownGame(LookupError):
    pass


def _load() -> dict[str, Engine]:
    engines: dict[str, Engine] = {}
    for family in FAMILIES:
        for engine in import_module(family).ENGINES:
            engines[engine.slug] = engine
    return engines


_ENGINES = _load()


def get(slug: str) -> Engine:
    try:
        return _ENGINES[slug]
    except KeyError:
        raise UnknownGame(f"There is no game called {slug!r}.") from None


def all() -> list[Engine]:
    return list(_ENGINES.values())


def register(engine: Engine) -> None:
    """Adds an engine to the catalogue of this process, beside the families above."""
    if engine.slug in _ENGINES:
        raise ValueError(f"There is already a game called {engine.slug!r}.")
    _ENGINES[engine.slug] = engine


@contextmanager
def registered(engine: Engine) -> Iterator[Engine]:
    """The engine is in the catalogue for the block only (tests of a new engine)."""
    register(engine)
    try:
        yield engine
    finally:
        del _ENGINES[engine.slug]
