"""Deadlines, timeouts, disconnection and settlement, driven by a controlled clock."""

import time
from datetime import timedelta

import pytest
from celery.contrib.testing.worker import start_worker
from channels.db import database_sync_to_async
from django.utils import timezone

from config.celery import app
from games import services, tasks
from games.models import Game, GameAction
from tests.games.conftest import Inbox, open_socket
from wallet.invariants import ledger_problems
from wallet.models import Transaction
from wallet.selectors import cash_balance

pytestmark = pytest.mark.django_db


def reload(game) -> Game:
    return Game.objects.get(pk=game.pk)


def to_act(game) -> int:
    (seat,) = services.engine_of(game).to_act(game.state)
    return seat


def test_expiry_before_the_deadline_or_after_a_move_does_nothing(clock, start_table):
    game, _players = start_table("penalty", {"shots": 3}, step_seconds=10)
    clock.advance(9.9)
    assert services.expire(game.pk, game.seq) is False
    clock.advance(0.2)
    assert services.expire(game.pk, game.seq + 1) is False  # a stale timer: seq moved on
    assert reload(game).seq == 0


def test_a_step_timeout_plays_the_timeout_move_and_counts(clock, start_table):
    game, _players = start_table("penalty", {"shots": 3}, step_seconds=10)
    seat = to_act(game)
    clock.advance(10)
    assert services.expire(game.pk, 0) is True
    game = reload(game)
    assert game.seq == 1
    assert game.seats.get(position=seat).timeouts == 1
    logged = GameAction.objects.get(game=game, seq=1)
    assert (logged.actor, logged.action) == ("timeout", {"type": "timeout"})
    assert game.deadline == clock.now + timedelta(seconds=10)


def test_the_fifth_timeout_disconnects_and_the_game_is_lost(
    clock, start_table, django_capture_on_commit_callbacks
):
    game, players = start_table("penalty", {"shots": 9}, step_seconds=5)
    victim = to_act(game)
    other = players[1 - victim]
    timeouts = 0
    while timeouts < 5:
        game = reload(game)
        seat = to_act(game)
        if seat == victim:
            clock.advance(5)
            with django_capture_on_commit_callbacks(execute=True):
                assert services.expire(game.pk, game.seq)
            timeouts += 1
        else:
            services.submit(game.pk, other, game.seq, {"sector": 3})
    game = reload(game)
    assert game.status == "finished"
    assert game.seats.get(position=victim).disconnected
    assert game.outcome["placing"][victim] == 2
    assert game.settled  # settled on commit
    assert cash_balance(players[victim]) == 99_000
    assert cash_balance(other) == 100_920
    assert ledger_problems() == []


def test_rps_timeout_loses_the_game(clock, start_table):
    game, _players = start_table("rps", {"points": 5}, step_seconds=5)
    seat = to_act(game)
    clock.advance(5)
    services.expire(game.pk, 0)
    game = reload(game)
    assert game.is_over and game.outcome["placing"][seat] == 2


def test_total_game_time_runs_out(clock, start_table):
    game, players = start_table("penalty", {"shots": 9}, step_seconds=30, game_minutes=1)
    # Each move takes 25 s of the seat's minute: the third one runs the clock out.
    for _ in range(4):
        game = reload(game)
        seat = to_act(game)
        clock.advance(25)
        services.submit(game.pk, players[seat], game.seq, {"sector": 1})
    game = reload(game)
    seat = to_act(game)
    left = game.seats.get(position=seat).clock_ms
    assert left == 10_000
    assert game.deadline == clock.now + timedelta(seconds=10)
    clock.advance(10)
    services.expire(game.pk, game.seq)
    game = reload(game)
    assert game.is_over and game.outcome["placing"][seat] == 2


def test_reconnection_window_and_penalty(clock, start_table):
    game, players = start_table("penalty", {"shots": 9}, step_seconds=10)
    seat = to_act(game)
    services.socket_opened(game.pk, players[seat])
    services.socket_closed(game.pk, players[seat])
    game = reload(game)
    # Offline on its turn: 30 s per unused timeout (5 of them) instead of the step time.
    assert game.deadline == clock.now + timedelta(seconds=150)
    clock.advance(65)
    assert services.expire(game.pk, 0) is False
    services.socket_opened(game.pk, players[seat])
    game = reload(game)
    assert game.seats.get(position=seat).timeouts == 2  # two whole 30 s periods away
    assert game.deadline == game.turn_started + timedelta(seconds=10)


