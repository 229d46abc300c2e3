"""The move path's reads and writes of a game, in plain SQL.

A move locks its game, reads the seats, appends to the action log and saves the snapshot.
Through the ORM those four statements cost about 7 ms of Python per move on our 2-core
machine, several times the database's own work (bench/live.py); here they are one read
and one write, with the rows turned into the same model instances the rest of the runtime
uses. Both are prepared statements, planned once per connection (lock and save took
1.9-2.2 ms planned afresh each move, 1.2-1.4 ms prepared).

The read's rows become models without Django's `Model.__init__` (which sets every field
through its descriptor, and each relation through one that asks the database router) and
its times arrive as integer microseconds since the epoch instead of text that Django's
time zone loader parses in Python: turning a move's rows into its game, seats and players
cost 0.11 ms of a move's 1.3 ms of CPU in its thread, the times another 0.07 (py-spy,
bench/live.py).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from datetime import UTC, datetime, timedelta
from typing import Any

from django.db import DEFAULT_DB_ALIAS, connection, models
from django.db.models.base import ModelState
from django.utils import timezone

from games.models import Game, GameAction, GameSeat
from wallet.prepared import execute, prepared_cursor

PLAYER_MODEL = GameSeat.player.field.related_model
GAME_FIELDS = Game._meta.concrete_fields
SEAT_FIELDS = GameSeat._meta.concrete_fields
# What a move reads of a seated player, in the model's own field order (as from_db wants).
PLAYER_FIELDS = [
    f.attname
    for f in PLAYER_MODEL._meta.concrete_fields
    if f.attname in {"id", "is_active", "legal_name"}
]
# What a move, a timeout or a void may change on the game's row.
MUTABLE_GAME_FIELDS = [
    "status",
    "state",
    "seq",
    "turn_started",
    "deadline",
    "alarm",
    "seed_revealed",
    "outcome",
    "settlement",
    "finished",
]
JSON_FIELDS = {f.name for f in GAME_FIELDS if f.get_internal_type() == "JSONField"}


EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def _moment(microseconds: int | None) -> datetime | None:
    return None if microseconds is None else EPOCH + timedelta(microseconds=microseconds)


def _is_moment(field: models.Field) -> bool:
    return field.get_internal_type() == "DateTimeField"


def _converters(fields) -> list[Callable[[Any], Any] | None]:
    """Each field's conversion of a value read, None where it has none: a time from its
    microseconds (`_columns`), any other field by its own `from_db_value`."""
    return [
        _moment
        if _is_moment(field)
        else (
            None
            if (convert := getattr(field, "from_db_value", None)) is None
            else lambda value, convert=convert: convert(value, None, connection)
        )
        for field in fields
    ]


GAME_CONVERTERS = _converters(GAME_FIELDS)
SEAT_CONVERTERS = _converters(SEAT_FIELDS)
GAME_NAMES = [f.attname for f in GAME_FIELDS]
SEAT_NAMES = [f.attname for f in SEAT_FIELDS]


def _columns(fields, alias: str) -> str:
    """The fields' columns; a time as whole microseconds since the epoch (exact, and an
    integer psycopg reads in C)."""
    return ", ".join(
        f'(extract(epoch FROM {alias}."{field.column}") * 1000000)::int8'
        if _is_moment(field)
        else f'{alias}."{field.column}"'
        for field in fields
    )


def _assignment(name: str) -> str:
    cast = "::jsonb" if name in JSON_FIELDS else ""
    return f'"{name}" = %({name})s{cast}'


_SEAT_COLUMNS = _columns(SEAT_FIELDS, "s") + "".join(
    f', u."{name}"' for name in PLAYER_FIELDS if name != "id"
)
_PLAYERS_JOIN = f'LEFT JOIN "{PLAYER_MODEL._meta.db_table}" u ON u."id" = s."player_id"'
# One round trip: the game's row (locked) repeated beside each of its seats.
_LOCK_GAME = (
    f"SELECT {_columns(GAME_FIELDS, 'g')}, {_SEAT_COLUMNS} "
    f'FROM "{Game._meta.db_table}" g '
    f'JOIN "{GameSeat._meta.db_table}" s ON s."game_id" = g."id" {_PLAYERS_JOIN} '
    'WHERE g."id" = %s ORDER BY s."position" FOR UPDATE OF g'
)
_READ_SEATS = (
    f'SELECT {_SEAT_COLUMNS} FROM "{GameSeat._meta.db_table}" s {_PLAYERS_JOIN} '
    'WHERE s."game_id" = %s ORDER BY s."position"'
)
_SAVE_GAME = (
    "WITH logged AS ("
    f'INSERT INTO "{GameAction._meta.db_table}" '
    "(game_id, seq, seat, actor, kind, action, created) "
    "SELECT %(game)s, seq, seat, actor, kind, action, %(created)s "
    "FROM jsonb_to_recordset(%(actions)s::jsonb) "
    "AS a(seq int, seat int, actor text, kind text, action jsonb)) "
    f'UPDATE "{Game._meta.db_table}" SET '
    + ", ".join(_assignment(name) for name in MUTABLE_GAME_FIELDS)
    + ' WHERE "id" = %(game)s'
)


def lock(game_id: int) -> Game | None:
    """The game (None: no such game), its row locked until the transaction ends, with its
    seats read."""
    with prepared_cursor() as cursor:
        execute(cursor, _LOCK_GAME, [game_id])
        rows = cursor.fetchall()
    if not rows:
        return None
    columns = len(GAME_FIELDS)
    game = _built(Game, GAME_NAMES, _from_db(GAME_CONVERTERS, rows[0][:columns]))
    game._seats = _seats(game, (row[columns:] for row in rows))
    return game


def release(game: Game) -> None:
    """Forgets the game's seats, which know their game: the pair is a reference cycle, so a
    game and everything it holds (its state, its seats, their players) would otherwise wait
    for Python's cycle collector instead of going as soon as it is let go. Per move that was
    26 objects, and the collector's passes over a server's long-lived objects (its sockets)
    took 50-70 ms, the moves' slowest round trips (bench/live.py)."""
    game.__dict__.pop("_seats", None)


