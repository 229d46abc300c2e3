"""What a Crash page and a reconnecting socket are told (casino.services.crash_snapshot):
the round in play with its bets, the last results newest first, and the player's own
bets and Auto run."""

from __future__ import annotations

import pytest

from casino import services
from casino.models import CrashAutoRun, Round

pytestmark = pytest.mark.django_db


def played(crash_round, run_round, fake_clock, crash_point: int, player) -> Round:
    game_round = crash_round(crash_point)
    services.place_crash_bet(player, 1_000)
    run_round(game_round)
    fake_clock.now = services.crash_at_ms(Round.objects.get(pk=game_round.pk))
    assert services.settle_crash(game_round.pk)
    return game_round


def auto_run(player, *, active: bool, current_bet: int) -> CrashAutoRun:
    return CrashAutoRun.objects.create(
        user=player,
        base_bet=1_000,
        total_bets_limit=50_000,
        auto_cash_out=200,
        on_win=CrashAutoRun.NextBet.RETURN_TO_BASE,
        on_loss=CrashAutoRun.NextBet.DOUBLE,
        current_bet=current_bet,
        total_bet=current_bet,
        active=active,
        stopped_reason="" if active else "stopped",
    )


def test_the_snapshot_holds_the_round_in_play_the_last_results_and_the_players_bets(
    funded, crash_round, run_round, fake_clock, casino_settings
):
    casino_settings.CRASH_HISTORY = 2
    player, other = funded(), funded()
    rounds = [played(crash_round, run_round, fake_clock, p, player) for p in (150, 250, 350)]
    current = crash_round(200)
    mine = services.place_crash_bet(player, 2_000, auto_cash_out=300)
    services.place_crash_bet(other, 3_000)
    auto_run(player, active=False, current_bet=1_000)
    auto_run(player, active=True, current_bet=4_000)

    snapshot = services.crash_snapshot(player)

    assert snapshot["history"] == [
        {"round": rounds[2].number, "crash_point": 350},
        {"round": rounds[1].number, "crash_point": 250},
    ]
    assert (snapshot["round"]["number"], snapshot["round"]["state"]) == (
        current.number,
        Round.State.BETTING,
    )
    assert [bet["amount"] for bet in snapshot["round"]["bets"]] == [3_000, 2_000]
    mine.refresh_from_db()
    assert snapshot["mine"] == [{"round": current.number, **services.bet_view(mine)}]
    assert snapshot["mine"][0]["auto_cash_out"] == 300
    assert snapshot["autobet"]["active"] and snapshot["autobet"]["current_bet"] == 4_000
    assert snapshot["me"] == services.player_name(player.pk)


def test_a_watcher_and_a_quiet_game_get_no_round_and_no_bets(funded, crash_round, casino_settings):
    crash_round(200)
    Round.objects.filter(game="crash").update(state=Round.State.SCHEDULED)
    watcher = services.crash_snapshot(None)
    assert watcher["round"] is None and watcher["history"] == []
    assert "mine" not in watcher and "autobet" not in watcher
    player = services.crash_snapshot(funded())
    assert player["mine"] == [] and player["autobet"] is None