def test_staying_away_past_the_window_disconnects(clock, start_table):
    game, players = start_table("penalty", {"shots": 9}, step_seconds=10)
    seat = to_act(game)
    services.socket_opened(game.pk, players[seat])
    services.socket_closed(game.pk, players[seat])
    clock.advance(150)
    assert services.expire(game.pk, 0) is True
    game = reload(game)
    assert game.is_over and game.seats.get(position=seat).disconnected


def test_the_sweep_catches_a_missed_deadline(clock, start_table):
    game, _ = start_table("penalty", {"shots": 3}, step_seconds=10)
    clock.advance(11)
    assert tasks.sweep()["expired"] == 1
    assert reload(game).seq == 1


def test_settlement_runs_exactly_once_whatever_retries(clock, start_table):
    game, players = start_table("rps", {"points": 1}, stake=2_000)
    first = to_act(game)
    services.submit(game.pk, players[first], 0, {"sign": "rock"})
    services.submit(game.pk, players[1 - first], 1, {"sign": "scissors"})
    for _ in range(3):
        assert tasks.settle(game.pk) is True
        services.settle_game(game.pk)
        tasks.sweep()
    key = f"table:{game.table.pk}:settle"
    assert Transaction.objects.filter(idempotency_key=key).count() == 1
    assert cash_balance(players[first]) == 100_000 + 2_000 - 160
    assert cash_balance(players[1 - first]) == 98_000
    assert ledger_problems() == []


def test_a_crash_between_finishing_and_settling_is_recovered(
    clock, start_table, monkeypatch, django_capture_on_commit_callbacks
):
    game, players = start_table("rps", {"points": 1}, stake=2_000)
    first = to_act(game)
    services.submit(game.pk, players[first], 0, {"sign": "rock"})
    monkeypatch.setattr("games.finishing.settle_game", _boom)
    with django_capture_on_commit_callbacks(execute=True) as hooks:
        services.submit(game.pk, players[1 - first], 1, {"sign": "scissors"})
    assert hooks  # the settlement hook ran, and failed
    assert reload(game).is_over and not reload(game).settled
    monkeypatch.undo()
    assert tasks.sweep()["settled"] == 1
    assert reload(game).settled and ledger_problems() == []


def _boom(game_id):
    raise RuntimeError("worker killed mid-settlement")


def test_a_blocked_player_cannot_move_even_from_an_open_socket(clock, start_table, make_user):
    from accounts.services import block_user

    game, players = start_table("penalty", {"shots": 3})
    seat = to_act(game)
    block_user(players[seat], reason="Collusion", by=make_user(is_staff=True))
    with pytest.raises(services.ActionRejected) as refused:
        services.submit(game.pk, players[seat], 0, {"sector": 1})  # the stale user object
    assert refused.value.code == "blocked"
    assert reload(game).seq == 0


@pytest.fixture
def timers_set(monkeypatch) -> list[tuple[int, object]]:
    """Every game timer handed to Celery, as (game, eta)."""
    armed = []
    monkeypatch.setattr("games.timers.ring_at", lambda game_id, eta: armed.append((game_id, eta)))
    return armed


