"""Every roulette bet's win and loss on constructed outcomes, with the rule text's prices
(casino/roulette/RULES.md): the stake comes back with the win; zero loses the even-money
bets except at La Partage and French Gold (half back); neighbour bets pay by chip;
boosts pay straight-ups only; Double Ball pays inside bets per ball and outside bets on
both balls."""

from __future__ import annotations

import pytest

from casino import registry
from casino.roulette.bets import NEIGHBOUR_CHIPS

STAKE = 100


def pay(slug, bet_type, selection, *balls, boosts=None, stake=STAKE):
    outcome = {"pockets": list(balls)}
    if boosts is not None:
        outcome["boosts"] = boosts
    return registry.get(slug).payout(stake, bet_type, selection, outcome)


SINGLE = ["roulette-european", "roulette-la-partage", "roulette-french-gold", "roulette-electronic"]


@pytest.mark.parametrize("slug", [*SINGLE, "roulette-american"])
@pytest.mark.parametrize(
    ("bet_type", "selection", "wins_on", "loses_on", "returned"),
    [
        ("straight", {"pockets": ["17"]}, "17", "18", 3600),  # 35:1
        ("straight", {"pockets": ["0"]}, "0", "32", 3600),
        ("split", {"pockets": ["0", "1"]}, "0", "2", 1800),  # 17:1
        ("split", {"pockets": ["17", "20"]}, "20", "18", 1800),
        ("street", {"pockets": ["0", "1", "2"]}, "1", "3", 1200),  # 11:1
        ("street", {"pockets": ["34", "35", "36"]}, "36", "33", 1200),
        ("corner", {"pockets": ["1", "2", "4", "5"]}, "5", "3", 900),  # 8:1
        ("line", {"pockets": ["1", "2", "3", "4", "5", "6"]}, "6", "7", 600),  # 5:1
        ("dozen", {"which": 2}, "13", "0", 300),  # tripled
        ("red", {}, "1", "2", 200),  # doubled
        ("black", {}, "2", "0", 200),
        ("odd", {}, "35", "36", 200),
        ("even", {}, "36", "0", 200),
        ("low", {}, "18", "19", 200),
        ("high", {}, "19", "0", 200),
    ],
)
def test_single_ball_bets(slug, bet_type, selection, wins_on, loses_on, returned):
    expected_loss = 50 if bet_type in {"red", "black", "odd", "even", "low", "high"} else 0
    partage = slug in {"roulette-la-partage", "roulette-french-gold"} and loses_on == "0"
    assert pay(slug, bet_type, selection, wins_on) == returned
    assert pay(slug, bet_type, selection, loses_on) == (expected_loss if partage else 0)


def test_column_is_tripled_and_electronic_has_no_column():
    assert pay("roulette-european", "column", {"which": 1}, "34") == 300
    assert pay("roulette-european", "column", {"which": 3}, "34") == 0
    assert pay("roulette-european", "column", {"which": 1}, "0") == 0
    with pytest.raises(ValueError, match="no such bet"):
        registry.get("roulette-electronic").bet_type("column")


@pytest.mark.parametrize("slug", ["roulette-european", "roulette-electronic"])
@pytest.mark.parametrize("bet_type", ["red", "black", "odd", "even", "low", "high"])
def test_zero_takes_the_even_money_bets(slug, bet_type):
    assert pay(slug, bet_type, {}, "0") == 0


@pytest.mark.parametrize("slug", ["roulette-la-partage", "roulette-french-gold"])
@pytest.mark.parametrize("bet_type", ["red", "black", "odd", "even", "low", "high"])
def test_la_partage_gives_half_back_on_zero_floored(slug, bet_type):
    assert pay(slug, bet_type, {}, "0") == 50
    assert pay(slug, bet_type, {}, "0", stake=101) == 50
    assert pay(slug, "dozen", {"which": 1}, "0") == 0
    assert pay(slug, "column", {"which": 1}, "0") == 0


