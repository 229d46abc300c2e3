"""What a roulette bet may be: every listed selection validates (in any order of its
numbers), bad ones are refused with a message that does not repeat the input, and a
neighbour bet's stake must split into its chips."""

from __future__ import annotations

import pytest

from casino import registry
from casino.roulette.games import ROULETTES

CASES = [(game, bet.code) for game in ROULETTES for bet in game.bet_types]


def ids(case):
    return case.slug if hasattr(case, "slug") else str(case)


@pytest.mark.parametrize(("game", "code"), CASES, ids=ids)
def test_every_selection_validates_and_is_priced(game, code):
    choices = game.selections(code)
    assert choices
    labels = [label for label, _ in choices]
    assert len(set(labels)) == len(labels)
    for _, selection in choices:
        assert game.validate_bet(code, selection) == selection
        if "pockets" in selection:
            reversed_ = {"pockets": list(reversed(selection["pockets"]))}
            assert game.validate_bet(code, reversed_) == selection
        game.payout(100 * 36, code, selection, {"pockets": ["1"] * game.balls})


def test_selection_counts_and_labels():
    european = registry.get("roulette-european")
    counts = {code: len(european.selections(code)) for code in ("straight", "split", "street")}
    assert counts == {"straight": 37, "split": 60, "street": 14}
    assert len(european.selections("corner")) == 22 and len(european.selections("line")) == 11
    american = registry.get("roulette-american")
    assert [len(american.selections(c)) for c in ("straight", "split", "street", "five")] == [
        38,
        62,
        15,
        1,
    ]
    labels = dict((label, s) for label, s in european.selections("split"))
    assert labels["17/20"] == {"pockets": ["17", "20"]}
    assert ("1-2-3", {"pockets": ["1", "2", "3"]}) in european.selections("street")
    assert ("0-2-3", {"pockets": ["0", "2", "3"]}) in european.selections("street")
    assert ("Dozen 1-12", {"which": 1}) in european.selections("dozen")
    assert ("Column 3", {"which": 3}) in european.selections("column")
    assert european.selections("red") == (("", {}),)
    assert american.selections("five") == (("0-00-1-2-3", {"pockets": ["0", "00", "1", "2", "3"]}),)


def test_returned_selections_are_fresh():
    game = registry.get("roulette-european")
    chosen = game.validate_bet("split", {"pockets": ["20", "17"]})
    chosen["pockets"].append("5")
    assert game.validate_bet("split", {"pockets": ["17", "20"]}) == {"pockets": ["17", "20"]}


BAD = [
    ("roulette-european", "split", {"pockets": ["17", "21"]}, "A Split bet takes two numbers"),
    ("roulette-european", "split", {"pockets": ["3", "4"]}, "A Split bet takes two numbers"),
    ("roulette-european", "split", {"pockets": ["17", "17"]}, "A Split bet takes two numbers"),
    ("roulette-european", "straight", {"pockets": ["37"]}, "no such number"),
    ("roulette-european", "straight", {"pockets": ["00"]}, "no such number"),
    ("roulette-european", "straight", {"pockets": [17]}, "A Straight up bet takes one number"),
    ("roulette-european", "straight", {"pockets": "17"}, "A Straight up bet takes one number"),
    ("roulette-european", "straight", {"pockets": ["17"], "x": 1}, "A Straight up bet takes"),
    ("roulette-european", "straight", ["17"], "A Straight up bet takes one number"),
    ("roulette-european", "straight", {"pockets": [["17"]]}, "A Straight up bet takes"),
    ("roulette-european", "straight", {"pockets": [{"a": 1}]}, "A Straight up bet takes"),
    ("roulette-european", "straight", {"which": [1]}, "A Straight up bet takes"),
    ("roulette-european", "straight", {}, "A Straight up bet takes one number"),
    ("roulette-european", "street", {"pockets": ["0", "1", "3"]}, "A Street bet takes"),
    ("roulette-european", "corner", {"pockets": ["0", "1", "2", "3"]}, "A Corner bet takes"),
    ("roulette-european", "dozen", {"which": 4}, "A Dozen bet takes"),
    ("roulette-european", "dozen", {"which": True}, "A Dozen bet takes"),
    ("roulette-european", "dozen", {"which": "1"}, "A Dozen bet takes"),
    ("roulette-european", "red", {"which": 1}, "A Red bet takes nothing"),
    ("roulette-european", "voisins", {"pockets": ["0"]}, "A Voisins du Zero bet takes"),
    ("roulette-american", "street", {"pockets": ["0", "2", "3"]}, "A Street bet takes"),
    ("roulette-double-ball", "pair", {"pockets": ["5", "6"]}, "A Both balls on your number"),
]


@pytest.mark.parametrize(("slug", "code", "selection", "message"), BAD)
def test_bad_selections_are_refused_without_echo(slug, code, selection, message):
    game = registry.get(slug)
    with pytest.raises(ValueError, match=message) as refused:
        game.validate_bet(code, selection)
    for value in ("37", "00", "21", "'x'", "True"):
        if value in repr(selection):
            assert value not in str(refused.value)


@pytest.mark.parametrize(
    ("slug", "code"),
    [
        ("roulette-american", "zero-game"),
        ("roulette-american", "voisins"),
        ("roulette-electronic", "tiers"),
        ("roulette-electronic", "column"),
        ("roulette-european", "five"),
        ("roulette-double-ball", "voisins"),
        ("roulette-european", "pair"),
        ("roulette-european", "<script>"),
    ],
)
def test_bets_a_game_does_not_take(slug, code):
    game = registry.get(slug)
    with pytest.raises(ValueError, match=f"^{game.name} has no such bet.$"):
        game.validate_bet(code, {})


@pytest.mark.parametrize(
    ("code", "chips"), [("zero-game", 4), ("voisins", 9), ("orphelins", 5), ("tiers", 6)]
)
def test_neighbour_stakes_split_into_their_chips(code, chips):
    game = registry.get("roulette-lightning")
    assert game.validate_stake(code, chips * 10) is None
    for stake in (chips * 10 + 1, chips - 1, 1):
        with pytest.raises(ValueError, match=f"is {chips} equal chips") as refused:
            game.validate_stake(code, stake)
        assert str(stake) not in str(refused.value).replace(str(chips), "")


@pytest.mark.parametrize("stake", [0, -5, 2.5, "10", True, None])
def test_stakes_are_whole_positive_amounts(stake):
    with pytest.raises(ValueError, match=r"^A stake is a whole amount above zero\.$"):
        registry.get("roulette-european").validate_stake("straight", stake)


def test_ordinary_stakes_take_any_whole_amount():
    game = registry.get("roulette-european")
    for stake in (1, 7, 999):
        assert game.validate_stake("straight", stake) is None
        assert game.validate_stake("red", stake) is None


def test_payout_refuses_a_selection_it_does_not_take():
    with pytest.raises(ValueError, match="not one the game takes"):
        registry.get("roulette-european").payout(100, "split", {"pockets": ["1", "5"]}, {})
