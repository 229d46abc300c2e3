"""The races of the rules (12.42, 12.45, 12.50, 12.58): known finishing orders from fixed
links, every bet's win and loss on constructed orders (the text's own examples first), each
bet type's exact return against a count this test makes itself over every full finishing
order, and bad picks refused with a clear message."""

from __future__ import annotations

import itertools
from collections import defaultdict
from fractions import Fraction

import pytest

from casino import registry
from casino.races.games import RACES
from casino.rounds import RTP_STAKE

RACE_SLUGS = [race.slug for race in RACES]


def pays(slug: str, bet_type: str, order: list[int], selection: dict | None = None) -> int:
    """What a stake of 100 returns when the race finishes in ``order``."""
    return registry.get(slug).payout(100, bet_type, selection or {}, {"order": order})


def price(slug: str, bet_type: str, pick) -> int:
    return registry.get(slug).prices[bet_type][pick]


@pytest.mark.parametrize(
    ("slug", "expected"),
    [
        ("horse-racing", [[7, 2, 4, 1, 8, 6, 3, 5], [2, 8, 1, 4, 3, 6, 5, 7]]),
        ("greyhounds", [[1, 2, 6, 5, 4, 3], [6, 2, 4, 3, 5, 1]]),
        ("speedway", [[2, 3, 1, 4], [2, 1, 3, 4]]),
    ],
)
def test_finishing_orders_follow_from_their_links(slug, expected):
    game = registry.get(slug)
    orders = [game.committed_outcome(bytes([i]) * 32, "longtable-test", i) for i in (1, 2)]
    assert [o["order"] for o in orders] == expected


@pytest.mark.parametrize("slug", RACE_SLUGS)
def test_every_runner_finishes_once_and_wins_about_its_share_of_the_forms(slug):
    game = registry.get(slug)
    wins: dict[int, int] = defaultdict(int)
    for n in range(2_000):
        order = game.committed_outcome(n.to_bytes(32, "big"), "seed", n)["order"]
        assert sorted(order) == list(range(1, game.runners + 1))
        wins[order[0]] += 1
    for number, form in enumerate(game.forms, start=1):
        assert abs(wins[number] / 2_000 - form / sum(game.forms)) < 0.04


def test_the_odds_board_is_fixed_data_paying_more_than_the_stake():
    horses = registry.get("horse-racing")
    assert horses.prices["win"] == {
        1: 742,
        2: 472,
        3: 1155,
        4: 346,
        5: 1732,
        6: 611,
        7: 2599,
        8: 945,
    }
    assert horses.prices["even"] == {None: 129} and horses.prices["exacta"][(4, 2)] == 1307
    dogs = registry.get("greyhounds")
    assert dogs.prices["top-4"] == {1: 113, 2: 142, 3: 122, 4: 175, 5: 128, 6: 164}
    for race in RACES:
        assert all(p > 100 for prices in race.prices.values() for p in prices.values())


# --- what each bet wins on ----------------------------------------------------------------------


def test_horse_racing_bets_as_the_text_lists_them():
    s, order = "horse-racing", [4, 2, 6, 1, 3, 5, 7, 8]
    assert pays(s, "win", order, {"runner": 4}) == price(s, "win", 4)
    assert pays(s, "win", order, {"runner": 2}) == 0
    assert pays(s, "top-2", order, {"runner": 2}) == price(s, "top-2", 2)
    assert pays(s, "top-2", order, {"runner": 6}) == 0
    assert pays(s, "top-3", order, {"runner": 6}) == price(s, "top-3", 6)
    assert pays(s, "top-3", order, {"runner": 1}) == 0
    assert pays(s, "quinella", order, {"runners": [2, 4]}) == price(s, "quinella", (2, 4))
    assert pays(s, "quinella", order, {"runners": [4, 6]}) == 0
    assert pays(s, "exacta", order, {"first": 4, "second": 2}) == price(s, "exacta", (4, 2))
    assert pays(s, "exacta", order, {"first": 2, "second": 4}) == 0
    assert pays(s, "trio", order, {"runners": [6, 2, 4]}) == price(s, "trio", (2, 4, 6))
    assert pays(s, "trio", order, {"runners": [1, 2, 4]}) == 0
    third = {"first": 4, "second": 2, "third": 6}
    assert pays(s, "trifecta", order, third) == price(s, "trifecta", (4, 2, 6))
    assert pays(s, "trifecta", order, {"first": 4, "second": 6, "third": 2}) == 0
    # Even and Odd: the winner's number (4) is even.
    assert pays(s, "even", order) == 129 and pays(s, "odd", order) == 0
    # Over a number: a winner numbered higher than the chosen one; Under: lower.
    assert pays(s, "over", order, {"number": 3}) == price(s, "over", 3)
    assert pays(s, "over", order, {"number": 4}) == 0
    assert pays(s, "under", order, {"number": 5}) == price(s, "under", 5)
    assert pays(s, "under", order, {"number": 4}) == 0


