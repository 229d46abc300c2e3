"""A poker tournament's table as plain rules: the blind schedule on the game's clock, the
places from the order out, and what a tournament table refuses (games/poker/tournament.py)."""

from __future__ import annotations

import pytest

from games.engine import IllegalAction
from games.poker.tournament import (
    DEFAULT_BLINDS,
    ENGINES,
    MINUTE_MS,
    Level,
    TournamentOptions,
    level_at,
    next_level_in,
    parse_schedule,
    places,
)
from games.rng import Rng

HOLDEM = ENGINES[0]
SCHEDULE = (Level(10, 20, 0, 5), Level(20, 40, 0, 5), Level(50, 100, 10, 5))


def test_the_level_follows_the_clock_and_the_last_one_lasts():
    assert level_at(SCHEDULE, 0) == 0
    assert level_at(SCHEDULE, 5 * MINUTE_MS - 1) == 0
    assert level_at(SCHEDULE, 5 * MINUTE_MS) == 1
    assert level_at(SCHEDULE, 10 * MINUTE_MS) == 2
    assert level_at(SCHEDULE, 600 * MINUTE_MS) == 2
    assert next_level_in(SCHEDULE, 60_000) == 4 * MINUTE_MS
    assert next_level_in(SCHEDULE, 7 * MINUTE_MS) == 3 * MINUTE_MS
    assert next_level_in(SCHEDULE, 10 * MINUTE_MS) is None


@pytest.mark.parametrize(
    "raw",
    [
        [],
        [[10, 20, 0]],
        [[20, 10, 0, 5]],
        [[10, 20, 30, 5]],
        [[10, 20, 0, 0]],
        [[20, 40, 0, 5], [10, 20, 0, 5]],
        [[10, 20.0, 0, 5]],
        [[True, 20, 0, 5]],
        "10/20",
    ],
)
def test_a_schedule_staff_give_is_checked(raw):
    with pytest.raises(ValueError, match="Blinds"):
        parse_schedule(raw)


def test_the_default_schedule_is_valid_and_rising():
    assert parse_schedule([list(level) for level in DEFAULT_BLINDS]) == DEFAULT_BLINDS


def test_places_follow_the_order_out():
    # Seat 0 out in hand 2; seats 1 and 2 out together in hand 3 (1 had more chips at its
    # start); seat 3 holds every chip.
    assert places(4, [[2, 0, 50], [3, 2, 100], [3, 1, 300]]) == (4, 2, 3, 1)


def test_players_out_in_one_hand_with_equal_chips_share_the_place():
    assert places(4, [[3, 1, 100], [3, 2, 100], [2, 0, 50]]) == (4, 2, 2, 1)


def test_the_straddle_and_cash_table_terms_are_refused():
    with pytest.raises(ValueError, match="unknown options"):
        TournamentOptions.from_json({"straddle": True})
    with pytest.raises(ValueError, match="Rake"):
        TournamentOptions.from_json({"rake_bp": 500})
    with pytest.raises(ValueError, match="Blinds"):
        TournamentOptions.from_json({"blinds": [[10, 5, 0, 5]]})


def table(seats: int = 3, chips: int = 1_000):
    options = TournamentOptions.from_json(
        {"starting_chips": chips, "blinds": [list(level) for level in SCHEDULE]}
    )
    return HOLDEM.start(options, seats, Rng(b"\x07" * 32, "test", 0))


def test_a_new_level_applies_from_the_next_hand():
    state = table()
    assert HOLDEM.blinds(state) == (10, 20, 0)
    later = HOLDEM.time_passed(state, 11 * MINUTE_MS)
    assert later["tournament"]["due"] == 2 and HOLDEM.blinds(later) == (10, 20, 0)
    assert HOLDEM.time_passed(later, 11 * MINUTE_MS) is later  # nothing new: not logged
    hand = later["hand"]["number"]
    while later["hand"]["number"] == hand:  # everyone folds round to the big blind
        seat = next(iter(HOLDEM.to_act(later)))
        later = HOLDEM.apply(later, seat, HOLDEM.timeout_action(later, seat), Rng(b"", "x", 0))
    assert HOLDEM.blinds(later) == (50, 100, 10)
    assert later["hand"]["live"]["pot"] + sum(later["hand"]["live"]["bets"]) == 150 + 3 * 10
    view = HOLDEM.view(later, 0)["tournament"]
    assert view["level"] == 3 and view["blinds"] == [50, 100, 10, 5] and view["next"] is None


def test_no_sitting_out_topping_up_or_leaving():
    state = table()
    for move in ({"type": "sit_out"}, {"type": "top_up"}, {"type": "leave"}):
        assert not HOLDEM.out_of_turn(state, 0, move)
        with pytest.raises(IllegalAction, match="every hand"):
            HOLDEM.apply(state, 0, move, Rng(b"", "x", 0))
    assert HOLDEM.fixed_stake(HOLDEM.options(state)) is None
    assert HOLDEM.max_reserve(0, HOLDEM.options(state)) == 0


def test_a_player_who_resigns_is_blinded_away_and_places_last():
    state = table(seats=2, chips=500)
    state = HOLDEM.forfeit(state, 0)
    seq = 0
    while HOLDEM.outcome(state) is None:
        seq += 1
        assert HOLDEM.to_act(state) == {1}  # the absent seat is never waited for
        state = HOLDEM.time_passed(state, seq * MINUTE_MS)
        state = HOLDEM.apply(
            state,
            1,
            {"type": "check"} if not state["hand"]["live"]["to_call"] else {"type": "call"},
            Rng(b"", "x", seq),
        )
    outcome = HOLDEM.outcome(state)
    assert outcome.placing == (2, 1) and outcome.points == (0, 1_000)
    assert outcome.split.rake_free and sum(r["rake"] for r in state["history"]) == 0


def test_when_nobody_left_is_present_those_left_place_by_their_chips():
    state = table(seats=3)
    for seat in range(3):
        state = HOLDEM.forfeit(state, seat)
    outcome = HOLDEM.outcome(state)
    assert outcome is not None
    by_chips = sorted(range(3), key=lambda s: -outcome.points[s])
    assert outcome.placing[by_chips[0]] == 1
    assert sum(outcome.points) == 3_000


def test_bots_play_a_table_to_one_winner_with_every_chip_and_no_rake():
    state = table(seats=6, chips=500)
    seq = 0
    while HOLDEM.outcome(state) is None:
        seq += 1
        state = HOLDEM.time_passed(state, seq * 20_000)
        seat = min(HOLDEM.to_act(state))
        move = HOLDEM.bot_action(state, seat, Rng(b"\x01" * 32, "bot", seq))
        state = HOLDEM.apply(state, seat, move, Rng(b"", "x", seq))
    outcome = HOLDEM.outcome(state)
    winner = outcome.points.index(3_000)
    assert outcome.placing[winner] == 1 and outcome.placing.count(1) == 1
    assert outcome.points.count(0) == 5 and len(state["tournament"]["busted"]) == 5
    assert state["rake"] == 0
    assert state["tournament"]["level"] > 0  # the blinds rose on the way
