"""The texts' own scoring examples, the rounding rule and the money helpers."""

from __future__ import annotations

from typing import Any

import pytest

from games.belote.belote import ClassicBeloteOptions, OpenBeloteOptions
from games.belote.rules import BELOTE, CLASSIC_PILOTTA, OPEN_BELOTE, PILOTTA
from games.belote.scoring import max_reserve, round_belote, round_pilotta, unused_reserve

TIERCE = {"kind": "sequence", "cards": ["9S", "TS", "JS"], "points": 20, "length": 3}
FIFTY = {"kind": "sequence", "cards": ["9C", "TC", "JC", "QC"], "points": 50, "length": 4}


def hand(
    engine: Any,
    options: Any,
    won: list[tuple[int, int]],
    taker: int = 0,
    combos: dict[int, list[dict[str, Any]]] | None = None,
    belote_seat: int | None = None,
    contract: dict[str, Any] | None = None,
    contra: int = 1,
) -> dict[str, Any]:
    """Score a finished hand given (winner, card points) per trick, the last trick last."""
    state = {
        "options": options.as_json(),
        "seats": 4 if engine is PILOTTA or engine is CLASSIC_PILOTTA else 2,
        "tricks": [{"winner": w, "points": p, "cards": []} for w, p in won],
        "declarations": [
            {"seat": seat, "combos": c, "counted": True} for seat, c in (combos or {}).items()
        ],
        "belote": [] if belote_seat is None else [{"seat": belote_seat, "call": "rebelote"}],
        "taker": taker,
        "trump": "H",
        "contract": contract,
        "contra": contra,
    }
    return engine.score_hand(state)


def test_287_to_43_is_recorded_as_29_to_4() -> None:
    assert round_pilotta([287, 43], [127, 35]) == [29, 4]


@pytest.mark.parametrize(
    ("totals", "expected"),
    [([86, 76], [9, 7]), ([76, 86], [7, 9]), ([186, 176], [19, 17])],
)
def test_both_remainders_six_the_side_with_more_trick_points_rounds_up(
    totals: list[int], expected: list[int]
) -> None:
    trick_points = [t % 100 for t in totals]
    assert round_pilotta(totals, trick_points) == expected


@pytest.mark.parametrize(
    ("totals", "expected"),
    [([81, 81], [8, 8]), ([82, 80], [8, 8]), ([75, 87], [7, 9]), ([93, 69], [9, 7])],
)
def test_only_the_higher_remainder_rounds_up(totals: list[int], expected: list[int]) -> None:
    assert round_pilotta(totals, totals) == expected


def test_pilotta_contract_made_adds_the_game_value() -> None:
    contract = {"value": 100, "capot": False}
    summary = hand(PILOTTA, PILOTTA.Options(), [(1, 52), (0, 100)], contract=contract)
    assert summary["made"] is True
    assert summary["totals"] == [210, 52]
    assert summary["points"] == [21, 5]


def test_pilotta_contract_failed_gives_everything_to_the_defenders() -> None:
    contract = {"value": 120, "capot": False}
    summary = hand(PILOTTA, PILOTTA.Options(), [(1, 52), (0, 100)], contract=contract)
    assert summary["made"] is False
    assert summary["totals"] == [0, 282]
    assert summary["points"] == [0, 28]


def test_pilotta_contra_and_recontra_double_the_game_value() -> None:
    contract = {"value": 120, "capot": False}
    won = [(1, 52), (0, 100)]
    assert hand(PILOTTA, PILOTTA.Options(), won, contract=contract, contra=2)["points"] == [0, 40]
    assert hand(PILOTTA, PILOTTA.Options(), won, contract=contract, contra=4)["points"] == [0, 64]


def test_pilotta_declarations_and_belote_count_towards_the_contract() -> None:
    contract = {"value": 140, "capot": False}
    won = [(1, 52), (0, 100)]
    summary = hand(PILOTTA, PILOTTA.Options(), won, contract=contract, combos={2: [TIERCE]})
    assert summary["made"] is False
    summary = hand(
        PILOTTA, PILOTTA.Options(), won, contract=contract, combos={2: [TIERCE]}, belote_seat=0
    )
    assert summary["made"] is True
    assert summary["totals"] == [290, 52]


def test_pilotta_capot_is_250_instead_of_the_tricks() -> None:
    won = [(0, 60), (2, 50), (0, 42)]
    summary = hand(PILOTTA, PILOTTA.Options(), won, contract={"value": 80, "capot": False})
    assert summary["capot"] == 0
    assert summary["totals"] == [330, 0]
    assert summary["points"] == [33, 0]


