"""Correcting a result after the fact. Ledger entries are never edited: a correction is a
new balanced transaction of kind "correction" between the affected players' cash and the
house account the original money went to (a live game's rake, a house round's bank),
recorded with a note the players see in their history and an audit log entry.

A tournament's result is corrected against the rake account its fees went to; voiding it
gives each player back their entry and fee and takes back their prize (`void_tournament`)."""

from __future__ import annotations

from django.db import transaction

from casino import selectors as round_selectors
from casino.models import Round
from games.models import Game
from reports.models import Correction
from staff import audit
from tournaments.models import Entry as TournamentEntry
from tournaments.models import Tournament
from wallet import services as wallet
from wallet.models import Account, Transaction


class CorrectionRefused(Exception):
    pass


def _house_and_players(game: Game | None, game_round: Round | None, tournament=None):
    if [game, game_round, tournament].count(None) != 2:
        raise CorrectionRefused("A correction is about one game, one round or one tournament.")
    if tournament is not None:
        if not tournament.settlement:
            raise CorrectionRefused("Only a settled tournament's result can be corrected.")
        players = set(
            tournament.entries.filter(status=TournamentEntry.Status.REGISTERED).values_list(
                "player_id", flat=True
            )
        )
        reference = tournament.escrow_reference
        return wallet.house_account(Account.Kind.RAKE, anchor=reference), players, reference
    if game is not None:
        if not game.settled:
            raise CorrectionRefused("Only a settled game's result can be corrected.")
        players = set(game.seats.values_list("player_id", flat=True))
        reference = game.escrow_reference
        return wallet.house_account(Account.Kind.RAKE, anchor=reference), players, reference
    if not game_round.is_settled:
        raise CorrectionRefused("Only a settled round's result can be corrected.")
    players = round_selectors.players_of(game_round)
    reference = game_round.reference
    return wallet.house_account(Account.Kind.HOUSE_BANK, anchor=reference), players, reference


def correct_result(
    staff,
    *,
    amounts: dict,
    reason: str,
    player_note: str,
    key: str,
    game: Game | None = None,
    game_round: Round | None = None,
    tournament: Tournament | None = None,
) -> Correction:
    """`amounts`: {player: signed minor units} each player receives (or gives back).
    `key` makes a resubmitted form a replay: the first correction comes back."""
    if not reason.strip() or not player_note.strip():
        raise CorrectionRefused("A correction needs a reason and a note to the players.")
    amounts = {player: amount for player, amount in amounts.items() if amount}
    if not amounts:
        raise CorrectionRefused("A correction moves some money.")
    for amount in amounts.values():
        wallet.check_amount(abs(amount))
    house, took_part, reference = _house_and_players(game, game_round, tournament)
    strangers = [str(p) for p in amounts if p.pk not in took_part]
    if strangers:
        raise CorrectionRefused(f"Not part of this result: {', '.join(strangers)}.")
    moves = [(wallet.cash_account(p), amount) for p, amount in amounts.items()]
    moves.append((house, -sum(amounts.values())))
    with transaction.atomic():
        posting = wallet.post(
            Transaction.Kind.CORRECTION,
            moves,
            key=f"correction:{key}",
            reference=reference,
            memo=player_note.strip(),
            actor=staff,
        )
        if not posting.created:
            return Correction.objects.get(ledger_transaction=posting.transaction)
        correction = Correction.objects.create(
            game=game,
            game_round=game_round,
            tournament=tournament,
            amounts={str(p.pk): amount for p, amount in amounts.items()},
            reason=reason.strip(),
            player_note=player_note.strip(),
            ledger_transaction=posting.transaction,
            created_by=staff,
        )
        audit.record(
            staff,
            "results.correct",
            correction,
            reason.strip(),
            subject=correction.subject,
            amounts=correction.amounts,
            house_account=house.key,
            transaction=str(posting.transaction.uuid),
        )
    return correction


def void_tournament(
    staff, tournament: Tournament, *, reason: str, player_note: str, key: str
) -> Correction:
    """Voids a settled tournament's result: each player gets back their entry and fee and
    gives back their prize, in one correction (its amounts are computed, never typed)."""
    entries = tournament.entries.filter(status=TournamentEntry.Status.REGISTERED)
    amounts = {e.player: e.entry + e.fee - (e.prize or 0) for e in entries.select_related("player")}
    return correct_result(
        staff,
        tournament=tournament,
        amounts=amounts,
        reason=f"Void: {reason.strip()}" if reason.strip() else "",
        player_note=player_note,
        key=key,
    )
