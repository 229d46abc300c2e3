"""Finishing a game as one step: a void over every real seat refunds every stake and fee,
a game that cannot settle does not stop the sweep for the others, ledger_check names a
game that is over with money left in its escrow, and void rows of the revenue report net
to zero."""

from __future__ import annotations

import logging
from datetime import date

import pytest
from django.contrib.auth.models import Permission
from django.core.management import CommandError, call_command
from django.db.models import F
from django.urls import reverse

from games import finishing, services, tasks
from games.models import Game, GameSeat
from reports import exports
from reports.history import Period
from wallet.invariants import ledger_problems
from wallet.selectors import cash_balance

pytestmark = pytest.mark.django_db


def void_tool_user(make_user):
    staff = make_user(is_staff=True)
    staff.user_permissions.add(*Permission.objects.filter(codename__in=["view_game", "void_game"]))
    return staff


def test_voiding_a_four_seat_pilotta_game_in_the_admin_refunds_every_stake(
    client, start_table, funded_player, make_user
):
    players = [funded_player() for _ in range(4)]
    game, _ = start_table("pilotta", {}, stake=1_000, players=players)
    assert len(game.state["scores"]) == 2  # two teams: the score has no entry per seat
    client.force_login(void_tool_user(make_user))

    response = client.post(
        reverse("admin:games_game_void", args=[game.pk]), {"reason": "Dealer fault"}
    )

    assert response.status_code == 302
    game.refresh_from_db()
    assert game.status == "void" and game.settled
    assert game.outcome["placing"] == [1, 1, 1, 1]
    assert game.settlement["payouts"] == [1_000] * 4
    assert [cash_balance(p) for p in players] == [100_000] * 4
    assert ledger_problems() == []


def test_a_void_whose_settlement_fails_is_reported_to_staff_not_a_500(
    client, start_table, make_user, monkeypatch
):
    from django.contrib.messages import get_messages

    game, _ = start_table("rps", {}, stake=1_000)

    def wallet_down(game_id):
        raise RuntimeError("database connection lost mid-settlement")

    monkeypatch.setattr("games.finishing.settle_game", wallet_down)
    client.force_login(void_tool_user(make_user))

    response = client.post(reverse("admin:games_game_void", args=[game.pk]), {"reason": "Fault"})

    assert response.status_code == 302
    (message,) = get_messages(response.wsgi_request)
    assert "could not be paid yet" in str(message)
    game.refresh_from_db()
    assert game.status == "void" and not game.settled  # the sweep pays it
    monkeypatch.undo()
    assert tasks.sweep()["settled"] == 1
    assert ledger_problems() == []


def test_a_game_that_cannot_settle_does_not_stop_the_sweep_for_the_others(start_table, caplog):
    broken, broken_players = start_table("rps", {"points": 1}, stake=1_000)
    services.resign(broken.pk, broken_players[0])
    # Its seats claim more than its escrow holds: the wallet refuses to settle it.
    GameSeat.objects.filter(game=broken, position=0).update(held=F("held") + 1)
    healthy, players = start_table("rps", {"points": 1}, stake=2_000)
    first = min(services.engine_of(healthy).to_act(healthy.state))
    services.submit(healthy.pk, players[first], 0, {"sign": "rock"})
    services.submit(healthy.pk, players[1 - first], 1, {"sign": "scissors"})
    # (No commit hook runs in this test's transaction: both games wait for the sweep.)

    with caplog.at_level(logging.ERROR, logger="games.tasks"):
        swept = tasks.sweep()

    assert swept == {"expired": 0, "settled": 1, "failed": 1}
    assert Game.objects.get(pk=healthy.pk).settled
    assert not Game.objects.get(pk=broken.pk).settled
    assert f"could not settle game {broken.pk}" in caplog.text
    assert cash_balance(players[first]) == 100_000 + 2_000 - 160


def test_ledger_check_names_a_finished_game_whose_escrow_is_not_empty(start_table):
    game, players = start_table("rps", {"points": 1}, stake=1_000)
    services.resign(game.pk, players[0])  # over; its settlement has not run

    problems = ledger_problems()

    assert problems == [
        f"escrow {game.escrow_reference} holds 2000 but rps #{game.pk} is finished "
        "(not settled yet)"
    ]
    with pytest.raises(CommandError, match="1 ledger invariant"):
        call_command("ledger_check")
    services.settle_game(game.pk)
    assert ledger_problems() == []


