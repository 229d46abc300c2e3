"""The Keno paytables: the reading of the rules' text, exact RTPs, payouts and tickets."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest

from casino.keno.paytables import (
    GAMES,
    KENO_8,
    KENO_10,
    KENO_GOLD,
    count_hits,
    hit_probability,
    payout,
    rtp,
    validate_ticket,
)

# The rows as they stand in the text (hits: the values in order), strays removed: the
# "10x" closing row 2 of Keno 10 (line 1687) and the "1" opening its row 10 (line 1735).
TEXT_ROWS = {
    "keno-8": {
        0: "1x 1x",
        1: "3.5x 1x",
        2: "10x 2x 1.5x 1x",
        3: "50x 10x 3x 2x 2x",
        4: "80x 30x 15x 4x 5x",
        5: "150x 60x 20x 15x",
        6: "500x 80x 50x",
        7: "1000x 200x",
        8: "2000x",
    },
    "keno-10": {
        0: "1x 1x 2x 2x",
        1: "3.5x 1x",
        2: "10x 2x 1.5x 1x",
        3: "50x 10x 3x 2x 2x",
        4: "80x 30x 15x 4x 5x 2x",
        5: "150x 60x 20x 15x 10x 5x",
        6: "500x 80x 50x 25x 30x",
        7: "1000x 200x 125x 100x",
        8: "2000x 1000x 300x",
        9: "5000x 2000x",
        10: "10000x",
    },
    "keno-gold": {
        0: "1x 1x 2x 2x",
        1: "3.5x 1x",
        2: "10x 2x 1x 1x",
        3: "50x 10x 3x 2x 2x",
        4: "100x 20x 15x 4x 5x 2x",
        5: "150x 60x 20x 15x 10x 5x",
        6: "500x 80x 50x 25x 30x",
        7: "1000x 200x 125x 100x",
        8: "2000x 1000x 300x",
        9: "5000x 2000x",
        10: "10000x",
    },
}

EXACT_RTP = {
    1: Fraction(7, 8),
    2: Fraction(155, 158),
    3: Fraction(1995, 2054),
    4: Fraction(285, 286),
    5: Fraction(155275, 158158),
    6: Fraction(296685, 316316),
    7: Fraction(1956321, 2089945),
    8: Fraction(3832464, 4123405),
    9: Fraction(57052565, 61026394),
    10: Fraction(19675693597, 21664369870),
}
GOLD_RTP = {**EXACT_RTP, 4: Fraction(6840, 7189), 5: Fraction(9725, 11297)}


def read_table(rows: dict[int, str], max_picks: int) -> dict[int, dict[int, int]]:
    """Row h >= 1 lists picks h, h+1, ...; row 0 lists the highest pick counts."""
    table: dict[int, dict[int, int]] = {picks: {} for picks in range(1, max_picks + 1)}
    for hits, text in rows.items():
        values = [round(float(value.rstrip("x")) * 100) for value in text.split()]
        first = max_picks - len(values) + 1 if hits == 0 else hits
        for picks, value in enumerate(values, start=first):
            table[picks][hits] = value
    return table


@pytest.mark.parametrize("slug", sorted(TEXT_ROWS))
def test_tables_are_the_reading_of_the_text(slug: str) -> None:
    game = GAMES[slug]
    assert game.paytable == read_table(TEXT_ROWS[slug], game.max_picks)


def test_games_and_pick_counts() -> None:
    assert sorted(GAMES) == ["keno-10", "keno-8", "keno-gold"]
    assert (KENO_8.max_picks, KENO_10.max_picks, KENO_GOLD.max_picks) == (8, 10, 10)
    assert [game.name for game in (KENO_8, KENO_10, KENO_GOLD)] == [
        "Keno 8",
        "Keno 10",
        "Keno Gold",
    ]


def test_keno_10_extends_keno_8() -> None:
    assert {picks: KENO_10.paytable[picks] for picks in range(1, 9)} == KENO_8.paytable


def test_the_rules_example_three_of_five_pays_3x() -> None:
    for game in GAMES.values():
        assert game.paytable[5][3] == 300


def test_hit_probabilities_are_hypergeometric_and_sum_to_one() -> None:
    assert hit_probability(1, 1) == Fraction(1, 4)
    assert hit_probability(2, 2) == Fraction(20 * 19, 80 * 79)
    for picks in range(1, 11):
        total = sum(hit_probability(picks, hits) for hits in range(picks + 1))
        assert total == 1
        for hits in range(picks + 1):
            direct = Fraction(comb(20, hits) * comb(60, picks - hits), comb(80, picks))
            assert hit_probability(picks, hits) == direct  # the same law seen from the draw


@pytest.mark.parametrize(
    ("game", "expected"), [(KENO_8, EXACT_RTP), (KENO_10, EXACT_RTP), (KENO_GOLD, GOLD_RTP)]
)
def test_exact_rtp_below_one(game, expected: dict[int, Fraction]) -> None:
    for picks in game.paytable:
        value = rtp(game.paytable, picks)
        assert value == expected[picks], (game.name, picks, value)
        assert value < 1


def test_rtp_by_hand_for_two_picks() -> None:
    # 1 hit pays 1x with probability 2*20*60/(80*79); 2 hits pay 10x with 20*19/(80*79)
    assert rtp(KENO_8.paytable, 2) == Fraction(2 * 20 * 60 + 10 * 20 * 19, 80 * 79)


def test_payout_multiplies_floors_and_caps() -> None:
    table = KENO_10.paytable
    assert payout(100, 1, 1, table, max_win=10**9) == 350
    assert payout(101, 1, 1, table, max_win=10**9) == 353  # 353.5 floored
    assert payout(100, 1, 0, table, max_win=10**9) == 0
    assert payout(100, 10, 0, table, max_win=10**9) == 200  # 0 of 10 pays 2x
    assert payout(100, 10, 4, table, max_win=10**9) == 0
    assert payout(100, 5, 3, table, max_win=10**9) == 300
    # a 300 000 AMD ticket hitting 10 of 10 would pay 3e9; the rules cap it at 5e6
    assert payout(300_000, 10, 10, table, max_win=5_000_000) == 5_000_000
    assert payout(500, 10, 10, table, max_win=5_000_000) == 5_000_000
    assert payout(499, 10, 10, table, max_win=5_000_000) == 4_990_000


@pytest.mark.parametrize(("picks", "hits"), [(0, 0), (11, 5), (3, 4), (3, -1), (3, 1.0)])
def test_payout_refuses_impossible_results(picks: int, hits: int) -> None:
    with pytest.raises(ValueError):
        payout(100, picks, hits, KENO_10.paytable, max_win=10**9)


def test_payout_refuses_bad_stakes() -> None:
    for stake in (-1, 1.5, True):
        with pytest.raises(ValueError):
            payout(stake, 1, 1, KENO_8.paytable, max_win=10**9)


def test_count_hits() -> None:
    drawn = [32, 28, 30, 73, 34, 12, 59, 39, 76, 67, 16, 1, 11, 37, 46, 23, 69, 79, 53, 40]
    assert count_hits((1, 2, 3), drawn) == 1
    assert count_hits((28, 30, 40, 80), drawn) == 3
    assert count_hits((2,), drawn) == 0


def test_valid_tickets_come_back_sorted() -> None:
    assert validate_ticket([80, 1, 40], KENO_8) == (1, 40, 80)
    assert validate_ticket(range(1, 11), KENO_10) == tuple(range(1, 11))
    assert validate_ticket((7,), KENO_GOLD) == (7,)


@pytest.mark.parametrize(
    ("numbers", "game", "message"),
    [
        ([], KENO_8, "mark 1 to 8 numbers"),
        (list(range(1, 10)), KENO_8, "mark 1 to 8 numbers, this one marks 9"),
        (list(range(1, 12)), KENO_10, "mark 1 to 10 numbers"),
        ([1, 2, 2], KENO_8, "repeated: [2]"),
        ([0, 5], KENO_8, "from 1 to 80, got [0]"),
        ([81, 5, -3], KENO_10, "from 1 to 80, got [-3, 81]"),
        ([1, 2.0], KENO_8, "whole numbers, got [2.0]"),
        ([1, "2"], KENO_8, "whole numbers, got ['2']"),
        ([1, True], KENO_8, "whole numbers, got [True]"),
        ([1, None], KENO_8, "whole numbers"),
        ("12", KENO_8, "a list of numbers"),
        (12, KENO_8, "a list of numbers"),
    ],
)
def test_malformed_tickets_are_refused(numbers, game, message: str) -> None:
    with pytest.raises(ValueError) as refused:
        validate_ticket(numbers, game)
    assert message in str(refused.value)
