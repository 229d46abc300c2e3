"""Every house round game, by slug: the one list the runtime, pages and reports loop over.

Plain Python: no Django import. A game is listed here once and nowhere else.
"""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path

from casino.rounds import RoundGame
from staff.versions import rules_version as _version

_GAMES: dict[str, RoundGame] = {}


def _register(*games: RoundGame) -> None:
    for game in games:
        if game.slug in _GAMES:
            raise ValueError(f"two round games are called {game.slug!r}")
        _GAMES[game.slug] = game


def all() -> tuple[RoundGame, ...]:
    """Every round game, in the order the Casino page lists them."""
    return tuple(_GAMES.values())


def get(slug: str) -> RoundGame:
    """The game called ``slug``; LookupError if there is none."""
    try:
        return _GAMES[slug]
    except KeyError:
        raise LookupError(f"no round game is called {slug!r}") from None


@cache
def rules_version(slug: str) -> str:
    """The version of ``slug``'s rules a round records when it is scheduled: its package's
    texts and the rules page's introduction, its modules and the round contract."""
    game = get(slug)
    package = Path(sys.modules[type(game).__module__].__file__ or "").parent
    intro = package.parent / "templates" / "casino" / "rules" / f"{game.board}.html"
    return _version(
        package,
        documents=[*package.glob("*.md"), *([intro] if intro.exists() else [])],
        contract=package.parent / "rounds.py",
    )


# The games register themselves below, after `_register` exists.
from casino.crash.game import CRASH  # noqa: E402
from casino.keno.game import KENO  # noqa: E402

_register(CRASH, KENO)

from casino.roulette.games import ROULETTES  # noqa: E402

_register(*ROULETTES)

from casino.dice.games import DICE_GAMES  # noqa: E402

_register(*DICE_GAMES)

from casino.races.games import RACE_GAMES  # noqa: E402

_register(*RACE_GAMES)
from casino.wheels.games import WHEEL_GAMES  # noqa: E402
from casino.wheels.landlord import PROPERTY_WHEEL  # noqa: E402

_register(*WHEEL_GAMES, PROPERTY_WHEEL)
from casino.numbers.games import NUMBER_GAMES  # noqa: E402

_register(*NUMBER_GAMES)
from casino.cards.games import CARD_GAMES  # noqa: E402

_register(*CARD_GAMES)
