"""The player accounting reports reconcile with the ledger to the minor unit, over a
period holding deposits, withdrawals (paid, rejected, still pending), live games (one
with a Double stake reserve, one with fees, one void), a table that never started, Crash
and Keno rounds, a void round, a correction and staff adjustments; and the revenue
report's stakes count what was staked."""

from __future__ import annotations

import json
import uuid
from datetime import date, timedelta

import jsonschema
import pytest
from django.db.models import Sum
from django.urls import reverse
from django.utils import timezone

from casino import draws
from casino import services as casino
from casino import voiding as round_voiding
from casino.models import Bet, Round
from games import services as games
from games import voiding as game_voiding
from lobby import services as lobby
from reports import accounting, corrections, exports, history
from reports.models import PlayerSession
from tests.tournaments import conftest as tournaments
from wallet import services as wallet
from wallet.models import Account, Entry

pytestmark = pytest.mark.django_db
ALL = exports.Filters(history.Period(date(2000, 1, 1), date(2099, 12, 31)))
REROLL = {"variant": "short", "points": 1, "reroll": "both", "reroll_times": 2}


def balances(kind: str) -> int:
    return Account.objects.filter(kind=kind).aggregate(s=Sum("balance"))["s"] or 0


def rows_of(name: str, f: exports.Filters = ALL) -> list[dict]:
    data = json.loads(exports.render(name, f, "json"))
    jsonschema.validate(data, exports.json_schema(name))
    return [dict(zip(data["columns"], row, strict=True)) for row in data["rows"]]


@pytest.fixture
def period(
    client,
    start_table,
    funded_player,
    funded,
    make_user,
    keno_rounds,
    crash_round,
    run_round,
    fake_clock,
):
    """A period of everything that moves money, the players' sessions around their play."""
    staff = make_user(is_staff=True)
    alice, bob, carol, dave = (funded_player(50_000) for _ in range(4))
    client.force_login(alice)
    # A Belote game with a Double stake reserve, played out and settled.
    belote, _ = start_table(
        "belote", {"target": 51, "double_stake": 4}, stake=1_000, players=[alice, bob]
    )
    tournaments.play_out(belote)
    belote = games.settle_game(belote.pk)
    # A backgammon game with re-roll fees, resigned and settled.
    fees_game, _ = start_table("backgammon", REROLL, stake=1_234, players=[alice, carol])
    (seat,) = games.engine_of(fees_game).to_act(fees_game.state)
    payer = [alice, carol][seat]
    games.submit(fees_game.pk, payer, 0, {"type": "reroll", "dice": "both"})
    games.resign(fees_game.pk, payer)
    fees_game = games.settle_game(fees_game.pk)
    # A game voided by staff: stakes and fees refunded.
    void_game, _ = start_table("backgammon", REROLL, stake=999, players=[bob, carol])
    (seat,) = games.engine_of(void_game).to_act(void_game.state)
    games.submit(void_game.pk, [bob, carol][seat], 0, {"type": "reroll", "dice": "both"})
    game_voiding.void_and_refund(void_game.pk, staff=staff, reason="Fault")
    games.settle_game(void_game.pk)
    # A table that never started: its stake held, then refunded.
    table = lobby.create_table(
        dave, lobby.TableSpec(game_slug="rps", options={}, stake=777, seats=2, step_seconds=30)
    )
    lobby.cancel(dave, table.pk)
    # A Crash round (the fixture's crash point) and a void one.
    crash = crash_round(200)
    Round.objects.filter(pk=crash.pk).update(closes_at=timezone.now() + timedelta(hours=1))
    casino.place_crash_bet(alice, 1_000, auto_cash_out=150)
    casino.place_crash_bet(bob, 600, auto_cash_out=300)
    run_round(crash)
    fake_clock.advance(600_000)
    assert casino.settle_crash(crash.pk)
    # A Keno draw, and one voided before it was drawn.
    first = keno_rounds()
    casino.buy_keno_tickets(
        carol,
        game="keno-8",
        numbers=first.balls[:4],
        amount=100,
        draws=2,
        purchase=uuid.uuid4().hex,
    )
    Round.objects.filter(game="keno", number=first.number).update(
        starts_at=timezone.now() - timedelta(seconds=1),
        closes_at=timezone.now() - timedelta(seconds=6),
    )
    assert draws.advance("keno") == [first.number]
    second = Round.objects.get(game="keno", number=first.number + 1)
    round_voiding.void_round(second.pk, staff=staff, reason="Draw machine fault")
    # A correction, staff adjustments both ways, and withdrawals.
    corrections.correct_result(
        staff,
        game=fees_game,
        amounts={alice: 17},
        reason="fee charged twice",
        player_note="Fee refunded.",
        key="c1",
    )
    wallet.adjust(dave, 250, reason="goodwill", staff=staff, key="a1")
    wallet.adjust(bob, -40, reason="duplicate deposit", staff=staff, key="a2")
    paid = wallet.request_withdrawal(carol, 5_000, key="w1")
    wallet.approve_withdrawal(paid, staff=staff)
    rejected = wallet.request_withdrawal(dave, 3_000, key="w2")
    wallet.reject_withdrawal(rejected, staff=staff, note="details do not match")
    wallet.request_withdrawal(bob, 2_000, key="w3")  # still pending
    client.logout()
    return {"players": (alice, bob, carol, dave), "belote": belote, "void_round": second}


