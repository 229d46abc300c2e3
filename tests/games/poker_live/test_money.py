"""A money table of Hold'em through the runtime and the wallet: buy-ins held by the lobby,
a top-up taken from cash as it is asked for, a seat that leaves paid its chips when its
hand ends, the table closed when the last but one leaves, the rake hand by hand to the
house, every amount exact in minor units and the ledger clean."""

from __future__ import annotations

from datetime import timedelta

import pytest

from games import services
from games.models import Game
from tests.games.belote_live.support import bot_move, players_by_seat, reload, seat_to_act
from wallet.invariants import ledger_problems
from wallet.selectors import cash_balance

pytestmark = pytest.mark.django_db

START = 100_000
BUY_IN = 2_000  # 100 big blinds of 20


@pytest.fixture
def table(start_table, funded_player):
    people = [funded_player(START) for _ in range(3)]
    game, _ = start_table("holdem", {}, stake=BUY_IN, players=people, step_seconds=10)
    return game


def play_moves(game: Game, count: int) -> Game:
    for _ in range(count):
        game = reload(game)
        if game.is_over:
            return game
        seat = seat_to_act(game)
        services.submit(game.pk, players_by_seat(game)[seat], game.seq, bot_move(game, seat))
    return reload(game)


def house_rake() -> int:
    from tests.games.belote_live.support import house_rake as rake

    return rake()


def test_buy_ins_top_ups_and_leaves_move_exact_money_and_the_close_pays_the_rake(table):
    people = players_by_seat(table)
    assert all(cash_balance(p) == START - BUY_IN for p in people.values())
    game = play_moves(table, 40)
    # A seat short of its buy-in tops up out of turn: the cash moves at once.
    short = next(s for s in range(3) if game.state["stacks"][s] < BUY_IN)
    room = services.engine_of(game).top_up_room(game.state, short)
    before = cash_balance(people[short])
    services.submit(game.pk, people[short], game.seq, {"type": "top_up"})
    assert room > 0 and cash_balance(people[short]) == before - room
    # Seat 0 leaves: its chips come back to its cash once its hand is over.
    game = reload(game)
    services.submit(game.pk, people[0], game.seq, {"type": "leave"})
    game = play_moves(game, 30)
    assert game.state["status"][0] == "left"
    paid = sum(c for s, kind, c in game.state["moves"] if s == 0 and kind == "leave")
    put_in = sum(c for s, kind, c in game.state["moves"] if s == 0 and kind != "leave")
    assert cash_balance(people[0]) == START - put_in + paid
    assert game.seats.get(position=0).disconnected
    # The other two leave; the last one's leaving closes the table.
    for seat in (1, 2):
        game = reload(game)
        if not game.is_over:
            services.resign(game.pk, people[seat])
    game = services.settle_game(game.pk)  # the commit hook's work, in a test's transaction
    assert game.is_over and game.settled
    assert game.settlement["rake"] == game.state["rake"] == house_rake()
    total = sum(cash_balance(p) for p in people.values())
    assert total + house_rake() == 3 * START
    assert ledger_problems() == []


def test_a_top_up_of_a_chosen_amount_moves_exactly_that_and_a_wrong_one_nothing(table):
    people = players_by_seat(table)
    game, short = table, None
    while short is None:  # hands played until a seat has lost more than 40 chips
        assert game.seq < 400 and not game.is_over
        game = play_moves(game, 10)
        short = next((s for s in range(3) if game.state["stacks"][s] < BUY_IN - 40), None)
    before = cash_balance(people[short])
    with pytest.raises(services.ActionRejected):
        services.submit(game.pk, people[short], game.seq, {"type": "top_up", "chips": 19})
    assert cash_balance(people[short]) == before and reload(game).seq == game.seq
    services.submit(game.pk, people[short], game.seq, {"type": "top_up", "chips": 21})
    assert cash_balance(people[short]) == before - 21
    assert reload(game).state["moves"][-1] == [short, "top_up", 21]
    assert ledger_problems() == []


