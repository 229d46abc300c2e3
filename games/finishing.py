"""Ending a game, in one explicit step of two halves.

Under the game's lock, `finish` (a result) or `void` (no result, over every real seat)
records the end. After that commit, `settle_game` pays the escrow out: the winners and
the rake, or on a void every stake and every fee back. It runs exactly once by its keys,
whoever calls it (the commit hook, a retrying task, the sweep).
"""

from __future__ import annotations

import logging
from datetime import datetime

from django.db import transaction

from games import chips, fees, signals, store
from games.engine import Outcome
from games.models import Game, GameAction
from games.selectors import engine_of, seats_of
from games.settlement import at_risk
from games.settlement import settle as split_escrow
from telemetry import context, metrics
from wallet import notices
from wallet import services as wallet

log = logging.getLogger(__name__)


def finish(game: Game, outcome: Outcome, now: datetime) -> None:
    """The game is over with this outcome (written by the caller's save)."""
    game.status = Game.Status.VOID if outcome.void else Game.Status.FINISHED
    game.outcome = outcome.as_json()
    game.finished, game.deadline, game.seed_revealed = now, None, True


def void(game: Game, reason: str, now: datetime) -> None:
    """The game is over without a result, counted over its real seats (four at a
    partnership game, however its score is kept). A cash table (one whose chips cross its
    edge as it plays) is closed instead: the hands played there stand, every seat still
    at it leaves with its chips (its forfeit, logged so the replay agrees), and the rake
    taken hand by hand stays taken."""
    engine = engine_of(game)
    if engine.chip_moves(game.state):
        for seat in seats_of(game).values():
            game.seq += 1
            game.state = engine.forfeit(game.state, seat.position)
            store.log(game, seat.position, GameAction.Actor.SYSTEM, "forfeit")
        chips.move_new(game)
        closed = engine.outcome(game.state)
        if closed is not None:
            finish(game, closed, now)
            return
    finish(game, Outcome.voided(len(seats_of(game)), reason), now)


@context.about("game_id")
def settle_game(game_id: int) -> Game:
    """Pays out a game that is over from its escrow, and on a void refunds its fees:
    exactly once, by idempotency keys, in one transaction."""
    with transaction.atomic():
        game = store.lock(game_id)
        if game is None:
            raise Game.DoesNotExist(f"There is no game {game_id}.")
        if not game.is_over or game.settled:
            return game
        seats = list(seats_of(game).values())
        engine = engine_of(game)
        outcome = Outcome.from_json(game.outcome)
        held = [s.held for s in seats]
        played_for = at_risk(held, game.stake, engine.stake_multiplier(game.state))
        result = split_escrow(
            outcome,
            held,
            played_for,
            game.rake_bp,
            frozenset(s.position for s in seats if s.disconnected),
        )
        posting = wallet.settle(
            game.escrow_reference,
            {s.player: paid for s, paid in zip(seats, result.payouts, strict=True) if s.player},
            rake=result.rake,
            key=f"{game.escrow_reference}:settle",
            memo=(
                f"{engine.name} #{game.pk} void: stakes refunded"
                if result.void
                else f"{engine.name} #{game.pk} settlement"
            ),
            refund=result.void,
        )
        refunded = (
            fees.refund_charged(game, {s.position: s.player for s in seats}) if result.void else 0
        )
        moves = engine.chip_moves(game.state)
        net = chips.cash_net(moves, result.payouts) if moves and any(held) else result.net(held)
        game.settled = True
        game.settlement = {
            **(game.settlement or {}),
            "payouts": list(result.payouts),
            # What each seat staked: its hold less a Double stake reserve it never used.
            "at_risk": played_for,
            "net": list(net),
            "rake": result.rake,
            "void": result.void,
            "fees_refunded": refunded,
            "transaction": str(posting.transaction.uuid) if posting else None,
        }
        game.save(update_fields=["settled", "settlement"])
        transaction.on_commit(lambda: signals.game_settled.send(Game, game_id=game.pk))
        notices.cash_moved(*(s.player.pk for s in seats if s.player))
        ended = "void" if result.void else "settled"
        metrics.count(metrics.SETTLEMENTS, kind="game", game=game.slug, result=ended)
        log.info(
            "game %s %s: paid %s, rake %s",
            game.pk,
            ended,
            list(result.payouts),
            result.rake,
            extra={"game": game.slug, "result": ended, "rake": result.rake},
        )
    return game


def settle_or_leave_to_sweep(game: Game) -> Game:
    """After the commit that ended `game`: settles it, or logs why it could not and
    leaves it to the sweep (the move that ended it is committed whatever happens here)."""
    try:
        return settle_game(game.pk)
    except Exception:
        log.exception("settlement of game %s failed; the sweep will retry", game.pk)
        return game