def test_american_double_zero_and_the_five_number_bet():
    slug = "roulette-american"
    five = {"pockets": ["0", "00", "1", "2", "3"]}
    for pocket in ("0", "00", "1", "2", "3"):
        assert pay(slug, "five", five, pocket) == 700  # 6:1
    assert pay(slug, "five", five, "4") == 0
    assert pay(slug, "straight", {"pockets": ["00"]}, "00") == 3600
    assert pay(slug, "split", {"pockets": ["0", "00"]}, "00") == 1800
    assert pay(slug, "street", {"pockets": ["00", "2", "3"]}, "00") == 1200
    for bet_type in ("red", "black", "odd", "even", "low", "high"):
        assert pay(slug, bet_type, {}, "00") == 0
    assert pay(slug, "dozen", {"which": 1}, "00") == 0


# Each neighbour bet on a stake of one unit per chip: what every pocket returns, from the
# rules' table read by hand (a chip on its numbers returns 36/18/12/9 units).
NEIGHBOUR_RETURNS = {
    "zero-game": {"0": 18, "3": 18, "12": 18, "15": 18, "26": 36, "32": 18, "35": 18},
    "voisins": {
        "0": 24,
        "2": 24,
        "3": 24,
        "4": 18,
        "7": 18,
        "12": 18,
        "15": 18,
        "18": 18,
        "21": 18,
        "19": 18,
        "22": 18,
        "25": 18,
        "26": 18,
        "28": 18,
        "29": 18,
        "32": 18,
        "35": 18,
    },
    "orphelins": {"1": 36, "6": 18, "9": 18, "14": 18, "17": 36, "20": 18, "31": 18, "34": 18},
    "tiers": {
        "5": 18,
        "8": 18,
        "10": 18,
        "11": 18,
        "13": 18,
        "16": 18,
        "23": 18,
        "24": 18,
        "27": 18,
        "30": 18,
        "33": 18,
        "36": 18,
    },
}
CHIPS = {"zero-game": 4, "voisins": 9, "orphelins": 5, "tiers": 6}


@pytest.mark.parametrize("slug", ["roulette-european", "roulette-la-partage"])
@pytest.mark.parametrize("bet_type", list(NEIGHBOUR_RETURNS))
def test_neighbour_bets_pay_as_their_chips(slug, bet_type):
    chips = CHIPS[bet_type]
    unit = 100
    game = registry.get(slug)
    for pocket in game.wheel.pockets:
        returned = NEIGHBOUR_RETURNS[bet_type].get(pocket, 0) * unit
        assert pay(slug, bet_type, {}, pocket, stake=chips * unit) == returned, pocket


def test_neighbour_chips_are_the_rules_table():
    # 12.1: "1 chip on 0/3 split 1 chip on 12/15 split 1 chip on 26 straightup 1 chip on
    # 32/35 split" and so on, with the chip counts 4, 9, 5 and 6.
    assert NEIGHBOUR_CHIPS == {
        "zero-game": ((("0", "3"), 1), (("12", "15"), 1), (("26",), 1), (("32", "35"), 1)),
        "voisins": (
            (("0", "2", "3"), 2), (("4", "7"), 1), (("12", "15"), 1), (("18", "21"), 1),
            (("19", "22"), 1), (("25", "26", "28", "29"), 2), (("32", "35"), 1),
        ),
        "orphelins": (
            (("1",), 1), (("6", "9"), 1), (("14", "17"), 1), (("17", "20"), 1),
            (("31", "34"), 1),
        ),
        "tiers": (
            (("5", "8"), 1), (("10", "11"), 1), (("13", "16"), 1), (("23", "24"), 1),
            (("27", "30"), 1), (("33", "36"), 1),
        ),
    }  # fmt: skip
    game = registry.get("roulette-european")
    size_code = {1: "straight", 2: "split", 3: "street", 4: "corner"}
    for code, chips in NEIGHBOUR_CHIPS.items():
        assert sum(count for _, count in chips) == CHIPS[code]
        for pockets, _ in chips:  # every chip is a bet the table takes
            game.validate_bet(size_code[len(pockets)], {"pockets": list(pockets)})


