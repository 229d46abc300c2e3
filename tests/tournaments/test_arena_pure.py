from tournaments import arena
from tournaments.arena import Result


def test_points_and_the_streak_as_lichess_counts_them():
    # 1 wins, wins (streak starts), wins (4), draws (2, streak over), wins (2).
    results = [
        Result(1, 2, 1),
        Result(1, 3, 1),
        Result(1, 2, 1),
        Result(1, 3, None),
        Result(1, 2, 1),
    ]
    score = arena.scores([1, 2, 3], results)
    assert score[1].points == 2 + 2 + 4 + 2 + 2
    assert (score[1].wins, score[1].games) == (4, 5)
    assert score[3].points == 1 and score[2].points == 0


def test_a_loss_ends_the_streak():
    results = [Result(1, 2, 1), Result(1, 2, 1), Result(1, 2, 2), Result(1, 2, 1)]
    assert arena.scores([1, 2], results)[1].points == 2 + 2 + 0 + 2


def test_standings_by_points_then_wins_level_players_share():
    # 1: win + loss = 2 points, 1 win; 2: the same; 3: two draws = 2 points, 0 wins.
    results = [Result(1, 2, 1), Result(1, 2, 2), Result(3, 4, None), Result(3, 4, None)]
    assert arena.ranking([1, 2, 3, 4], results) == [[1, 2], [3, 4]]


def test_pairing_avoids_the_last_opponent_while_others_play():
    last = {1: 2, 2: 1}
    # 1 and 2 just finished, others still play: they wait rather than meet again.
    assert arena.pair([1, 2], [1, 2, 3, 4], last, anyone_playing=True) == []
    # Everybody waits: nearest in the standings, never the last opponent.
    last.update({3: 4, 4: 3})
    assert arena.pair([1, 2, 3, 4], [1, 2, 3, 4], last, anyone_playing=False) == [(1, 3), (2, 4)]


def test_two_players_alone_meet_again_and_an_odd_one_waits():
    assert arena.pair([1, 2], [1, 2], {1: 2, 2: 1}, anyone_playing=False) == [(1, 2)]
    assert arena.pair([1, 2, 3], [1, 2, 3], {}, anyone_playing=False) == [(1, 2)]
