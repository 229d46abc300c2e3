"""The dice games of the rules: known throws from fixed links, every bet's win and loss on
constructed throws (the text's own examples among them), each bet type's exact return
against a count this test makes itself, and selections refused with a clear message."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest

from casino import registry
from casino.rounds import RTP_STAKE, rtp_percent

SIC_BOS = ("sic-bo", "super-sic-bo", "mega-sic-bo")
DICE_SLUGS = (*SIC_BOS, "dice-duel", "craps", "lightning-dice")


def pays(slug: str, bet_type: str, dice: list[int], selection: dict | None = None, **extra) -> int:
    """What a stake of 100 returns on ``dice``."""
    return registry.get(slug).payout(100, bet_type, selection or {}, {"dice": dice, **extra})


@pytest.mark.parametrize(
    ("slug", "expected"),
    [
        ("sic-bo", [[5, 6, 3], [1, 4, 2], [3, 6, 2]]),
        ("dice-duel", [[1, 6], [4, 2], [4, 2]]),
        ("craps", [[2, 5], [5, 1], [2, 4]]),
        ("lightning-dice", [[1, 3, 4], [1, 1, 1], [2, 4, 2]]),
    ],
)
def test_throws_follow_from_their_links(slug, expected):
    game = registry.get(slug)
    throws = [game.committed_outcome(bytes([i]) * 32, "longtable-test", i) for i in (1, 2, 3)]
    assert [t["dice"] for t in throws] == expected


def test_lightning_numbers_are_drawn_with_the_throw():
    game = registry.get("lightning-dice")
    outcome = game.committed_outcome(bytes([2]) * 32, "longtable-test", 2)
    assert outcome["boosts"] == {"9": "27.5"}
    assert game.describe(outcome) == "1 1 1 (3) (lightning 9 x27.5)"


@pytest.mark.parametrize("slug", DICE_SLUGS)
def test_ten_thousand_throws_show_every_face_and_valid_lightning(slug):
    game = registry.get(slug)
    faces: Counter = Counter()
    for n in range(10_000):
        outcome = game.committed_outcome(n.to_bytes(32, "big"), "seed", n)
        assert all(1 <= d <= 6 for d in outcome["dice"])
        faces.update(outcome["dice"])
        for total, multiplier in outcome.get("boosts", {}).items():
            assert 3 <= int(total) <= 18 and Fraction(multiplier) > 1
    assert set(faces) == {1, 2, 3, 4, 5, 6}


# --- Sic Bo ----------------------------------------------------------------------------------


@pytest.mark.parametrize("slug", SIC_BOS)
def test_sic_bo_bets_win_and_lose_as_the_text_says(slug):
    assert pays(slug, "small", [1, 2, 3]) == 200 and pays(slug, "small", [2, 2, 2]) == 0
    assert pays(slug, "big", [6, 5, 4]) == 200 and pays(slug, "big", [5, 5, 5]) == 0
    assert pays(slug, "big", [1, 2, 3]) == 0
    assert pays(slug, "triple", [5, 5, 5], {"face": 5}) == 18_100
    assert pays(slug, "triple", [5, 5, 5], {"face": 4}) == 0
    assert pays(slug, "any-triple", [1, 1, 1]) == 3_100
    assert pays(slug, "pair", [3, 3, 6], {"face": 3}) == 1_100
    assert pays(slug, "pair", [3, 3, 3], {"face": 3}) == 1_100  # a triple holds the pair
    # The text's example: a total of 10 by 3, 2 and 5 (or 1, 3, 6) wins a bet on 10 at 6:1.
    assert pays(slug, "total-10", [3, 2, 5]) == pays(slug, "total-10", [1, 3, 6]) == 700
    assert pays(slug, "total-4", [1, 1, 2]) == 6_100 and pays(slug, "total-17", [6, 6, 5]) == 6_100
    # The text's example: 1 and 2 chosen, the dice show 1, 5, 2: the combination wins at 5:1.
    assert pays(slug, "combination", [1, 5, 2], {"faces": [1, 2]}) == 600
    assert pays(slug, "combination", [1, 5, 5], {"faces": [1, 2]}) == 0
    single = [pays(slug, "single", dice, {"face": 4}) for dice in ([4, 1, 2], [4, 4, 2], [4, 4, 4])]
    assert single == [200, 300, 400] and pays(slug, "single", [1, 2, 3], {"face": 4}) == 0


SIC_BO_TOTAL_ODDS = {4: 60, 5: 30, 6: 17, 7: 12, 8: 8, 9: 6, 10: 6, 11: 6, 12: 6, 13: 8}
SIC_BO_TOTAL_ODDS |= {14: 12, 15: 17, 16: 30, 17: 60}


def sic_bo_count(bet_type: str) -> Fraction:
    """The return of a Sic Bo bet counted over the 216 throws, from the text's paytable."""
    total = Fraction(0)
    for dice in itertools.product(range(1, 7), repeat=3):
        triple = len(set(dice)) == 1
        if bet_type == "small":
            total += 2 if 4 <= sum(dice) <= 10 and not triple else 0
        elif bet_type == "big":
            total += 2 if 11 <= sum(dice) <= 17 and not triple else 0
        elif bet_type == "any-triple":
            total += 31 if triple else 0
        elif bet_type.startswith("total-"):
            n = int(bet_type[6:])
            total += SIC_BO_TOTAL_ODDS[n] + 1 if sum(dice) == n else 0
        elif bet_type == "single":  # averaged over the six numbers
            total += Fraction(sum(1 + dice.count(f) for f in range(1, 7) if f in dice), 6)
    return total / 216


