"""A game's money under twenty identical requests at once on real PostgreSQL: a paid
re-roll sent twenty times (same move number) is charged once; twenty settlements of the
finished game (beat, the after-commit task, retries) pay once."""

from __future__ import annotations

import pytest

from games import services
from games.models import Game
from tests.games.two_seats import FUNDS, STAKE, mover, play_to_the_end
from tests.threads import in_threads
from wallet.invariants import ledger_problems
from wallet.models import Transaction
from wallet.selectors import cash_balance

pytestmark = pytest.mark.django_db(transaction=True)

THREADS = 20
FEE_BOTH_DICE = 61  # 5% of 12.34, floored to the cent


def test_twenty_identical_paid_rerolls_charge_one_fee_and_twenty_settlements_pay_once(
    start_table, funded_player
):
    players = [funded_player(FUNDS), funded_player(FUNDS)]
    options = {"variant": "short", "points": 1, "reroll": "both", "reroll_times": 2}
    game, _ = start_table("backgammon", options, stake=STAKE, players=players)
    seat, seq = mover(game), game.seq

    def reroll(_):
        return services.submit(game.pk, players[seat], seq, {"type": "reroll", "dice": "both"})

    results = in_threads(THREADS, reroll)
    accepted = [r for r in results if isinstance(r, Game)]
    stale = [r for r in results if isinstance(r, services.ActionRejected)]
    assert len(accepted) == 1 and len(stale) == THREADS - 1, results
    assert {r.code for r in stale} == {"stale"}
    assert Transaction.objects.filter(kind="fee", actor=players[seat]).count() == 1
    assert cash_balance(players[seat]) == FUNDS - STAKE - FEE_BOTH_DICE

    game = play_to_the_end(Game.objects.get(pk=game.pk), players)
    settled = in_threads(THREADS, lambda _: services.settle_game(game.pk))
    assert all(isinstance(r, Game) and r.settled for r in settled), settled
    assert Transaction.objects.filter(reference=game.escrow_reference, kind="settle").count() == 1
    winner = game.outcome["placing"].index(1)
    fees = [FEE_BOTH_DICE if s == seat else 0 for s in (0, 1)]
    rake = 2 * STAKE * 4 // 100
    assert cash_balance(players[winner]) == FUNDS + STAKE - rake - fees[winner]
    assert cash_balance(players[1 - winner]) == FUNDS - STAKE - fees[1 - winner]
    assert ledger_problems() == []
