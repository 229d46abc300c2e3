"""Lightning Baccarat (the catalogue's variant of 12.13): known deals from fixed links, the
fee and the multipliers on every bet's win, push and loss, the coup table against
Baccarat's published counts, the multipliers' mean against a count made card by card, the
exact returns, and a round through the runtime settled once."""

from __future__ import annotations

import itertools
import math
import uuid
from fractions import Fraction

import pytest

from casino import draws, registry
from casino.cards import lightning
from casino.models import Bet
from casino.rounds import rtp_percent
from tests.casino import draw_rounds
from wallet.invariants import ledger_problems
from wallet.selectors import cash_balance

GAME = "lightning-baccarat"


def game():
    return registry.get(GAME)


def test_deals_follow_from_their_links():
    dealt = [game().committed_outcome(bytes([i]) * 32, "longtable-test", i) for i in (1, 2, 3)]
    assert dealt[0] == {
        "lightning": ["8D", "JD"],
        "multipliers": [3, 4],
        "player": ["KH", "8D"],
        "banker": ["3H", "4H"],
    }
    assert game().describe(dealt[0]) == (
        "Lightning 8♦ x3, J♦ x4; Player K♥ 8♦ (8), Banker 3♥ 4♥ (7): Player wins"
    )
    assert [len(d["lightning"]) for d in dealt] == [2, 3, 4]


def deal(player, banker, lightning=(), multipliers=()):
    return {
        "lightning": list(lightning),
        "multipliers": list(multipliers),
        "player": player,
        "banker": banker,
    }


def test_the_fee_and_the_multipliers_on_every_bet():
    # A stake of 120 is a bet of 100 and a fee of 20.
    plain = deal(["KH", "8D"], ["3H", "4H"])  # Player 8, Banker 7
    assert game().payout(120, "player", {}, plain) == 200
    assert game().payout(120, "banker", {}, plain) == 0
    assert game().payout(120, "tie", {}, plain) == 0
    struck = deal(["KH", "8D"], ["3H", "4H"], ["8D", "3H", "QS"], [3, 5, 8])
    assert game().payout(120, "player", {}, struck) == 100 + 100 * 3  # only 8♦ is Player's
    banker = deal(["KH", "5D"], ["3H", "4H"], ["3H", "4H"], [2, 4])  # Banker 7 beats 5
    assert game().payout(120, "banker", {}, banker) == 100 + 95 * 8
    tie = deal(["3S", "4C"], ["5H", "QH", "2H"], ["4C", "QH"], [2, 5])  # 7 each
    assert game().payout(120, "tie", {}, tie) == 100 + 500 * 10  # every card dealt counts
    assert game().payout(120, "player", {}, tie) == 100  # the bet back, not the fee
    assert game().payout(120, "banker", {}, tie) == 100
    # Two copies of one struck card in a hand multiply once: it is one Lightning card.
    twice = deal(["8D", "8D"], ["3H", "2H"], ["8D"], [5])  # Player 6, Banker 5
    assert game().payout(120, "player", {}, twice) == 100 + 100 * 5


def test_the_coup_table_matches_baccarats_published_counts():
    won = {"player": 0, "banker": 0, "tie": 0}
    for (winner, _), ways in lightning.lightning_table().items():
        won[winner] += ways
    assert won == {
        "player": 2_230_518_282_592_256,
        "banker": 2_292_252_566_437_888,
        "tie": 475_627_426_473_216,
    }


def strike_mean(distinct: int, table=lightning.LIGHTNING) -> Fraction:
    """The struck multipliers' mean over ``distinct`` different cards (their product, or
    for Golden Wealth their sum, 1 when none is held), the struck cards drawn one at a time
    (each hitting the hand's unstruck cards or not)."""
    strikes = dict(table.strikes)
    weights = dict(table.multipliers)
    mu = Fraction(sum(m * w for m, w in weights.items()), sum(weights.values()))

    def held(hits: int) -> Fraction:
        if table.adds:
            return hits * mu if hits else Fraction(1)
        return mu**hits

    total = Fraction(0)
    for k, weight in strikes.items():
        states = {0: Fraction(1)}  # hits so far -> chance
        for drawn in range(k):
            following: dict[int, Fraction] = {}
            for hits, chance in states.items():
                hit = Fraction(distinct - hits, 52 - drawn)
                following[hits + 1] = following.get(hits + 1, Fraction(0)) + chance * hit
                following[hits] = following.get(hits, Fraction(0)) + chance * (1 - hit)
            states = following
        total += Fraction(weight, sum(strikes.values())) * sum(
            (chance * held(hits) for hits, chance in states.items()), Fraction(0)
        )
    return total


