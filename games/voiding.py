"""Voiding a live game (a staff tool): it ends at once as void, and the runtime's own
settlement refunds every stake and fee, exactly once by its keys, and tells the players."""

from __future__ import annotations

from django.db import transaction

from games import finishing, services
from games.models import Game
from staff import audit


def void_and_refund(game_id: int, *, staff, reason: str) -> Game:
    """Voids the game and settles it. Returns the game as it ends up: `settled` is False
    when the refunds could not be paid now (logged; the sweep pays them)."""
    with transaction.atomic():
        game = services.void_game(game_id, reason.strip())
        audit.record(staff, "games.void", game, reason.strip(), escrow=game.escrow_reference)
    # The void's commit hook settled it already, unless that failed: one more try here.
    return finishing.settle_or_leave_to_sweep(game)
