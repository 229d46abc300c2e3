"""Wordfall for money through the lobby, the runtime and the wallet: played to the end by
people making the computer player's moves, settled (the highest score takes the pot less
the rake), replayed, and found in history, the replay page and the regulator's export;
and the time modes on a controlled clock: time over the limit is kept and deducted, and
five minutes over ends the game."""

from __future__ import annotations

import json
from datetime import date

import pytest

from games import replay, services
from games.conf import limits
from games.models import GameAction
from reports import exports, history
from tests.games.belote_live.support import (
    START_BALANCE,
    house_rake,
    play_one,
    play_until,
    players_by_seat,
    reload,
    seat_to_act,
)
from wallet.invariants import ledger_problems
from wallet.selectors import cash_balance

pytestmark = pytest.mark.django_db

STAKE = 10_000
EVER = history.Period(date(2000, 1, 1), date(2100, 1, 1))
STEP = 300  # seconds a move may take


def test_a_whole_game_is_played_settled_replayed_and_reported(
    clock, start_table, funded_player, client
):
    people = [funded_player() for _ in range(3)]
    game, _ = start_table(
        "wordfall", {"board": "random"}, stake=STAKE, players=people, step_seconds=STEP
    )
    rake_before = house_rake()
    game = play_until(game)
    assert game.status == "finished"
    outcome = services.engine_of(game).outcome(game.state)
    best = max(outcome.points)
    winners = [s for s, p in enumerate(outcome.points) if p == best]
    assert list(outcome.winners()) == winners

    game = services.settle_game(game.pk)
    pot = 3 * STAKE
    rake = pot * limits("wordfall").rake_bp // 10_000
    assert game.settlement["rake"] == rake and house_rake() - rake_before == rake
    assert sum(game.settlement["payouts"]) == pot - rake
    for seat, player in players_by_seat(game).items():
        won = game.settlement["payouts"][seat]
        assert won == ((pot - rake) // len(winners) if seat in winners else 0) or len(winners) > 1
        assert cash_balance(player) == START_BALANCE - STAKE + won
    assert ledger_problems() == []

    steps = replay.replay(game)
    assert replay.check(game, steps).ok
    lines = history.History(people[0], EVER)[0:10]
    assert [(line.game, line.stake, line.rake) for line in lines] == [("Wordfall", STAKE, rake)]
    data = json.loads(exports.render("games", exports.Filters(EVER), "json"))
    rows = [dict(zip(data["columns"], row, strict=True)) for row in data["rows"]]
    (row,) = [r for r in rows if r["id"] == f"game:{game.pk}"]
    assert row["seed_hash"] == game.seed_hash
    assert game.settlement["transaction"] in row["ledger_transactions"]
    client.force_login(people[0])
    page = client.get(f"/games/{game.pk}/replay/")
    assert page.status_code == 200 and b"Wordfall" in page.content


def test_time_over_the_limit_is_deducted_and_five_minutes_over_ends_the_game(clock, start_table):
    # Rush: 12 minutes each. The first player takes 4:50 a move: three moves are 14:30,
    # 2:30 over (10 points per 15 s begun: 100); then, 5 minutes over, the game ends.
    game, _ = start_table("wordfall", {"time": "rush"}, step_seconds=STEP)
    slow = seat_to_act(game)
    assert game.seats.get(position=slow).clock_ms == 12 * 60_000
    for _ in range(3):
        assert seat_to_act(game) == slow
        clock.advance(290)
        game = play_one(game)
        game = play_one(game)  # the other player answers at once
    seat = game.seats.get(position=slow)
    assert seat.clock_ms == 12 * 60_000 - 3 * 290_000 == -150_000
    assert game.state["overtime"][slow] == 150_000
    clocks = GameAction.objects.filter(game=game, kind="clock").values_list("action", flat=True)
    assert list(clocks) == [{"left_ms": -150_000}]
    # The deadline now is the five minutes over: 150 s more, sooner than the step time.
    clock.advance(149)
    assert services.expire(game.pk, game.seq) is False
    clock.advance(1)
    assert services.expire(game.pk, game.seq) is True
    game = reload(game)
    assert game.is_over and game.outcome["reason"] == "time"
    assert game.state["result"]["time"][slow] == 200  # 300 s over: 20 times 15 s
    assert replay.check(game, replay.replay(game)).ok


def test_a_step_timeout_in_overtime_passes_and_charges_the_clock(clock, start_table):
    game, _ = start_table("wordfall", {"time": "rush"}, step_seconds=60)
    slow = seat_to_act(game)
    seat = game.seats.get(position=slow)
    seat.clock_ms = 30_000  # half a minute left
    seat.save(update_fields=["clock_ms"])
    clock.advance(60)
    assert services.expire(game.pk, game.seq) is True
    game = reload(game)
    assert game.seats.get(position=slow).clock_ms == -30_000
    assert game.state["overtime"][slow] == 30_000
    assert game.state["history"][-1]["kind"] == "pass" and not game.is_over
