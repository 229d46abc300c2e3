"""Baccarat (12.13) with its side bets: the coup dealt from an eight-deck shoe by the drawing
rules, and its exact odds counted over the shoe.

How the text was read (the main bets' prices it leaves out, the drawing rules it cuts
short, the pair bets' odds it swaps) is in casino/cards/RULES.md. Plain Python: no
Django import.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any, ClassVar

from casino.cards.deck import (
    LOST,
    RETURNED,
    Card,
    CardBet,
    CardGame,
    bet,
    card_text,
    deal,
    rank,
    shoe,
)
from casino.rounds import Cadence, Outcome, Rng, Selection

DECKS = 8
SHOE = DECKS * 52
CARDS_A_RANK = DECKS * 4
VALUES = range(10)
# How many cards of the shoe count 0 (10, J, Q, K), 1 (A), 2, ... 9.
VALUE_COUNTS = (4 * CARDS_A_RANK, *(CARDS_A_RANK,) * 9)


def value(card: Card) -> int:
    """A card's points: A 1, 2 to 9 their face, 10 and the pictures 0."""
    face = rank(card)
    return 1 if face == "A" else int(face) if face.isdigit() else 0


def points(values: Iterable[int]) -> int:
    """A hand's value: the last digit of its cards' points."""
    return sum(values) % 10


def player_draws(player: int) -> bool:
    """The Player, without a natural on either side, draws on 0 to 5 and stands on 6 or 7."""
    return player <= 5


def banker_draws(banker: int, player_third: int | None) -> bool:
    """The Banker's drawing rule: on the Banker's total and the Player's third card, if any."""
    if player_third is None:
        return banker <= 5
    if banker <= 2:
        return True
    if banker == 3:
        return player_third != 8
    if banker == 4:
        return 2 <= player_third <= 7
    if banker == 5:
        return 4 <= player_third <= 7
    if banker == 6:
        return player_third in (6, 7)
    return False


def is_natural(two_card_total: int) -> bool:
    return two_card_total >= 8


@dataclass(frozen=True)
class Coup:
    """What the bets read of a round: each side's final total and whether it is a natural
    (8 or 9 on two cards), and the pairs among each side's first two cards."""

    player: int
    banker: int
    player_natural: bool = False
    banker_natural: bool = False
    player_pair: bool = False
    banker_pair: bool = False
    player_perfect: bool = False
    banker_perfect: bool = False
    # The values of the Player's and the Banker's first cards, what Peek Baccarat's peek
    # shows; read from a deal, and in the counts that split the coups by them.
    seen: tuple[int, int] | None = None


def play(cards: Sequence[Card]) -> tuple[list[Card], list[Card]]:
    """The Player's and the Banker's hands from the top of the shoe: the cards go Player,
    Banker, Player, Banker, then a third card to each side that draws, the Player first."""
    player, banker = [cards[0], cards[2]], [cards[1], cards[3]]
    rest = iter(cards[4:])
    p, b = points(map(value, player)), points(map(value, banker))
    if is_natural(p) or is_natural(b):
        return player, banker
    third = None
    if player_draws(p):
        player.append(next(rest))
        third = value(player[-1])
    if banker_draws(b, third):
        banker.append(next(rest))
    return player, banker


def read(outcome: Outcome) -> Coup:
    player, banker = outcome["player"], outcome["banker"]
    first_p, first_b = points(map(value, player[:2])), points(map(value, banker[:2]))
    return Coup(
        player=points(map(value, player)),
        banker=points(map(value, banker)),
        player_natural=len(player) == 2 and is_natural(first_p),
        banker_natural=len(banker) == 2 and is_natural(first_b),
        player_pair=rank(player[0]) == rank(player[1]),
        banker_pair=rank(banker[0]) == rank(banker[1]),
        player_perfect=player[0] == player[1],
        banker_perfect=banker[0] == banker[1],
        seen=(value(player[0]), value(banker[0])),
    )


# --- exact counts over the shoe ---------------------------------------------------------------


def falling(n: int, k: int) -> int:
    """n (n - 1) ... (n - k + 1): the ordered ways to draw k cards from n."""
    return 1 if k == 0 else n * falling(n - 1, k - 1)


@cache
def totals_table() -> dict[Coup, int]:
    """Every way six cards can come off a full shoe, grouped by the totals and naturals they
    make: `seen_table` without the first cards' values."""
    table: dict[Coup, int] = {}
    for coups in seen_table().values():
        for coup, ways in coups.items():
            table[coup] = table.get(coup, 0) + ways
    return table