def test_pilotta_capot_bid_needs_every_trick() -> None:
    capot = {"value": 250, "capot": True}
    made = hand(PILOTTA, PILOTTA.Options(), [(0, 100), (2, 52)], contract=capot)
    assert made["made"] is True
    assert made["points"] == [50, 0]
    failed = hand(PILOTTA, PILOTTA.Options(), [(1, 2), (0, 150)], contract=capot)
    assert failed["made"] is False
    assert failed["points"] == [0, 41]


def test_classic_pilotta_takers_need_half_the_points() -> None:
    options = CLASSIC_PILOTTA.Options()
    assert hand(CLASSIC_PILOTTA, options, [(1, 81), (0, 71)])["points"] == [8, 8]
    failed = hand(CLASSIC_PILOTTA, options, [(1, 82), (0, 70)])
    assert failed["made"] is False
    assert failed["points"] == [0, 16]


def test_belote_taker_wins_a_tie_72_plus_0_against_52_plus_20() -> None:
    options = ClassicBeloteOptions(target=101)
    summary = hand(BELOTE, options, [(1, 52), (0, 62)], combos={1: [TIERCE]})
    assert summary["totals"] == [72, 72]
    assert summary["made"] is True
    assert summary["points"] == [7, 7]


def test_belote_taker_who_loses_gives_the_opponent_everything() -> None:
    options = ClassicBeloteOptions(target=101)
    summary = hand(BELOTE, options, [(1, 52), (0, 62)], combos={1: [FIFTY]})
    assert summary["made"] is False
    assert summary["points"] == [0, 17]


def test_belote_contra_multiplies_card_points_only() -> None:
    options = ClassicBeloteOptions(target=101)
    summary = hand(BELOTE, options, [(1, 52), (0, 62)], combos={1: [TIERCE]}, contra=2)
    assert summary["points"] == [14, 12]
    summary = hand(BELOTE, options, [(1, 52), (0, 62)], combos={1: [TIERCE]}, contra=4)
    assert summary["points"] == [28, 22]


def test_belote_capot_adds_50_unmultiplied() -> None:
    options = ClassicBeloteOptions(target=101)
    summary = hand(BELOTE, options, [(0, 50), (0, 60)], contra=2)
    assert summary["capot"] == 0
    assert summary["totals"] == [170, 0]
    assert summary["points"] == [12 * 2 + 5, 0]


def test_open_belote_81_81_scores_8_8() -> None:
    summary = hand(OPEN_BELOTE, OpenBeloteOptions(target=101), [(1, 81), (0, 71)])
    assert summary["points"] == [8, 8]


def test_open_belote_76_plus_50_against_86_plus_40_scores_13_13() -> None:
    won = [(1, 86), (0, 66)]
    summary = hand(
        OPEN_BELOTE,
        OpenBeloteOptions(target=101),
        won,
        combos={0: [FIFTY], 1: [TIERCE]},
        belote_seat=1,
    )
    assert summary["totals"] == [126, 126]
    assert summary["points"] == [13, 13]


def test_wins_games_count_hands_and_capot_can_count_double() -> None:
    plain = OpenBeloteOptions(target=5)
    doubled = OpenBeloteOptions(target=5, double_capot=True)
    assert hand(OPEN_BELOTE, plain, [(1, 81), (0, 71)])["points"] == [1, 0]
    assert hand(OPEN_BELOTE, plain, [(0, 100), (0, 52)])["points"] == [1, 0]
    assert hand(OPEN_BELOTE, doubled, [(0, 100), (0, 52)])["points"] == [2, 0]
    assert hand(BELOTE, ClassicBeloteOptions(target=5), [(1, 90), (0, 62)], contra=2)["points"] == [
        0,
        2,
    ]


def test_belote_rounds_each_side_to_the_nearest_ten() -> None:
    assert [round_belote(p) for p in (76, 86, 81, 75, 74, 0)] == [8, 9, 8, 8, 7, 0]


def test_double_stake_reserve_example_2000_less_400_is_1600() -> None:
    assert unused_reserve(2000, 200, 2) == 1600
    assert max_reserve(200, ClassicBeloteOptions(double_stake=8)) == 1600
    assert max_reserve(200, ClassicBeloteOptions()) == 200
    assert unused_reserve(max_reserve(200, ClassicBeloteOptions(double_stake=16)), 200, 16) == 0


def test_double_capot_needs_a_game_to_wins() -> None:
    with pytest.raises(ValueError, match="Double score for capot"):
        OpenBeloteOptions(target=101, double_capot=True).validate()
    with pytest.raises(ValueError, match="Double score for capot"):
        ClassicBeloteOptions(target=1, double_capot=True).validate()
    ClassicBeloteOptions(target=3, double_capot=True).validate()
