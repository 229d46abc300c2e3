"""Fees a game's rules charge during play (re-rolls, changed cards): charged through the
wallet as they happen, and refunded when the game is void (the rules return what was
paid for a game that has no result). Each fee moves once, by its key."""

from __future__ import annotations

from dataclasses import dataclass

from games.models import Game
from games.selectors import engine_of, seats_of
from wallet import services as wallet


class FeeRefused(Exception):
    """The player's wallet refused a fee: `code` for programs, the message for people."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class Fee:
    index: int  # its place in the game's list of fees: part of its keys
    seat: int
    amount: int
    memo: str


def recorded(game: Game) -> list[Fee]:
    """Every fee the engine lists so far, priced on the game's stake."""
    return [
        Fee(index=index, seat=fee.seat, amount=fee.amount(game.stake), memo=fee.memo)
        for index, fee in enumerate(engine_of(game).fees(game.state))
    ]


def charged_count(game: Game) -> int:
    return (game.settlement or {}).get("fees_charged", 0)


def charge_new(game: Game) -> None:
    """Charges the fees recorded since the last charge, under the game's lock. Raises
    FeeRefused (the caller's transaction then changes nothing) when a wallet says no."""
    fees = recorded(game)
    if charged_count(game) == len(fees):
        return
    seats = seats_of(game)
    for fee in fees[charged_count(game) :]:
        if fee.amount <= 0:
            continue
        try:
            wallet.charge_fee(
                seats[fee.seat].player,
                fee.amount,
                key=_charge_key(game, fee),
                reference=game.escrow_reference,
                memo=fee.memo,
            )
        except wallet.InsufficientFunds:
            raise FeeRefused("insufficient_funds", "Your balance does not cover the fee.") from None
        except wallet.ProtectionRefusal as refusal:  # a limit, an exclusion, a reality check
            raise FeeRefused("protection", str(refusal)) from None
    game.settlement = {**(game.settlement or {}), "fees_charged": len(fees)}


def refund_charged(game: Game, seats: dict[int, object]) -> int:
    """Returns every fee charged in `game` to its payer (`seats`: player by position);
    returns the total refunded."""
    refunded = 0
    for fee in recorded(game)[: charged_count(game)]:
        if fee.amount <= 0:
            continue
        wallet.refund_fee(
            seats[fee.seat],
            fee.amount,
            key=f"{_charge_key(game, fee)}:refund",
            reference=game.escrow_reference,
            memo=f"{fee.memo} refunded: the game is void",
        )
        refunded += fee.amount
    return refunded


def _charge_key(game: Game, fee: Fee) -> str:
    return f"game:{game.pk}:fee:{fee.index}"
