"""Crash on the database: bets, the cash-out race at the crash instant on a controlled
clock, auto cash-out with nobody connected, idempotent settlement and Auto mode."""

from __future__ import annotations

import pytest

from casino import services
from casino.crash import curve
from casino.models import Bet, BetStatus, CrashAutoRun, Round
from wallet.invariants import ledger_problems
from wallet.models import Transaction
from wallet.money import format_minor
from wallet.selectors import cash_balance

pytestmark = pytest.mark.django_db


def settle(game_round: Round, fake_clock) -> None:
    fake_clock.now = services.crash_at_ms(Round.objects.get(pk=game_round.pk))
    assert services.settle_crash(game_round.pk)


def test_a_bet_moves_cash_to_the_house_in_the_same_transaction(funded, crash_round):
    player = funded(10_000)
    game_round = crash_round(250)
    bet = services.place_crash_bet(player, 1_000)
    assert cash_balance(player) == 9_000
    posting = Transaction.objects.get(
        idempotency_key=f"round:crash:{game_round.number}:bet:{player.pk}"
    )
    assert posting.reference == game_round.reference == f"round:crash:{game_round.number}"
    assert bet.round == game_round and bet.status == BetStatus.OPEN


def test_cash_out_one_millisecond_before_the_crash_wins_and_at_the_instant_loses(
    funded, crash_round, run_round, fake_clock
):
    early, late = funded(), funded()
    game_round = crash_round(200)
    services.place_crash_bet(early, 1_000)
    services.place_crash_bet(late, 1_000)
    started = run_round(game_round)
    crashes_in = curve.crash_instant(200)

    fake_clock.now = started.started_at_ms + crashes_in - 1
    result = services.cash_out(early)
    assert result.multiplier == curve.multiplier(crashes_in - 1) == 199
    fake_clock.now = started.started_at_ms + crashes_in
    with pytest.raises(services.RoundError, match="Too late"):
        services.cash_out(late)

    assert services.settle_crash(game_round.pk)
    assert cash_balance(early) == 100_000 - 1_000 + 1_990
    assert cash_balance(late) == 100_000 - 1_000
    assert Bet.objects.get(user=late).status == BetStatus.LOST
    assert ledger_problems() == []


def test_auto_cash_out_pays_exactly_its_target_with_nobody_connected(
    funded, crash_round, run_round, fake_clock
):
    at_target, above = funded(), funded()
    game_round = crash_round(200)
    services.place_crash_bet(at_target, 1_000, auto_cash_out=200)  # exactly the crash point
    services.place_crash_bet(above, 1_000, auto_cash_out=201)
    run_round(game_round)
    settle(game_round, fake_clock)  # no socket, no message: the server does it all
    assert cash_balance(at_target) == 100_000 - 1_000 + 2_000
    assert cash_balance(above) == 100_000 - 1_000


def test_a_manual_cash_out_after_the_auto_target_is_refused(
    funded, crash_round, run_round, fake_clock
):
    player = funded()
    game_round = crash_round(500)
    services.place_crash_bet(player, 1_000, auto_cash_out=150)
    started = run_round(game_round)
    fake_clock.now = started.started_at_ms + curve.crash_instant(150)
    with pytest.raises(services.RoundError, match="auto cash-out already"):
        services.cash_out(player)
    settle(game_round, fake_clock)
    assert Bet.objects.get(user=player).payout == 1_500


def test_refusals(funded, crash_round, run_round, fake_clock):
    player, bystander = funded(), funded()
    crash_round(300)
    with pytest.raises(services.RoundError, match="minimum"):
        services.place_crash_bet(player, 49)
    with pytest.raises(services.RoundError, match="maximum"):
        services.place_crash_bet(player, 300_001)
    with pytest.raises(services.RoundError, match="whole number"):
        services.place_crash_bet(player, 10.5)
    with pytest.raises(services.RoundError, match="No round is running"):
        services.cash_out(player)
    services.place_crash_bet(player, 1_000)
    with pytest.raises(services.RoundError, match="already have a bet"):
        services.place_crash_bet(player, 1_000)
    game_round = Round.objects.get(game="crash", state=Round.State.BETTING)
    run_round(game_round)
    fake_clock.advance(100)
    with pytest.raises(services.RoundError, match="Betting is closed"):
        services.place_crash_bet(bystander, 1_000)
    with pytest.raises(services.RoundError, match="no bet"):
        services.cash_out(bystander)
    services.cash_out(player)
    with pytest.raises(services.RoundError, match="already cashed out"):
        services.cash_out(player)
    assert cash_balance(bystander) == 100_000
    assert cash_balance(player) == 99_000


def test_a_bet_for_the_next_round_waits_for_it(funded, crash_round, run_round, fake_clock):
    player = funded()
    game_round = crash_round(300)
    run_round(game_round)
    bet = services.place_crash_bet(player, 1_000, next_round=True)
    assert bet.round.number == game_round.number + 1
    settle(game_round, fake_clock)
    assert services.open_crash_betting().number == bet.round.number


def test_settlement_runs_once_when_repeated(funded, crash_round, run_round, fake_clock):
    player = funded()
    game_round = crash_round(300)
    services.place_crash_bet(player, 1_000, auto_cash_out=200)
    run_round(game_round)
    settle(game_round, fake_clock)
    assert not services.settle_crash(game_round.pk)
    assert cash_balance(player) == 100_000 + 1_000
    assert Transaction.objects.filter(reference=game_round.reference, kind="win").count() == 1


