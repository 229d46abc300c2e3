from __future__ import annotations

import functools
import itertools
from datetime import date

import pytest

PASSWORD = "correct-horse-battery-9"


def database_url(db: dict, name: str | None = None) -> str:
    """A URL for another process to reach this test database, over TCP or (the embedded
    server) a Unix socket, which dj-database-url keeps in OPTIONS["host"]."""
    name = name or db["NAME"]
    password = f":{db['PASSWORD']}" if db.get("PASSWORD") else ""
    host = db["HOST"] or db.get("OPTIONS", {}).get("host", "")
    if host.startswith("/"):
        return f"postgres://{db['USER']}{password}@/{name}?host={host}"
    return f"postgres://{db['USER']}{password}@{host}:{db['PORT']}/{name}"


_serial = itertools.count(1)


@functools.cache
def password_hash(hashers: tuple[str, ...]) -> str:
    """PASSWORD hashed once per run by `hashers`, the ones in force (a test may set a cheaper
    one; a server in another process logs players in with the site's own): the site's hasher
    spends a quarter of a second of CPU a hash on purpose, the most expensive part of making
    a player when each one was hashed anew."""
    from django.contrib.auth.hashers import make_password

    return make_password(PASSWORD)


@pytest.fixture
def make_user(db):
    """A verified player (or staff with is_staff=True), unique per call."""

    from allauth.account.models import EmailAddress
    from django.conf import settings

    from accounts import terms
    from accounts.models import TermsAcceptance, User

    def make(email: str | None = None, **fields):
        n = next(_serial)
        email = email or f"player{n}@example.com"
        fields.setdefault("legal_name", f"Player Number{n}")
        fields.setdefault("date_of_birth", date(1990, 1, 1))
        fields.setdefault("country", "GB")
        user = User.objects.create_user(email, None, **fields)
        user.password = password_hash(tuple(settings.PASSWORD_HASHERS))
        User.objects.filter(pk=user.pk).update(password=user.password)
        EmailAddress.objects.create(user=user, email=email, verified=True, primary=True)
        in_force = terms.in_force()
        if in_force is not None:  # a player made here has accepted the terms, as at sign-up
            TermsAcceptance.objects.create(user=user, terms=in_force)
        return user

    return make


def uses_database(request) -> bool:
    return bool(request.node.get_closest_marker("django_db")) or bool(
        {"db", "transactional_db", "client", "admin_client"} & set(request.fixturenames)
    )


@pytest.fixture(autouse=True)
def _clean_redis(request):
    """Rate-limit counters and queued tasks of one test must not reach the next, nor the
    figures the wallet also keeps in the process."""
    if not uses_database(request):
        return
    from django.conf import settings
    from django.core.cache import cache

    from wallet.selectors import REMEMBERED_HERE

    REMEMBERED_HERE.clear()

    assert settings.REDIS_URL.endswith("/1"), "tests clean Redis: they must use database 1"
    client = cache._cache.get_client(write=True)
    prefix = settings.CACHES["default"]["KEY_PREFIX"]
    stale = list(client.scan_iter(match=f"{prefix}:*", count=1000))
    if stale:
        client.delete(*stale)


@pytest.fixture(autouse=True)
def _staff_two_factor(request, monkeypatch):
    """Tests log staff in with force_login, which no second step can follow: the rule that
    staff set up two-step log-in is tested where a test asks for it (`two_factor`)."""
    if request.node.get_closest_marker("two_factor") is None:
        monkeypatch.setattr("accounts.middleware.needs_two_factor", lambda user: False)


@pytest.fixture
def funded_player(make_user):
    from wallet import services as wallet

    def make(amount: int = 100_000):
        user = make_user()
        wallet.deposit(
            user,
            amount,
            provider="demo",
            provider_reference=f"seed{user.pk}",
            key=f"seed:{user.pk}",
        )
        return user

    return make


@pytest.fixture
def start_table(funded_player):
    """A started game through the lobby: creator and joiner, accepted, stakes held."""
    from lobby import services as lobby

    def start(slug: str, options: dict, stake: int = 1_000, players=None, **table):
        players = players or [funded_player(), funded_player()]
        spec = lobby.TableSpec(
            game_slug=slug,
            options=options,
            stake=stake,
            seats=len(players),
            step_seconds=table.pop("step_seconds", 30),
            **table,
        )
        t = lobby.create_table(players[0], spec)
        for p in players[1:]:
            seat = lobby.join(p, t.pk)
            lobby.accept(players[0], seat.pk)
        t.refresh_from_db()
        return t.game, players

    return start


@pytest.fixture(scope="session", autouse=True)
def _quick_flush():
    """Transactional tests empty the database after each test. Django does it with one
    TRUNCATE of every table, which the append-only tables refuse by trigger (migrations
    wallet 0004, reports 0004, accounts 0004) and which took 1.5-2.5 s a test (PostgreSQL
    gives every table and index new files); deleting the few rows a test wrote takes 20 ms.
    The tables are first locked as TRUNCATE locks them, so a transaction still running in
    another thread or the test's server ends before any row goes (deleting under it row by
    row deadlocked with it). The test database's superuser deletes as a replica, where
    triggers are off: the guards and the foreign keys' checks alike, so the tables empty in
    any order."""
    from django.db.backends.postgresql.operations import DatabaseOperations

    truncate = DatabaseOperations.sql_flush
    guarded = DatabaseOperations.execute_sql_flush

    def sql_flush(self, style, tables, *, reset_sequences=False, allow_cascade=False):
        if reset_sequences:  # numbering starts again: TRUNCATE does that with the rest
            return truncate(self, style, tables, reset_sequences=True, allow_cascade=allow_cascade)
        if not tables:
            return []
        names = [self.quote_name(table) for table in tables]
        lock = f"LOCK TABLE {', '.join(names)} IN ACCESS EXCLUSIVE MODE;"
        return [lock, *(f"DELETE FROM {name};" for name in names)]

    def flush(self, sql_list):
        guarded(self, ["SET LOCAL session_replication_role = replica", *sql_list])

    DatabaseOperations.sql_flush = sql_flush
    DatabaseOperations.execute_sql_flush = flush
    yield
    DatabaseOperations.sql_flush = truncate
    DatabaseOperations.execute_sql_flush = guarded


@pytest.fixture(scope="session", autouse=True)
def _drop_cleanly(django_db_setup, django_db_blocker):
    """Threads of the tests (Celery workers, socket executors) may keep a connection open;
    ending them just before pytest-django drops this run's test database lets it go."""
    yield
    from django.db import connection

    if connection.settings_dict["NAME"] != connection.settings_dict["TEST"]["NAME"]:
        return  # no test of this process used the database: none was made
    with django_db_blocker.unblock(), connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
