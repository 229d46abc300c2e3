"""Fixtures of the reports tests: finished live games and settled house rounds."""

from __future__ import annotations

from datetime import timedelta

import pytest

from tests.casino import conftest as casino_fixtures

# The casino tests' fixtures, shared.
casino_settings = casino_fixtures.casino_settings
crash_round = casino_fixtures.crash_round
fake_clock = casino_fixtures.fake_clock
funded = casino_fixtures.funded
keno_rounds = casino_fixtures.keno_rounds
run_round = casino_fixtures.run_round


@pytest.fixture
def played_game(start_table):
    """A Rock Paper Scissors game played to the end and settled: seat 0 always plays
    rock and seat 1 scissors, so seat 0 wins."""
    from games import registry, services

    def play(players=None, stake: int = 1_000):
        game, players = start_table("rps", {}, stake=stake, players=players)
        engine = registry.get("rps")
        signs = {0: {"sign": "rock"}, 1: {"sign": "scissors"}}
        while not game.is_over:
            seat = min(engine.to_act(game.state))
            game = services.submit(game.pk, players[seat], game.seq, signs[seat])
        game = services.settle_game(game.pk)
        return game, players

    return play


@pytest.fixture
def settled_crash(crash_round, run_round, fake_clock):
    """A Crash round at 2.00x: each (player, amount, auto cash-out) bet, then settled."""
    from casino import services

    def play(bets, crash_point: int = 200):
        game_round = crash_round(crash_point)
        for player, amount, target in bets:
            services.place_crash_bet(player, amount, auto_cash_out=target)
        run_round(game_round)
        fake_clock.advance(int(timedelta(minutes=10).total_seconds() * 1000))
        assert services.settle_crash(game_round.pk)
        game_round.refresh_from_db()
        return game_round

    return play
