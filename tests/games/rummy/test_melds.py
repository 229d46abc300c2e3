"""What makes a combination: runs and groups, with one joker or several (the text's
"Melding" paragraph and its examples)."""

from __future__ import annotations

import pytest

from games.rummy.cards import JOKER, arrange, best_split, meld_of, only_jokers

X = JOKER


def run(*cards: str):
    return arrange(cards, "run", only_jokers)


def group(*cards: str):
    return arrange(cards, "group", only_jokers)


@pytest.mark.parametrize(
    "cards",
    [
        ("4C", "5C", "6C"),  # the text's run: 4, 5, 6 of clubs
        ("8H", "9H", "TH", "JH"),  # and 8, 9, 10, J of hearts
        ("AS", "2S", "3S"),  # the ace is low
        ("JD", "QD", "KD"),
        ("AC", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC", "JC", "QC", "KC"),
    ],
)
def test_runs_of_three_or_more_of_a_suit_in_order(cards):
    meld = run(*cards)
    assert meld is not None and meld["cards"] == list(cards) and meld["suit"] == cards[0][1]


@pytest.mark.parametrize(
    "cards",
    [
        ("4C", "5C"),  # too short
        ("4C", "5C", "7C"),  # a gap
        ("4C", "5H", "6C"),  # two suits
        ("QS", "KS", "AS"),  # the ace is not high
        ("KS", "AS", "2S"),  # no run round the corner
        ("4C", "4C", "5C"),  # the same card twice
    ],
)
def test_not_runs(cards):
    assert run(*cards) is None


def test_groups_of_three_or_four_of_a_rank_in_distinct_suits():
    assert group("7D", "7H", "7S") is not None  # the text's group
    assert group("2C", "2H", "2D", "2S") is not None
    assert group("7D", "7D", "7S") is None  # two of the same suit (two decks)
    assert group("7D", "7H", "8S") is None
    assert group("7D", "7H") is None
    assert group("7D", "7H", "7S", "7C", X) is None  # five is too many


def test_a_joker_stands_for_any_card():
    assert run("2C", X, "4C")["cards"] == ["2C", X, "4C"]
    assert group("7D", "7H", X) is not None
    assert group("7D", X, X, X) is not None


def test_several_jokers_fill_gaps_then_lengthen_the_run_upwards():
    meld = run("3C", X, X, "6C", X)
    assert meld["low"] == 3 and meld["cards"] == ["3C", X, X, "6C", X]
    assert run("4C", X, X)["cards"] == ["4C", X, X]
    # No room above the king: the jokers go below.
    top = run("KH", X, X)
    assert top["low"] == 11 and top["cards"] == [X, X, "KH"]


def test_jokers_alone_make_no_combination():
    assert run(X, X, X) is None and group(X, X, X) is None


def test_too_many_jokers_for_the_gap_or_the_suit():
    assert run("AC", X, X, X, X, X, X, X, X, X, X, X, X, X) is None  # 14 cards
    assert run("2C", "9C", X) is None


def test_meld_of_prefers_a_group_when_both_fit():
    assert meld_of(["5C", X, X], only_jokers)["kind"] == "group"
    assert meld_of(["5C", "6C", X], only_jokers)["kind"] == "run"


def test_best_split_finds_combinations_and_counts_the_rest():
    split = best_split(["4C", "5C", "6C", "7D", "7H", "7S", "KD", "AS"], only_jokers, 10)
    assert split["points"] == 20 and sorted(split["left"]) == ["AS", "KD"]
    assert best_split(["2C", "3C", X, "9S", "9H", X], only_jokers, 10)["points"] == 0


def test_best_split_uses_a_joker_where_it_saves_most():
    # The joker with the kings saves 20; with the twos and threes it would save 5.
    split = best_split(["KC", "KH", X, "2D", "3D"], only_jokers, 10)
    assert split["points"] == 5
