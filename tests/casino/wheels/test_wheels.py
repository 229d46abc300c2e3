"""The 19-sector wheels (12.36) and the money wheel (12.22): known spins from fixed links,
every bet's win and loss on constructed spins (the text's own example among them), each
bet type's exact return against a count this test makes itself, and bad selections
refused with a clear message."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from casino import registry
from casino.rounds import rtp_percent

WHEELS = ("wheel", "classic-wheel", "wheel-of-fortune")


def spins(slug: str) -> list[dict]:
    game = registry.get(slug)
    return [game.committed_outcome(bytes([i]) * 32, "longtable-test", i) for i in (1, 2, 3)]


# --- the 19-sector wheels --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("slug", "expected"),
    [
        ("wheel", ["11", "9", "16"]),
        ("classic-wheel", ["5", "14", "8"]),
        ("wheel-of-fortune", ["15", "16", "8"]),
    ],
)
def test_wheel_spins_follow_from_their_links(slug, expected):
    assert [spin["sector"] for spin in spins(slug)] == expected


def wheel_pays(bet_type: str, sector: str, selection: dict | None = None) -> int:
    return registry.get("wheel").payout(100, bet_type, selection or {}, {"sector": sector})


def test_every_wheel_bet_wins_on_its_sectors_and_loses_on_the_cup():
    assert wheel_pays("number", "7", {"number": 7}) == 1_800
    assert wheel_pays("number", "8", {"number": 7}) == 0
    assert wheel_pays("range", "12", {"low": 7, "high": 12}) == 300
    assert wheel_pays("range", "13", {"low": 7, "high": 12}) == 0
    assert wheel_pays("under", "9") == 200 and wheel_pays("under", "10") == 0
    assert wheel_pays("over", "10") == 200 and wheel_pays("over", "9") == 0
    # Grey, red and black in turn from 1: 1 grey, 2 red, 3 black, 4 grey ...
    assert wheel_pays("colour", "4", {"colour": "grey"}) == 300
    assert wheel_pays("colour", "2", {"colour": "red"}) == 300
    assert wheel_pays("colour", "18", {"colour": "black"}) == 300
    assert wheel_pays("colour", "18", {"colour": "red"}) == 0
    assert wheel_pays("cup", "cup") == 1_800 and wheel_pays("cup", "1") == 0
    assert wheel_pays("even", "18") == 200 and wheel_pays("odd", "18") == 0
    assert wheel_pays("odd", "1") == 200
    assert wheel_pays("colour-parity", "16", {"colour": "grey", "parity": "even"}) == 600
    assert wheel_pays("colour-parity", "13", {"colour": "grey", "parity": "even"}) == 0
    for bet_type, selection in [
        ("number", {"number": 1}),
        ("range", {"low": 1, "high": 6}),
        ("under", {}),
        ("over", {}),
        ("colour", {"colour": "grey"}),
        ("even", {}),
        ("odd", {}),
        ("colour-parity", {"colour": "red", "parity": "odd"}),
    ]:
        assert wheel_pays(bet_type, "cup", selection) == 0


COLOUR_OF = {n: ("grey", "red", "black")[(n - 1) % 3] for n in range(1, 19)}


def wheel_count(bet_type: str) -> Fraction:
    """The mean return over the 19 sectors and the bet's selections, counted here."""
    sectors = [*range(1, 19), None]
    rows = {
        "number": [(18, lambda s, n=n: s == n) for n in range(1, 19)],
        "range": [
            (3, lambda s, r=r: s is not None and r[0] <= s <= r[1])
            for r in ((1, 6), (7, 12), (13, 18))
        ],
        "under": [(2, lambda s: s is not None and s <= 9)],
        "over": [(2, lambda s: s is not None and s >= 10)],
        "colour": [
            (3, lambda s, c=c: s is not None and COLOUR_OF[s] == c)
            for c in ("grey", "red", "black")
        ],
        "cup": [(18, lambda s: s is None)],
        "even": [(2, lambda s: s is not None and s % 2 == 0)],
        "odd": [(2, lambda s: s is not None and s % 2 == 1)],
        "colour-parity": [
            (6, lambda s, c=c, p=p: s is not None and COLOUR_OF[s] == c and s % 2 == p)
            for c, p in itertools.product(("grey", "red", "black"), (0, 1))
        ],
    }[bet_type]
    won = sum(Fraction(price) for price, wins in rows for s in sectors if wins(s))
    return won / (len(rows) * len(sectors))


