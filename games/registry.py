"""The catalogue of game engines: `get(slug)` and `all()` (DESIGN.md, "A game engine")."""

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


@contextmanager
def registered(engine: AnyEngine) -> Iterator[AnyEngine]:
    """Lists `engine` in the catalogue for the duration of the block (a test's toy game).
    Its slug must be new: replacing a real game would leak into other tests."""
    if engine.slug in _ENGINES:
        raise ValueError(f"a game called {engine.slug!r} is already registered")
    _ENGINES[engine.slug] = engine
    try:
        yield engine
    finally:
        del _ENGINES[engine.slug]
