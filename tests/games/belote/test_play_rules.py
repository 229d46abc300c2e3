"""Follow suit, must trump and must overtrump, as each text states them."""

from __future__ import annotations

import pytest

from games.belote.belote import ClassicBeloteOptions, OpenBeloteOptions
from games.belote.cards import legal_cards, trick_winner
from games.belote.rules import BELOTE, CLASSIC_PILOTTA, OPEN_BELOTE, PILOTTA
from games.engine import IllegalAction
from tests.games.belote.support import at_play, game_rng


def on_table(*cards: str) -> list[dict]:
    return [{"seat": i, "card": c} for i, c in enumerate(cards)]


def test_ranking_trump_and_plain() -> None:
    assert trick_winner(on_table("AH", "TH", "JH"), "S") == 0
    assert trick_winner(on_table("AH", "7S", "JH"), "S") == 1
    assert trick_winner(on_table("AS", "9S", "JS"), "S") == 2
    assert trick_winner(on_table("AS", "9S", "TS"), "S") == 1
    assert trick_winner(on_table("9D", "AC", "7D"), "S") == 0
    assert trick_winner(on_table("KD", "AD"), "NT") == 1


def test_follow_suit_with_any_card_of_the_led_suit() -> None:
    assert legal_cards(["7H", "AH", "JS"], on_table("KH"), "S") == ["7H", "AH"]


def test_must_trump_when_void_in_the_led_suit() -> None:
    assert legal_cards(["7S", "JS", "AD"], on_table("KH"), "S") == ["7S", "JS"]


def test_no_trump_and_void_plays_anything() -> None:
    assert legal_cards(["7D", "AD"], on_table("KH"), "S") == ["7D", "AD"]


def test_trump_led_must_go_higher_if_possible() -> None:
    assert legal_cards(["7S", "JS", "AD"], on_table("9S"), "S") == ["JS"]
    assert legal_cards(["7S", "AS", "AD"], on_table("9S"), "S") == ["7S", "AS"]


def test_over_a_ruff_the_next_void_player_must_overtrump() -> None:
    trick = on_table("AD", "9S")
    assert legal_cards(["QS", "JS", "KC"], trick, "S") == ["JS"]
    assert legal_cards(["QS", "8S", "KC"], trick, "S") == ["QS", "8S"]


def test_holding_the_led_suit_after_a_ruff_still_follows() -> None:
    assert legal_cards(["7D", "JS"], on_table("AD", "9S"), "S") == ["7D"]


def test_no_exception_when_the_partner_is_winning() -> None:
    # Seat 0's partner (seat 2) ruffed; seat 3 (opponent) plays, then seat 0 must go over.
    trick = [{"seat": 1, "card": "AD"}, {"seat": 2, "card": "9S"}, {"seat": 3, "card": "7D"}]
    assert legal_cards(["QS", "JS", "KC"], trick, "S") == ["JS"]


def test_no_trump_game_only_asks_to_follow_suit() -> None:
    assert legal_cards(["7S", "JS", "AD"], on_table("KH"), "NT") == ["7S", "JS", "AD"]


@pytest.mark.parametrize(
    ("engine", "options", "hands", "trick", "card", "reason"),
    [
        (
            PILOTTA,
            PILOTTA.Options(),
            [["7H", "AS"], ["8H", "TC"], ["9H", "QD"], ["TH", "KD"]],
            [(0, "KH")],
            "TC",
            "You must follow suit: hearts",
        ),
        (
            PILOTTA,
            PILOTTA.Options(),
            [["7H", "AS"], ["8S", "TC"], ["9H", "QD"], ["TH", "KD"]],
            [(0, "KH")],
            "TC",
            "You must play a trump: spades",
        ),
        (
            CLASSIC_PILOTTA,
            CLASSIC_PILOTTA.Options(),
            [["AD", "AS"], ["9S", "TC"], ["QS", "JS"], ["TH", "KD"]],
            [(0, "AD"), (1, "9S")],
            "QS",
            "You must overtrump",
        ),
        (
            BELOTE,
            ClassicBeloteOptions(),
            [["9S"], ["TS", "JS"]],
            [(0, "9S")],
            "TS",
            "You must play a higher trump",
        ),
        (
            OPEN_BELOTE,
            OpenBeloteOptions(),
            [["AD"], ["KD", "JS"]],
            [(0, "AD")],
            "JS",
            "You must follow suit: diamonds",
        ),
        (
            PILOTTA,
            PILOTTA.Options(),
            [["7H", "AS"], ["8S", "TC"], ["9H", "QD"], ["TH", "KD"]],
            [(0, "KH")],
            "AH",
            "You do not hold the ace of hearts",
        ),
    ],
)
def test_apply_refuses_with_a_readable_reason(engine, options, hands, trick, card, reason) -> None:
    state = at_play(engine, options, hands, "S", trick)
    if engine is OPEN_BELOTE:
        state["piles"] = [[{"cards": [c], "open": True} for c in h] for h in hands]
        state["hands"] = [[], []]
    seat = len(trick) % len(hands)
    with pytest.raises(IllegalAction) as error:
        engine.apply(state, seat, {"type": "play", "card": card}, game_rng("x", 1))
    assert error.value.reason == reason


def test_open_belote_face_down_cards_do_not_oblige() -> None:
    state = at_play(OPEN_BELOTE, OpenBeloteOptions(), [["AD"], []], "S", [(0, "AD")])
    # Seat 1 shows the jack of spades; a diamond lies face down under it.
    state["piles"] = [[], [{"cards": ["KD", "JS"], "open": True}, {"cards": ["7C"], "open": True}]]
    state["hands"] = [[], []]
    legal = OPEN_BELOTE.legal_actions(state, 1)
    assert legal == [{"type": "play", "card": "JS"}]
    after = OPEN_BELOTE.apply(state, 1, legal[0], game_rng("x", 1))
    assert OPEN_BELOTE.view(after, 0)["piles"][1][0] == {"top": "KD", "count": 1}