def test_one_timer_per_game_that_rearms_for_the_current_deadline(
    clock, start_table, timers_set, django_capture_on_commit_callbacks
):
    start = clock.now
    with django_capture_on_commit_callbacks(execute=True):
        game, players = start_table("penalty", {"shots": 3}, step_seconds=10)
    assert timers_set == [(game.pk, start + timedelta(seconds=10))]
    clock.advance(4)
    with django_capture_on_commit_callbacks(execute=True):
        services.submit(game.pk, players[to_act(game)], 0, {"sector": 1})
    assert len(timers_set) == 1  # the deadline moved later: the timer set will re-arm
    assert reload(game).deadline == start + timedelta(seconds=14)
    clock.advance(6)
    with django_capture_on_commit_callbacks(execute=True):
        tasks.ring(game.pk)
    assert reload(game).seq == 1  # nobody was out of time: nothing played
    assert timers_set[1:] == [(game.pk, start + timedelta(seconds=14))]
    clock.advance(4)
    with django_capture_on_commit_callbacks(execute=True):
        tasks.ring(game.pk)
    game = reload(game)
    assert game.seq == 2 and sum(s.timeouts for s in game.seats.all()) == 1
    assert timers_set[2:] == [(game.pk, start + timedelta(seconds=24))]
    assert game.alarm == game.deadline


@pytest.mark.parametrize("timer_at", [100, -1], ids=["later-than-the-deadline", "overdue"])
def test_a_new_timer_when_the_one_set_rings_too_late_or_was_lost(
    clock, start_table, timers_set, django_capture_on_commit_callbacks, timer_at
):
    start = clock.now
    game, players = start_table("penalty", {"shots": 3}, step_seconds=10)
    Game.objects.filter(pk=game.pk).update(alarm=start + timedelta(seconds=timer_at))
    clock.advance(1)
    with django_capture_on_commit_callbacks(execute=True):
        services.submit(game.pk, players[to_act(game)], 0, {"sector": 1})
    assert timers_set == [(game.pk, start + timedelta(seconds=11))]
    assert reload(game).alarm == start + timedelta(seconds=11)


def test_a_socket_move_hands_its_timer_to_celery_after_announcing_it(
    clock, start_table, timers_set, django_capture_on_commit_callbacks
):
    from games.consumers import _changes_of
    from games.timers import ring_all

    start = clock.now
    game, players = start_table("penalty", {"shots": 3}, step_seconds=10)
    Game.objects.filter(pk=game.pk).update(alarm=start - timedelta(seconds=1))  # overdue
    clock.advance(1)

    def move() -> None:
        with django_capture_on_commit_callbacks(execute=True):
            services.submit(game.pk, players[to_act(game)], 0, {"sector": 1})

    sends, alarms, refusal = _changes_of(move)
    assert timers_set == []  # nothing handed over while the move's thread runs
    assert [event["type"] for _, event in sends] == ["game.update"] and refusal is None
    assert alarms == [(game.pk, start + timedelta(seconds=11))]
    ring_all(alarms)  # the consumer's timer thread, once the move is announced
    assert timers_set == alarms


def test_a_timer_handed_to_celery_waits_for_no_result(monkeypatch: pytest.MonkeyPatch) -> None:
    """The ring's result is never read: the hand-over must not subscribe to it."""
    from games.timers import ring_at

    subscribed, sent = [], []
    monkeypatch.setattr(app.backend, "on_task_call", lambda producer, task_id: subscribed.append(1))
    monkeypatch.setattr(app.amqp, "send_task_message", lambda *args, **kwargs: sent.append(1))
    ring_at(1, timezone.now())
    assert sent == [1] and subscribed == []


def test_a_ring_for_a_finished_or_deleted_game_does_nothing(clock, start_table, timers_set):
    game, _ = start_table("penalty", {"shots": 3})
    services.void_game(game.pk, "test")
    assert services.ring(game.pk) is None
    assert services.ring(10**9) is None
    assert timers_set == []


@pytest.mark.django_db(transaction=True)
def test_a_real_worker_rings_the_timer_at_the_deadline(clock, start_table):
    # The game's first deadline falls just before the worker's own clock: no waiting.
    clock.now = timezone.now() - timedelta(seconds=10.5)
    game, _ = start_table("penalty", {"shots": 3}, step_seconds=10)
    seat = to_act(game)
    clock.advance(10)
    with start_worker(app, perform_ping_check=False, pool="solo", loglevel="WARNING"):
        deadline = time.monotonic() + 30
        while reload(game).seq == 0:
            assert time.monotonic() < deadline, "the timer did not ring"
            time.sleep(0.05)
    game = reload(game)
    assert game.seats.get(position=seat).timeouts == 1
    assert GameAction.objects.get(game=game, seq=1).actor == "timeout"
    assert game.alarm == game.deadline == clock.now + timedelta(seconds=10)


