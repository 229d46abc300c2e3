"""The move path's SQL: what it reads and writes must equal what the ORM would."""

from datetime import UTC, datetime

import pytest
from django.db import connection, transaction
from django.db.models.signals import post_init, pre_init
from django.test.utils import CaptureQueriesContext

from games import services, store
from games.models import Game, GameAction, GameSeat
from lobby import services as lobby

pytestmark = pytest.mark.django_db


def mover(game: Game) -> int:
    (seat,) = services.engine_of(game).to_act(game.state)
    return seat


def test_a_locked_game_equals_the_orm_read(start_table):
    game, players = start_table("rps", {"points": 3}, incognito=True)
    with transaction.atomic():
        locked = store.lock(game.pk)
    fresh = Game.objects.get(pk=game.pk)
    for field in Game._meta.concrete_fields:
        assert getattr(locked, field.attname) == getattr(fresh, field.attname), field.name
    seats = services.seats_of(locked)
    assert [s.player_id for s in seats.values()] == [p.pk for p in players]
    assert [(s.player.is_active, s.player.legal_name) for s in seats.values()] == [
        (p.is_active, p.legal_name) for p in players
    ]
    assert store.lock(10**9) is None


def test_the_locked_rows_are_models_as_the_orm_makes_them(start_table):
    """`store._built` skips `Model.__init__`: what the ORM's `from_db` sets must be set,
    the relations cached, the player's unread fields deferred, and times exact to the
    microsecond, null or not."""
    game, _players = start_table("rps", {"points": 3})
    odd = datetime(2031, 2, 3, 4, 5, 6, 789012, tzinfo=UTC)
    GameSeat.objects.filter(game=game, position=1).update(offline_since=odd, away_until=odd)
    Game.objects.filter(pk=game.pk).update(finished=odd, alarm=None)
    with transaction.atomic():
        locked = store.lock(game.pk)
    fresh = Game.objects.get(pk=game.pk)
    assert (locked.finished, locked.alarm, locked.turn_started) == (
        odd,
        None,
        fresh.turn_started,
    )
    assert (locked._state.adding, locked._state.db) == (False, "default")
    assert locked.get_deferred_fields() == set()
    for seat, orm_seat in zip(
        services.seats_of(locked).values(), fresh.seats.order_by("position"), strict=True
    ):
        for field in GameSeat._meta.concrete_fields:
            assert getattr(seat, field.attname) == getattr(orm_seat, field.attname), field.name
        assert seat.game is locked and seat.player.pk == seat.player_id
        assert (seat._state.adding, seat.player._state.adding) == (False, False)
        assert "email" in seat.player.get_deferred_fields()
        assert seat.player.email == orm_seat.player.email  # a deferred field reads on demand
    assert services.seats_of(locked)[1].offline_since == odd


def test_no_init_signal_is_listened_to_for_the_models_the_store_builds():
    """The store builds its models without `Model.__init__`, which sends these signals: a
    receiver added for one of these models would silently miss the move path's."""
    for model in (Game, GameSeat, store.PLAYER_MODEL):
        assert not pre_init.has_listeners(model) and not post_init.has_listeners(model), model


def test_a_move_is_two_statements_and_logs_its_action(start_table):
    game, players = start_table("rps", {"points": 3})
    seat = mover(game)
    with CaptureQueriesContext(connection) as queries:
        services.submit(game.pk, players[seat], 0, {"sign": "paper"})
    # (The test's own transaction turns the service's into a savepoint.)
    statements = [q["sql"] for q in queries if "SAVEPOINT" not in q["sql"]]
    # Lock the game reading its seats, write the action and the snapshot: nothing else.
    assert len(statements) == 2, statements
    game = Game.objects.get(pk=game.pk)
    assert game.seq == 1
    logged = GameAction.objects.get(game=game)
    assert (logged.seq, logged.seat, logged.actor, logged.kind, logged.action) == (
        1,
        seat,
        "player",
        "act",
        {"sign": "paper"},
    )


def test_the_move_statements_are_planned_once_per_connection(start_table):
    """The store's statements are prepared (settings.DATABASES, games/store.py); the ORM's,
    bound on the client, are not. A plan is kept per statement and parameter types."""
    game, players = start_table("rps", {"points": 10})
    for seq in range(3):
        player = players[mover(Game.objects.get(pk=game.pk))]
        services.submit(game.pk, player, seq, {"sign": "rock"})
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        prepared = {
            row[0].split(" FROM ")[0][:30]
            for row in cursor.fetchall()
            if "games_" in row[0] and "wallet_" not in row[0]  # the stakes' are the wallet's
        }
    # Reading the seats (at the start), the lock, and the save (with or without actions):
    # three statements whatever the number of moves, and none of the ORM's reads between.
    assert prepared == {
        'SELECT s."id", s."game_id", s.',
        'SELECT g."id", g."slug", g."op',
        'WITH logged AS (INSERT INTO "g',
    }, prepared