@pytest.mark.parametrize(("slug", "odds"), [("roulette-lightning", 29), ("roulette-mega", 30)])
def test_boosts_pay_straight_ups_on_the_boosted_number_only(slug, odds):
    straight = {"pockets": ["17"]}
    assert pay(slug, "straight", straight, "17", boosts={}) == 100 * (odds + 1)
    assert pay(slug, "straight", straight, "17", boosts={"5": 500}) == 100 * (odds + 1)
    assert pay(slug, "straight", straight, "17", boosts={"17": 200, "5": 50}) == 20_000
    assert pay(slug, "straight", straight, "5", boosts={"17": 200, "5": 50}) == 0
    assert pay(slug, "straight", {"pockets": ["5"]}, "5", boosts={"17": 200, "5": 50}) == 5_000
    assert pay(slug, "split", {"pockets": ["17", "20"]}, "17", boosts={"17": 200}) == 1800
    assert pay(slug, "black", {}, "17", boosts={"17": 200}) == 200
    assert pay(slug, "dozen", {"which": 2}, "17", boosts={"17": 200}) == 300
    # The Zero game's straight-up chip on 26 is a straight-up: boosted; its split chips not.
    assert pay(slug, "zero-game", {}, "26", boosts={"26": 500}, stake=400) == 50_000
    assert pay(slug, "zero-game", {}, "26", boosts={}, stake=400) == 100 * (odds + 1)
    assert pay(slug, "zero-game", {}, "0", boosts={"0": 500}, stake=400) == 1800


DOUBLE = "roulette-double-ball"


@pytest.mark.parametrize(
    ("bet_type", "selection", "balls", "returned"),
    [
        # Inside: 17:1, 8:1, 5:1, 3.5:1, 2:1 for each ball on the bet ("double win").
        ("straight", {"pockets": ["17"]}, ("17", "3"), 1800),
        ("straight", {"pockets": ["17"]}, ("3", "17"), 1800),
        ("straight", {"pockets": ["17"]}, ("17", "17"), 3500),
        ("straight", {"pockets": ["17"]}, ("3", "4"), 0),
        ("straight", {"pockets": ["0"]}, ("0", "1"), 1800),
        ("split", {"pockets": ["0", "1"]}, ("0", "1"), 1700),
        ("split", {"pockets": ["0", "1"]}, ("2", "1"), 900),
        ("street", {"pockets": ["1", "2", "3"]}, ("3", "3"), 1100),
        ("corner", {"pockets": ["1", "2", "4", "5"]}, ("1", "9"), 450),
        ("corner", {"pockets": ["1", "2", "4", "5"]}, ("1", "5"), 800),
        ("line", {"pockets": ["1", "2", "3", "4", "5", "6"]}, ("1", "7"), 300),
        ("line", {"pockets": ["1", "2", "3", "4", "5", "6"]}, ("1", "6"), 500),
        # Outside: both balls on the bet's numbers.
        ("column", {"which": 1}, ("1", "4"), 900),
        ("column", {"which": 1}, ("1", "2"), 0),
        ("dozen", {"which": 3}, ("25", "36"), 900),
        ("dozen", {"which": 3}, ("25", "0"), 0),
        ("red", {}, ("1", "3"), 400),
        ("red", {}, ("1", "2"), 0),
        ("red", {}, ("1", "0"), 0),
        ("black", {}, ("2", "4"), 400),
        ("even", {}, ("2", "2"), 400),
        ("even", {}, ("0", "2"), 0),
        ("odd", {}, ("1", "3"), 400),
        ("low", {}, ("1", "18"), 400),
        ("high", {}, ("19", "36"), 400),
        ("high", {}, ("18", "36"), 0),
        ("red-black", {}, ("1", "2"), 200),
        ("red-black", {}, ("2", "1"), 200),
        ("red-black", {}, ("1", "3"), 0),
        ("red-black", {}, ("0", "2"), 0),
        ("any-pair", {}, ("5", "5"), 3600),
        ("any-pair", {}, ("0", "0"), 3600),
        ("any-pair", {}, ("5", "6"), 0),
        ("pair", {"pockets": ["5"]}, ("5", "5"), 130_100),
        ("pair", {"pockets": ["5"]}, ("5", "6"), 0),
        ("pair", {"pockets": ["5"]}, ("6", "6"), 0),
    ],
)
def test_double_ball(bet_type, selection, balls, returned):
    assert pay(DOUBLE, bet_type, selection, *balls) == returned


def test_payouts_are_floored_in_minor_units():
    # A corner at 3.5:1 (Double Ball) on an odd stake: 3 + floor(3 * 7 / 2) = 13.
    assert pay(DOUBLE, "corner", {"pockets": ["1", "2", "4", "5"]}, "1", "9", stake=3) == 13
    assert pay(DOUBLE, "corner", {"pockets": ["1", "2", "4", "5"]}, "1", "5", stake=3) == 24