@cache
def seen_table() -> dict[tuple[int, int], dict[Coup, int]]:
    """Every way six cards can come off a full shoe, by the values of the Player's and the
    Banker's first cards, then by the totals and naturals they make: ordered card-by-value
    counts, each coup that uses fewer than six cards weighted by the ways to draw the cards
    it leaves in the shoe, so the weights add up to 416 x 415 x ... x 411."""
    counts = list(VALUE_COUNTS)
    table: dict[tuple[int, int], dict[Coup, int]] = {}

    def take(v: int) -> int:
        ways = counts[v]
        counts[v] -= 1
        return ways

    for p1, b1, p2, b2 in itertools.product(VALUES, repeat=4):
        ways = take(p1) * take(b1) * take(p2) * take(b2)
        coups = table.setdefault((p1, b1), {})
        if ways:
            for coup, coup_ways, used in _after_four(counts, p1 + p2, b1 + b2):
                weight = ways * coup_ways * falling(SHOE - used, 6 - used)
                coups[coup] = coups.get(coup, 0) + weight
        for v in (p1, b1, p2, b2):
            counts[v] += 1
    return table


def _after_four(counts: list[int], p_sum: int, b_sum: int) -> Iterator[tuple[Coup, int, int]]:
    """The coups after the first four cards, with the ways to draw the cards each takes."""
    p, b = points([p_sum]), points([b_sum])
    if is_natural(p) or is_natural(b):
        yield Coup(p, b, is_natural(p), is_natural(b)), 1, 4
        return
    if not player_draws(p):
        if banker_draws(b, None):
            for v in VALUES:
                yield Coup(p, points([b, v])), counts[v], 5
        else:
            yield Coup(p, b), 1, 4
        return
    for v in VALUES:
        ways = counts[v]
        if not ways:
            continue
        p3 = points([p, v])
        if banker_draws(b, v):
            counts[v] -= 1
            for w in VALUES:
                yield Coup(p3, points([b, w])), ways * counts[w], 6
            counts[v] += 1
        else:
            yield Coup(p3, b), ways, 5