def test_a_top_up_the_balance_cannot_cover_is_refused_and_changes_nothing(
    start_table, funded_player
):
    people = [funded_player(BUY_IN), funded_player(START)]
    game, _ = start_table("holdem", {}, stake=BUY_IN, players=people)
    poor = next(s for s, p in players_by_seat(game).items() if p == people[0])
    while game.state["stacks"][poor] >= BUY_IN:  # the blinds cost it chips
        game = play_moves(game, 1)
    assert not game.is_over and cash_balance(people[0]) == 0
    with pytest.raises(services.ActionRejected) as refused:
        services.submit(game.pk, people[0], game.seq, {"type": "top_up"})
    assert refused.value.code == "insufficient_funds"
    assert reload(game).seq == game.seq


def test_a_timeout_folds_the_seat_and_the_table_goes_on(table, clock):
    game = reload(table)
    seat = seat_to_act(game)
    clock.advance(10)
    assert services.expire(game.pk, game.seq)
    game = reload(game)
    action = game.actions.order_by("seq").last()
    assert (action.seat, action.actor, action.action) == (seat, "timeout", {"type": "fold"})
    hand = game.state["hand"]
    assert (
        hand is None
        or seat not in hand["players"]
        or hand["live"]["folded"][hand["players"].index(seat)]
        or hand["number"] > 1
    )
    assert not game.is_over


def test_a_practice_table_closes_when_its_person_leaves_and_moves_no_money(funded_player):
    from lobby import services as lobby

    person = funded_player(START)
    spec = lobby.TableSpec(
        game_slug="holdem", options={}, stake=0, seats=6, step_seconds=30, practice=True
    )
    table = lobby.create_table(person, spec)
    lobby.start_with_bots(person, table.pk)
    table.refresh_from_db()
    game = reload(table.game)
    assert not game.is_over
    services.resign(game.pk, person)
    game = services.settle_game(game.pk)
    assert game.is_over and game.settled
    assert cash_balance(person) == START
    assert ledger_problems() == []


def test_a_void_closes_the_table_the_hands_played_stand_and_the_replay_agrees(table):
    from games import replay

    people = players_by_seat(table)
    game = play_moves(table, 30)
    assert game.state["rake"] > 0
    services.void_game(game.pk, "staff void")
    game = services.settle_game(game.pk)
    assert game.is_over and game.settled and game.status == Game.Status.FINISHED
    assert game.settlement["rake"] == game.state["rake"] == house_rake()
    for seat, user in people.items():
        paid = sum(c for s, kind, c in game.state["moves"] if s == seat and kind == "leave")
        assert cash_balance(user) == START - BUY_IN + paid
    assert sum(cash_balance(u) for u in people.values()) + house_rake() == 3 * START
    assert replay.replay(game)[-1].state == game.state
    assert ledger_problems() == []


def test_a_move_out_of_turn_leaves_the_turns_time_running(table, clock):
    game = reload(table)
    actor = seat_to_act(game)
    other = next(s for s in range(3) if s != actor)
    deadline = game.deadline
    clock.advance(4)
    services.submit(game.pk, players_by_seat(game)[other], game.seq, {"type": "sit_out"})
    game = reload(game)
    assert game.state["status"][other] == "out"
    assert seat_to_act(game) == actor and game.deadline == deadline
    with pytest.raises(services.ActionRejected) as refused:
        services.submit(game.pk, players_by_seat(game)[other], game.seq, {"type": "call"})
    assert refused.value.code == "not_your_turn"


def test_a_poker_tables_stake_is_its_buy_in(funded_player):
    from games import registry
    from games.conf import limits
    from lobby import services as lobby
    from lobby.forms import TableForm

    engine = registry.get("omaha")
    data = {
        "stake": "",
        "seats": "6",
        "step_seconds": "30",
        "game_minutes": "0",
        "option_big_blind": "50",
        "option_buy_in": "40",
        "option_rake_bp": "250",
        "option_rake_cap": "0",
        "spectators_allowed": "on",
    }
    form = TableForm(engine, limits("omaha"), data)
    assert form.is_valid(), form.errors
    assert form.cleaned_data["stake"] == 50 * 40
    spec = lobby.TableSpec(
        game_slug="omaha", options=form.options(), stake=1_000, seats=6, step_seconds=30
    )
    with pytest.raises(lobby.LobbyError):
        lobby.create_table(funded_player(START), spec)
    table = lobby.create_table(
        funded_player(START),
        lobby.TableSpec(
            game_slug="omaha", options=form.options(), stake=2_000, seats=6, step_seconds=30
        ),
    )
    assert lobby.buy_in(table) == 2_000


