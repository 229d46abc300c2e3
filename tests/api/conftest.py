"""Fixtures of the API tests: real rounds (their outcomes as the chain drew them, never
chosen by the test), finished games, regulators, tokens, and a live server."""

from __future__ import annotations

import uuid
from datetime import timedelta

import pytest

from tests.casino import conftest as casino_fixtures

casino_settings = casino_fixtures.casino_settings
fake_clock = casino_fixtures.fake_clock


@pytest.fixture
def played_crash(casino_settings, fake_clock, funded_player):
    """A Crash round played to its own crash point with one bet, settled."""
    from django.utils import timezone

    from casino import services
    from casino.models import Round

    def play() -> Round:
        services.schedule_rounds("crash")
        game_round = services.open_crash_betting()
        services.place_crash_bet(funded_player(), 500, auto_cash_out=150)
        Round.objects.filter(pk=game_round.pk).update(
            closes_at=timezone.now() - timedelta(milliseconds=1)
        )
        assert services.start_crash_run(game_round.pk) is not None
        fake_clock.advance(int(timedelta(hours=2).total_seconds() * 1000))
        assert services.settle_crash(game_round.pk)
        game_round.refresh_from_db()
        return game_round

    return play


@pytest.fixture
def played_draw(casino_settings, funded_player):
    """A round of a game on a cadence (Keno, a roulette, a dice game) drawn as scheduled,
    with one bet on it, settled by the real cycle."""
    from casino import draws, registry
    from tests.casino import draw_rounds

    def play(game: str, bet_type: str | None = None, selection: dict | None = None):
        game_round = draw_rounds.open_round(game)
        if bet_type is not None:
            draws.place_bets(
                funded_player(),
                game=game,
                slip=str(uuid.uuid4()),
                bets=[draws.BetRequest(bet_type, selection or {}, 1_000)],
            )
        draw_rounds.draw_now(game_round)
        draws.advance(game)
        game_round.refresh_from_db()
        assert game_round.is_settled, registry.get(game).name
        return game_round

    return play


@pytest.fixture
def played_rps(start_table):
    """Rock Paper Scissors to the end: seat 0 plays rock, seat 1 scissors."""
    from games import registry, services

    def play(**table):
        game, players = start_table("rps", {}, **table)
        engine = registry.get("rps")
        signs = {0: {"sign": "rock"}, 1: {"sign": "scissors"}}
        while not game.is_over:
            seat = min(engine.to_act(game.state))
            game = services.submit(game.pk, players[seat], game.seq, signs[seat])
        return services.settle_game(game.pk), players

    return play


@pytest.fixture
def resigned(start_table):
    """A game of ``slug`` dealt (or rolled) from its seed, then resigned by seat 1."""
    from games import services

    def play(slug: str, options: dict | None = None):
        game, players = start_table(slug, options or {})
        services.resign(game.pk, players[1])
        game.refresh_from_db()
        assert game.is_over
        return game

    return play


@pytest.fixture
def regulator(make_user):
    from django.contrib.auth.models import Group

    from staff.roles import REGULATORS_GROUP

    user = make_user(is_staff=True)
    user.groups.add(Group.objects.get_or_create(name=REGULATORS_GROUP)[0])
    return user


@pytest.fixture
def issue_token(make_user):
    """(token, key) issued by a staff member to ``user`` in ``scope``."""
    from api import tokens

    def issue(user, scope: str = "regulator", name: str = "Regulator's system"):
        staff = make_user(is_staff=True, is_superuser=True)
        return tokens.issue(by=staff, name=name, user=user, scope=scope)

    return issue


@pytest.fixture
def live_server_url(transactional_db):
    """daphne serving the app against the test database, in its own process."""
    from tests.browser.conftest import Daphne, free_port

    daphne = Daphne("config.asgi:application", free_port())
    daphne.start()
    yield daphne.url
    daphne.stop()
