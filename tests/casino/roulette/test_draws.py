"""The roulettes' draws: pinned outcomes from fixed links, valid pockets from many seeds,
every pocket reached, and the wheels as built (casino/roulette/RULES.md)."""

from __future__ import annotations

import hashlib
from collections import Counter

import pytest

from casino import registry
from casino.roulette.games import ROULETTES
from casino.roulette.wheel import AMERICAN, EUROPEAN, RED
from casino.rounds import Rng


def link(n: int) -> bytes:
    return hashlib.sha256(str(n).encode()).digest()


# Round n played with link(n) and the salt "salt": a change to how a roulette draws fails.
PINNED = {
    "roulette-european": [{"pockets": ["29"]}, {"pockets": ["31"]}, {"pockets": ["16"]}],
    "roulette-american": [{"pockets": ["2"]}, {"pockets": ["16"]}, {"pockets": ["22"]}],
    "roulette-la-partage": [{"pockets": ["23"]}, {"pockets": ["19"]}, {"pockets": ["23"]}],
    "roulette-french-gold": [{"pockets": ["24"]}, {"pockets": ["5"]}, {"pockets": ["36"]}],
    "roulette-double-ball": [
        {"pockets": ["9", "2"]},
        {"pockets": ["21", "10"]},
        {"pockets": ["21", "11"]},
    ],
    "roulette-lightning": [
        {"pockets": ["26"], "boosts": {"16": 300}},
        {"pockets": ["4"], "boosts": {"8": 100, "2": 50, "35": 100, "5": 100, "25": 50}},
        {"pockets": ["19"], "boosts": {"30": 200, "13": 50, "32": 200, "10": 50}},
    ],
    "roulette-mega": [
        {
            "pockets": ["10"],
            "boosts": {
                "7": 50,
                "33": 50,
                "10": 200,
                "1": 50,
                "26": 50,
                "20": 50,
                "9": 50,
                "21": 50,
            },
        },
        {"pockets": ["21"], "boosts": {"17": 50, "3": 50}},
        {"pockets": ["4"], "boosts": {"30": 500, "19": 50, "18": 50, "6": 50}},
    ],
    "roulette-electronic": [{"pockets": ["34"]}, {"pockets": ["31"]}, {"pockets": ["14"]}],
}


def test_every_roulette_is_registered_once_under_its_fixed_slug():
    assert [game.slug for game in ROULETTES] == list(PINNED)
    for game in ROULETTES:
        assert registry.get(game.slug) is game
        assert game.board == "wheel"


@pytest.mark.parametrize("slug", list(PINNED))
def test_known_outcomes_from_fixed_links(slug):
    game = registry.get(slug)
    drawn = [game.committed_outcome(link(n), "salt", n) for n in (1, 2, 3)]
    assert drawn == PINNED[slug]
    # Key order is part of what is pinned: the boosts are listed in draw order.
    assert [list(o.get("boosts", {})) for o in drawn] == [
        list(o.get("boosts", {})) for o in PINNED[slug]
    ]


def test_described_outcomes():
    european, american, double = (
        registry.get("roulette-european"),
        registry.get("roulette-american"),
        registry.get("roulette-double-ball"),
    )
    assert european.describe({"pockets": ["17"]}) == "17 black"
    assert european.describe({"pockets": ["0"]}) == "0 green"
    assert american.describe({"pockets": ["00"]}) == "00 green"
    assert double.describe({"pockets": ["1", "5"]}) == "1 red, 5 red"
    lightning = registry.get("roulette-lightning")
    assert (
        lightning.describe({"pockets": ["17"], "boosts": {"17": 200, "5": 50}})
        == "17 black (lucky 17 x200, 5 x50)"
    )
    mega = registry.get("roulette-mega")
    assert mega.describe({"pockets": ["3"], "boosts": {"3": 50}}) == "3 red (mega 3 x50)"


@pytest.mark.parametrize("game", ROULETTES, ids=lambda game: game.slug)
def test_random_outcomes_are_valid_and_cover_every_pocket(game):
    pockets = set(game.wheel.pockets)
    seen: Counter[str] = Counter()
    for n in range(10_000):
        outcome = game.outcome(Rng(seed=n.to_bytes(4, "big"), salt="cover", nonce=n))
        assert len(outcome["pockets"]) == game.balls
        assert set(outcome["pockets"]) <= pockets
        seen.update(outcome["pockets"])
        if game.boosts is not None:
            boosts = outcome["boosts"]
            counts = {count for count, _ in game.boosts.counts}
            multipliers = {multiplier for multiplier, _ in game.boosts.multipliers}
            assert len(boosts) in counts
            assert set(boosts) <= pockets
            assert set(boosts.values()) <= multipliers
        else:
            assert set(outcome) == {"pockets"}
    assert set(seen) == pockets


def test_wheels_as_built():
    # Red 1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36.
    assert sorted(RED, key=int) == [
        str(n) for n in (1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36)
    ]
    assert len(EUROPEAN.order) == 37 and set(EUROPEAN.order) == set(EUROPEAN.pockets)
    assert len(AMERICAN.order) == 38 and set(AMERICAN.order) == set(AMERICAN.pockets)
    # Colours alternate round both wheels, broken only by the green zeros; 0 and 00 face
    # each other on the double-zero wheel.
    for wheel in (EUROPEAN, AMERICAN):
        colours = [wheel.colour(pocket) for pocket in wheel.order]
        for here, there in zip(colours, colours[1:] + colours[:1], strict=True):
            assert here != there or here == "green"
    assert AMERICAN.order.index("00") == 19
    # The rules' sectors read on the single-zero wheel.
    assert EUROPEAN.neighbours("12", "15") == ("12", "35", "3", "26", "0", "32", "15")
    assert len(EUROPEAN.neighbours("22", "25")) == 17
    assert len(EUROPEAN.neighbours("27", "33")) == 12


def test_public_carries_the_wheel_and_its_colours():
    for game in ROULETTES:
        public = game.public()
        assert public["wheel"] == list(game.wheel.order)
        assert public["colours"]["0"] == "green"
        assert public["colours"]["1"] == "red" and public["colours"]["2"] == "black"
        assert set(public["colours"]) == set(game.wheel.pockets)
        assert [t["code"] for t in public["bet_types"]] == [t.code for t in game.bet_types]