def test_bots_moves_and_a_resignation_are_logged_in_order(funded_player):
    human = funded_player()
    spec = lobby.TableSpec(
        game_slug="rps", options={"points": 10}, stake=0, seats=2, step_seconds=30, practice=True
    )
    table = lobby.create_table(human, spec)
    lobby.start_with_bots(human, table.pk)
    table.refresh_from_db()
    game = table.game
    for _ in range(2):  # a round each way: the bot answers inside the human's move
        if mover(game) == 0:
            services.submit(game.pk, human, game.seq, {"sign": "rock"})
        game = Game.objects.get(pk=game.pk)
    services.resign(game.pk, human)
    game = Game.objects.get(pk=game.pk)
    logged = list(
        GameAction.objects.filter(game=game).values_list("seq", "seat", "actor", "kind", "action")
    )
    assert game.is_over and [row[0] for row in logged] == list(range(1, game.seq + 1))
    assert (0, "player", "act", {"sign": "rock"}) in [row[1:] for row in logged]
    assert any(actor == "bot" and seat == 1 for _, seat, actor, _, _ in logged)
    assert logged[-1][1:] == (0, "system", "disconnect", None)


def _updates(table: str) -> tuple[int, int]:
    """This transaction's row updates and HOT updates on `table` (PostgreSQL's own
    per-transaction statistics)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_stat_get_xact_tuples_updated(%(t)s::regclass),"
            " pg_stat_get_xact_tuples_hot_updated(%(t)s::regclass)",
            {"t": table},
        )
        return cursor.fetchone()


def _index_count(table: str) -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_index WHERE indrelid = %s::regclass", [table])
        return cursor.fetchone()[0]


def test_a_move_rewrites_its_game_in_place(start_table):
    """No column a move changes is indexed, and the table keeps room on its pages: the
    game's new row version is a HOT update, which writes no index entry (games 0009). With
    the deadline indexed, none of these updates was HOT."""
    game, players = start_table("rps", {"points": 10})
    updated, hot = _updates("games_game")
    for seq in range(6):
        player = players[mover(Game.objects.get(pk=game.pk))]
        services.submit(game.pk, player, seq, {"sign": "rock"})
    after_updated, after_hot = _updates("games_game")
    assert after_updated - updated == 6
    assert after_hot - hot == 6
    # A logged action is found by its game through one_action_per_seq's index alone.
    assert _index_count("games_gameaction") == 2


def test_the_overdue_games_are_found_among_the_live_ones(start_table):
    """The sweep's query, now that the deadline is not indexed: only live games past their
    deadline, read through the partial index of live games when the planner must use one."""
    overdue, _ = start_table("rps", {"points": 3})
    start_table("rps", {"points": 3})  # a live game whose deadline is ahead
    over, _ = start_table("rps", {"points": 3})
    past = datetime(2020, 1, 1, tzinfo=UTC)
    Game.objects.filter(pk__in=[overdue.pk, over.pk]).update(deadline=past)
    Game.objects.filter(pk=over.pk).update(status=Game.Status.FINISHED)
    from games.selectors import overdue_games

    assert overdue_games() == [(overdue.pk, overdue.seq)]
    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL enable_seqscan = off")
        query = Game.objects.filter(status=Game.Status.PLAYING, deadline__lte=past).values("pk")
        sql, params = query.query.sql_with_params()
        cursor.execute(f"EXPLAIN {sql}", params)
        plan = " ".join(row[0] for row in cursor.fetchall())
    assert "live_games" in plan, plan


@pytest.mark.django_db(transaction=True)  # the move is announced once it commits
def test_a_move_from_a_socket_leaves_no_game_to_the_cycle_collector(start_table):
    """A game and its seats refer to each other; once the socket's move is announced the
    game is released (`store.release`), so refcounting frees it and all it holds. Without
    that, each move left ~26 objects to the collector, whose passes over a server's sockets
    were the moves' slowest round trips (bench/README.md)."""
    import gc

    from games.consumers import _changes_of

    game, players = start_table("rps", {"points": 10})
    gc.collect()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        for seq in range(4):
            player = players[mover(Game.objects.get(pk=game.pk))]
            sends, _, refusal = _changes_of(services.submit, game.pk, player, seq, {"sign": "rock"})
            assert sends and refusal is None
        gc.collect()
        left = [o for o in gc.garbage if isinstance(o, (Game, GameSeat))]
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()
    assert left == []
