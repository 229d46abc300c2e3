"""Money crossing a cash table's edge during play (poker): a top-up goes from the player's
cash into the table's escrow as the action that asked for it is applied (refused, with
the action, when the wallet says no), and a seat that leaves takes its chips back to its
cash at once. Each move happens once, by its key `game:<id>:chips:<n>`. A seat's buy-in
was held by the lobby when it sat down, so a buy-in listed at the start moves nothing
here. A practice table's chips are not money: nothing moves, but a seat that leaves is
still out of the game."""

from __future__ import annotations

from collections.abc import Sequence

from games.engine import ChipMove, ChipMoveKind
from games.fees import FeeRefused
from games.models import Game
from games.selectors import engine_of, seats_of
from wallet import services as wallet


def cash_net(moves: Sequence[ChipMove], payouts: Sequence[int]) -> list[int]:
    """What each seat of a cash table won or lost in money: what it took away (as it
    left, and at the close) less what it brought (its buy-in and top-ups)."""
    net = list(payouts)
    for move in moves:
        net[move.seat] += -move.amount if move.kind != ChipMoveKind.LEAVE else move.amount
    return net


def moved_count(game: Game) -> int:
    return (game.settlement or {}).get("chips_moved", 0)


def move_new(game: Game) -> None:
    """Moves the chip moves the engine listed since the last call, under the game's lock.
    Raises FeeRefused (the caller's transaction then changes nothing) when a top-up is
    refused by the wallet."""
    moves = engine_of(game).chip_moves(game.state)
    done = moved_count(game)
    if done == len(moves):
        return
    seats = seats_of(game)
    for index, move in enumerate(moves[done:], start=done):
        seat = seats[move.seat]
        if move.kind == ChipMoveKind.LEAVE and not seat.disconnected:
            seat.disconnected = True  # gone from the table: it no longer plays or counts
            seat.save(update_fields=["disconnected"])
        if not game.stake or seat.player is None or move.amount <= 0:
            continue
        key = f"game:{game.pk}:chips:{index}"
        if move.kind == ChipMoveKind.TOP_UP:
            try:
                wallet.hold_stake(
                    seat.player, game.escrow_reference, move.amount, key=key, memo="Top-up"
                )
            except wallet.InsufficientFunds:
                raise FeeRefused(
                    "insufficient_funds", "Your balance does not cover the top-up."
                ) from None
            except wallet.ProtectionRefusal as refusal:
                raise FeeRefused("protection", str(refusal)) from None
        elif move.kind == ChipMoveKind.LEAVE:
            wallet.release_hold(
                seat.player,
                game.escrow_reference,
                move.amount,
                key=key,
                memo="Chips taken from the table",
            )
    game.settlement = {**(game.settlement or {}), "chips_moved": len(moves)}
