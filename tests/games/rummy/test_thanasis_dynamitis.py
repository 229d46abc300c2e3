"""Thanasis and Dynamitis: the turned card's rank is wild (and in Dynamitis every two),
no draw from the discard pile, no melding until going out with all ten cards, and the
others' combinations removed before their cards are counted."""

from __future__ import annotations

from collections import Counter

import pytest

from games.engine import IllegalAction
from games.rummy.cards import JOKER, PACK
from games.rummy.rules import DYNAMITIS, THANASIS, RummyOptions
from tests.games.rummy.support import crafted, game_rng

X = JOKER
RNG = game_rng("thanasis", 1)


def act(engine, state, seat, **move):
    return engine.apply(state, seat, engine.parse_action(move), RNG)


def wild_cards(engine, state):
    wild = engine.wild_test(state)
    rest = Counter(PACK)
    rest.subtract([state["turned"]])
    return sum(n for card, n in rest.items() if wild(card))


@pytest.mark.parametrize("game_id", [f"deal-{n}" for n in range(40)])
def test_the_turned_card_makes_its_rank_wild_eleven_jokers(game_id):
    state = THANASIS.start(RummyOptions(), 2, game_rng(game_id, 0))
    turned = state["turned"]
    assert turned is not None and turned != X and state["discard"] == []
    # "if the 5 of Spades turns up ... all other cards with rank 5 (seven remaining)"
    assert wild_cards(THANASIS, state) == 7 + 4
    assert THANASIS.view(state, 0)["wild_ranks"] == [turned[0]]


@pytest.mark.parametrize("game_id", [f"deal-{n}" for n in range(40)])
def test_dynamitis_has_nineteen_jokers_and_never_turns_a_two(game_id):
    state = DYNAMITIS.start(RummyOptions(), 2, game_rng(game_id, 0))
    turned = state["turned"]
    # "If a Joker or a Two turns up as the first card it is put back": the turned rank
    # is never two, so the twos and the turned rank never overlap.
    assert turned[0] != "2" and turned != X
    assert wild_cards(DYNAMITIS, state) == 8 + 7 + 4 == 19


def test_a_turned_joker_or_two_goes_back_into_the_stock():
    stock = ["5S", "2H", X]  # the top is the last: the joker, then the two, then 5S
    turned = DYNAMITIS.turn_card(stock, game_rng("turn", 0))
    assert turned == "5S" and sorted(stock) == ["2H", X]
    stock = ["5S", "2H", X]
    turned = THANASIS.turn_card(stock, game_rng("turn", 0))
    assert turned != X and X in stock and len(stock) == 2  # a two is a fine card here


def test_draw_from_the_stock_only():
    state = crafted(THANASIS, [["3C"] * 2, ["4D"]], phase="draw", turned="5S")
    assert THANASIS.legal_actions(state, 0) == [{"type": "draw", "from": "stock"}]
    with pytest.raises(IllegalAction, match="stock only"):
        act(THANASIS, state, 0, type="draw", **{"from": "discard"})


def test_no_melding_and_no_laying_off_during_the_hand():
    hand = ["4C", "5C", "6C", "KD"]
    state = crafted(THANASIS, [hand, ["4D"]], turned="9S")
    with pytest.raises(IllegalAction, match="only when going out"):
        act(THANASIS, state, 0, type="meld", kind="run", cards=["4C", "5C", "6C"])
    with pytest.raises(IllegalAction, match="nothing is laid off"):
        act(THANASIS, state, 0, type="lay", meld=0, card="KD")


ELEVEN = ["4C", "5C", "6C", "7C", "7D", "7H", "7S", "JH", "QH", "5D", "KC"]


def test_going_out_with_all_ten_cards_in_combinations():
    # Fives are wild: 5D stands for the KH; the king of clubs is thrown.
    state = crafted(
        THANASIS, [ELEVEN, ["AC", "AD", "AH", "2S", "3S", "4S", "9D", "9H", "KS", X]], turned="5S"
    )
    assert {"type": "out", "card": "KC"} in THANASIS.legal_actions(state, 0)
    state = act(THANASIS, state, 0, type="out", card="KC")
    record = state["history"][0]
    assert record["winner"] == 0
    # The other's aces, 2-3-4 of spades and the nines with the joker are combinations,
    # removed before counting: only the king of spades is counted.
    assert record["points"] == [0, 10]
    assert state["scores"] == [0, 10] and state["hand"] == 2


def test_going_out_with_a_card_outside_a_combination_is_refused():
    hand = ["4C", "5C", "6C", "7D", "7H", "7S", "JH", "QH", "8D", "AS", "KC"]
    state = crafted(THANASIS, [hand, ["4D"]], turned="5S")
    with pytest.raises(IllegalAction, match="every other card"):
        act(THANASIS, state, 0, type="out", card="KC")
    # A plain discard goes on.
    state = act(THANASIS, state, 0, type="discard", card="KC")
    assert state["turn"] == 1 and state["phase"] == "draw"


def test_an_unmatched_ace_counts_one_in_thanasis_and_ten_in_koum_kan():
    from games.rummy.rules import KOUM_KAN

    thanasis = crafted(THANASIS, [["AS", "KD"], ["4D"]], turned="5S")
    koum_kan = crafted(KOUM_KAN, [["AS", "KD"], ["4D"]])
    assert THANASIS.penalty(thanasis, 0) == 11
    assert KOUM_KAN.penalty(koum_kan, 0) == 20


def test_wild_cards_left_over_count_twenty_five():
    state = crafted(DYNAMITIS, [["2C", "KD"], ["4D"]], turned="9S")
    assert DYNAMITIS.penalty(state, 0) == 35
    state = crafted(DYNAMITIS, [["2C", "9D", X, "KD"], ["4D"]], turned="9S")
    assert DYNAMITIS.penalty(state, 0) == 0  # three wild cards, and the king with them


def test_a_dynamitis_game_can_end_before_the_second_player_moves():
    """With nineteen jokers, the first player may go out on their first turn, and the
    other's cards reach the smallest target in that one hand: the game is over before the
    second player's first move, as the rules say (at two seats, about one deal in 220;
    the practice-table browser test meets it when the computer player acts first)."""
    game_id = "at-once-41"
    state = DYNAMITIS.start(RummyOptions(target=51), 2, game_rng(game_id, 0))
    assert DYNAMITIS.to_act(state) == {0}
    state = DYNAMITIS.apply(state, 0, {"type": "draw", "from": "stock"}, game_rng(game_id, 1))
    assert {"type": "out", "card": "AD"} in DYNAMITIS.play_hints(state, 0)
    state = DYNAMITIS.apply(state, 0, {"type": "out", "card": "AD"}, game_rng(game_id, 2))
    assert state["scores"] == [0, 65]
    outcome = DYNAMITIS.outcome(state)
    assert outcome is not None and outcome.placing == (1, 2)
    assert outcome.reason == "last player under the target"
