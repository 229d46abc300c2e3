"""Seven Cards (12.37): known deals, runs of colours won and lost with the prices of the
cards left, the bonuses, and every run length's return against a count made here."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import pytest

from casino import registry

SLUG = "seven-cards"


def payout(cards: list[str], length: int, start: int, colours: list[str], stake: int = 10_000):
    game = registry.get(SLUG)
    selection = game.validate_bet(f"run-{length}", {"from": start, "colours": colours})
    return game.payout(stake, f"run-{length}", selection, {"cards": cards})


def test_deals_follow_from_their_links():
    game = registry.get(SLUG)
    dealt = [game.committed_outcome(bytes([i]) * 32, "longtable-test", i) for i in (1, 2, 3)]
    assert [d["cards"] for d in dealt] == [
        ["5C", "JD", "5D", "6D", "7H", "TD", "AC"],
        ["KD", "9D", "TC", "4D", "6H", "TD", "3S"],
        ["QH", "AS", "TS", "QS", "8S", "JD", "5H"],
    ]


CARDS = ["5C", "JD", "5D", "6D", "7H", "TD", "AC"]  # black, then five red, then black


def test_one_card_pays_96_percent_of_its_fair_price():
    assert payout(CARDS, 1, 1, ["black"]) == 19_200  # 52 cards, 26 black: 0.96 * 2
    assert payout(CARDS, 1, 1, ["red"]) == 0
    # The second card, after one black: 51 left, 26 red: 0.96 * 51 / 26.
    assert payout(CARDS, 1, 2, ["red"]) == 10_000 * 96 * 51 // (100 * 26)


def test_the_winnings_ride_and_a_wrong_guess_loses_them():
    two = Fraction(96, 100) ** 2 * Fraction(52, 26) * Fraction(51, 26)
    assert payout(CARDS, 2, 1, ["black", "red"]) == int(10_000 * two)
    assert payout(CARDS, 3, 1, ["black", "red", "black"]) == 0


def test_four_right_in_a_row_add_the_stake_and_keep_it():
    four = math.prod(
        Fraction(96, 100) * left / of_colour
        for left, of_colour in ((51, 26), (50, 25), (49, 24), (48, 23))
    )  # cards 2 to 5, all red, after one black
    assert payout(CARDS, 4, 2, ["red"] * 4) == int(10_000 * four) + 10_000
    # A fifth guess wrong loses the riding winnings but not the bonus.
    assert payout(CARDS, 5, 2, ["red"] * 4 + ["black"]) == 10_000


def test_seven_right_from_the_first_card_add_fourteen_stakes():
    colours = ["black", "red", "red", "red", "red", "red", "black"]
    riding, reds, blacks = Fraction(1), 26, 26
    for step, colour in enumerate(colours):
        left = 52 - step
        riding *= Fraction(96, 100) * left / (reds if colour == "red" else blacks)
        reds, blacks = (reds - 1, blacks) if colour == "red" else (reds, blacks - 1)
    assert payout(CARDS, 7, 1, colours) == int(10_000 * (riding + 1 + 14))


def deck_count(length: int) -> Fraction:
    """The mean return of every run of ``length``, over every ordered deal of 7 colour
    counts: each deal of colours weighed by the ways to deal it from 26 and 26."""
    game = registry.get(SLUG)
    reds = [f"{r}H" for r in "23456789TJQKA"] + [f"{r}D" for r in "23456789TJQKA"]
    blacks = [f"{r}S" for r in "23456789TJQKA"] + [f"{r}C" for r in "23456789TJQKA"]
    stake = 10**12
    total, runs = Fraction(0), 0
    for start in range(1, 9 - length):
        for colours in itertools.product(("red", "black"), repeat=length):
            runs += 1
            selection = {"from": start, "colours": list(colours)}
            for deal in itertools.product(("red", "black"), repeat=7):
                r = deal.count("red")
                ways = math.perm(26, r) * math.perm(26, 7 - r)
                cards = iter(reds), iter(blacks)
                shown = [next(cards[0] if c == "red" else cards[1]) for c in deal]
                paid = game.payout(stake, f"run-{length}", selection, {"cards": shown})
                total += Fraction(ways, math.perm(52, 7)) * Fraction(paid, stake)
    return total / runs


@pytest.mark.parametrize("length", [1, 2, 4])
def test_returns_match_a_count_over_every_deal(length):
    game = registry.get(SLUG)
    counted = deck_count(length)
    assert abs(game.rtp(f"run-{length}") - counted) < Fraction(1, 10**9)  # the floor's crumbs


@pytest.mark.parametrize("length", range(1, 8))
def test_returns_follow_96_percent_a_card_and_the_bonuses(length):
    # Each card returns 96% whatever came before, so a run returns 0.96 ** length; a run
    # of four or more adds the stake with the chance of four right guesses (1/16 over
    # every colour run), and seven from the first adds 14 stakes with the chance 1/128.
    expected = Fraction(96, 100) ** length
    expected += Fraction(1, 16) if length >= 4 else 0
    expected += Fraction(14, 128) if length == 7 else 0
    assert registry.get(SLUG).rtp(f"run-{length}") == expected < 1


@pytest.mark.parametrize(
    ("code", "selection", "message"),
    [
        ("run-3", {"from": 6, "colours": ["red"] * 3}, "a first card from 1 to 5 and 3 colours"),
        ("run-2", {"from": 1, "colours": ["red"]}, "2 colours, red or black"),
        ("run-1", {"from": 1, "colours": ["green"]}, "1 colour, red or black"),
        ("run-7", {"from": 2, "colours": ["red"] * 7}, "a first card from 1 to 1"),
    ],
)
def test_bad_runs_are_refused(code, selection, message):
    with pytest.raises(ValueError, match=message):
        registry.get(SLUG).validate_bet(code, selection)


def test_labels():
    game = registry.get(SLUG)
    assert game.label("run-2", {"from": 3, "colours": ["red", "black"]}) == (
        "Run of 2 from card 3: red black"
    )
