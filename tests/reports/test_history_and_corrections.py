"""The Games History read model, corrections with compensating transactions, and the
append-only audit log."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction
from django.urls import reverse

from accounts import services as account_services
from reports import corrections, history
from reports.models import AuditLog, Correction
from staff import audit
from wallet import services as wallet
from wallet.invariants import ledger_problems
from wallet.models import Account
from wallet.selectors import cash_balance

pytestmark = pytest.mark.django_db


def test_history_lists_games_and_bets_with_results_and_links(
    client, played_game, settled_crash, funded_player
):
    game, (winner, loser) = played_game()
    game_round = settled_crash([(winner, 500, 150), (loser, 700, 300)])
    lines = history.History(winner, history.default_period())[0:50]
    assert [(line.kind, line.net) for line in lines] == [("round-bet", 250), ("game", 920)]
    assert lines[0].game == f"Crash #{game_round.number}"
    assert lines[0].notes == ["Bet, auto cash-out 1.50x, cashed out at 1.50x: 2.00x"]
    assert lines[1].rake == 80 and lines[1].link == reverse("games:replay", args=[game.pk])
    assert lines[0].link == reverse("casino:round", args=["crash", game_round.number])
    totals = history.totals(winner, history.default_period())
    assert totals.net_result == 920 + 250
    assert totals.net_deposits == 100_000
    client.force_login(loser)
    page = client.get(reverse("reports:history"))
    assert page.status_code == 200
    assert b"Rock Paper Scissors" in page.content or b"rps" in page.content
    assert reverse("games:replay", args=[game.pk]).encode() in page.content
    crash_only = client.get(reverse("reports:history"), {"game": "crash"})
    assert reverse("games:replay", args=[game.pk]).encode() not in crash_only.content


def test_a_correction_is_balanced_audited_and_shown_to_the_players(played_game, make_user):
    game, (winner, loser) = played_game()
    staff = make_user(is_staff=True)
    before = cash_balance(winner), cash_balance(loser)
    # The result was wrong: the loser gets their stake back less half the rake, the
    # winner gives back the stake, and the house returns half its rake.
    correction = corrections.correct_result(
        staff,
        game=game,
        amounts={winner: -1_000, loser: 1_040},
        reason="Seat 1's throw was lost by a server fault",
        player_note="We corrected this game's result after a server fault.",
        key="c1",
    )
    again = corrections.correct_result(
        staff,
        game=game,
        amounts={winner: -1_000, loser: 1_040},
        reason="Seat 1's throw was lost by a server fault",
        player_note="We corrected this game's result after a server fault.",
        key="c1",
    )
    assert again.pk == correction.pk and Correction.objects.count() == 1
    assert (cash_balance(winner), cash_balance(loser)) == (before[0] - 1_000, before[1] + 1_040)
    entries = correction.ledger_transaction.entries.all()
    assert sum(e.amount for e in entries) == 0
    assert {e.account.key for e in entries} == {
        f"cash:user:{winner.pk}",
        f"cash:user:{loser.pk}",
        wallet.house_account(Account.Kind.RAKE, anchor=game.escrow_reference).key,
    }
    assert correction.ledger_transaction.kind == "correction"
    assert ledger_problems() == []
    log = AuditLog.objects.get(action="results.correct")
    assert log.actor == staff and "server fault" in log.reason
    lines = history.History(loser, history.default_period())[0:10]
    assert lines[0].kind == "correction" and lines[0].net == 1_040
    assert "server fault" in lines[0].notes[0]


def test_a_correction_names_only_players_of_the_game(played_game, make_user):
    game, (winner, _) = played_game()
    with pytest.raises(corrections.CorrectionRefused):
        corrections.correct_result(
            make_user(is_staff=True),
            game=game,
            amounts={make_user(): 10, winner: -10},
            reason="x",
            player_note="y",
            key="c2",
        )


def test_block_and_unblock_are_audited_and_the_log_is_append_only(make_user):
    staff, player = make_user(is_staff=True), make_user()
    account_services.block_user(player, reason="Collusion at table 4", by=staff)
    account_services.unblock_user(player, by=staff)
    actions = list(AuditLog.objects.order_by("id").values_list("action", "reason", "actor"))
    assert actions == [
        ("accounts.block", "Collusion at table 4", staff.pk),
        ("accounts.unblock", "", staff.pk),
    ]
    with pytest.raises(IntegrityError), transaction.atomic():
        AuditLog.objects.update(reason="nothing happened")
    with pytest.raises(IntegrityError), transaction.atomic():
        AuditLog.objects.all().delete()


def test_a_failed_audit_write_undoes_the_action(make_user, monkeypatch):
    staff, player = make_user(is_staff=True), make_user()

    def broken(**kwargs):
        raise RuntimeError("audit store down")

    monkeypatch.setattr(AuditLog.objects, "create", broken)
    with pytest.raises(RuntimeError):
        account_services.block_user(player, reason="x", by=staff)
    player.refresh_from_db()
    assert not player.is_blocked
    assert audit.staff_action.has_listeners()


@pytest.mark.parametrize(
    ("target", "valid"),
    [
        ("game:12", True),
        ("round:crash:7", True),
        ("round:roulette-european:42", True),
        ("round:keno:3", True),
        ("round:no-such-game:3", False),
        ("round:crash:", False),
        ("round:Crash;drop:1", False),
    ],
)
def test_the_correction_form_takes_a_round_of_any_round_game(target, valid):
    from reports.staff_forms import CorrectionForm

    form = CorrectionForm(
        {"target": target, "amounts": "1: 5.00", "reason": "r", "player_note": "n", "token": "t"}
    )
    assert form.is_valid() == valid, form.errors