def test_a_move_after_its_deadline_is_refused_and_the_timeout_rule_played_first(
    clock, start_table, django_capture_on_commit_callbacks
):
    """No timer fired (a worker down): the move itself finds its deadline passed."""
    game, players = start_table("rps", {"points": 1}, stake=1_000, step_seconds=30)
    late = to_act(game)
    clock.advance(35)
    with (
        django_capture_on_commit_callbacks(execute=True),
        pytest.raises(services.ActionRejected) as refused,
    ):
        services.submit(game.pk, players[late], 0, {"sign": "rock"})
    assert refused.value.code == "late"
    game = reload(game)
    assert game.is_over and game.outcome["placing"][late] == 2  # out of time: the seat loses
    (logged,) = GameAction.objects.filter(game=game)
    assert (logged.actor, logged.kind, logged.action) == ("timeout", "forfeit", None)
    assert game.settled
    assert cash_balance(players[late]) == 99_000
    assert cash_balance(players[1 - late]) == 100_920


def test_a_move_before_its_deadline_is_played(clock, start_table):
    game, players = start_table("rps", {"points": 2}, step_seconds=30)
    seat = to_act(game)
    clock.advance(29.9)
    services.submit(game.pk, players[seat], 0, {"sign": "rock"})
    game = reload(game)
    assert game.seq == 1 and game.seats.get(position=seat).timeouts == 0


def test_a_move_is_judged_by_the_games_deadline_as_it_was_put_later(clock, start_table):
    """A re-arm (after a platform outage) moves the game's deadline: a move before it counts."""
    game, players = start_table("rps", {"points": 2}, step_seconds=30)
    seat = to_act(game)
    Game.objects.filter(pk=game.pk).update(deadline=game.deadline + timedelta(seconds=30))
    clock.advance(35)
    services.submit(game.pk, players[seat], 0, {"sign": "rock"})
    assert reload(game).seq == 1


def test_a_turn_restarted_after_an_outage_takes_a_move_made_in_its_new_time(clock, start_table):
    game, players = start_table("rps", {"points": 2}, step_seconds=30)
    seat = to_act(game)
    clock.advance(600)  # the platform was down through the deadline
    assert services.restart_turn(game.pk, clock.now)
    assert reload(game).deadline == clock.now + timedelta(seconds=30)
    clock.advance(20)
    services.submit(game.pk, players[seat], 0, {"sign": "rock"})
    assert reload(game).seq == 1


def test_a_late_move_on_a_timed_out_turn_of_another_seat_is_stale(clock, start_table):
    """The seat whose time ran out is timed out first, whoever's message finds it."""
    game, players = start_table("penalty", {"shots": 3}, step_seconds=10)
    late = to_act(game)
    clock.advance(11)
    with pytest.raises(services.ActionRejected) as refused:
        services.submit(game.pk, players[1 - late], 0, {"sector": 1})
    assert refused.value.code == "stale"
    game = reload(game)
    assert game.seq == 1 and game.seats.get(position=late).timeouts == 1


@pytest.mark.django_db(transaction=True)
async def test_a_late_move_over_the_socket_is_refused_and_both_seats_see_the_timeout(
    clock, start_table
):
    game, players = await database_sync_to_async(start_table)("rps", {"points": 1}, step_seconds=30)
    inboxes = []
    for player in players:
        communicator, connected = await open_socket(f"/ws/games/{game.pk}/", player)
        assert connected
        inboxes.append(Inbox(communicator))
    (late,) = (await inboxes[0].latest_state(0))["to_act"]
    clock.advance(35)
    await inboxes[late].communicator.send_json_to(
        {"type": "act", "seq": 0, "action": {"sign": "rock"}}
    )
    assert (await inboxes[late].next("error"))["code"] == "late"
    for inbox in inboxes:
        over = await inbox.next("over")
        assert over["outcome"]["placing"][late] == 2
    for inbox in inboxes:
        await inbox.communicator.disconnect()