@pytest.mark.parametrize("table", [lightning.LIGHTNING, lightning.GOLDEN], ids=["l", "g"])
@pytest.mark.parametrize("values", [(8, 0), (0, 0), (3, 3, 3), (0, 0, 5)])
def test_a_hands_mean_multiplier_matches_a_count_card_by_card(values, table):
    """Every ordered draw of the hand's cards out of the shoe (by which card of its value
    each is), the number of different cards it makes, then the strikes as drawn above."""
    pools = {v: (16 if v == 0 else 4) for v in set(values)}
    whole = 0
    per_value = {v: [c for c in range(pools[v]) for _ in range(8)] for v in pools}
    ways: dict[int, int] = {}
    groups = {v: values.count(v) for v in set(values)}
    draws_by_value = {
        v: list(itertools.permutations(range(len(per_value[v])), n)) for v, n in groups.items()
    }
    for combo in itertools.product(*draws_by_value.values()):
        distinct = sum(
            len({per_value[v][i] for i in drawn})
            for v, drawn in zip(draws_by_value, combo, strict=True)
        )
        ways[distinct] = ways.get(distinct, 0) + 1
        whole += 1
    counted = sum(
        (Fraction(n, whole) * strike_mean(r, table) for r, n in ways.items()), Fraction(0)
    )
    assert lightning.hand_multiplier(tuple(sorted(values)), table) == counted


@pytest.mark.parametrize(
    ("name", "table", "expected"),
    [
        (GAME, lightning.LIGHTNING, {"player": "98.42", "banker": "97.52", "tie": "88.02"}),
        (
            "golden-wealth-baccarat",
            lightning.GOLDEN,
            {"player": "97.74", "banker": "97.34", "tie": "96.15"},
        ),
    ],
    ids=["lightning", "golden"],
)
def test_every_bet_returns_its_exact_rtp(name, table, expected):
    """Over every coup: the winning side's stake back with its price times the hand's
    multiplier, the stake back on a tie, the whole scaled to the bet's share of the stake
    (5/6 under the Lightning fee, all of it under Golden Wealth)."""
    whole = math.prod(range(411, 417))
    bet_share = 1 / (1 + table.fee)
    returns = {}
    for side in ("player", "banker", "tie"):
        total = Fraction(0)
        for (winner, hand), ways in lightning.lightning_table().items():
            if winner == side:
                multiplier = lightning.hand_multiplier(hand, table)
                total += Fraction(ways, whole) * (1 + table.price(side) * multiplier)
            elif winner == "tie":
                total += Fraction(ways, whole)
        assert registry.get(name).rtp(side) == total * bet_share
        returns[side] = rtp_percent(total * bet_share)
    assert returns == expected


@pytest.mark.django_db
def test_a_lightning_round_is_placed_drawn_and_settled_once(funded):
    player = funded(100_000)
    game_round = draw_rounds.open_round(GAME)
    bets = [draws.BetRequest("player", {}, 1_200), draws.BetRequest("tie", {}, 600)]
    draws.place_bets(player, game=GAME, slip=str(uuid.uuid4()), bets=bets)
    assert cash_balance(player) == 98_200
    draw_rounds.draw_now(game_round, deal(["KH", "8D"], ["3H", "4H"], ["8D"], [4]))
    assert game_round.number in draws.advance(GAME)
    # A bet of 10.00 (12.00 less the fee) at 1:1 times 4: 50.00 back.
    assert sorted(Bet.objects.filter(round=game_round).values_list("label", "payout")) == [
        ("Player", 5_000),
        ("Tie", 0),
    ]
    assert game_round.number not in draws.advance(GAME)
    assert draws.settle(game_round.pk) is False
    assert cash_balance(player) == 98_200 + 5_000
    assert ledger_problems() == []


# --- Golden Wealth Baccarat: the same machinery, multipliers added, no fee ---------------------


def golden():
    return registry.get("golden-wealth-baccarat")


def test_golden_deals_follow_from_their_links():
    dealt = golden().committed_outcome(bytes([1]) * 32, "longtable-test", 1)
    assert set(dealt) == {"golden", "multipliers", "player", "banker"}
    assert 1 <= len(dealt["golden"]) == len(dealt["multipliers"]) <= 3
    assert golden().describe(dealt).startswith("Golden ")


def test_golden_multipliers_add_up_on_the_winning_hand_and_no_fee_is_taken():
    def gold(player, banker, cards=(), multipliers=()):
        return {"golden": list(cards), "multipliers": list(multipliers)} | {
            "player": player,
            "banker": banker,
        }

    plain = gold(["KH", "8D"], ["3H", "4H"])  # Player 8, Banker 7
    assert golden().payout(100, "player", {}, plain) == 185  # 0.85:1, the whole stake a bet
    assert golden().payout(100, "banker", {}, plain) == 0
    struck = gold(["KH", "8D"], ["3H", "4H"], ["KH", "8D", "3H"], [2, 5, 10])
    assert golden().payout(100, "player", {}, struck) == 100 + 85 * 7  # 2 + 5, not 2 x 5
    tie = gold(["3S", "4C"], ["5H", "QH", "2H"], ["4C", "QH"], [3, 2])  # 7 each
    assert golden().payout(100, "tie", {}, tie) == 100 + 700 * 5  # every card dealt counts
    assert golden().payout(100, "banker", {}, tie) == 100
    assert "fee" not in golden().public()