def test_greyhound_bets_with_the_texts_examples():
    s = "greyhounds"
    # 1: a bet on dog 5 wins when dog 5 crosses the line first.
    assert pays(s, "win", [5, 1, 2, 3, 4, 6], {"runner": 5}) == price(s, "win", 5)
    # 2-4: dog 4 first or second; in the top three; in the top four.
    assert pays(s, "top-2", [1, 4, 2, 3, 5, 6], {"runner": 4}) == price(s, "top-2", 4)
    assert pays(s, "top-2", [1, 2, 4, 3, 5, 6], {"runner": 4}) == 0
    assert pays(s, "top-3", [1, 2, 4, 3, 5, 6], {"runner": 4}) == price(s, "top-3", 4)
    assert pays(s, "top-4", [1, 2, 3, 4, 5, 6], {"runner": 4}) == price(s, "top-4", 4)
    assert pays(s, "top-4", [1, 2, 3, 5, 4, 6], {"runner": 4}) == 0
    # 5, 6: Over 3.5 wins with dog 4, Under 3.5 with dog 2; Over 4.5 with 5, Under with 3.
    assert pays(s, "over-3.5", [4, 1, 2, 3, 5, 6]) == price(s, "over-3.5", None)
    assert pays(s, "under-3.5", [4, 1, 2, 3, 5, 6]) == 0
    assert pays(s, "under-3.5", [2, 1, 4, 3, 5, 6]) == price(s, "under-3.5", None)
    assert pays(s, "over-4.5", [5, 1, 2, 3, 4, 6]) == price(s, "over-4.5", None)
    assert pays(s, "under-4.5", [3, 1, 2, 4, 5, 6]) == price(s, "under-4.5", None)
    assert pays(s, "over-4.5", [4, 1, 2, 3, 5, 6]) == 0
    # 7: an even winner (dog 2).
    assert pays(s, "even", [2, 1, 3, 4, 5, 6]) == price(s, "even", None)
    assert pays(s, "odd", [2, 1, 3, 4, 5, 6]) == 0
    # 8, 9: 2 then 1 in order; 4 and 5 either way round.
    assert pays(s, "forecast", [2, 1, 3, 4, 5, 6], {"first": 2, "second": 1}) == price(
        s, "forecast", (2, 1)
    )
    assert pays(s, "forecast", [1, 2, 3, 4, 5, 6], {"first": 2, "second": 1}) == 0
    for order in ([4, 5, 1, 2, 3, 6], [5, 4, 1, 2, 3, 6]):
        assert pays(s, "reverse-forecast", order, {"runners": [4, 5]}) == price(
            s, "reverse-forecast", (4, 5)
        )
    assert pays(s, "reverse-forecast", [4, 1, 5, 2, 3, 6], {"runners": [4, 5]}) == 0
    # 10: 1, 2, 3 or 4, 5, 6: one of the three wins.
    assert pays(s, "any-three", [2, 4, 5, 6, 1, 3], {"runners": [1, 2, 3]}) == price(
        s, "any-three", (1, 2, 3)
    )
    assert pays(s, "any-three", [2, 4, 5, 6, 1, 3], {"runners": [4, 5, 6]}) == 0
    # 11, 12: 2, 3, 5 in that order; in any order.
    tricast = {"first": 2, "second": 3, "third": 5}
    assert pays(s, "tricast", [2, 3, 5, 1, 4, 6], tricast) == price(s, "tricast", (2, 3, 5))
    assert pays(s, "tricast", [3, 2, 5, 1, 4, 6], tricast) == 0
    assert pays(s, "reverse-tricast", [5, 3, 2, 1, 4, 6], {"runners": [2, 3, 5]}) == price(
        s, "reverse-tricast", (2, 3, 5)
    )
    assert pays(s, "reverse-tricast", [5, 3, 1, 2, 4, 6], {"runners": [2, 3, 5]}) == 0
    # 13: 2 and 3 both in the first three.
    assert pays(s, "swinger", [3, 6, 2, 1, 4, 5], {"runners": [2, 3]}) == price(
        s, "swinger", (2, 3)
    )
    assert pays(s, "swinger", [3, 6, 1, 2, 4, 5], {"runners": [2, 3]}) == 0
    # 14: with 6 dogs low is 1-3, high 4-6.
    assert pays(s, "low", [3, 1, 2, 4, 5, 6]) == price(s, "low", None)
    assert pays(s, "high", [4, 1, 2, 3, 5, 6]) == price(s, "high", None)
    assert pays(s, "high", [3, 1, 2, 4, 5, 6]) == 0


