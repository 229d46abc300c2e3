import random

from tournaments import swiss
from tournaments.swiss import Result


def test_ten_players_four_rounds_never_meet_twice():
    players = list(range(10))
    results: list[Result] = []
    chance = random.Random(7)
    for _ in range(4):
        pairs = swiss.pair(players, results)
        assert pairs is not None and len(pairs) == 5
        for first, second in pairs:
            winner = chance.choice([first, second, None])
            results.append(Result(first, second, winner))
    met = [frozenset((r.first, r.second)) for r in results]
    assert len(met) == len(set(met)) == 20


def test_the_odd_player_gets_one_bye_and_it_scores_a_win():
    players = list(range(5))
    results: list[Result] = []
    for _ in range(4):
        pairs = swiss.pair(players, results)
        assert pairs is not None
        results += [Result(a, b, a if b is not None else None) for a, b in pairs]
    byes = [r.first for r in results if r.second is None]
    assert len(byes) == len(set(byes)) == 4
    assert swiss.scores(players, [Result(3, None, None)])[3] == swiss.WIN


def test_standings_by_score_then_buchholz_and_level_players_share():
    results = [Result(0, 1, 0), Result(2, 3, 2), Result(0, 2, None), Result(1, 3, None)]
    # Scores: 0: 3, 2: 3, 1: 1, 3: 1. Buchholz: 0 met 1, 2 -> 4; 2 met 3, 0 -> 4.
    assert swiss.ranking([0, 1, 2, 3], results) == [[0, 2], [1, 3]]


def test_no_pairing_left_is_said():
    results = [Result(0, 1, 0)]
    assert swiss.pair([0, 1], results) is None
