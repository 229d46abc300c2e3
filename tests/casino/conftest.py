"""Fixtures of the house-round tests: a controlled clock, funded players, rounds with a
chosen outcome. Django is imported inside fixtures so the pure tests run without it."""

from __future__ import annotations

import pytest


class FakeClock:
    """casino.clock under the test's control: sleeping advances time, instantly."""

    def __init__(self, start_ms: int) -> None:
        self.now = start_ms

    def now_ms(self) -> int:
        return self.now

    def advance(self, milliseconds: int) -> None:
        self.now += milliseconds

    async def sleep_ms(self, milliseconds: int) -> None:
        import asyncio

        self.now += max(1, milliseconds)
        await asyncio.sleep(0)


@pytest.fixture
def fake_clock(monkeypatch):
    import time

    from casino import clock

    fake = FakeClock(time.time_ns() // 1_000_000)
    monkeypatch.setattr(clock, "now_ms", fake.now_ms)
    monkeypatch.setattr(clock, "sleep_ms", fake.sleep_ms)
    return fake


@pytest.fixture
def casino_settings(settings, db):
    # Transactional tests flush the tables, data migrations included: seed version 1 of
    # the paytables again where a test needs it.
    import importlib

    from django.apps import apps

    importlib.import_module("casino.migrations.0002_seed_paytables").seed(apps, None)
    settings.CASINO_CHAIN_LENGTH = 1_000
    # The terms the Crash and Keno tests were written to (Keno's cap is the rules' own).
    settings.CASINO_LIMITS = {
        "crash": {"min_bet": 50, "max_bet": 300_000, "max_win": 10**12},
        "keno": {"min_bet": 50, "max_bet": 300_000, "max_win": 5_000_000},
    }
    return settings


@pytest.fixture
def funded(make_user, casino_settings):
    from wallet import services

    def make(amount: int = 100_000):
        user = make_user()
        services.deposit(
            user, amount, provider="demo", provider_reference=f"t{user.pk}", key=f"t:{user.pk}"
        )
        return user

    return make


@pytest.fixture
def crash_round(casino_settings):
    """The next Crash round, open for bets, playing the given crash point."""
    from casino import services
    from casino.models import Round

    def make(crash_point: int) -> Round:
        services.schedule_rounds("crash")
        game_round = (
            Round.objects.filter(game="crash", state=Round.State.SCHEDULED)
            .order_by("number")
            .first()
        )
        game_round.outcome = {"crash_point": crash_point, "edge_percent": 1}
        game_round.save(update_fields=["outcome"])
        opened = services.open_crash_betting()
        assert opened is not None and opened.pk == game_round.pk
        opened.refresh_from_db()
        return opened

    return make


@pytest.fixture
def crash_table(funded, crash_round):
    """A funded player logged in (their session cookie) and a Crash round taking bets."""
    from django.test import Client

    player = funded(100_000)
    game_round = crash_round(200)
    client = Client()
    client.force_login(player)
    return player, game_round, client.cookies["sessionid"].value


@pytest.fixture
def run_round(fake_clock):
    """Close the round's betting window and start its run at the fake clock's now."""
    from datetime import timedelta

    from django.utils import timezone

    from casino import services
    from casino.models import Round

    def run(game_round):
        Round.objects.filter(pk=game_round.pk).update(
            closes_at=timezone.now() - timedelta(milliseconds=1)
        )
        started = services.start_crash_run(game_round.pk)
        assert started is not None
        return started

    return run


@pytest.fixture
def keno_rounds(casino_settings):
    """Keno draws scheduled ahead, the first one surely still selling tickets."""
    from datetime import timedelta

    from django.db.models import F

    from casino import services
    from casino.models import Round

    def make() -> Round:
        services.schedule_rounds("keno")
        shift = timedelta(seconds=60)
        Round.objects.filter(game="keno").update(
            starts_at=F("starts_at") + shift, closes_at=F("closes_at") + shift
        )
        return Round.objects.filter(game="keno").order_by("number").first()

    return make
