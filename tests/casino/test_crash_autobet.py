"""The Auto mode of Crash, starting with the rules' own example."""

from __future__ import annotations

import pytest

from casino.crash.autobet import AutoPlan, AutoRun, NextBet, after_round, next_bet, start

WON, LOST = True, False


@pytest.fixture
def rules_example() -> AutoPlan:
    """Base 50, limit 500, auto cash-out 2, back to base on a win, double on a loss."""
    return AutoPlan(
        base_bet=50,
        total_bets_limit=500,
        auto_cash_out=200,
        on_win=NextBet.RETURN_TO_BASE,
        on_loss=NextBet.DOUBLE,
    )


def test_rules_example_doubles_after_losses(rules_example: AutoPlan) -> None:
    assert next_bet(rules_example, []) == 50
    assert next_bet(rules_example, [LOST]) == 100  # crash at 1.52 before 2
    assert next_bet(rules_example, [LOST, LOST]) == 200


def test_rules_example_returns_to_base_after_a_win(rules_example: AutoPlan) -> None:
    assert next_bet(rules_example, [LOST, LOST, WON]) == 50  # 50 + 100 + 200 + 50 = 400


def test_rules_example_turns_off_at_750_over_500(rules_example: AutoPlan) -> None:
    # "50+100+200+400=750, which is bigger than ... 500"
    assert next_bet(rules_example, [LOST, LOST, LOST]) is None


def test_a_bet_that_reaches_the_limit_exactly_is_placed(rules_example: AutoPlan) -> None:
    history = [LOST, LOST, WON, WON]  # 50 + 100 + 200 + 50 + 50 = 450
    assert next_bet(rules_example, history) == 50
    assert next_bet(rules_example, [*history, WON]) == 50  # 500: not bigger than the limit
    assert next_bet(rules_example, [*history, WON, WON]) is None  # 550


def test_state_machine_tracks_the_total(rules_example: AutoPlan) -> None:
    run = start(rules_example)
    assert run == AutoRun(bet=50, total_bet=50)
    run = after_round(rules_example, run, LOST)
    assert run == AutoRun(bet=100, total_bet=150)
    run = after_round(rules_example, run, LOST)
    assert run == AutoRun(bet=200, total_bet=350)
    assert after_round(rules_example, run, LOST) is None
    assert after_round(rules_example, run, WON) == AutoRun(bet=50, total_bet=400)


def test_double_on_win_and_return_on_loss() -> None:
    plan = AutoPlan(10, 1_000, on_win=NextBet.DOUBLE, on_loss=NextBet.RETURN_TO_BASE)
    assert next_bet(plan, [WON, WON, WON]) == 80  # 10 + 20 + 40 + 80 = 150
    assert next_bet(plan, [WON, WON, LOST]) == 10
    assert next_bet(plan, [WON] * 5) == 320  # 630
    assert next_bet(plan, [WON] * 6) is None  # 640 more would make 1270


def test_return_to_base_always_plays_limit_over_base_rounds() -> None:
    plan = AutoPlan(30, 100, on_win=NextBet.RETURN_TO_BASE, on_loss=NextBet.RETURN_TO_BASE)
    assert next_bet(plan, [WON, LOST]) == 30  # 90
    assert next_bet(plan, [WON, LOST, WON]) is None  # 120


def test_double_both_ways_doubles_every_round() -> None:
    plan = AutoPlan(1, 10**6, on_win=NextBet.DOUBLE, on_loss=NextBet.DOUBLE)
    assert next_bet(plan, [WON, LOST, WON, LOST]) == 16
    assert next_bet(plan, [LOST] * 18) == 2**18  # total 2**19 - 1 <= 10**6
    assert next_bet(plan, [LOST] * 19) is None  # total 2**20 - 1 > 10**6


def test_auto_cash_out_defaults_to_1_01() -> None:
    plan = AutoPlan(50, 500, on_win=NextBet.RETURN_TO_BASE, on_loss=NextBet.DOUBLE)
    assert plan.auto_cash_out == 101


def test_outcomes_after_the_run_stopped_are_refused(rules_example: AutoPlan) -> None:
    with pytest.raises(ValueError, match="turned off"):
        next_bet(rules_example, [LOST, LOST, LOST, WON])


@pytest.mark.parametrize(
    "fields",
    [
        {"base_bet": 0},
        {"base_bet": -50},
        {"base_bet": 50.0},
        {"base_bet": True},
        {"total_bets_limit": 49},
        {"total_bets_limit": 500.5},
        {"auto_cash_out": 100},
        {"auto_cash_out": 1.5},
        {"on_win": "double"},
    ],
)
def test_bad_plans_are_refused(fields: dict) -> None:
    values = {
        "base_bet": 50,
        "total_bets_limit": 500,
        "on_win": NextBet.RETURN_TO_BASE,
        "on_loss": NextBet.DOUBLE,
        **fields,
    }
    with pytest.raises(ValueError):
        AutoPlan(**values)