@pytest.mark.parametrize(
    "bet_type", ["small", "big", "any-triple", "single", *(f"total-{n}" for n in range(4, 18))]
)
def test_sic_bo_returns_match_an_independent_count(bet_type):
    for slug in SIC_BOS:
        assert registry.get(slug).rtp(bet_type) == sic_bo_count(bet_type)


def test_sic_bo_returns_as_players_read_them():
    game = registry.get("sic-bo")
    shown = {code: rtp_percent(game.rtp(code)) for code in ("small", "total-4", "single", "pair")}
    assert shown == {"small": "97.22", "total-4": "84.72", "single": "92.13", "pair": "81.48"}


def test_only_sic_bo_offers_the_quick_slip():
    assert "small" in registry.get("sic-bo").simplified_bet_types
    assert registry.get("super-sic-bo").simplified_bet_types == ()
    assert registry.get("mega-sic-bo").simplified_bet_types == ()


# --- Dice Duel -------------------------------------------------------------------------------


def test_dice_duel_bets_read_the_red_and_the_blue_die():
    game = registry.get("dice-duel")
    price = {t.code: t.odds for t in game.bet_types}
    assert price["red-wins"] == "13:10" and price["draw"] == "19:4"
    assert (
        pays("dice-duel", "red-wins", [5, 2]) == 230 and pays("dice-duel", "red-wins", [2, 5]) == 0
    )
    assert pays("dice-duel", "draw", [3, 3]) == 575 and pays("dice-duel", "blue-wins", [3, 3]) == 0
    assert pays("dice-duel", "combination", [3, 5], {"red": 3, "blue": 5}) > 0
    assert pays("dice-duel", "combination", [5, 3], {"red": 3, "blue": 5}) == 0
    assert (
        pays("dice-duel", "total-over-6.5", [3, 4]) > 0
        and pays("dice-duel", "total-under-6.5", [3, 4]) == 0
    )
    assert game.describe({"dice": [5, 2]}) == "red 5, blue 2"


def test_every_dice_duel_bet_returns_between_93_and_96_percent_by_a_count():
    game = registry.get("dice-duel")
    for bet_type in game.bet_types:
        choices = game.selections(bet_type.code)
        counted = sum(
            Fraction(game.payout(RTP_STAKE, bet_type.code, selection, {"dice": [r, b]}), RTP_STAKE)
            for _, selection in choices
            for r in range(1, 7)
            for b in range(1, 7)
        ) / (36 * len(choices))
        assert counted == game.rtp(bet_type.code)
        assert Fraction(93, 100) <= counted <= Fraction(96, 100), bet_type.code


# --- Craps -----------------------------------------------------------------------------------


def test_craps_one_roll_bets():
    assert [pays("craps", "field", d) for d in ([1, 1], [1, 2], [4, 5], [6, 6], [3, 4])] == [
        300,
        200,
        200,
        400,
        0,
    ]
    assert pays("craps", "seven", [3, 4]) == 500 and pays("craps", "eleven", [5, 6]) == 1_600
    assert pays("craps", "any-craps", [6, 6]) == 800 and pays("craps", "crap-3", [1, 2]) == 1_600
    assert pays("craps", "c-and-e", [1, 1]) == 400 and pays("craps", "c-and-e", [5, 6]) == 800
    assert pays("craps", "c-and-e", [3, 4]) == 0


