"""The catalogue of game engines: `get(slug)` and `all()`
(docs/architecture.md, "Engine contract v2")."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from importlib import import_module
from pathlib import Path

from games.engine import AnyEngine
from staff.versions import rules_version as _version

FAMILIES = (
    "games.rps.rules",
    "games.penalty.rules",
    "games.backgammon.rules",
    "games.belote.rules",
    "games.domino.rules",
    "games.rummy.rules",
    "games.spades.rules",
    "games.poker.rules",
    "games.poker.tournament",
    "games.words.rules",
)


class UnknownGame(LookupError):
    pass


@cache
def _engines() -> dict[str, AnyEngine]:
    """Every family's engines, loaded at the first question: a program that needs one game
    (scripts/verify.py) imports this module without the others' dependencies (PokerKit)."""
    engines: dict[str, AnyEngine] = {}
    for family in FAMILIES:
        for engine in import_module(family).ENGINES:
            engines[engine.slug] = engine
    return engines


def get(slug: str) -> AnyEngine:
    try:
        return _engines()[slug]
    except KeyError:
        raise UnknownGame(f"There is no game called {slug!r}.") from None


def all() -> list[AnyEngine]:
    """The catalogue: every engine but those played only as a tournament's table."""
    return [engine for engine in _engines().values() if not engine.tournament_only]


def tournament_tables() -> list[AnyEngine]:
    """The engines played only as a tournament's one table (poker tournaments)."""
    return [engine for engine in _engines().values() if engine.tournament_only]


@cache
def rules_version(slug: str) -> str:
    """The version of ``slug``'s rules a game records when it starts: its family's
    RULES.md, the family's modules and the engine contract they implement."""
    module = sys.modules[type(get(slug)).__module__]
    package = Path(module.__file__ or "").parent
    return _version(
        package,
        documents=package.glob("*.md"),
        contract=Path(__file__).resolve().parent / "engine.py",
    )


def register(engine: AnyEngine) -> None:
    """Adds an engine to this process's catalogue, beside the families above (a server
    started for a test's toy game). Its slug must be new: a real game is never replaced."""
    if engine.slug in _engines():
        raise ValueError(f"a game called {engine.slug!r} is already registered")
    _engines()[engine.slug] = engine


@contextmanager
def registered(engine: AnyEngine) -> Iterator[AnyEngine]:
    """Lists `engine` in the catalogue for the duration of the block (a test's toy game)."""
    register(engine)
    try:
        yield engine
    finally:
        del _engines()[engine.slug]
