import pytest

from tournaments import bracket, prizes


def test_bracket_of_eight_pairs_top_against_bottom():
    assert bracket.first_round(8) == [(0, 7), (3, 4), (1, 6), (2, 5)]
    assert bracket.rounds(8) == 3


def test_bracket_of_six_gives_the_top_two_seeds_byes():
    matches = bracket.first_round(6)
    assert matches == [(0, None), (3, 4), (1, None), (2, 5)]
    assert bracket.size(6) == 8 and bracket.rounds(6) == 3


@pytest.mark.parametrize("players", range(2, 70))
def test_every_player_is_placed_once_and_byes_never_meet(players):
    matches = bracket.first_round(players)
    seen = [seed for pair in matches for seed in pair if seed is not None]
    assert sorted(seen) == list(range(players))
    assert all(a is not None for a, _ in matches)


def test_place_amounts_floor_and_give_the_remainder_to_the_first_places():
    assert prizes.place_amounts(1_001, prizes.TOP_THREE) == [501, 300, 200]
    assert prizes.place_amounts(7, (3_333, 3_333, 3_334)) == [3, 2, 2]
    assert prizes.place_amounts(0, prizes.WINNER_TAKES_ALL) == [0]


def test_level_finishers_share_their_places_in_minor_units():
    # Top three of 1001: 501, 300, 200; the two losing semi-finalists share third and
    # fourth (200 + 0), the remainder going in seeding order.
    paid = prizes.prizes(1_001, prizes.TOP_THREE, [[10], [20], [30, 40], [50, 60, 70, 80]])
    assert paid == {10: 501, 20: 300, 30: 100, 40: 100}
    paid = prizes.prizes(1_003, (5_000, 2_500, 2_500), [[1], [2], [3, 4]])
    assert paid == {1: 502, 2: 251, 3: 125, 4: 125}
    assert sum(prizes.prizes(999, (5_000, 3_000, 2_000), [[1], [2], [3, 4]]).values()) == 999


def test_odd_shares_split_unit_by_unit():
    assert prizes.prizes(5, (6_000, 4_000), [[1], [2, 3]]) == {1: 3, 2: 1, 3: 1}


@pytest.mark.parametrize("table", [(), (5_000,), (10_000, 0), (6_000, 5_000)])
def test_a_prize_table_must_pay_the_whole_pool(table):
    with pytest.raises(ValueError):
        prizes.check_table(table)


def test_places_nobody_reached_go_to_first_place():
    assert prizes.prizes(1_000, prizes.TOP_THREE, [[1], [2]]) == {1: 700, 2: 300}
