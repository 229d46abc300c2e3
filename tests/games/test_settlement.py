"""The pot split an outcome expresses (engine contract v2): equal, weighted, exact."""

from __future__ import annotations

import pytest

from games.engine import EQUAL_SPLIT, Outcome, PotSplit, SplitKind
from games.settlement import divide, settle


def _outcome(placing: tuple[int, ...], split: PotSplit = EQUAL_SPLIT) -> Outcome:
    return Outcome(points=(0,) * len(placing), placing=placing, split=split)


def test_equal_split_among_partners_with_remainder_from_the_dealers_left():
    result = settle(_outcome((2, 1, 2, 1)), [100] * 4, [100] * 4, rake_bp=500)
    assert result.rake == 20  # 5% of 400
    assert result.payouts == (0, 190, 0, 190)
    odd = settle(_outcome((1, 2, 1, 2)), [100] * 4, [100] * 4, rake_bp=25)
    assert odd.rake == 1
    assert odd.payouts == (199, 0, 200, 0)  # seat 2 is nearer the dealer's left than seat 0


def test_solo_spades_pays_three_quarters_to_first_and_a_quarter_to_second():
    split = PotSplit(SplitKind.WEIGHTED, (3, 1, 0, 0))
    result = settle(_outcome((1, 2, 3, 4), split), [1000] * 4, [1000] * 4, rake_bp=500)
    assert result.rake == 200
    assert result.payouts == (2850, 950, 0, 0)
    assert not result.void


def test_weighted_remainder_goes_to_the_paid_seat_nearest_the_dealers_left():
    assert divide(10, {0: 1, 2: 2}, seats=3) == {2: 7, 0: 3}
    assert divide(11, {0: 1, 1: 1}, seats=3) == {1: 6, 0: 5}
    assert sum(divide(1_000_003, {0: 3, 1: 1, 3: 7}, seats=4).values()) == 1_000_003


def test_a_disconnected_weighted_winner_gets_its_stake_back_and_the_rest_goes_on():
    split = PotSplit(SplitKind.WEIGHTED, (3, 1, 0, 0))
    result = settle(
        _outcome((1, 2, 3, 4), split), [1000] * 4, [1000] * 4, 0, disconnected=frozenset({0})
    )
    assert result.payouts == (1000, 3000, 0, 0)


def test_no_connected_paid_seat_makes_the_game_void():
    split = PotSplit(SplitKind.WEIGHTED, (3, 1, 0, 0))
    result = settle(
        _outcome((1, 2, 3, 4), split), [1000] * 4, [1000] * 4, 500, disconnected=frozenset({0, 1})
    )
    assert result.void and result.rake == 0 and result.payouts == (1000,) * 4


def test_exact_amounts_pay_chip_counts_and_rake_only_the_gains():
    split = PotSplit(SplitKind.EXACT, (1500, 0, 500))
    result = settle(_outcome((1, 3, 2), split), [1000, 500, 500], [1000, 500, 500], 1000)
    assert result.rake == 50  # 10% of the one gain, 500
    assert result.payouts == (1450, 0, 500)


def test_exact_amounts_that_do_not_share_out_the_pot_are_refused():
    split = PotSplit(SplitKind.EXACT, (1500, 0, 0))
    with pytest.raises(ValueError):
        settle(_outcome((1, 2, 2), split), [1000] * 3, [1000] * 3, 0)


def test_a_rake_free_outcome_pays_the_whole_pot():
    result = settle(_outcome((1, 2), PotSplit(rake_free=True)), [500, 500], [500, 500], 500)
    assert result.rake == 0 and result.payouts == (1000, 0)


def test_unused_reserve_is_refunded_besides_the_split():
    result = settle(_outcome((2, 1)), [1600, 1600], [400, 400], 0)
    assert result.payouts == (1200, 2000)


def test_outcome_round_trips_through_json_with_its_split():
    outcome = _outcome((1, 2, 3, 4), PotSplit(SplitKind.WEIGHTED, (3, 1, 0, 0), rake_free=True))
    assert Outcome.from_json(outcome.as_json()) == outcome
    plain = _outcome((2, 1))
    assert "split" not in plain.as_json()
    assert Outcome.from_json(plain.as_json()) == plain


@pytest.mark.parametrize(
    "kind, values",
    [(SplitKind.EQUAL, (1, 1)), (SplitKind.WEIGHTED, ()), (SplitKind.WEIGHTED, (0, 0))],
)
def test_a_split_that_cannot_be_paid_is_refused_when_made(kind, values):
    with pytest.raises(ValueError):
        PotSplit(kind, values)


def test_a_split_must_name_every_seat():
    with pytest.raises(ValueError):
        _outcome((1, 2, 3), PotSplit(SplitKind.WEIGHTED, (1, 0)))
