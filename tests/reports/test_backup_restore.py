"""A backup restores: the test database, with finished games, played house rounds and
ledger activity, is dumped with `config.backup`, restored into a new database, and
`manage.py check_integrity` run against the copy passes; tampered copies fail it."""

from __future__ import annotations

import os
import subprocess
import sys
import uuid

import psycopg
import pytest
from django.conf import settings
from django.db import connection

from casino import draws, services
from casino.models import Round
from config import backup
from games.models import Game
from tests.casino import draw_rounds
from tests.conftest import database_url

pytestmark = pytest.mark.django_db(transaction=True)
ROULETTE = "roulette-european"


def check_integrity(url: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", "check_integrity"],
        cwd=settings.BASE_DIR,
        env={**os.environ, "DATABASE_URL": url},
        capture_output=True,
        text=True,
        timeout=300,
    )


def play_a_roulette_round(player) -> Round:
    game_round = draw_rounds.open_round(ROULETTE)
    bet = draws.BetRequest("red", {}, 500)
    draws.place_bets(player, game=ROULETTE, slip=str(uuid.uuid4()), bets=[bet])
    draw_rounds.draw_now(game_round)
    draws.advance(ROULETTE)
    game_round.refresh_from_db()
    assert game_round.is_settled
    return game_round


def play_a_crash_round(player, run_round, fake_clock) -> Round:
    """A Crash round at its committed crash point (so it verifies), with one bet."""
    services.schedule_rounds("crash")
    game_round = services.open_crash_betting()
    services.place_crash_bet(player, 500, auto_cash_out=101)
    run_round(game_round)
    fake_clock.advance(600_000)
    assert services.settle_crash(game_round.pk)
    return game_round


def test_a_dump_restores_into_a_new_database_that_passes_the_integrity_check(
    played_game, casino_settings, run_round, fake_clock, funded_player, tmp_path
):
    played_game()
    played_game()
    player = funded_player(10_000)
    play_a_crash_round(player, run_round, fake_clock)
    play_a_roulette_round(player)
    finished = Game.objects.exclude(status=Game.Status.PLAYING).count()
    played = Round.objects.filter(state=Round.State.SETTLED).count()
    assert finished >= 2 and played >= 2

    source = database_url(connection.settings_dict)
    dump = tmp_path / "longtable.dump"
    backup.dump(source, dump)
    name = f"restored_{os.getpid()}"
    restored = backup.restore(dump, source, name)
    try:
        sound = check_integrity(restored)
        assert sound.returncode == 0, sound.stdout + sound.stderr
        assert (
            f"{finished} finished games replayed, {played} played rounds verified" in sound.stdout
        )

        with pytest.raises(SystemExit, match="exists"):
            backup.restore(dump, source, name)  # never into an existing database

        with psycopg.connect(restored, autocommit=True) as copy:
            copy.execute(
                "UPDATE casino_round SET outcome = '{\"crash_point\": 99999}' "
                "WHERE game = 'crash' AND state = 'settled'"
            )
            copy.execute(
                "UPDATE games_game SET state = '{}' WHERE id = (SELECT min(id) FROM games_game)"
            )
        broken = check_integrity(restored)
        assert broken.returncode != 0
        assert "Crash #" in broken.stderr and "does not verify" in broken.stderr
        assert "does not give its last state" in broken.stderr
    finally:
        with psycopg.connect(backup.with_database(source, "postgres"), autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
