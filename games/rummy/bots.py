"""The computer player of Koum-kan, Thanasis and Dynamitis: it keeps the cards that make
or nearly make combinations and throws away the costliest of the rest. Plain Python.

It reads only what its own seat sees (its hand, the table, the top of the discard pile)
and the rules' test of which cards are wild, and answers one move at a time.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from games.rummy.cards import JOKER, Meld, Wild, best_split, card_points, meld_of, remove_cards

Move = dict[str, Any]
CanLay = Callable[[Meld, str], bool]


def draw(hand: Sequence[str], top: str | None, wild: Wild, ace: int) -> Move:
    """The discard pile's top card when it makes a combination that can be put down at once
    (a card must be left to discard), else the stock. Taking a card only to throw it back
    could go on for ever between two bots, the stock never shrinking."""
    if top is not None:
        split = best_split([*hand, top], wild, ace)
        for meld in split["melds"]:
            if top in meld and len(hand) + 1 - len(meld) >= 1:
                return {"type": "draw", "from": "discard"}
    return {"type": "draw", "from": "stock"}


def throw(hand: Sequence[str], wild: Wild, ace: int) -> str:
    """The card whose loss leaves the fewest points outside combinations: among equals,
    the one worth most; never a joker while another card will do."""

    def cost(card: str) -> tuple[int, bool, int]:
        rest = remove_cards(list(hand), [card]) or []
        return best_split(rest, wild, ace)["points"], wild(card), -card_points(card, wild, ace)

    return min(sorted(set(hand)), key=cost)


def going_out(hand: Sequence[str], wild: Wild, ace: int) -> str | None:
    """Thanasis: the card to throw so that every other card sits in a combination."""
    for card in sorted(set(hand), key=lambda c: -card_points(c, wild, ace)):
        rest = remove_cards(list(hand), [card]) or []
        if best_split(rest, wild, ace)["points"] == 0:
            return card
    return None


def meld_or_lay(
    hand: Sequence[str], melds: Sequence[Meld], may_lay: bool, can_lay: CanLay, wild: Wild
) -> Move | None:
    """Koum-kan after the draw: a combination to put down, else a card to lay off, else
    None (time to discard). One card always stays for the discard."""
    split = best_split(hand, wild, 10)
    for cards in split["melds"]:
        if len(hand) - len(cards) >= 1:
            meld = meld_of(cards, wild)
            if meld is not None:
                return {"type": "meld", "kind": meld["kind"], "cards": list(cards)}
    if not may_lay or len(hand) < 2:
        return None
    for card in sorted(set(hand)):
        # A joker is kept for the bot's own combinations until the hand is nearly gone.
        if card == JOKER and len(hand) > 2:
            continue
        for index, meld in enumerate(melds):
            if can_lay(meld, card):
                return {"type": "lay", "meld": index, "card": card}
    return None
