"""RAKE AND PAYOUT: the 15% rake on the buy-in, the 75/25 solo split, the partners' split
and every tie, from the engine's outcome through the platform's settlement arithmetic
(games.settlement), in minor units."""

from __future__ import annotations

import pytest

from games.conf import limits
from games.settlement import settle
from games.spades.rules import SPADES_GAME
from tests.games.spades.support import started

RAKE_BP = 1_500
STAKE = 25_000  # the text's 250-coin table, in hundredths


def ended(scores: list[int], mode: str = "partners", forfeited: int | None = None):
    state = started(mode=mode)
    state["scores"] = scores
    SPADES_GAME.end_game(state, "target reached" if forfeited is None else "forfeit", forfeited)
    outcome = SPADES_GAME.outcome(state)
    assert outcome is not None
    return outcome


def paid(outcome, stake: int = STAKE):
    held = [stake] * 4
    return settle(outcome, held, held, RAKE_BP)


def test_the_rake_is_15_percent_of_the_buy_in():
    assert limits("spades").rake_bp == RAKE_BP


def test_the_texts_example_250_stake_pool_850_paid_637_50_and_212_50():
    # RAKE AND PAYOUT 1-2: 250 + 750 - 150 = 850; 75% and 25% of it.
    settlement = paid(ended([120, 300, 80, 40], mode="solo"))
    assert settlement.rake == 15_000
    assert sum(settlement.payouts) == 85_000
    assert settlement.payouts == (21_250, 63_750, 0, 0)
    assert settlement.net([STAKE] * 4) == (-3_750, 38_750, -25_000, -25_000)


def test_partners_share_the_same_pool_between_the_two_winners():
    # RAKE AND PAYOUT 3.
    outcome = ended([260, 90])
    assert outcome.placing == (1, 2, 1, 2)
    settlement = paid(outcome)
    assert settlement.payouts == (42_500, 0, 42_500, 0)
    assert settlement.rake == 15_000


def test_a_partners_tie_gives_everyone_their_buy_in_back():
    # RAKE AND PAYOUT 4: "each player gets the coins he paid to play back", rake included.
    outcome = ended([150, 150])
    assert outcome.placing == (1, 1, 1, 1)
    settlement = paid(outcome)
    assert settlement.payouts == (STAKE,) * 4
    assert settlement.rake == 0


@pytest.mark.parametrize(
    ("scores", "placing", "payouts"),
    [
        # no tie: 75% and 25%
        ([300, 120, 80, 40], (1, 2, 3, 4), (63_750, 21_250, 0, 0)),
        # two tied first split the pool evenly (RAKE AND PAYOUT 4)
        ([300, 300, 80, 40], (1, 1, 3, 4), (42_500, 42_500, 0, 0)),
        # two tied second share the 25%
        ([300, 80, 80, 40], (1, 2, 2, 4), (63_750, 10_625, 10_625, 0)),
        # three tied second share the 25%; the odd unit goes to the dealer's left first
        ([300, 80, 80, 80], (1, 2, 2, 2), (63_750, 7_084, 7_083, 7_083)),
        # three tied first share the whole pool
        ([300, 300, 300, 80], (1, 1, 1, 4), (28_333, 28_334, 28_333, 0)),
        # a clear first and the rest level behind
        ([10, 80, 80, 300], (4, 2, 2, 1), (0, 10_625, 10_625, 63_750)),
        # all four level: nobody won, every buy-in back with no rake
        ([50, 50, 50, 50], (1, 1, 1, 1), (STAKE,) * 4),
    ],
)
def test_every_solo_placing_and_tie(scores, placing, payouts):
    outcome = ended(scores, mode="solo")
    assert outcome.placing == placing
    settlement = paid(outcome)
    assert settlement.payouts == payouts
    assert sum(settlement.payouts) + settlement.rake == 4 * STAKE


def test_remainders_of_odd_stakes_go_one_unit_at_a_time_from_the_dealers_left():
    # 4 x 3.33 = 13.32; rake floored to 1.99; pool 11.33: 849.75 and 283.25 floored to
    # 8.49 and 2.83, and the one unit left goes to the paid seat nearest the dealer's left.
    settlement = paid(ended([300, 120, 80, 40], mode="solo"), stake=333)
    assert settlement.rake == 199
    assert settlement.payouts == (849, 284, 0, 0)
    assert sum(settlement.payouts) == 1_332 - 199


def test_a_forfeiting_side_loses_whatever_the_score():
    outcome = ended([300, 0], forfeited=0)
    assert outcome.placing == (2, 1, 2, 1)
    assert paid(outcome).payouts == (0, 42_500, 0, 42_500)


def test_a_solo_player_who_forfeits_places_last_and_the_rest_by_score():
    outcome = ended([300, 120, 80, 40], mode="solo", forfeited=0)
    assert outcome.placing == (4, 1, 2, 3)
    assert paid(outcome).payouts == (0, 63_750, 21_250, 0)