def test_a_seat_out_of_time_too_often_is_left_empty_and_paid_its_chips(table, clock):
    from games.timers import MAX_TIMEOUTS

    people = players_by_seat(table)
    game = reload(table)
    sleeper = seat_to_act(game)
    while not game.seats.get(position=sleeper).disconnected:
        if seat_to_act(game) == sleeper:
            clock.advance(10)
            assert services.expire(game.pk, game.seq)
        else:
            game = play_moves(game, 1)
        game = reload(game)
    assert game.seats.get(position=sleeper).timeouts == MAX_TIMEOUTS + 1
    # Its cards are dead: it has gone, or goes when the hand ends.
    assert game.state["leaving"][sleeper] or game.state["status"][sleeper] == "left"
    while game.state["status"][sleeper] != "left":
        game = play_moves(game, 1)
    paid = sum(c for s, kind, c in game.state["moves"] if s == sleeper and kind == "leave")
    assert cash_balance(people[sleeper]) == START - BUY_IN + paid
    assert not game.is_over  # two seats play on
    assert ledger_problems() == []


def test_computer_players_leave_when_the_only_person_sits_out(funded_player):
    from lobby import services as lobby

    person = funded_player(START)
    spec = lobby.TableSpec(
        game_slug="holdem", options={}, stake=0, seats=4, step_seconds=30, practice=True
    )
    table = lobby.create_table(person, spec)
    lobby.start_with_bots(person, table.pk)
    table.refresh_from_db()
    game = reload(table.game)
    services.submit(game.pk, person, game.seq, {"type": "sit_out"})
    game = reload(game)
    # The hand in play is played out by the bots; then nobody plays, so they leave.
    while not game.is_over and seat_to_act(game) is not None:
        game = play_moves(game, 1)
    game = reload(game)
    assert game.is_over
    assert all(s.disconnected for s in game.seats.all())


def test_a_closed_tables_replay_checks_out_for_its_players(table, client):
    people = players_by_seat(table)
    game = play_moves(table, 25)
    services.void_game(game.pk, "closed for the replay")
    client.force_login(people[0])
    page = client.get(f"/games/{game.pk}/replay/").content.decode()
    assert "games/poker/board.js" in page
    assert reload(game).state["history"][0]["seed"] in page  # each hand's seed, revealed


def test_each_players_net_is_what_it_took_away_less_what_it_brought(table):
    people = players_by_seat(table)
    game = play_moves(table, 40)
    services.void_game(game.pk, "closed to count")
    game = services.settle_game(game.pk)
    for seat, user in people.items():
        assert game.settlement["net"][seat] == cash_balance(user) - START
    assert sum(game.settlement["net"]) == -game.settlement["rake"]


