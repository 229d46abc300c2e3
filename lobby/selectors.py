"""Read-only questions for the lobby pages."""

from __future__ import annotations

import dataclasses
from functools import cache

from django.db import connection
from django.db.models import Count, F, Q, QuerySet

from accounts import stand_in
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
) -> list[Table]:
    if game or min_stake is not None or max_stake is not None or options:
        tables = _open_tables()
        if game:
            tables = tables.filter(game_slug=game)
        if min_stake is not None:
            tables = tables.filter(stake__gte=min_stake)
        if max_stake is not None:
            tables = tables.filter(stake__lte=max_stake)
        for name, value in (options or {}).items():
            tables = tables.filter(**{f"options__{name}": value})
        tables = list(tables)
    else:
        sql, params = _every_open_table_query()
        tables = list(Table.objects.raw(sql, params))
    for table in tables:
        table.free = table.seats - table.taken
        table.game_name, table.option_summary = describe(table.game_slug, table.options)
    if free_seats:
        tables = [t for t in tables if t.free >= free_seats]
    return tables


def _open_tables() -> QuerySet[Table]:
    return (
        Table.objects.filter(status=Table.Status.WAITING, private=False)
        .annotate(taken=Count("seat_requests", filter=Q(seat_requests__status__in=Seat.ACTIVE)))
        .order_by("-created")
    )


@cache
def _every_open_table_query() -> tuple[str, tuple]:
    """Compiled once per process: every Lobby and home page asks it unfiltered, and the
    ORM's building and compiling cost more than running it."""
    return _open_tables().query.sql_with_params()


def live_games_and_count(limit: int = 20) -> tuple[list[Game], int]:
    """The games in play a spectator may watch, newest first, and how many games are in
    play in all (watchable or not): one statement for the Lobby page's list and count."""
    with connection.cursor() as cursor:
        cursor.execute(_LIVE_GAMES_AND_COUNT, [Game.Status.PLAYING, Game.Status.PLAYING, limit])
        rows = cursor.fetchall()
    games = [
        Game.from_db(connection.alias, _LIVE_GAME_COLUMNS, [pk, slug, stake])
        for pk, slug, stake, _ in rows
        if pk is not None
    ]
    for game in games:
        game.game_name = registry.get(game.slug).name
    return games, rows[0][3]


_LIVE_GAME_COLUMNS = ["id", "slug", "stake"]  # only what the list shows: a game's state is large
# The count's row always comes back; the watchable games, if any, ride on it.
_LIVE_GAMES_AND_COUNT = f"""
    SELECT live.id, live.slug, live.stake, counted.in_play
    FROM (SELECT COUNT(*) AS in_play FROM {Game._meta.db_table} WHERE status = %s) AS counted
    LEFT JOIN LATERAL (
        SELECT id, slug, stake, started FROM {Game._meta.db_table}
        WHERE status = %s AND NOT private AND spectators_allowed
        ORDER BY started DESC LIMIT %s
    ) AS live ON TRUE
    ORDER BY live.started DESC"""


def games_in_play() -> int:
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT COUNT(*) FROM {Game._meta.db_table} WHERE status = %s",
            [Game.Status.PLAYING],
        )
        return cursor.fetchone()[0]


def my_tables(user) -> list[Table]:
    """The player's tables not cancelled, newest first, each with its game's status."""
    sql, params = _my_tables_query()
    tables = list(Table.objects.raw(sql, stand_in.for_player(params, user.pk)))
    for table in tables:
        table.game_name = registry.get(table.game_slug).name
    return tables


@cache
def _my_tables_query() -> tuple[str, tuple]:
    """Compiled once per process for the stand-in player (accounts.stand_in), as every
    Lobby page asks it; the game's status only, not its whole row (its state is large)."""
    return (
        Table.objects.filter(
            seat_requests__player_id=stand_in.STAND_IN_ID,
            seat_requests__status__in=Seat.ACTIVE,
        )
        .exclude(status=Table.Status.CANCELLED)
        .annotate(game_status=F("game__status"))
        .distinct()
        .order_by("-created")[:20]
        .query.sql_with_params()
    )


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
