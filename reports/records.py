"""The full record of one game or one round, as the regulator reads it: what the
platform stored about it, its fairness proof once it is over, every ledger transaction
it moved, and the audit log, complaints and corrections about it. JSON-ready dicts.

A round not yet played shows neither its link nor its outcome: both were fixed ahead
(docs/architecture.md, "Randomness") and would tell the future of the round.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime

from django.core.serializers.json import DjangoJSONEncoder
from django.db.models import Q

from casino import registry as round_games
from casino import services as rounds
from casino.models import Bet, BetStatus, Round
from games import replay
from games.models import Game
from reports.models import AuditLog, Complaint, Correction
from wallet.models import Transaction

PLAYED = (Round.State.SETTLED, Round.State.VOID)


def _plain(value) -> dict:
    """The value as it would be written to a JSON file (dates as ISO text)."""
    return json.loads(json.dumps(value, cls=DjangoJSONEncoder))


def _ledger(references: Q) -> list[dict]:
    found = Transaction.objects.filter(references).prefetch_related("entries__account")
    return [
        {
            "transaction": str(t.uuid),
            "created": t.created,
            "kind": t.kind,
            "reference": t.reference,
            "memo": t.memo,
            "entries": [
                {
                    "account": e.account.key,
                    "account_kind": e.account.kind,
                    "amount": e.amount,
                    "balance_after": e.balance_after,
                }
                for e in t.entries.all().order_by("id")
            ],
        }
        for t in found.order_by("id")
    ]


def _audit(target_type: str, pk: int) -> list[dict]:
    return [
        {
            "created": a.created,
            "actor": a.actor_email,
            "action": a.action,
            "reason": a.reason,
            "details": a.details,
        }
        for a in AuditLog.objects.filter(target_type=target_type, target_id=str(pk)).order_by(
            "created", "id"
        )
    ]


def _complaints(**about) -> list[dict]:
    return [
        {
            "id": c.pk,
            "created": c.created,
            "player": c.player_id,
            "status": c.status,
            "text": c.text,
            "answer": c.answer,
            "answered_at": c.answered_at,
        }
        for c in Complaint.objects.filter(**about).order_by("created")
    ]


def _corrections(**about) -> list[dict]:
    return [
        {
            "id": c.pk,
            "created": c.created,
            "amounts": c.amounts,
            "reason": c.reason,
            "player_note": c.player_note,
            "transaction": str(c.ledger_transaction.uuid),
        }
        for c in Correction.objects.filter(**about).select_related("ledger_transaction")
    ]


def _at_ms(game_round: Round, elapsed_ms: int | None):
    """The time of a millisecond of a Crash round's run."""
    if elapsed_ms is None or game_round.started_at_ms is None:
        return None
    return datetime.fromtimestamp((game_round.started_at_ms + elapsed_ms) / 1000, tz=UTC)


def _round_bet(game_round: Round, bet: Bet, played: bool) -> dict:
    row = {
        "id": bet.pk,
        "player": bet.user_id,
        "placed_by": "auto" if bet.auto_run_id else "player",
        "bet_type": bet.bet_type,
        "label": bet.label,
        "selection": bet.selection,
        "stake": bet.stake,
        "payout": bet.payout,
        "status": bet.status,
        "result": bet.result,
        "slip": str(bet.slip),
        "created": bet.created,
    }
    if played and bet.status != BetStatus.VOID:
        details = round_games.get(game_round.game).bet_details(bet.selection, game_round.outcome)
        cash_out = details.get("cash_out")
        if cash_out:
            details["cash_out"] = {**cash_out, "at": _at_ms(game_round, cash_out["elapsed_ms"])}
        row.update(details)
    return row


