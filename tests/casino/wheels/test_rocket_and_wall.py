"""The rocket (12.26) and the treasure wall (12.56): known rounds from fixed links, every
bet's win and loss on constructed rounds, each bet type's exact return against a count
this test makes itself, and bad selections refused with a clear message."""

from __future__ import annotations

from fractions import Fraction

import pytest

from casino import registry
from casino.rounds import RTP_STAKE, rtp_percent

SPAN = 2_310_000  # the least common multiple of the exits
EXITS = (110, 120, 125, 150, 175, 200, 250, 300, 400, 500, 1000, 2000, 5000, 10000)


def rounds(slug: str) -> list[dict]:
    game = registry.get(slug)
    return [game.committed_outcome(bytes([i]) * 32, "longtable-test", i) for i in (1, 2, 3)]


# --- the rocket ------------------------------------------------------------------------------


@pytest.mark.parametrize("slug", ["rocket", "cash-rocket"])
def test_rocket_points_follow_from_their_links(slug):
    points = [r["point"] for r in rounds(slug)]
    assert points == {"rocket": [141, 148, 230], "cash-rocket": points}[slug]
    assert all(point >= 100 for point in points)
    assert registry.get(slug).describe({"point": 2123}) == "exploded at 21.23x"


def test_a_bet_leaves_at_its_exit_if_the_rocket_gets_there():
    game = registry.get("rocket")
    assert game.payout(100, "exit", {"exit": 200}, {"point": 200}) == 200
    assert game.payout(100, "exit", {"exit": 200}, {"point": 199}) == 0
    assert game.payout(1_000, "exit", {"exit": 125}, {"point": 2123}) == 1_250
    # Half at 1.50x, the rest at 3.00x: the rocket explodes at 2.00x, the first half paid.
    assert game.payout(1_000, "half", {"half": 150, "exit": 300}, {"point": 200}) == 750
    assert game.payout(1_000, "half", {"half": 150, "exit": 300}, {"point": 300}) == 2_250
    assert game.payout(1_000, "half", {"half": 150, "exit": 300}, {"point": 149}) == 0


def climbs_to(exit: int) -> int:
    """How many of the SPAN tickets climb to ``exit``, found by bisection on the formula
    (the point falls as the ticket grows), not by the closed form the game uses."""
    span = SPAN
    low, high = 0, span  # tickets below `low` reach it; from `high` on they do not
    while low < high:
        middle = (low + high) // 2
        if max(100, 97 * span // (middle + 1)) >= exit:
            low = middle + 1
        else:
            high = middle
    return low


def test_every_exit_returns_97_percent_by_a_count():
    game = registry.get("rocket")
    span = SPAN
    for exit in EXITS:
        assert Fraction(climbs_to(exit), span) * Fraction(exit, 100) == Fraction(97, 100)
    assert game.rtp("exit") == game.rtp("half") == Fraction(97, 100)
    assert rtp_percent(game.rtp("exit")) == "97.00"
    # And each selection's payout at the contract's stake agrees.
    half = {"half": 150, "exit": 1000}
    expected = sum(
        Fraction(climbs_to(part), span) * (RTP_STAKE // 2) * part // 100 for part in (150, 1000)
    )
    assert expected == Fraction(97, 100) * RTP_STAKE
    assert game.payout(RTP_STAKE, "half", half, {"point": 1000}) == RTP_STAKE * 575 // 100


def test_rocket_refuses_unlisted_exits_and_odd_half_stakes():
    game = registry.get("rocket")
    with pytest.raises(ValueError, match="A Cash-out bet takes the multiplier to leave at"):
        game.validate_bet("exit", {"exit": 333})
    with pytest.raises(ValueError, match="takes a multiplier for half the stake"):
        game.validate_bet("half", {"half": 300, "exit": 150})
    with pytest.raises(ValueError, match="must divide by 2"):
        game.validate_stake("half", 101)
    game.validate_stake("exit", 101)
    assert game.validate_bet("exit", {"exit": 200}) == {"exit": 200}
    assert game.label("exit", {"exit": 200}) == "Cash-out 2.00x"


# --- the treasure wall -----------------------------------------------------------------------

GEMS = {"amber": (1, 32), "jade": (2, 21), "sapphire": (4, 13), "ruby": (20, 3), "diamond": (65, 1)}


def test_wall_rounds_follow_from_their_links():
    game = registry.get("treasure-wall")
    first = rounds("treasure-wall")
    assert [game.describe(r) for r in first] == [
        "first stones jade, diamond, amber; x3 on a sapphire",
        "first stones jade, jade, sapphire",
        "first stones amber, amber, jade",
    ]
    for outcome in first:
        assert sorted(outcome["stones"]) == sorted(
            name for name, (_, count) in GEMS.items() for _ in range(count)
        )
        assert len(set(outcome["picks"])) == 20


def wall(first: list[str], bonus: dict | None = None) -> dict:
    """A wall whose first picked stones show ``first``; the rest amber."""
    stones = ["amber"] * 70
    stones[: len(first)] = first
    return {"stones": stones, "bonus": bonus or {}, "picks": list(range(20))}


def test_each_opened_stone_pays_its_share_at_the_gems_odds_and_bonus():
    game = registry.get("treasure-wall")
    outcome = wall(["ruby", "jade", "ruby"], {"2": 5})
    assert game.payout(100, "gem-ruby", {"picks": 1}, outcome) == 2_100
    # Three stones, 100 shared: ruby 21 shares, jade none, ruby with x5: 101 shares.
    assert game.payout(300, "gem-ruby", {"picks": 3}, outcome) == 100 * (21 + 101)
    assert game.payout(300, "gem-jade", {"picks": 3}, outcome) == 100 * 3
    assert game.payout(100, "gem-diamond", {"picks": 20}, outcome) == 0
    assert game.payout(100, "gem-amber", {"picks": 2}, outcome) == 0
    assert game.payout(100, "gem-amber", {"picks": 4}, outcome) == 50  # one of four: 1:1


def wall_count(name: str) -> Fraction:
    """One picked stone: over its 70 places, the bonus drop count (0 or 1, 3:1) and where
    the drop lands (70 places) and its value, the share's expected return."""
    odds, count = GEMS[name]
    bonuses = {3: 40, 5: 30, 10: 20, 25: 7, 50: 2, 100: 1}
    total = Fraction(0)
    for place in range(70):
        if place >= count:  # the gem's stones are the first `count` places
            continue
        total += Fraction(3, 4) * (odds + 1)
        for landing in range(70):
            for value, weight in bonuses.items():
                factor = value if landing == place else 1
                total += (
                    Fraction(1, 4) * Fraction(1, 70) * Fraction(weight, 100) * (odds * factor + 1)
                )
    return total / 70


@pytest.mark.parametrize("name", list(GEMS))
def test_every_gem_returns_below_100_percent_by_a_count(name):
    game = registry.get("treasure-wall")
    assert game.rtp(f"gem-{name}") == wall_count(name) < 1
    shown = {n: rtp_percent(game.rtp(f"gem-{n}")) for n in ("amber", "diamond")}
    assert shown == {"amber": "92.64", "diamond": "96.76"}


def test_the_wall_refuses_a_count_outside_1_to_20():
    game = registry.get("treasure-wall")
    with pytest.raises(ValueError, match="takes how many stones to open, 1 to 20"):
        game.validate_bet("gem-ruby", {"picks": 21})
    with pytest.raises(ValueError, match="no such bet"):
        game.validate_bet("gem-topaz", {"picks": 1})
    assert game.label("gem-ruby", {"picks": 5}) == "Ruby 5 stones"