def test_a_live_game_may_hold_its_escrow(start_table):
    start_table("rps", {"points": 1}, stake=1_000)
    assert ledger_problems() == []


REROLL = {"variant": "short", "points": 1, "reroll": "both", "reroll_times": 2}
STAKE = 1_234
FEE = 61  # 5% of 12.34 for both dice, floored


def test_a_void_game_refunds_its_fees_once_and_its_revenue_nets_to_zero(
    start_table, funded_player, make_user, django_capture_on_commit_callbacks
):
    from games import voiding

    players = [funded_player(), funded_player()]
    game, _ = start_table("backgammon", REROLL, stake=STAKE, players=players)
    (seat,) = services.engine_of(game).to_act(game.state)
    game = services.submit(game.pk, players[seat], 0, {"type": "reroll", "dice": "both"})
    game = services.submit(game.pk, players[seat], 1, {"type": "reroll", "dice": "both"})
    assert cash_balance(players[seat]) == 100_000 - STAKE - 2 * FEE

    with django_capture_on_commit_callbacks(execute=True):
        game = voiding.void_and_refund(game.pk, staff=make_user(is_staff=True), reason="Fault")
    game = services.settle_game(game.pk)  # a second settlement moves nothing
    tasks.sweep()

    assert game.settled and game.settlement["fees_refunded"] == 2 * FEE
    assert [cash_balance(p) for p in players] == [100_000, 100_000]
    assert ledger_problems() == []
    (row,) = [r for r in exports.revenue_rows(_today(), "day") if r[1] == "backgammon"]
    _period, _game, stakes, bank, rake, fees, ggr, adjustments, players_net = row
    assert stakes == 0  # a void game staked nothing: every hold was returned
    assert (bank, rake, fees, ggr, adjustments, players_net) == (0, 0, 0, 0, 0, 0)


def test_a_finished_game_keeps_its_fees(start_table, funded_player):
    players = [funded_player(), funded_player()]
    game, _ = start_table("backgammon", REROLL, stake=STAKE, players=players)
    (seat,) = services.engine_of(game).to_act(game.state)
    services.submit(game.pk, players[seat], 0, {"type": "reroll", "dice": "both"})
    services.resign(game.pk, players[seat])

    game = services.settle_game(game.pk)

    assert game.settlement["fees_refunded"] == 0
    assert cash_balance(players[seat]) == 100_000 - STAKE - FEE


def _today() -> exports.Filters:
    return exports.Filters(Period(date(2000, 1, 1), date(2100, 1, 1)))


def test_the_migration_repairs_a_void_recorded_over_teams_and_the_sweep_refunds_it(
    start_table, funded_player
):
    from importlib import import_module

    from django.apps import apps

    repair = import_module("games.migrations.0004_void_outcomes_over_every_seat")
    players = [funded_player() for _ in range(4)]
    game, _ = start_table("pilotta", {}, stake=1_000, players=players)
    Game.objects.filter(pk=game.pk).update(
        status="void",
        outcome={"points": [0, 0], "placing": [1, 1], "void": True, "reason": "old void"},
    )

    repair.void_over_every_seat(apps, None)

    assert tasks.sweep()["settled"] == 1
    assert [cash_balance(p) for p in players] == [100_000] * 4
    assert ledger_problems() == []


def test_a_void_game_refunds_the_stakes_as_a_refund_on_the_statement(start_table):
    from wallet.models import Transaction

    game, _ = start_table("rps", {}, stake=1_000)
    services.void_game(game.pk, reason="test: table void")
    finishing.settle_game(game.pk)
    refund = Transaction.objects.get(reference=game.escrow_reference, kind="release")
    assert refund.memo == f"Rock Paper Scissors #{game.pk} void: stakes refunded"
    assert not Transaction.objects.filter(reference=game.escrow_reference, kind="settle").exists()


def test_settling_a_game_tells_each_seated_player_their_new_balance(
    start_table, monkeypatch, django_capture_on_commit_callbacks
):
    from accounts import sockets

    told: list[tuple[int, dict]] = []
    monkeypatch.setattr(sockets, "tell", lambda user_id, event: told.append((user_id, event)))
    game, players = start_table("rps", {}, stake=1_000)
    services.void_game(game.pk, reason="test: table void")
    with django_capture_on_commit_callbacks(execute=True):
        finishing.settle_game(game.pk)
    assert sorted(user_id for user_id, _ in told) == sorted(p.pk for p in players)
    assert {event["balance"] for _, event in told} == {cash_balance(players[0])}
