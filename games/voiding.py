"""Voiding a live game (a staff tool): it ends at once as void, and the runtime's own
settlement refunds every stake, exactly once by its key, and tells the players."""

from __future__ import annotations

from django.db import transaction

from accounts import audit
from games import services, tasks
from games.models import Game


def void_and_refund(game_id: int, *, staff, reason: str) -> Game:
    with transaction.atomic():
        game = services.void_game(game_id, reason.strip())
        audit.record(staff, "games.void", game, reason.strip(), escrow=game.escrow_reference)
    tasks.settle(game.pk)
    game.refresh_from_db()
    return game