def read_seats(game: Game) -> dict[int, GameSeat]:
    """The game's seats by position, each with its player's id, active flag and legal name."""
    with prepared_cursor() as cursor:
        execute(cursor, _READ_SEATS, [game.pk])
        return _seats(game, cursor.fetchall())


def _seats(game: Game, rows) -> dict[int, GameSeat]:
    return {seat.position: seat for seat in (_seat(game, row) for row in rows)}


def log(game: Game, seat: int, actor: str, kind: str = "act", action: dict | None = None) -> None:
    """Adds an entry to the game's action log, written by the next `save`."""
    pending = game.__dict__.setdefault("_pending_actions", [])
    pending.append({"seq": game.seq, "seat": seat, "actor": actor, "kind": kind, "action": action})


def save(game: Game) -> None:
    """Writes the actions logged since the last save and the game's changing columns, in
    one statement."""
    pending = game.__dict__.pop("_pending_actions", [])
    params = {name: getattr(game, name) for name in MUTABLE_GAME_FIELDS}
    for name in JSON_FIELDS & params.keys():
        params[name] = None if params[name] is None else json.dumps(params[name])
    params.update(
        game=game.pk,
        created=timezone.now(),
        # One JSON text rather than a column of arrays: psycopg dumps an array in Python,
        # element by element (five arrays were a sixth of a move's time in its thread).
        actions=json.dumps(pending),
    )
    with prepared_cursor() as cursor:
        execute(cursor, _SAVE_GAME, params)


def _seat(game: Game, row: tuple) -> GameSeat:
    columns = len(SEAT_FIELDS)
    seat = _built(GameSeat, SEAT_NAMES, _from_db(SEAT_CONVERTERS, row[:columns]))
    player = (
        None
        if seat.player_id is None
        else _built(PLAYER_MODEL, PLAYER_FIELDS, (seat.player_id, *row[columns:]))
    )
    # The relations' caches, as their descriptors would fill them (the ids are the row's).
    SEAT_GAME.set_cached_value(seat, game)
    SEAT_PLAYER.set_cached_value(seat, player)
    return seat


SEAT_GAME = GameSeat._meta.get_field("game")
SEAT_PLAYER = GameSeat._meta.get_field("player")


def _built(model: type[models.Model], names: list[str], values: Iterable[Any]) -> Any:
    """What `model.from_db` returns for these fields' values (those not named are left
    deferred), without `Model.__init__`. That skips the model's init signals: none is
    connected for the models built here (a test keeps it so)."""
    instance = model.__new__(model)
    instance.__dict__.update(zip(names, values, strict=True))
    state = instance._state = ModelState()
    state.adding = False
    # The statements ran on the default database (wallet.prepared): named, not read from
    # `connection.alias`, which looks the thread's connection up afresh (2-5 us a time).
    state.db = DEFAULT_DB_ALIAS
    return instance


def _from_db(converters: list[Callable[[Any], Any] | None], row: tuple) -> list:
    return [
        value if convert is None else convert(value)
        for convert, value in zip(converters, row, strict=True)
    ]