def keep_playing(game: Game, clock, seconds: int) -> Game:
    """The others play on, one move every 5 s (inside their step time), for `seconds`."""
    for _ in range(seconds // 5):
        clock.advance(5)
        game = play_moves(game, 1)
    return game


def test_a_seat_sitting_out_past_its_window_is_left_empty_and_paid_its_chips_once(table, clock):
    from games.messages import state_message
    from games.timers import MAX_TIMEOUTS, RECONNECT_SECONDS_PER_TIMEOUT

    people = players_by_seat(table)
    game = reload(table)
    sitter = next(s for s in range(3) if s != seat_to_act(game))
    services.submit(game.pk, people[sitter], game.seq, {"type": "sit_out"})
    window = RECONNECT_SECONDS_PER_TIMEOUT * (MAX_TIMEOUTS + 1)  # no timeout yet: 150 s
    away_until = clock.now + timedelta(seconds=window)
    assert reload(game).seats.get(position=sitter).away_until == away_until
    shown = state_message(reload(game), sitter)["players"][sitter]["away_until"]
    assert shown == int(away_until.timestamp() * 1000)
    # The others play on; the window does not move with their moves.
    game = keep_playing(reload(game), clock, window - 10)
    assert game.seats.get(position=sitter).away_until == away_until
    assert game.state["status"][sitter] == "out"
    # Its time is up: at the table's timer the seat is left empty and its chips go home.
    clock.advance(10)
    for _ in range(3):  # a seat to act may be out of time first
        services.expire(game.pk, reload(game).seq)
        game = reload(game)
        if game.seats.get(position=sitter).disconnected:
            break
    assert game.state["status"][sitter] == "left"
    removal = game.actions.filter(seat=sitter).order_by("seq").last()
    assert (removal.actor, removal.kind) == ("system", "disconnect")
    leaves = [c for s, kind, c in game.state["moves"] if s == sitter and kind == "leave"]
    assert len(leaves) == 1 and leaves[0] > 0
    assert cash_balance(people[sitter]) == START - BUY_IN + leaves[0]
    # Nothing more is paid however often the timer rings, and its moves are refused.
    assert not services.expire(game.pk, game.seq)
    with pytest.raises(services.ActionRejected) as refused:
        services.submit(game.pk, people[sitter], game.seq, {"type": "sit_in"})
    assert refused.value.code == "removed"
    assert cash_balance(people[sitter]) == START - BUY_IN + leaves[0]
    assert not game.is_over and ledger_problems() == []


def test_a_seat_that_sits_in_within_its_window_keeps_its_place(table, clock):
    people = players_by_seat(table)
    game = reload(table)
    sitter = next(s for s in range(3) if s != seat_to_act(game))
    services.submit(game.pk, people[sitter], game.seq, {"type": "sit_out"})
    game = keep_playing(reload(game), clock, 100)
    services.submit(game.pk, people[sitter], game.seq, {"type": "sit_in"})
    game = reload(game)
    assert game.seats.get(position=sitter).away_until is None
    assert game.state["status"][sitter] == "playing"
    # Long past the first window, it still sits at the table.
    game = keep_playing(game, clock, 100)
    assert not game.seats.get(position=sitter).disconnected
    assert game.state["status"][sitter] == "playing"
    assert all(kind != "leave" for s, kind, _ in game.state["moves"] if s == sitter)


def test_a_late_sit_in_is_refused_and_the_seat_leaves_with_its_chips(table, clock):
    people = players_by_seat(table)
    game = reload(table)
    sitter = next(s for s in range(3) if s != seat_to_act(game))
    services.submit(game.pk, people[sitter], game.seq, {"type": "sit_out"})
    game = keep_playing(reload(game), clock, 145)
    clock.advance(6)  # no timer has rung yet when the sit in arrives
    with pytest.raises(services.ActionRejected) as refused:
        services.submit(game.pk, people[sitter], game.seq, {"type": "sit_in"})
    assert refused.value.code == "removed"
    game = reload(game)
    assert game.state["status"][sitter] == "left"
    paid = sum(c for s, kind, c in game.state["moves"] if s == sitter and kind == "leave")
    assert cash_balance(people[sitter]) == START - BUY_IN + paid


def test_a_table_waiting_for_its_one_sitter_closes_when_the_window_ends(
    start_table, funded_player, clock
):
    from games import replay
    from games.messages import state_message

    people = [funded_player(START) for _ in range(2)]
    game, _ = start_table("holdem", {}, stake=BUY_IN, players=people, step_seconds=10)
    by_seat = players_by_seat(game)
    services.submit(game.pk, by_seat[0], game.seq, {"type": "sit_out"})
    game = reload(game)
    while game.state["hand"] is not None:  # the hand in play is played out
        game = play_moves(game, 1)
    assert services.engine_of(game).to_act(game.state) == set()
    assert game.deadline == game.seats.get(position=0).away_until  # nobody acts: only it
    shown = state_message(game, 1)
    assert shown["deadline"] is None  # no move is being timed
    assert shown["players"][0]["away_until"] == int(game.deadline.timestamp() * 1000)
    clock.advance(150)
    assert services.expire(game.pk, game.seq)
    game = services.settle_game(game.pk)
    assert game.is_over and game.settled
    for seat, user in by_seat.items():
        paid = sum(c for s, kind, c in game.state["moves"] if s == seat and kind == "leave")
        assert cash_balance(user) == START - BUY_IN + paid
    assert sum(map(cash_balance, people)) + house_rake() == 2 * START
    assert replay.replay(game)[-1].state == game.state
    assert ledger_problems() == []