def test_a_worker_killed_in_the_middle_of_settlement_leaves_nothing_and_the_rerun_pays_once(
    funded, crash_round, run_round, fake_clock, monkeypatch
):
    winner, loser = funded(), funded()
    game_round = crash_round(300)
    services.place_crash_bet(winner, 1_000, auto_cash_out=200)
    services.place_crash_bet(loser, 1_000, auto_cash_out=400)
    run_round(game_round)
    fake_clock.now = services.crash_at_ms(Round.objects.get(pk=game_round.pk))

    def killed(*args, **kwargs):
        # The bets are marked won and lost by now, in the same transaction.
        assert Bet.objects.filter(round=game_round, status=BetStatus.OPEN).count() == 0
        raise SystemExit("worker killed")

    monkeypatch.setattr(services, "pay_wins", killed)
    with pytest.raises(SystemExit):
        services.settle_crash(game_round.pk)
    assert Round.objects.get(pk=game_round.pk).state == Round.State.RUNNING
    assert Bet.objects.filter(round=game_round, status=BetStatus.OPEN).count() == 2
    monkeypatch.undo()

    from casino import clock

    monkeypatch.setattr(clock, "now_ms", fake_clock.now_ms)
    assert services.settle_crash(game_round.pk)
    assert not services.settle_crash(game_round.pk)
    assert cash_balance(winner) == 100_000 + 1_000
    assert cash_balance(loser) == 100_000 - 1_000
    assert ledger_problems() == []


def test_beat_settles_a_round_whose_run_task_died(funded, crash_round, run_round, fake_clock):
    player = funded()
    game_round = crash_round(150)
    services.place_crash_bet(player, 1_000, auto_cash_out=120)
    run_round(game_round)
    fake_clock.now = services.crash_at_ms(Round.objects.get(pk=game_round.pk)) + 10
    assert services.advance_crash().settled is None  # still within the recovery margin
    fake_clock.advance(5_000)
    step = services.advance_crash()
    assert step.settled.pk == game_round.pk and step.opened.number == game_round.number + 1
    assert cash_balance(player) == 100_000 + 200


def play(crash_point: int, crash_round, run_round, fake_clock) -> Round:
    game_round = crash_round(crash_point)
    run_round(game_round)
    fake_clock.now = services.crash_at_ms(Round.objects.get(pk=game_round.pk))
    services.settle_crash(game_round.pk)
    return game_round


def test_autobet_follows_the_rules_example_and_stops_before_passing_the_limit(
    funded, crash_round, run_round, fake_clock
):
    """Base 50, limit 500, auto cash-out 2, back to base on a win, double on a loss:
    losses at 50, 100 and 200; the next bet would be 400 and 50+100+200+400 = 750 > 500."""
    player = funded(10_000)
    run = services.start_autobet(
        player,
        base_bet=50,
        total_bets_limit=500,
        auto_cash_out=200,
        on_win="return_to_base",
        on_loss="double",
    )
    bets = []
    for _ in range(4):
        game_round = play(152, crash_round, run_round, fake_clock)
        bets.extend(
            Bet.objects.filter(round=game_round, user=player).values_list("stake", flat=True)
        )
    assert bets == [50, 100, 200]
    run.refresh_from_db()
    assert not run.active
    assert f"to {format_minor(750)}, over the limit of {format_minor(500)}" in run.stopped_reason
    assert cash_balance(player) == 10_000 - 350


def test_autobet_returns_to_base_after_a_win(funded, crash_round, run_round, fake_clock):
    player = funded(10_000)
    services.start_autobet(
        player,
        base_bet=50,
        total_bets_limit=500,
        auto_cash_out=200,
        on_win="return_to_base",
        on_loss="double",
    )
    amounts = []
    for crash_point in (152, 152, 250, 152):
        game_round = play(crash_point, crash_round, run_round, fake_clock)
        amounts.append(Bet.objects.get(round=game_round, user=player).stake)
    assert amounts == [50, 100, 200, 50]
    run = CrashAutoRun.objects.get(user=player)
    assert run.active and run.current_bet == 100 and run.total_bet == 500


def test_autobet_defaults_to_1_01_and_refuses_a_second_run(funded, crash_round):
    player = funded()
    crash_round(300)
    run = services.start_autobet(
        player, base_bet=100, total_bets_limit=1_000, on_win="double", on_loss="return_to_base"
    )
    assert run.auto_cash_out == 101
    assert Bet.objects.get(user=player).selection == {"auto_cash_out": 101}
    with pytest.raises(services.RoundError, match="already on"):
        services.start_autobet(
            player, base_bet=100, total_bets_limit=1_000, on_win="double", on_loss="double"
        )


@pytest.mark.parametrize(
    ("text", "hundredths"), [("2", 200), ("1.5", 150), ("21.23", 2123), ("1,01", 101)]
)
def test_odds_are_read_without_floats(text, hundredths):
    assert services.parse_multiplier(text) == hundredths


@pytest.mark.parametrize("text", ["1", "1.001", "abc", "-2", "", "\uff12", "\u0661.\u0665"])
def test_bad_odds_are_refused(text):
    with pytest.raises(services.RoundError):
        services.parse_multiplier(text)