@pytest.mark.parametrize(
    ("slug", "line", "low"),
    [
        ("speedway", "2.5", 2),
        ("car-racing", "4.5", 4),
        ("motor-racing", "3.5", 3),
        ("cycling", "3.5", 4),
    ],
)
def test_the_racing_lines_follow_the_field_size(slug, line, low):
    game = registry.get(slug)
    codes = {t.code for t in game.bet_types}
    assert {f"over-{line}", f"under-{line}", "low", "high"} <= codes and "top-4" not in codes
    order = list(range(1, game.runners + 1))
    assert pays(slug, "low", order[low - 1 :] + order[: low - 1]) > 0
    assert pays(slug, "low", order[low:] + order[:low]) == 0
    assert pays(slug, "high", order[low:] + order[:low]) > 0


BALLS = {"P": "plum", "C": "cherry", "L": "lemon", "7": "seven"}


def tube(letters: str) -> list[str]:
    return [BALLS[letter] for letter in letters]


def test_the_fruit_race_pays_by_matches_and_the_seven_alone():
    game = registry.get("fruit-race")

    def paid(letters):
        return game.payout(100, "fruit", {}, {"tube": tube(letters)})

    assert paid("PPPCCCLLL7") == 50_000  # all ten
    # The text's example: the 7 and three fruits are four matches.
    assert paid("PCLCLPLPC7") == 120
    assert paid("PPCCLLLCP7") == 320  # five: P P . C . . L . . 7
    # The 7 alone, with no other match, pays; the 7 with one fruit (two matches) does not.
    assert paid("CCCLLLPPP7") == 1_000
    assert paid("PCLLLPCCP7") == 0
    assert paid("CCCLLLPP7P") == 0  # nothing matched
    assert game.describe({"tube": tube("CCCLLLPPP7")}) == "the 7 alone"
    assert game.describe({"tube": tube("PPPCCCLLL7")}) == "10 matches"


def test_bad_picks_are_refused_with_the_bets_own_words():
    game = registry.get("greyhounds")
    with pytest.raises(ValueError, match="A Forecast bet takes 2 runners"):
        game.validate_bet("forecast", {"first": 2, "second": 2})
    with pytest.raises(ValueError, match="A Win bet takes a runner"):
        game.validate_bet("win", {"runner": 7})
    with pytest.raises(ValueError, match="no such bet"):
        game.validate_bet("trifecta", {})
    assert game.validate_bet("reverse-tricast", {"runners": [5, 2, 3]}) == {"runners": [2, 3, 5]}
    assert game.validate_bet("tricast", {"third": 5, "first": 2, "second": 3}) == {
        "first": 2,
        "second": 3,
        "third": 5,
    }


# --- the return of every bet, counted again ------------------------------------------------------


def every_order(forms: tuple[int, ...]) -> dict[tuple[int, ...], Fraction]:
    """Each full finishing order's chance, the product of each place's share of what is left."""
    chances = {}
    for order in itertools.permutations(range(1, len(forms) + 1)):
        chance, left = Fraction(1), sum(forms)
        for runner in order:
            chance *= Fraction(forms[runner - 1], left)
            left -= forms[runner - 1]
        chances[order] = chance
    return chances


