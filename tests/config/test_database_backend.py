"""config.postgresql reads timestamps with psycopg's compiled loader: the values, and
their time zone object, are the ones Django's own loader reads."""

from datetime import UTC

import pytest
from django.db import connection
from django.db.backends.postgresql.psycopg_any import register_tzloader

from config.postgresql.base import _COMPILED_LOADER, UtcTimestamptzLoader

pytestmark = pytest.mark.django_db

TIMES = [
    "2026-11-27 07:04:20.18266+00",
    "2026-03-29 01:30:00+01",
    "1999-12-31 23:59:59.999999-08",
    "2000-02-29 12:00:00+05:45",
    "0001-01-01 00:00:00+00",
    "9999-12-31 23:59:59.999999+00",
]
QUERY = "SELECT t::timestamptz FROM unnest(%s::text[]) AS t"


def test_timestamps_are_read_as_djangos_loader_reads_them():
    with connection.cursor() as cursor:
        cursor.execute(QUERY, [TIMES])
        ours = [value for (value,) in cursor.fetchall()]
        register_tzloader(UTC, cursor.cursor)  # Django's own loader, on this cursor only
        cursor.execute(QUERY, [TIMES])
        djangos = [value for (value,) in cursor.fetchall()]
    assert ours == djangos
    assert [value.isoformat() for value in ours] == [value.isoformat() for value in djangos]
    assert all(value.tzinfo is UTC for value in ours + djangos)


def test_the_connection_reads_with_the_compiled_loader():
    connection.ensure_connection()
    loader = connection.connection.adapters.get_loader(1184, 0)
    assert loader is UtcTimestamptzLoader
    assert isinstance(loader(1184, connection.connection).load.__self__, _COMPILED_LOADER)
