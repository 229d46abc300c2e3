"""Peek Baccarat (the catalogue's variant of 12.13): Baccarat's shoe and drawing rules with
two betting windows. The first bets close, the Player's and the Banker's first cards are
shown, and a second window takes Player, Banker and Tie bets at prices set by the two
cards shown.

The catalogue names the game without its rules; the reconstruction and its figures are in
casino/cards/RULES.md. A second bet's price comes from `seen_table`, the coups split by the
two first cards' values, so its return is one exact figure over the shoe. Plain Python: no
Django import.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from fractions import Fraction
from functools import cache

from casino.cards.baccarat import BACCARAT_BETS, SHOE, Baccarat, Coup, falling, seen_table
from casino.cards.deck import RETURNED, CardBet, PriceList, house_price, peek_bet
from casino.rounds import Cadence, Outcome

FIRST_BETS = ("player", "banker", "tie", "player-pair", "banker-pair")


def seen_line(coup: Coup) -> str:
    """The line of the price lists: the two first cards' points, as players read them
    ("Player 7, Banker 0")."""
    assert coup.seen is not None, "a coup read from a deal knows its first cards"
    player, banker = coup.seen
    return f"Player {player}, Banker {banker}"


def player_wins(coup: Coup) -> bool:
    return coup.player > coup.banker


def banker_wins(coup: Coup) -> bool:
    return coup.banker > coup.player


def tie(coup: Coup) -> bool:
    return coup.player == coup.banker


@cache
def chances_given_seen() -> dict[str, list[tuple[Fraction, Coup]]]:
    """For each pair of first cards' values, every coup with its chance given them."""
    found = {}
    for seen, coups in seen_table().items():
        whole = sum(coups.values())
        found[seen_line(Coup(0, 0, seen=seen))] = [
            (Fraction(ways, whole), replace(coup, seen=seen)) for coup, ways in coups.items()
        ]
    return found


def prices(wins: Callable[[Coup], bool], push: Callable[[Coup], bool] | None) -> PriceList[Coup]:
    """Each line's house price: 96% of the fair price of the chance to win given the first
    cards, the stake coming back on a ``push`` counted in; a line priced at x1 or less is
    not offered (RETURNED)."""
    lines = {}
    for line, coups in chances_given_seen().items():
        win = sum((p for p, coup in coups if wins(coup)), Fraction(0))
        back = sum((p for p, coup in coups if push is not None and push(coup)), Fraction(0))
        price = house_price(win, back)
        lines[line] = price if price > RETURNED else RETURNED
    return PriceList(seen_line, lines)


def second_bet(
    code: str, name: str, wins: Callable[[Coup], bool], push: Callable[[Coup], bool] | None
) -> CardBet[Coup]:
    odds_push = ", returned on a tie" if push is not None else ""
    made = peek_bet(
        code,
        name,
        "nothing",
        prices(wins, push),
        wins,
        basis="the first cards",
        push=push,
    )
    return replace(made, odds=made.odds + odds_push)


PEEK_BETS: tuple[CardBet[Coup], ...] = (
    *(b for b in BACCARAT_BETS if b.code in FIRST_BETS),
    second_bet("second-player", "Player, second bet", player_wins, tie),
    second_bet("second-banker", "Banker, second bet", banker_wins, tie),
    second_bet("second-tie", "Tie, second bet", tie, None),
)
SECOND_BETS = frozenset(b.code for b in PEEK_BETS if b.price_list is not None)


class PeekBaccarat(Baccarat):
    """Baccarat with a peek at the first cards and a second window priced on them."""

    slug = "peek-baccarat"
    name = "Peek Baccarat"
    section = "12.13"
    # The first cards show 12 seconds before bets close: the second betting window.
    cadence = Cadence(every_seconds=50, closes_before_seconds=8, show_seconds=8, peek_seconds=12)
    bets = PEEK_BETS
    peek_name = "the first cards"

    def chances(self, bet_type: str) -> Iterable[tuple[Fraction, Coup]]:
        if bet_type not in SECOND_BETS:
            return super().chances(bet_type)
        whole = falling(SHOE, 6)
        return [
            (Fraction(ways, whole), replace(coup, seen=seen))
            for seen, coups in seen_table().items()
            for coup, ways in coups.items()
        ]

    def peek_cards(self, outcome: Outcome) -> Outcome:
        return {"player": outcome["player"][:1], "banker": outcome["banker"][:1]}
