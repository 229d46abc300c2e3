"""Pilotta's loss-of-connection clauses as a settlement per seat."""

from __future__ import annotations

from itertools import combinations

import pytest

from games.belote.scoring import disconnection_settlement, settlement_payouts
from games.engine import Outcome

STAKE = 100
TEAM_0_WINS = Outcome(points=(41, 12, 41, 12), placing=(1, 2, 1, 2))


def results(settlement: dict) -> list[tuple[str, int]]:
    return [(row["result"], row["shares"]) for row in settlement["seats"]]


def test_everyone_connected_is_a_normal_result() -> None:
    settlement = disconnection_settlement(TEAM_0_WINS, set())
    assert settlement["void"] is False
    assert results(settlement) == [("win", 1), ("lose", 0), ("win", 1), ("lose", 0)]
    assert settlement_payouts(settlement, STAKE) == [200, 0, 200, 0]


def test_clause_1_all_disconnected_is_void() -> None:
    settlement = disconnection_settlement(TEAM_0_WINS, {0, 1, 2, 3})
    assert (settlement["void"], settlement["clauses"]) == (True, [1])
    assert settlement_payouts(settlement, STAKE) == [STAKE] * 4


def test_clause_2_no_winner_connected_is_void() -> None:
    settlement = disconnection_settlement(TEAM_0_WINS, {0, 2})
    assert (settlement["void"], settlement["clauses"]) == (True, [2])
    assert settlement_payouts(settlement, STAKE) == [STAKE] * 4


def test_clause_3_a_disconnected_loser_forfeits_the_stake() -> None:
    settlement = disconnection_settlement(TEAM_0_WINS, {3})
    assert (settlement["void"], settlement["clauses"]) == (False, [3])
    assert results(settlement)[3] == ("lose", 0)
    assert settlement_payouts(settlement, STAKE) == [200, 0, 200, 0]


def test_clause_4_a_disconnected_winner_is_refunded_and_the_partner_takes_the_winnings() -> None:
    settlement = disconnection_settlement(TEAM_0_WINS, {0})
    assert (settlement["void"], settlement["clauses"]) == (False, [4])
    assert results(settlement) == [("refund", 0), ("lose", 0), ("win", 2), ("lose", 0)]
    assert settlement_payouts(settlement, STAKE) == [100, 0, 300, 0]


def test_a_loser_and_a_winner_gone_together() -> None:
    settlement = disconnection_settlement(TEAM_0_WINS, {1, 2})
    assert settlement["clauses"] == [3, 4]
    assert settlement_payouts(settlement, STAKE) == [300, 0, 100, 0]


def test_two_player_game_with_the_winner_gone_is_void() -> None:
    outcome = Outcome(points=(5, 2), placing=(2, 1))
    assert disconnection_settlement(outcome, {1})["void"] is True
    assert settlement_payouts(disconnection_settlement(outcome, {0}), STAKE) == [0, 200]


@pytest.mark.parametrize("count", [0, 1, 2, 3, 4])
def test_clause_5_money_lost_equals_money_won(count: int) -> None:
    for gone in combinations(range(4), count):
        payouts = settlement_payouts(disconnection_settlement(TEAM_0_WINS, set(gone)), STAKE)
        assert sum(payouts) == 4 * STAKE
        assert all(p in (0, STAKE, 2 * STAKE, 3 * STAKE) for p in payouts)
