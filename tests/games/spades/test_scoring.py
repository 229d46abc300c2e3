"""The text's scoring (SCORING 1-7, THE BIDDING 3-5) and the classic cases, through the
engine's own end of a round."""

from __future__ import annotations

import pytest

from games.spades.rules import SPADES_GAME, SpadesState
from games.spades.scoring import count_bags, score_side
from tests.games.spades.support import game_rng, started


def finished_round(
    bids: list[int | str],
    taken: list[int],
    scores: list[int] | None = None,
    bags: list[int] | None = None,
    round_no: int = 1,
    **options: object,
) -> SpadesState:
    """A round with these bids ("nil", "blind") and tricks taken, scored by the engine."""
    assert sum(taken) == 13
    state = started(**options)
    sides = len(state["scores"])
    state["bids"] = [
        {"tricks": 0 if b in ("nil", "blind") else int(b), "blind": b == "blind"} for b in bids
    ]
    state["taken"] = taken
    state["hands"] = [[] for _ in range(4)]
    state["scores"] = scores or [0] * sides
    state["bags"] = bags or [0] * sides
    state["round"] = round_no
    SPADES_GAME.finish_round(state, game_rng("scored", 1))
    return state


def last(state: SpadesState) -> list[int]:
    """What each side scored in the round just played."""
    return [side["points"] for side in state["history"][-1]["sides"]]


def test_a_bid_made_scores_ten_a_trick_and_one_a_bag():
    # SCORING 1: partners bid 5 + 4 = 9 and take 10: 90 + 1 bag = 91.
    state = finished_round([5, 2, 4, 1], [6, 2, 4, 1])
    assert last(state) == [91, 30]
    assert state["bags"] == [1, 0]
    assert state["history"][-1]["sides"][0]["made"] is True


def test_an_exact_bid_scores_no_bag():
    state = finished_round([4, 3, 3, 3], [4, 3, 3, 3])
    assert last(state) == [70, 60]
    assert state["bags"] == [0, 0]


def test_a_bid_failed_loses_ten_a_trick_bid():
    # SCORING 3: bid 4 + 4 = 8, took 7: -80; the other side's 4 overtricks are bags.
    state = finished_round([4, 1, 4, 1], [4, 3, 3, 3])
    assert last(state) == [-80, 24]
    assert state["bags"] == [0, 4]
    assert state["history"][-1]["sides"][0]["made"] is False


def test_a_nil_made_adds_100_to_the_partners_result():
    # THE BIDDING 3, SCORING 4: nil made (+100) and the partner's 4 made with 1 bag (+41).
    state = finished_round(["nil", 3, 4, 3], [0, 4, 5, 4])
    assert last(state) == [141, 62]
    side = state["history"][-1]["sides"][0]
    assert side["nils"] == [{"seat": 0, "blind": False, "made": True, "points": 100}]
    assert side["contract"] == 4 and side["contract_points"] == 41


def test_a_nil_failed_costs_100_and_the_partner_still_scores():
    # SCORING 5: the nil bidder took 2 (-100); the partner bid 4 and took 4 (+40). The nil
    # bidder's tricks help neither the partner's bid nor the bags.
    state = finished_round(["nil", 3, 4, 3], [2, 4, 4, 3])
    assert last(state) == [-60, 61]
    assert state["bags"] == [0, 1]


def test_a_failed_nil_with_a_failed_13_bid():
    # The partner bid all 13 and the nil bidder took one of them: -100 and -130.
    state = finished_round(["nil", "nil", 13, "nil"], [1, 0, 12, 0])
    # Seats 1 and 3 bid nil too and took nothing: +100 each for the other side.
    assert last(state) == [-230, 200]


def test_blind_nil_scores_200_either_way():
    # SCORING 6 (partners only).
    made = finished_round(["blind", 3, 4, 3], [0, 4, 5, 4], target=500)
    failed = finished_round(["blind", 3, 4, 3], [1, 4, 4, 4], target=500)
    assert last(made)[0] == 200 + 41
    assert last(failed)[0] == -200 + 40


def test_solo_nil_is_worth_50():
    # THE BIDDING 3: in solo a nil made is +50 and a nil failed -50.
    state = finished_round(["nil", "nil", 6, 7], [0, 1, 6, 6], mode="solo")
    assert last(state) == [50, -50, 60, -70]


def test_ten_bags_cost_100_and_the_rest_carries_over():
    # SCORING 2, with the classic limit of 10: 8 bags carried, 4 more: -100, 2 carried.
    state = finished_round([2, 3, 2, 3], [4, 3, 4, 2], bags=[8, 0], scores=[100, 100])
    assert state["history"][-1]["sides"][0]["bag_penalty"] == -100
    assert last(state)[0] == 40 + 4 - 100
    assert state["bags"] == [2, 0]
    assert state["scores"][0] == 100 + 44 - 100


def test_the_tables_own_bag_limit_and_penalty():
    state = finished_round([1, 3, 1, 3], [3, 3, 4, 3], bag_limit=5, bag_penalty=50, bags=[0, 0])
    assert state["history"][-1]["sides"][0]["bag_penalty"] == -50
    assert state["bags"] == [0, 0]
    assert last(state)[0] == 20 + 5 - 50


@pytest.mark.parametrize(
    ("bags", "limit", "penalty", "expected"),
    [
        (9, 10, 100, (9, 0)),
        (10, 10, 100, (0, -100)),
        (13, 10, 100, (3, -100)),
        (21, 10, 100, (1, -200)),
        (7, 7, 50, (0, -50)),
        (11, 5, 150, (1, -300)),
    ],
)
def test_bags_reset_at_the_limit_with_carry_over(bags, limit, penalty, expected):
    assert count_bags(bags, limit, penalty) == expected


def test_both_partners_nil_have_no_contract():
    result = score_side(
        [0, 2],
        [{"tricks": 0, "blind": False}] * 4,
        [0, 5, 0, 8],
        0,
        partners=True,
        bag_limit=10,
        bag_penalty=100,
    )
    assert result["made"] is None and result["contract_points"] == 0
    assert result["points"] == 200


@pytest.mark.parametrize(
    ("scores", "options", "reason"),
    [
        ([250, 0], {"target": 250}, "target reached"),
        ([0, -201], {"elimination": -200}, "eliminated"),
        ([240, -200], {"target": 250, "elimination": -200}, None),
    ],
)
def test_the_game_ends_at_the_target_or_below_the_elimination_threshold(scores, options, reason):
    # SCORING 7: the table's target and elimination threshold. -200 is not below -200.
    state = finished_round(
        [3, 3, 3, 3],
        [4, 3, 3, 3],
        scores=[s - p for s, p in zip(scores, [61, 60], strict=True)],
        **options,
    )
    assert state["scores"] == scores
    assert (state["result"] or {}).get("reason") == reason


def test_the_third_round_is_the_last():
    # "This may take one to three rounds": after the third the higher score wins.
    second = finished_round([3, 3, 3, 3], [4, 3, 3, 3], round_no=2, target=500)
    assert second["result"] is None and second["round"] == 3
    third = finished_round([3, 3, 3, 3], [4, 3, 3, 3], round_no=3, target=500)
    assert third["result"] == {"reason": "last round played", "forfeited": None}
    outcome = SPADES_GAME.outcome(third)
    assert outcome is not None and outcome.placing == (1, 2, 1, 2)