def wins(code: str, selection: dict, order: tuple[int, ...], runners: int) -> bool:
    """The text's win conditions, written out again."""
    first = order[0]
    places = {"win": 1, "top-2": 2, "top-3": 3, "top-4": 4}
    if code in places:
        return selection["runner"] in order[: places[code]]
    if code in ("exacta", "forecast", "trifecta", "tricast"):
        named = [selection[k] for k in ("first", "second", "third") if k in selection]
        return list(order[: len(named)]) == named
    if code in ("quinella", "reverse-forecast", "trio", "reverse-tricast"):
        named = selection["runners"]
        return set(order[: len(named)]) == set(named)
    if code == "swinger":
        return set(selection["runners"]) <= set(order[:3])
    if code == "any-three":
        return first in selection["runners"]
    if code in ("even", "odd"):
        return (first % 2 == 0) == (code == "even")
    if code in ("low", "high"):
        return (first <= runners // 2) == (code == "low")
    if code == "over":
        return first > selection["number"]
    if code == "under":
        return first < selection["number"]
    side, line = code.split("-")
    return first > float(line) if side == "over" else first < float(line)


@pytest.mark.parametrize("slug", ["horse-racing", "greyhounds", "speedway", "motor-racing"])
def test_every_bets_return_matches_a_count_over_every_finishing_order(slug):
    game = registry.get(slug)
    depth = 4 if slug == "greyhounds" else 3
    leading: dict[tuple[int, ...], Fraction] = defaultdict(Fraction)
    for order, chance in every_order(game.forms).items():
        leading[order[:depth]] += chance
    assert sum(leading.values()) == 1
    for bet_type in game.bet_types:
        picks = [s for _, s in game.selections(bet_type.code)]
        returned = Fraction(0)
        for selection in picks:
            for order, chance in leading.items():
                if wins(bet_type.code, selection, order, game.runners):
                    returned += chance * game.payout(
                        RTP_STAKE, bet_type.code, selection, {"order": list(order)}
                    )
        assert game.rtp(bet_type.code) == returned / (RTP_STAKE * len(picks)), bet_type.code


@pytest.mark.parametrize("slug", [*RACE_SLUGS, "fruit-race"])
def test_no_bet_returns_as_much_as_it_takes(slug):
    game = registry.get(slug)
    for bet_type in game.bet_types:
        assert Fraction(9, 10) < game.rtp(bet_type.code) < 1


def test_every_single_pick_returns_at_most_92_percent():
    for race in RACES:
        for bet_type in race.bet_types:
            code = bet_type.code
            for pick, chance in race.chances(code).items():
                assert chance * race.prices[code][pick] <= 92, (race.slug, code, pick)


def tubes(left: dict[str, int]):
    """Every distinct tube, ball by ball from the balls left."""
    if not any(left.values()):
        yield ()
        return
    for ball in [b for b, n in left.items() if n]:
        left[ball] -= 1
        for rest in tubes(left):
            yield (ball, *rest)
        left[ball] += 1


def test_the_fruit_races_return_against_a_count_of_the_tubes():
    # Ten balls shuffled: each distinct tube comes up 3!3!3! times in the 10! orders.
    game = registry.get("fruit-race")
    panel = ("plum",) * 3 + ("cherry",) * 3 + ("lemon",) * 3 + ("seven",)
    pays_tenths = {"seven": 100, 4: 12, 5: 32, 6: 60, 7: 150, 8: 500, 10: 5000}
    found = list(tubes({"plum": 3, "cherry": 3, "lemon": 3, "seven": 1}))
    paid = 0
    for tube in found:
        hits = [a == b for a, b in zip(tube, panel, strict=True)]
        key = "seven" if hits == [False] * 9 + [True] else sum(hits)
        paid += pays_tenths.get(key, 0)
    assert len(found) == 16_800
    assert game.rtp("fruit") == Fraction(paid, 10 * len(found)) == Fraction(15_812_8, 168_000)
    assert super(type(game), game).rtp("fruit") == game.rtp("fruit")  # by its distribution