@pytest.mark.parametrize("slug", WHEELS)
def test_every_wheel_bet_returns_18_in_19_by_a_count(slug):
    game = registry.get(slug)
    for bet_type in game.bet_types:
        assert game.rtp(bet_type.code) == wheel_count(bet_type.code) == Fraction(18, 19)
        assert rtp_percent(game.rtp(bet_type.code)) == "94.74"


def test_each_colour_has_three_odd_and_three_even_numbers():
    game = registry.get("wheel")
    for colour in ("grey", "red", "black"):
        for side in ("even", "odd"):
            won = [
                label
                for label in game.segments
                if game.payout(
                    1, "colour-parity", {"colour": colour, "parity": side}, {"sector": label}
                )
            ]
            assert len(won) == 3


def test_wheel_bets_refuse_what_they_do_not_take():
    game = registry.get("wheel")
    with pytest.raises(ValueError, match="A Number bet takes a number from 1 to 18"):
        game.validate_bet("number", {"number": 19})
    with pytest.raises(ValueError, match="takes 1 to 6, 7 to 12 or 13 to 18"):
        game.validate_bet("range", {"low": 2, "high": 7})
    with pytest.raises(ValueError, match="Wheel has no such bet"):
        game.validate_bet("zero", {})
    assert game.validate_bet("colour", {"colour": "red"}) == {"colour": "red"}
    assert game.label("colour-parity", {"colour": "red", "parity": "odd"}) == (
        "Even or odd of a colour Odd red"
    )
    assert game.describe({"sector": "cup"}) == "the cup"


# --- the money wheel -------------------------------------------------------------------------


def test_money_wheel_has_the_texts_54_segments():
    game = registry.get("money-wheel")
    counts = {label: game.segments.count(label) for label in set(game.segments)}
    assert counts == {"1": 23, "2": 15, "5": 7, "10": 4, "20": 2, "40": 1, "2x": 1, "7x": 1}


def test_money_wheel_spins_follow_from_their_links():
    game = registry.get("money-wheel")
    assert [game.describe(spin) for spin in spins("money-wheel")] == ["1", "2", "5"]
    # A link whose first stop is a multiplier: spun again, the multiplier kept.
    found = next(
        outcome
        for n in range(2_000)
        if len((outcome := game.committed_outcome(n.to_bytes(32, "big"), "s", n))["stops"]) > 1
    )
    labels = [game.segments[stop] for stop in found["stops"]]
    assert all(label in ("2x", "7x") for label in labels[:-1]) and labels[-1].isdigit()


def money_pays(bet_type: str, *labels: str) -> int:
    game = registry.get("money-wheel")
    stops = [game.segments.index(label) for label in labels]
    return game.payout(100, bet_type, {}, {"stops": stops})


def test_money_wheel_pays_the_number_times_the_stacked_multipliers():
    assert money_pays("number-5", "5") == 600 and money_pays("number-5", "10") == 0
    assert money_pays("number-40", "40") == 4_100 and money_pays("number-1", "1") == 200
    # The text's example: 2x, then 7x, then 5: (5 to 1) x 2 x 7 = 70 to 1.
    assert money_pays("number-5", "2x", "7x", "5") == 7_100
    assert money_pays("number-2", "2x", "7x", "5") == 0
    game = registry.get("money-wheel")
    assert game.describe({"stops": [game.segments.index(s) for s in ("2x", "7x", "5")]}) == (
        "5 x14"
    )


def money_count(number: int) -> Fraction:
    """The return of a bet on ``number`` by the recurrence of a spin: with the running
    multiplier m, V(m) = c/54 (N m + 1) + V(2m)/54 + V(7m)/54; V is linear in m, so
    V(m) = A m + B with A = cN/54 + 9A/54 and B = c/54 + 2B/54, solved here."""
    count = {1: 23, 2: 15, 5: 7, 10: 4, 20: 2, 40: 1}[number]
    a = Fraction(count * number, 54) / (1 - Fraction(9, 54))
    b = Fraction(count, 54) / (1 - Fraction(2, 54))
    return a + b


@pytest.mark.parametrize("number", [1, 2, 5, 10, 20, 40])
def test_money_wheel_returns_match_the_recurrence_and_stay_below_100(number):
    game = registry.get("money-wheel")
    assert game.rtp(f"number-{number}") == money_count(number) < 1
    shown = {n: rtp_percent(game.rtp(f"number-{n}")) for n in (1, 10, 40)}
    assert shown == {1: "95.34", 10: "96.58", 40: "90.81"}


def test_money_wheel_refuses_a_number_it_does_not_have():
    game = registry.get("money-wheel")
    with pytest.raises(ValueError, match="Money Wheel has no such bet"):
        game.validate_bet("number-3", {})
    assert game.validate_bet("number-20", {}) == {}