def _round_actions(game_round: Round, bets: list[dict]) -> list[dict]:
    """Every step of the round in time order, with who took it: each bet placed (by the
    player or their Auto run), each Crash cash-out (by the player or the auto cash-out),
    and the settlement (the system)."""
    actions = [
        {
            "time": bet["created"],
            "actor": bet["placed_by"],
            "kind": "bet",
            "bet": bet["id"],
            "player": bet["player"],
        }
        for bet in bets
    ]
    actions += [
        {
            "time": bet["cash_out"]["at"],
            "actor": bet["cash_out"]["by"],
            "kind": "cash_out",
            "bet": bet["id"],
            "player": bet["player"],
        }
        for bet in bets
        if bet.get("cash_out") and bet["cash_out"]["at"] is not None
    ]
    if game_round.settled_at:
        kind = "void" if game_round.state == Round.State.VOID else "settle"
        actions.append(
            {
                "time": game_round.settled_at,
                "actor": "system",
                "kind": kind,
                "bet": None,
                "player": None,
            }
        )
    return sorted(actions, key=lambda a: a["time"])


def round_record(game_round: Round) -> dict:
    played = game_round.state in PLAYED
    bets = [_round_bet(game_round, b, played) for b in game_round.bets.order_by("id")]
    record = {
        "game": game_round.game,
        "number": game_round.number,
        "rules_version": game_round.rules_version,
        "state": game_round.state,
        "chain": game_round.chain_id,
        "link_index": game_round.link_index,
        "outcome": game_round.outcome if played else None,
        "starts_at": game_round.starts_at,
        "closes_at": game_round.closes_at,
        "run_started_at": _at_ms(game_round, 0),
        "settled_at": game_round.settled_at,
        "players": sorted({b["player"] for b in bets}),
        "stakes": sum(b["stake"] for b in bets),
        "payouts": sum(b["payout"] for b in bets),
        "bets": bets,
        "actions": _round_actions(game_round, bets),
    }
    return _plain(
        {
            "kind": "round",
            "record": record,
            "fairness": rounds.fairness_record(game_round) if game_round.is_settled else None,
            "ledger": _ledger(Q(reference=game_round.reference)),
            "audit": _audit("casino.Round", game_round.pk),
            "complaints": _complaints(game_round=game_round),
            "corrections": _corrections(game_round=game_round),
        }
    )


def game_record(game: Game) -> dict:
    record = {
        "id": game.pk,
        "game": game.slug,
        "rules_version": game.rules_version,
        "options": game.options,
        "stake": game.stake,
        "rake_bp": game.rake_bp,
        "status": game.status,
        "private": game.private,
        "incognito": game.incognito,
        "started": game.started,
        "finished": game.finished,
        "seed_hash": game.seed_hash,
        "players": [s.player_id for s in game.seats.all() if s.player_id],
        "stakes": sum(s.held for s in game.seats.all()),
        "seats": [
            {
                "position": s.position,
                "player": s.player_id,
                "held": s.held,
                "timeouts": s.timeouts,
                "disconnected": s.disconnected,
                "bot": s.bot,
            }
            for s in game.seats.all()
        ],
        "actions": [
            {
                "seq": a.seq,
                "seat": a.seat,
                "actor": a.actor,
                "kind": a.kind,
                "action": a.action,
                "created": a.created,
            }
            for a in game.actions.all()
        ],
        "chat": [
            {
                "id": line.pk,
                "seat": line.seat,
                "player": line.author_id,
                "text": line.text,
                "created": line.created,
                "reports": [report.status for report in line.reports.all()],
            }
            for line in game.chat_lines.prefetch_related("reports")
        ],
        "outcome": game.outcome,
        "settlement": game.settlement,
    }
    over = game.is_over and game.seed_revealed
    return _plain(
        {
            "kind": "game",
            "record": record,
            "fairness": replay.fairness_record(game, with_actions=True) if over else None,
            "ledger": _ledger(Q(reference=game.escrow_reference)),
            "audit": _audit("games.Game", game.pk),
            "complaints": _complaints(game=game),
            "corrections": _corrections(game=game),
        }
    )