def restricted_growth(length: int) -> Iterator[tuple[int, ...]]:
    """Every way to say which of ``length`` cards share a rank (or a suit): block numbers in
    order of first appearance."""

    def grow(prefix: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        if len(prefix) == length:
            yield prefix
            return
        for block in range(max(prefix, default=-1) + 2):
            yield from grow((*prefix, block))

    yield from grow(())


@cache
def pairs_table() -> dict[Coup, int]:
    """Every way the first four cards (Player, Player, Banker, Banker) can fall, grouped by
    the pairs they make: by which cards share a rank and which a suit, the number of rank
    and suit choices for that pattern, and the copies of each exact card left in the shoe.
    The weights add up to 416 x 415 x 414 x 413."""
    table: dict[Coup, int] = {}
    for ranks in restricted_growth(4):
        for suits in restricted_growth(4):
            ways = falling(13, max(ranks) + 1) * falling(4, max(suits) + 1)
            cards = list(zip(ranks, suits, strict=True))
            for i, card in enumerate(cards):
                ways *= DECKS - cards[:i].count(card)
            p1, p2, b1, b2 = cards
            coup = Coup(
                0,
                0,
                player_pair=p1[0] == p2[0],
                banker_pair=b1[0] == b2[0],
                player_perfect=p1 == p2,
                banker_perfect=b1 == b2,
            )
            table[coup] = table.get(coup, 0) + ways
    return table


def as_chances(table: dict[Coup, int]) -> list[tuple[Fraction, Coup]]:
    whole = sum(table.values())
    return [(Fraction(ways, whole), coup) for coup, ways in table.items()]


# --- the bets ----------------------------------------------------------------------------------

BANKER_PRICE = Fraction(39, 20)  # 1:1 less the 5% commission on a win: 0.95:1
# A bonus bet's odds by how many points its side wins by, a non-natural hand.
BONUS_MARGINS = {9: 30, 8: 10, 7: 6, 6: 4, 5: 2, 4: 1}


def main_bet(side: str) -> CardBet[Coup]:
    price = BANKER_PRICE if side == "banker" else Fraction(2)

    def pays(coup: Coup, selection: Selection) -> Fraction:
        mine, theirs = (
            (coup.banker, coup.player) if side == "banker" else (coup.player, coup.banker)
        )
        if mine == theirs:
            return RETURNED
        return price if mine > theirs else LOST

    odds = "0.95:1" if side == "banker" else "1:1"
    return CardBet(side, side.title(), "nothing", odds + ", returned on a tie", pays)


def bonus_bet(side: str) -> CardBet[Coup]:
    def pays(coup: Coup, selection: Selection) -> Fraction:
        if side == "banker":
            mine, theirs, natural = coup.banker, coup.player, coup.banker_natural
            both_natural = natural and coup.player_natural
        else:
            mine, theirs, natural = coup.player, coup.banker, coup.player_natural
            both_natural = natural and coup.banker_natural
        if both_natural and mine == theirs:
            return Fraction(2)  # the text's "natural hand, tie" at 1:1
        if mine <= theirs:
            return LOST
        if natural:
            return Fraction(2)
        return Fraction(BONUS_MARGINS.get(mine - theirs, -1) + 1)

    return CardBet(
        f"{side}-bonus",
        f"{side.title()} bonus",
        "nothing",
        "30:1 down to 1:1 as a non-natural hand wins by 9 down to 4; 1:1 on a natural win or tie",
        pays,
    )


def perfect_pair(coup: Coup, selection: Selection) -> Fraction:
    """25:1 when one side's first two cards are the same card, 200:1 when both sides' are."""
    if coup.player_perfect and coup.banker_perfect:
        return Fraction(201)
    if coup.player_perfect or coup.banker_perfect:
        return Fraction(26)
    return LOST


BACCARAT_BETS: tuple[CardBet[Coup], ...] = (
    main_bet("player"),
    main_bet("banker"),
    bet("tie", "Tie", "nothing", Fraction(9), lambda c, s: c.player == c.banker),
    bet(
        "player-pair",
        "Player pair",
        "nothing: the Player's first two cards of one rank",
        Fraction(12),
        lambda c, s: c.player_pair,
    ),
    bet(
        "banker-pair",
        "Banker pair",
        "nothing: the Banker's first two cards of one rank",
        Fraction(12),
        lambda c, s: c.banker_pair,
    ),
    CardBet(
        "perfect-pair",
        "Perfect pair",
        "nothing: a side's first two cards of one rank and one suit",
        "25:1 on one side, 200:1 on both",
        perfect_pair,
    ),
    bet(
        "either-pair",
        "Either pair",
        "nothing: either side's first two cards of one rank",
        Fraction(6),
        lambda c, s: c.player_pair or c.banker_pair,
    ),
    bonus_bet("player"),
    bonus_bet("banker"),
)
PAIR_BETS = frozenset({"player-pair", "banker-pair", "perfect-pair", "either-pair"})


def describe_deal(outcome: Outcome) -> str:
    """The coup in a line: both hands, their points and who won."""
    coup = read(outcome)
    winner = (
        "tie"
        if coup.player == coup.banker
        else "Player wins"
        if coup.player > coup.banker
        else "Banker wins"
    )
    player = " ".join(map(card_text, outcome["player"]))
    banker = " ".join(map(card_text, outcome["banker"]))
    return f"Player {player} ({coup.player}), Banker {banker} ({coup.banker}): {winner}"


class Baccarat(CardGame[Coup]):
    slug = "baccarat"
    name = "Baccarat"
    board: ClassVar[str] = "cards"
    section = "12.13"
    cadence = Cadence(every_seconds=40, closes_before_seconds=8, show_seconds=8)
    bets = BACCARAT_BETS

    def outcome(self, rng: Rng) -> Outcome:
        player, banker = play(deal(rng, shoe(DECKS), 6))
        return {"player": player, "banker": banker}

    def coup(self, outcome: Outcome) -> Coup:
        return read(outcome)

    def chances(self, bet_type: str) -> Iterable[tuple[Fraction, Coup]]:
        self.card_bet(bet_type)
        return as_chances(pairs_table() if bet_type in PAIR_BETS else totals_table())

    def describe(self, outcome: Outcome) -> str:
        return describe_deal(outcome)

    def hands(self) -> list[dict[str, str]]:
        return [{"key": "player", "label": "Player"}, {"key": "banker", "label": "Banker"}]

    def public(self) -> Mapping[str, Any]:
        return {**super().public(), "baccarat_points": True}


# --- Super Six (the catalogue's no-commission Baccarat) ----------------------------------------


def super_six_banker(coup: Coup, selection: Selection) -> Fraction:
    """1:1 with no commission, but a Banker win on 6 points pays 1:2."""
    if coup.banker == coup.player:
        return RETURNED
    if coup.banker < coup.player:
        return LOST
    return Fraction(3, 2) if coup.banker == 6 else Fraction(2)


SUPER_SIX_BETS: tuple[CardBet[Coup], ...] = (
    main_bet("player"),
    CardBet(
        "banker",
        "Banker",
        "nothing",
        "1:1, 1:2 on a win with 6 points, returned on a tie",
        super_six_banker,
    ),
    *(b for b in BACCARAT_BETS if b.code in ("tie", "player-pair", "banker-pair")),
    bet(
        "super-six",
        "Super six",
        "nothing: the Banker wins with 6 points",
        Fraction(16),
        lambda c, s: c.banker == 6 and c.player < 6,
    ),
)


class SuperSix(Baccarat):
    """Baccarat without the commission: the catalogue's Super Six, on the same shoe and
    drawing rules."""

    slug = "super-six"
    name = "Super Six Baccarat"
    section = "12.13"
    bets = SUPER_SIX_BETS
