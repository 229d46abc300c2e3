"""The full record of one game or one round, as the regulator reads it: what the
platform stored about it, its fairness proof once it is over, every ledger transaction
it moved, and the audit log, complaints and corrections about it. JSON-ready dicts.

A round not yet played shows neither its link nor its outcome: both were fixed ahead
(docs/architecture.md, "Randomness") and would tell the future of the round.
"""

from __future__ import annotations

import json

from django.core.serializers.json import DjangoJSONEncoder
from django.db.models import Q

from casino import services as rounds
from casino.models import Round
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


def round_record(game_round: Round) -> dict:
    played = game_round.state in PLAYED
    bets = game_round.bets.order_by("id")
    record = {
        "game": game_round.game,
        "number": game_round.number,
        "state": game_round.state,
        "chain": game_round.chain_id,
        "link_index": game_round.link_index,
        "outcome": game_round.outcome if played else None,
        "starts_at": game_round.starts_at,
        "closes_at": game_round.closes_at,
        "settled_at": game_round.settled_at,
        "bets": [
            {
                "id": b.pk,
                "player": b.user_id,
                "bet_type": b.bet_type,
                "label": b.label,
                "selection": b.selection,
                "stake": b.stake,
                "payout": b.payout,
                "status": b.status,
                "result": b.result,
                "slip": str(b.slip),
                "created": b.created,
            }
            for b in bets
        ],
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
        "options": game.options,
        "stake": game.stake,
        "rake_bp": game.rake_bp,
        "status": game.status,
        "private": game.private,
        "incognito": game.incognito,
        "started": game.started,
        "finished": game.finished,
        "seed_hash": game.seed_hash,
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
