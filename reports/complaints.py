"""Complaints: accepted within 15 days of the actual end of the game, round or transaction
they are about (the rules), answered by staff through open -> investigating -> answered."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone

from casino import selectors as round_selectors
from casino.models import Round
from games.models import Game, GameSeat
from reports.models import Complaint
from staff import audit
from wallet.models import Transaction

COMPLAINT_WINDOW = timedelta(days=15)
Status = Complaint.Status


class ComplaintRefused(Exception):
    """Why a complaint cannot be made; shown to the player as it is."""


def subject_end(
    user, *, game_id=None, round_id=None, transaction_uuid=None
) -> tuple[dict, datetime]:
    """The player's own game, round or transaction and when it ended; refused when it is
    not theirs or has not ended."""
    if game_id is not None:
        seat = GameSeat.objects.filter(game_id=game_id, player=user).select_related("game").first()
        if seat is None:
            raise ComplaintRefused("You did not play that game.")
        if seat.game.finished is None:
            raise ComplaintRefused("That game has not ended yet.")
        return {"game": seat.game}, seat.game.finished
    if round_id is not None:
        game_round = Round.objects.filter(pk=round_id).first()
        took_part = game_round is not None and user.pk in round_selectors.players_of(game_round)
        if not took_part:
            raise ComplaintRefused("You did not bet on that round.")
        if game_round.settled_at is None:
            raise ComplaintRefused("That round has not ended yet.")
        return {"game_round": game_round}, game_round.settled_at
    tx = Transaction.objects.filter(uuid=transaction_uuid, entries__account__owner=user).first()
    if tx is None:
        raise ComplaintRefused("That transaction is not on your account.")
    return {"ledger_transaction": tx}, tx.created


def file_complaint(user, text: str, *, now: datetime | None = None, **subject) -> Complaint:
    now = now or timezone.now()
    if not text.strip():
        raise ComplaintRefused("Tell us what went wrong.")
    about, ended = subject_end(user, **subject)
    if now - ended > COMPLAINT_WINDOW:
        raise ComplaintRefused(
            "Complaints are accepted within 15 days of the end of the game, round or "
            f"transaction; this one ended on {timezone.localtime(ended):%d %b %Y}."
        )
    return Complaint.objects.create(player=user, subject_ended=ended, text=text.strip(), **about)


def games_open_to_complaint(user, now: datetime | None = None):
    """The player's games, rounds and transactions still inside the 15-day window."""
    since = (now or timezone.now()) - COMPLAINT_WINDOW
    games = Game.objects.filter(seats__player=user, finished__gte=since).order_by("-finished")
    rounds = (
        Round.objects.filter(settled_at__gte=since)
        .filter(pk__in=round_selectors.rounds_bet_on_since(user.pk, since - timedelta(days=1)))
        .order_by("-settled_at")
    )
    return games[:50], rounds[:50]


@transaction.atomic
def move(complaint: Complaint, status: str, *, staff, answer: str = "") -> Complaint:
    """A staff step of the workflow, audited. Answering needs the answer's text."""
    complaint = Complaint.objects.select_for_update().get(pk=complaint.pk)
    if status == Status.ANSWERED:
        if not answer.strip():
            raise ComplaintRefused("An answer needs its text.")
        complaint.answer = answer.strip()
        complaint.answered_by = staff
        complaint.answered_at = timezone.now()
    previous = complaint.status
    complaint.status = status
    complaint.save()
    audit.record(staff, "complaints.status", complaint, answer, previous=previous, status=status)
    return complaint
