"""Read-only questions for the lobby pages."""

from __future__ import annotations

import dataclasses
from functools import cache

from django.db import connection
from django.db.models import Count, Q, QuerySet

from games import registry
from games.models import Game
from lobby.models import Seat, Table


def open_tables(
    *,
    game: str | None = None,
    min_stake: int | None = None,
    max_stake: int | None = None,
    free_seats: int | None = None,
    options: dict | None = None,
) -> QuerySet[Table]:
    tables = (
        Table.objects.filter(status=Table.Status.WAITING, private=False)
        .annotate(taken=Count("seat_requests", filter=Q(seat_requests__status__in=Seat.ACTIVE)))
        .select_related("creator")
        .order_by("-created")
    )
    if game:
        tables = tables.filter(game_slug=game)
    if min_stake is not None:
        tables = tables.filter(stake__gte=min_stake)
    if max_stake is not None:
        tables = tables.filter(stake__lte=max_stake)
    for name, value in (options or {}).items():
        tables = tables.filter(**{f"options__{name}": value})
    tables = list(tables)
    for table in tables:
        table.free = table.seats - table.taken
        table.game_name, table.option_summary = describe(table.game_slug, table.options)
    if free_seats:
        tables = [t for t in tables if t.free >= free_seats]
    return tables


def live_games(limit: int = 20) -> list[Game]:
    sql, params = _live_games_query(limit)
    games = list(Game.objects.raw(sql, params))
    for game in games:
        game.game_name = registry.get(game.slug).name
    return games


@cache
def _live_games_query(limit: int) -> tuple[str, tuple]:
    """Compiled once per process: the same question on every Lobby page, and building and
    compiling it through the ORM cost more than running it. Only what the page shows: a
    game's state is the largest of its columns."""
    watchable = Game.objects.filter(
        status=Game.Status.PLAYING, private=False, spectators_allowed=True
    ).only("id", "slug", "stake")
    return watchable[:limit].query.sql_with_params()


def games_in_play() -> int:
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT COUNT(*) FROM {Game._meta.db_table} WHERE status = %s",
            [Game.Status.PLAYING],
        )
        return cursor.fetchone()[0]


def my_tables(user) -> list[Table]:
    tables = list(
        Table.objects.filter(seat_requests__player=user, seat_requests__status__in=Seat.ACTIVE)
        .exclude(status=Table.Status.CANCELLED)
        .select_related("game")
        .distinct()
        .order_by("-created")[:20]
    )
    for table in tables:
        table.game_name = registry.get(table.game_slug).name
    return tables


def option_lines(slug: str, options: dict) -> list[tuple[str, str, bool]]:
    """Each option of the game as people read it: (label, value in words, whether it
    differs from the game's default)."""
    engine = registry.get(slug)
    lines = []
    for field in dataclasses.fields(engine.Options):
        meta = field.metadata.get("option")
        if meta is None:
            continue
        value = options.get(field.name, field.default)
        lines.append((meta.label, _in_words(value), value != field.default))
    return lines


def _in_words(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value).replace("_", " ")


def describe(slug: str, options: dict) -> tuple[str, str]:
    """The game's name and the options that differ from its defaults, as people read them."""
    changed = [
        f"{label}: {shown}" for label, shown, differs in option_lines(slug, options) if differs
    ]
    return registry.get(slug).name, ", ".join(changed)


def may_see_table(user, table: Table, session) -> bool:
    """A private table is seen only by those who asked for a seat or followed its invite
    link (remembered in their session); the page and the live socket both ask here."""
    if not table.private:
        return True
    if session.get(f"invite:{table.pk}") == table.invite_code:
        return True
    return table.seat_requests.filter(player=user).exists()
