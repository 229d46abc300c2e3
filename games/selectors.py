"""Reads of the live runtime: who may see a game and from which seat, a game's engine and
seats, and the games the sweep must visit. Nothing here writes."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from games import clock, registry, store
from games.engine import ActionRefused, AnyEngine, ChipMoveKind
from games.models import Game, GameSeat
from games.settlement import at_risk
from staff.roles import is_regulator
from wallet.rake import percentage_rake


@dataclass(frozen=True)
class Viewer:
    """Someone allowed to see a game: from their own seat, or as a spectator."""

    position: int | None  # None: a spectator, sent the public view

    @property
    def seated(self) -> bool:
        return self.position is not None


SPECTATOR = Viewer(None)


def viewer_of(game: Game, user, watch_code: str | None = None) -> Viewer | None:
    """The one rule of who sees a game, live or replayed (the page, the socket and the
    replay all ask it); None when refused.

    Players see their own seat. Staff and regulators may always watch. Anyone else logged
    in may watch a game that allows spectators, except a private one, which only the
    holders of its watch link may watch, and only while it is live: its replay stays with
    the players, staff and regulators.
    """
    if user is None or not user.is_authenticated:
        return None
    position = game.seats.filter(player=user).values_list("position", flat=True).first()
    if position is not None:
        return Viewer(position)
    if user.is_staff or is_regulator(user):
        return SPECTATOR
    if not game.spectators_allowed:
        return None
    if game.private:
        holds_link = bool(watch_code) and secrets.compare_digest(str(watch_code), game.watch_code)
        return SPECTATOR if holds_link and not game.is_over else None
    return SPECTATOR


def may_see_replay(game: Game, user) -> bool:
    """Whether ``user`` (anonymous included) may read a finished game's moves: anyone for
    a game that was open to spectators and not private (its fairness record is public),
    else whoever `viewer_of` lets watch it."""
    if game.spectators_allowed and not game.private:
        return True
    return viewer_of(game, user) is not None


def engine_of(game: Game) -> AnyEngine:
    return registry.get(game.slug)


def move_preview(game_id: int, position: int, raw: object) -> dict[str, Any] | None:
    """The engine's preview of a seat's move (its `preview` hook), read without a lock:
    nothing is played. A move that is not one of the game's is answered with its hint."""
    game = Game.objects.get(pk=game_id)
    if game.is_over:
        return None
    engine = engine_of(game)
    try:
        action = engine.parse_action(raw)
    except ActionRefused as refused:
        return {"ok": False, "reason": refused.reason}
    return engine.preview(game.state, position, action)


def overtime_ms(game: Game) -> int:
    """How far past its total time a seat may play on (the engine's `game_clock`)."""
    engine = engine_of(game)
    clock = engine.game_clock(engine.Options.from_json(game.options))
    return 0 if clock is None else clock.overtime_ms


def table_money(game: Game, seats: list[GameSeat] | None = None) -> dict[str, int]:
    """What the table plays for now, shown before and during play: each seat's stake, the
    pot (the stakes at risk, which a Double stake raises) and the house's rake on it. A
    cash table (poker) shows its buy-in and the money at the table instead: its rake is
    taken pot by pot, shown by its board."""
    held = [seat.held for seat in (seats if seats is not None else seats_of(game).values())]
    moves = engine_of(game).chip_moves(game.state)
    if moves:
        at_table = sum(-m.amount if m.kind == ChipMoveKind.LEAVE else m.amount for m in moves)
        return {"stake": game.stake, "pot": at_table if game.stake else 0, "cash": 1}
    multiplier = engine_of(game).stake_multiplier(game.state)
    pot = sum(at_risk(held, game.stake, multiplier))
    rake = percentage_rake(pot, game.rake_bp)
    return {"stake": game.stake * multiplier, "pot": pot, "rake": rake}


def seats_of(game: Game) -> dict[int, GameSeat]:
    """The game's seats by position, read once per change and kept on the game object (the
    Game row is locked while it changes, so they cannot change underneath)."""
    cached = getattr(game, "_seats", None)
    if cached is None:
        cached = game._seats = store.read_seats(game)
    return cached


def overdue_games(now: datetime | None = None) -> list[tuple[int, int]]:
    """(game, seq) of every live game whose deadline has passed."""
    now = now or clock.now()
    return list(
        Game.objects.filter(status=Game.Status.PLAYING, deadline__lte=now).values_list("pk", "seq")
    )


def unsettled_games() -> list[int]:
    """Games that ended and whose escrow is not paid out yet."""
    return list(
        Game.objects.filter(settled=False)
        .exclude(status=Game.Status.PLAYING)
        .values_list("pk", flat=True)
    )


def oldest_unsettled_game(finished_before: datetime) -> Game | None:
    """The game over longest ago, before `finished_before`, whose escrow is not paid out."""
    return (
        Game.objects.filter(settled=False, finished__lt=finished_before)
        .exclude(status=Game.Status.PLAYING)
        .order_by("finished", "pk")
        .first()
    )


def concluded_escrows(references: list[str]) -> dict[str, str]:
    """Of these escrow references, those of games that are over, with a description: their
    escrow should be empty (wallet.invariants asks, through the registration in apps.py)."""
    return {
        reference: f"{slug} #{pk} is {status}{'' if settled else ' (not settled yet)'}"
        for pk, slug, status, settled, reference in Game.objects.filter(
            escrow_reference__in=references
        )
        .exclude(status=Game.Status.PLAYING)
        .values_list("pk", "slug", "status", "settled", "escrow_reference")
    }
