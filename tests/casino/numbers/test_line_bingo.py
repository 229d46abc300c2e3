"""Line Bingo (12.43): known draws, cards, lines and bonus balls paid on constructed
draws, the chances counted two other ways (row by row over every set of marked squares on
the real card; every draw of a small card), and the card's return below 100%."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction

import pytest

from casino import registry
from casino.numbers.line_bingo import (
    GAME,
    LINE_PAYS,
    MULTIPLIERS,
    Bingo,
    card_numbers,
    card_rtp,
)

SLUG = "line-bingo"
CARD = card_numbers(1)


def test_draws_and_cards_follow_from_their_seeds():
    game = registry.get(SLUG)
    drawn = [game.committed_outcome(bytes([i]) * 32, "longtable-test", i) for i in (1, 2, 3)]
    assert drawn[0]["balls"][:5] == [5, 50, 12, 47, 37]
    assert [d["mega"] for d in drawn] == [
        [{"ball": 28, "multiplier": 5}, {"ball": 9, "multiplier": 25}],
        [{"ball": 13, "multiplier": 25}, {"ball": 44, "multiplier": 50}],
        [{"ball": 36, "multiplier": 5}],
    ]
    for d in drawn:
        every = d["balls"] + [m["ball"] for m in d["mega"]]
        assert len(d["balls"]) == 20 and len(set(every)) == len(every)
    assert CARD[:5] == (7, 23, 25, 34, 38)
    assert card_numbers(1200)[:5] == (36, 32, 21, 12, 7)  # the page deals the same
    assert len({card_numbers(n) for n in range(1, 1201)}) == 1200
    for number in (1, 600, 1200):
        card = card_numbers(number)
        assert len(set(card)) == 24 and all(1 <= n <= 51 for n in card)


def row(card, r):
    """The numbers of row ``r`` (the middle row has four)."""
    squares = [s for s in GAME.squares if s[0] == r]
    return [card[GAME.squares.index(s)] for s in squares]


def column(card, c):
    squares = [s for s in GAME.squares if s[1] == c]
    return [card[GAME.squares.index(s)] for s in squares]


def others(card, used, count):
    """Balls not on the card (or not in ``used``), to fill a draw of 20."""
    return [n for n in range(1, 52) if n not in card and n not in used][:count]


def pays(balls, mega=(), card=1, stake=100):
    outcome = {"balls": balls, "mega": [{"ball": b, "multiplier": m} for b, m in mega]}
    return registry.get(SLUG).payout(stake, "card", {"card": card}, outcome)


def test_lines_pay_by_the_texts_table():
    one = row(CARD, 0)
    assert pays(one + others(CARD, one, 15)) == 100  # 1 line x1: the stake back
    two = row(CARD, 0) + row(CARD, 2)  # the middle row has the free square
    assert pays(two + others(CARD, two, 11)) == 500
    three = two + [n for n in column(CARD, 0) if n not in two]
    assert len(three) <= 20 and pays(three + others(CARD, three, 20 - len(three))) == 5_000
    assert pays(others(CARD, [], 20)) == 0


def test_six_lines_and_more_pay_as_six():
    rows = [n for r in range(4) for n in row(CARD, r)]  # 19 numbers, rows 0-3: 4 lines
    extra = [row(CARD, 4)[0]]  # the corner: column 0 and a diagonal complete too
    balls = rows + extra
    game = registry.get(SLUG)
    assert game.result("card", {"card": 1}, {"balls": balls, "mega": []})["lines"] == 6
    assert pays(balls) == 1_000_000
    more = rows + row(CARD, 4)[:1]
    assert pays(more) == 1_000_000


def test_a_bonus_ball_completing_a_line_pays_its_multiplier_once():
    almost = row(CARD, 0)[:4]  # row 0 lacks its last number
    missing = row(CARD, 0)[4]
    balls = almost + others(CARD, almost, 16)
    assert pays(balls, [(missing, 20)]) == 2_000
    assert pays(balls, [(others(CARD, balls, 1)[0], 20)]) == 0  # not on the card
    # Two bonus balls each completing a line: the larger multiplier, once.
    column_almost = column(CARD, 0)[1:4]  # column 0 lacks its bottom number
    balls = almost + column_almost + others(CARD, almost + column_almost, 13)
    assert pays(balls, [(missing, 20), (column(CARD, 0)[4], 50)]) == 5_000
    result = registry.get(SLUG).result(
        "card", {"card": 1}, {"balls": balls, "mega": [{"ball": missing, "multiplier": 20}]}
    )
    assert result == {"lines": 0, "bonus": 20}
    assert registry.get(SLUG).describe_result(result) == "0 lines, bonus x20"


def rows_count() -> Counter:
    """How many sets of marked squares of the 5 x 5 card, by (squares marked, lines),
    counted row by row: which columns and diagonals are still whole so far."""
    states: Counter = Counter({(0b11111, True, True, 0, 0): 1})
    for r in range(5):
        after: Counter = Counter()
        for (columns, down, up, marked, lines), ways in states.items():
            for mask in range(32):
                if r == 2 and not mask & 0b00100:
                    continue  # the free square is always marked
                numbered = bin(mask).count("1") - (r == 2)
                after[
                    (
                        columns & mask,
                        down and bool(mask >> r & 1),
                        up and bool(mask >> (4 - r) & 1),
                        marked + numbered,
                        lines + (mask == 0b11111),
                    )
                ] += ways
        states = after
    found: Counter = Counter()
    for (columns, down, up, marked, lines), ways in states.items():
        found[(marked, lines + bin(columns).count("1") + down + up)] += ways
    return found


def test_line_chances_match_a_count_row_by_row():
    counted: Counter = Counter()
    for (marked, lines), ways in rows_count().items():
        if marked > 20:
            continue  # more squares than balls drawn
        # ``marked`` of the card's 24 numbers among the 20 balls, on any of the squares.
        drawn = Fraction(math.comb(24, marked) * math.comb(27, 20 - marked), math.comb(51, 20))
        counted[lines] += drawn * Fraction(ways, math.comb(24, marked))
    chances = GAME.line_chances()
    assert {k: v for k, v in chances.items() if v} == dict(counted)


SMALL = Bingo(size=3, balls=12, drawn=5)


def test_the_counting_on_a_small_card_matches_every_draw():
    card = list(range(1, 9))  # 8 numbered squares of a 3 x 3 card
    sets = list(itertools.combinations(range(1, 13), 5))
    lines = Counter(SMALL.complete_lines(card, s) for s in sets)
    assert SMALL.line_chances() == {
        n: Fraction(lines[n], len(sets)) for n in range(len(SMALL.lines) + 1)
    }
    one = both = draws = pairs = 0
    for s in sets:
        rest = [b for b in range(1, 13) if b not in s]
        for first in rest:
            draws += 1
            one += SMALL.completed_by(card, s, first)
            for second in rest:
                if second != first:
                    pairs += 1
                    both += SMALL.completed_by(card, s, first) and SMALL.completed_by(
                        card, s, second
                    )
    assert SMALL.completes() == Fraction(one, draws)
    assert SMALL.both_complete() == Fraction(both, pairs)


def test_the_card_returns_less_than_it_takes():
    weight = sum(w for _, w in MULTIPLIERS)
    mean = Fraction(sum(m * w for m, w in MULTIPLIERS), weight)
    best = Fraction(
        sum(max(a, b) * wa * wb for a, wa in MULTIPLIERS for b, wb in MULTIPLIERS), weight**2
    )
    chances = GAME.line_chances()
    lines = sum(chances[n] * LINE_PAYS[min(n, 6)] for n in range(1, 13))
    one, both = GAME.completes(), GAME.both_complete()
    # One bonus round or two, alike: P(one completes) * mean, or the two balls' cases.
    bonus = (one * mean + (2 * (one - both)) * mean + both * best) / 2
    assert card_rtp() == (lines, bonus)
    rtp = registry.get(SLUG).rtp("card")
    assert rtp == lines + bonus and Fraction(95, 100) < rtp < 1
    assert all(5 <= m <= 100 for m, _ in MULTIPLIERS)


@pytest.mark.parametrize("bad", [{"card": 0}, {"card": 1201}, {"card": "7"}, {}, [1]])
def test_bad_cards_are_refused(bad):
    with pytest.raises(ValueError, match="a card number from 1 to 1200"):
        registry.get(SLUG).validate_bet("card", bad)