def test_a_hardway_wins_on_the_pair_loses_on_seven_or_the_easy_way_and_else_stands():
    assert pays("craps", "hard-8", [4, 4]) == 1_000 and pays("craps", "hard-4", [2, 2]) == 800
    assert pays("craps", "hard-8", [2, 6]) == 0 and pays("craps", "hard-8", [3, 4]) == 0
    assert pays("craps", "hard-8", [1, 2]) == 100  # neither: the stake comes back


CRAPS_RETURNS = {
    "field": Fraction(35, 36),
    "seven": Fraction(30, 36),
    "any-craps": Fraction(32, 36),
    "crap-2": Fraction(31, 36),
    "eleven": Fraction(32, 36),
    "c-and-e": Fraction(32, 36),
    "hard-4": Fraction(35, 36),
    "hard-6": Fraction(35, 36),
}


@pytest.mark.parametrize(("bet_type", "expected"), CRAPS_RETURNS.items())
def test_craps_returns_match_the_standard_figures(bet_type, expected):
    assert registry.get("craps").rtp(bet_type) == expected


# --- Lightning Dice --------------------------------------------------------------------------


def test_a_lightning_total_pays_its_multiplier_and_an_ordinary_one_its_odds():
    game = registry.get("lightning-dice")
    odds = {t.code: t.odds for t in game.bet_types}
    assert odds["total-10"] == "4:1"
    outcome = {"dice": [3, 3, 4], "boosts": {"10": "27.5"}}
    assert game.payout(100, "total-10", {}, outcome) == 2_750
    assert game.payout(100, "total-10", {}, {"dice": [3, 3, 4], "boosts": {}}) == 500
    assert game.payout(100, "total-11", {}, outcome) == 0


def test_lightning_dice_returns_match_an_enumeration_of_throws_and_strikes():
    """Every throw, every number of struck totals, every set of them and every factor."""
    from casino.dice import games as dice

    game = registry.get("lightning-dice")
    weight = sum(w for _, w in dice.LIGHTNING_FACTORS)
    for total in (3, 10, 12):
        code = f"total-{total}"
        base = dice.lightning_base_price(total)
        chance = Fraction(
            sum(1 for d in itertools.product(range(1, 7), repeat=3) if sum(d) == total), 216
        )
        struck = Fraction(0)
        for count in dice.LIGHTNING_COUNTS:
            sets = list(itertools.combinations(range(3, 19), count))
            struck += Fraction(sum(1 for chosen in sets if total in chosen), len(sets) * 5)
        boosted = sum(Fraction(w, weight) * base * f for f, w in dice.LIGHTNING_FACTORS)
        assert game.rtp(code) == chance * ((1 - struck) * base + struck * boosted)
        assert game.rtp(code) <= Fraction(96, 100)


# --- selections ------------------------------------------------------------------------------


@pytest.mark.parametrize("slug", DICE_SLUGS)
def test_every_listed_selection_validates(slug):
    game = registry.get(slug)
    for bet_type in game.bet_types:
        for _, selection in game.selections(bet_type.code):
            assert game.validate_bet(bet_type.code, dict(selection)) == selection


@pytest.mark.parametrize(
    ("slug", "bet_type", "selection", "message"),
    [
        ("sic-bo", "triple", {"face": 7}, "A Specific triple bet takes"),
        ("sic-bo", "triple", {"face": 0}, "A Specific triple bet takes"),
        ("sic-bo", "pair", [3, 3], "A Specific pair bet takes"),
        ("sic-bo", "small", {"face": 1}, "A Small bet takes"),
        ("sic-bo", "combination", {"faces": [2, 2]}, "A Two-dice combination bet takes"),
        ("dice-duel", "combination", {"red": 3}, "A Red and blue combination bet takes"),
        ("craps", "no-such-bet", {}, "has no such bet"),
    ],
)
def test_bad_selections_are_refused_without_echoing_them(slug, bet_type, selection, message):
    with pytest.raises(ValueError, match=message) as refusal:
        registry.get(slug).validate_bet(bet_type, selection)
    assert "7" not in str(refusal.value).replace("A Specific", "")


def test_a_c_and_e_stake_must_split_in_two():
    with pytest.raises(ValueError, match="divide by 2"):
        registry.get("craps").validate_stake("c-and-e", 101)
    registry.get("craps").validate_stake("c-and-e", 100)