def test_the_daily_account_summary_adds_up_and_reconciles_with_the_ledger(period):
    rows = rows_of("account_summary")
    moves = list(accounting.MOVEMENTS)
    for row in rows:
        net = sum(-row[m] if m in accounting.OUTGOING else row[m] for m in moves)
        assert row["opening"] + net == row["closing"], row
    for player in period["players"]:
        mine = [r for r in rows if r["player"] == player.pk]
        assert mine[0]["opening"] == 0
        assert mine[-1]["closing"] == Account.objects.get(key=f"cash:user:{player.pk}").balance
    # Every cash entry of the period is in exactly one column.
    cash = Entry.objects.filter(account__kind="cash", account__owner__isnull=False)
    assert sum(r["entries"] for r in rows) == cash.count()
    totals = json.loads(exports.render("account_summary", ALL, "json"))["header"]["totals"]
    assert totals["net"] == cash.aggregate(s=Sum("amount"))["s"] == balances("cash")
    assert totals["deposits"] == 4 * 50_000
    assert totals["withdrawals"] == 5_000 + 2_000  # the rejected one came back
    assert totals["adjustments"] == 250 - 40 and totals["corrections"] == 17
    assert totals["fees"] == balances("fees")  # the void game's fees were refunded
    # Each game's rake shared by stake, rounded down seat by seat.
    from games.models import Game

    raked = Game.objects.filter(settled=True, settlement__rake__gt=0)
    rake = sum(game.settlement["rake"] for game in raked)
    seats = sum(game.seats.count() for game in raked)
    shares = sum(r["rake_share"] for r in rows)
    assert raked.count() == 2 and 0 <= rake - shares < seats


def test_the_liability_report_owes_what_the_accounts_hold(period):
    (today,) = rows_of("liability")
    assert today["day"] == timezone.now().date().isoformat()
    assert today["players_cash"] == balances("cash")
    assert today["escrow"] == balances("escrow")
    assert today["pending_withdrawals"] == balances("pending") == 2_000
    assert today["total"] == today["players_cash"] + today["escrow"] + today["pending_withdrawals"]
    # The days before anything was owed are left out; from the first, every day is listed.
    week = exports.Filters(history.Period(date.today() - timedelta(days=6), date.today()))
    assert rows_of("liability", week) == [today]


def test_the_revenue_report_counts_what_was_staked_and_shows_adjustments(period):
    rows = exports.revenue_rows(ALL, "day")
    by_game = {row[1]: dict(zip(exports.REVENUE_COLUMNS, row, strict=True)) for row in rows}
    for row in by_game.values():
        assert row["ggr"] == row["house_bank"] + row["rake"] + row["fees"]
        assert row["ggr"] + row["adjustments"] + row["players_net"] == 0, row
    belote = period["belote"]
    played_for = 1_000 * belote.state["multiplier"]
    assert by_game["belote"]["stakes"] == 2 * played_for  # not the reserve held
    assert by_game["backgammon"]["stakes"] == 2 * 1_234  # the void game staked nothing
    assert by_game["crash"]["stakes"] == 1_600
    void_round = period["void_round"]
    keno_bets = Bet.objects.filter(round__game="keno").exclude(round=void_round)
    assert by_game["keno"]["stakes"] == keno_bets.aggregate(s=Sum("stake"))["s"] == 100
    assert "rps" not in by_game or by_game["rps"]["stakes"] == 0  # never started
    assert by_game["adjustments"]["adjustments"] == -(250 - 40)
    assert sum(r["house_bank"] for r in by_game.values()) == balances("bank")
    assert sum(r["rake"] for r in by_game.values()) == balances("rake")
    assert sum(r["fees"] for r in by_game.values()) == balances("fees")
    assert sum(r["adjustments"] for r in by_game.values()) == balances("adjust")


def test_the_session_report_has_each_log_in_with_its_play(period):
    alice = period["players"][0]
    rows = [r for r in rows_of("sessions") if r["player"] == alice.pk]
    (session,) = rows
    assert session["ended_by"] == "logout" and session["ended"]
    assert session["games"] == 2 and session["rounds"] == 1
    summary = [r for r in rows_of("account_summary") if r["player"] == alice.pk]
    assert session["stakes"] == sum(r["stakes"] for r in summary)
    assert session["wins"] == sum(r["wins"] for r in summary)
    assert PlayerSession.objects.filter(user=alice).count() == 1


def test_the_reports_and_their_schemas_are_on_the_exports_page(client, period, make_user):
    client.force_login(make_user(is_staff=True, is_superuser=True))
    page = client.get(reverse("reports:exports")).content.decode()
    for name in ("account_summary", "sessions", "liability"):
        assert reverse("reports:export_schema", args=[name]) in page
        schema = client.get(reverse("reports:export_schema", args=[name])).json()
        assert schema["properties"]["columns"]["const"] == exports.REPORTS[name][1](ALL).columns
    assert client.get(reverse("reports:export_schema", args=["nothing"])).status_code == 404
