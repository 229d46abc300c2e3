"""Poker tournaments through the real services over a controlled clock: the whole field at
one table, the blinds rising with the game's clock, places by the order out, the prize
table paid once (docs/architecture.md, "Tournaments")."""

import json
from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from django.contrib.auth.models import Permission
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import timezone

from games import replay
from games import services as games
from games.models import GameAction
from games.poker.tournament import DEFAULT_BLINDS
from tests.games.conftest import Clock, open_socket, same_deals
from tournaments import services
from tournaments.models import Entry, Tournament
from wallet.invariants import ledger_problems
from wallet.models import Transaction
from wallet.selectors import cash_balance

from .test_staff_page import tournament_form

pytestmark = pytest.mark.django_db(transaction=True)

POKER = {"format": "poker", "game_slug": "holdem-tournament", "options": {"starting_chips": 500}}


@pytest.fixture
def clock(monkeypatch) -> Clock:
    fake = Clock()
    monkeypatch.setattr("games.clock.now", fake)
    return fake


@pytest.fixture
def fixed_seed(monkeypatch, django_db_blocker) -> None:
    """The table's seed and id fixed, so its deals and its bots' choices are the same every
    run, whatever ran before (resetting every sequence instead collided with the house
    accounts the migrations create when the test ran first)."""
    same_deals(monkeypatch, django_db_blocker)


def as_tournament_staff(client, make_user) -> None:
    """The client logged in as staff who may see and create tournaments."""
    staff = make_user(is_staff=True)
    staff.user_permissions.set(
        Permission.objects.filter(codename__in=["view_tournament", "add_tournament"])
    )
    client.force_login(staff)


def poker_form(options: str, **fields) -> dict:
    """The staff form of a poker tournament that starts when full."""
    return tournament_form(
        format="poker",
        options=options,
        minutes="0",
        max_players="9",
        guaranteed="0",
        **{"game_slug": "holdem-tournament", **fields},
    )


def play_table(tournament: Tournament, clock: Clock, seconds_a_move: float = 20) -> int:
    """Every player's move chosen by the table's bot, each after `seconds_a_move` on the
    clock (inside the step time). Returns the moves played."""
    tournament.refresh_from_db()
    game = tournament.table
    engine = games.engine_of(game)
    moves = 0
    while not game.is_over:
        seats = games.seats_of(game)
        position = min(engine.to_act(game.state))
        action = engine.bot_action(game.state, position, games.bot_rng_for(game, game.seq + 1))
        clock.advance(seconds_a_move)
        games.submit(game.pk, seats[position].player, game.seq, action)
        game.refresh_from_db()
        moves += 1
    return moves


def test_a_sit_and_go_of_six_is_played_to_one_winner_and_paid_once(
    clock, fixed_seed, make_tournament, funded_player
):
    tournament = make_tournament(
        name="Six-max sit-and-go",
        max_players=6,
        start_when_full=True,
        prize_table=[6_500, 3_500],
        entry=1_000,
        fee=100,
        **POKER,
    )
    players = [funded_player() for _ in range(6)]
    for player in players:
        services.register(player, tournament.pk)
    tournament.refresh_from_db()
    assert tournament.status == "running" and tournament.table is not None
    assert tournament.table.seats.count() == 6
    assert tournament.table.stake == 0 and tournament.table.rake_bp == 0

    play_table(tournament, clock)

    tournament.refresh_from_db()
    table = tournament.table
    assert tournament.status == "finished" and tournament.settlement is not None
    # The blinds rose with the clock: the table logged the levels it reached, and the
    # last hands were dealt above the first level's blinds.
    levels = GameAction.objects.filter(game=table, kind="time")
    assert levels.count() >= 2
    assert table.state["tournament"]["level"] >= 2
    assert table.state["rake"] == 0
    # The replay, with the levels from the log, rebuilds the table's final state.
    assert replay.check(table, replay.replay(table)).ok
    # Places: one winner with every chip, then the order out.
    entries = {e.player_id: e for e in Entry.objects.filter(tournament=tournament)}
    placing = table.outcome["placing"]
    for seat in table.seats.all():
        assert entries[seat.player_id].place == placing[seat.position]
    champion = next(e for e in entries.values() if e.place == 1)
    second = [e for e in entries.values() if e.place == 2]
    assert champion.prize == 3_900 and cash_balance(champion.player) == 100_000 - 1_100 + 3_900
    assert sum(e.prize for e in second) == 2_100
    assert sum(e.prize for e in entries.values()) == 6_000
    # The fees, and nothing else, went to the house; one settlement; the ledger balances.
    assert tournament.settlement["fees"] == 600
    assert (
        Transaction.objects.filter(reference=tournament.escrow_reference, kind="settle").count()
        == 1
    )
    assert not Transaction.objects.filter(
        reference__startswith=f"{tournament.escrow_reference}:table"
    )
    assert ledger_problems() == []


def test_a_freezeout_is_started_by_start_due_at_its_time(make_tournament, funded_player):
    starts = timezone.now() + timedelta(hours=1)
    tournament = make_tournament(max_players=9, starts_at=starts, **POKER)
    for _ in range(3):
        services.register(funded_player(), tournament.pk)
    assert services.start_due(starts - timedelta(seconds=1)) == 0
    assert services.start_due(starts) == 1
    tournament.refresh_from_db()
    assert tournament.status == "running"
    table = tournament.table
    assert table.slug == "holdem-tournament" and table.seats.count() == 3
    hand = table.state["hand"]
    assert sum(hand["starting"]) == 1_500
    first = DEFAULT_BLINDS[0]
    assert sorted(hand["live"]["bets"])[-2:] == [first.small, first.big]


def test_a_straddle_or_a_second_table_is_refused(make_tournament):
    tournament = Tournament(
        name="Straddle night",
        entry=1_000,
        registration_opens=timezone.now(),
        starts_at=timezone.now() + timedelta(hours=1),
        **{**POKER, "options": {"starting_chips": 1_500, "straddle": True}},
    )
    with pytest.raises(ValidationError) as refused:
        tournament.full_clean()
    assert "options" in refused.value.message_dict
    tournament.options, tournament.max_players = {}, 10
    with pytest.raises(ValidationError) as refused:
        tournament.full_clean()
    assert "max_players" in refused.value.message_dict
    tournament.max_players, tournament.game_slug = 9, "holdem"
    with pytest.raises(ValidationError) as refused:
        tournament.full_clean()
    assert "game_slug" in refused.value.message_dict


def test_the_settlement_is_paid_once_when_the_first_attempt_fails_and_is_retried(
    clock, fixed_seed, make_tournament, funded_player, monkeypatch
):
    tournament = make_tournament(max_players=2, start_when_full=True, **POKER)
    players = [funded_player() for _ in range(2)]
    for player in players:
        services.register(player, tournament.pk)

    def broken(*args, **kwargs):
        raise RuntimeError("the house bank is unreachable")

    with monkeypatch.context() as patch:  # the commit hook's attempt fails
        patch.setattr("tournaments.services._top_up", broken)
        play_table(tournament, clock)
    tournament.refresh_from_db()
    assert tournament.status == "finished" and tournament.settlement is None

    services.sweep()
    services.sweep()
    services.settle(tournament.pk)
    tournament.refresh_from_db()
    assert tournament.settlement["pool"] == 2_000
    assert (
        Transaction.objects.filter(reference=tournament.escrow_reference, kind="settle").count()
        == 1
    )
    assert sorted(cash_balance(p) for p in players) == [100_000 - 1_100, 100_000 - 1_100 + 2_000]
    assert ledger_problems() == []


def test_the_page_shows_the_table_the_level_the_next_and_the_chips(
    clock, client, make_tournament, funded_player
):
    tournament = make_tournament(max_players=3, start_when_full=True, **POKER)
    players = [funded_player() for _ in range(3)]
    for player in players:
        services.register(player, tournament.pk)
    tournament.refresh_from_db()
    client.force_login(players[0])
    clock.now = tournament.table.started + timedelta(minutes=4)
    page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    assert "Level 1: blinds 10/20 (from the next hand)" in page
    # When the next level starts and the server's clock now, from which the page counts
    # down itself (static/tournaments/countdown.js).
    started_ms = int(tournament.table.started.timestamp() * 1000)
    next_at, now = started_ms + 10 * 60_000, started_ms + 4 * 60_000
    assert f'Next: 15/30 in <span data-next-at="{next_at}" data-now="{now}">360 s' in page
    assert reverse("games:play", args=[tournament.table_id]) in page
    assert "Go to your seat" in page
    assert page.count(" chips</li>") == 3  # every player's chips, none out yet

    clock.advance(7 * 60)  # into the third level
    panel = client.get(reverse("tournaments:panel", args=[tournament.pk])).content.decode()
    assert "Level 2: blinds 15/30" in panel and "Next: 25/50" in panel


def test_staff_create_a_poker_tournament_with_their_own_blinds(client, make_user):
    as_tournament_staff(client, make_user)
    blinds = [[25, 50, 0, 15], [50, 100, 10, 15]]
    form = poker_form(
        json.dumps({"starting_chips": 3_000, "blinds": blinds}),
        name="Sunday freezeout",
        game_slug="omaha-tournament",
    )
    client.post(reverse("tournaments:staff_new"), form)
    tournament = Tournament.objects.get()
    assert tournament.format == "poker" and tournament.options["blinds"] == blinds

    refused = client.post(
        reverse("tournaments:staff_new"),
        {**form, "options": json.dumps({"starting_chips": 3_000, "straddle": True})},
    )
    assert refused.status_code == 200 and Tournament.objects.count() == 1
    assert "unknown options" in refused.context["form"].errors["options"][0]


async def test_the_sweep_tells_the_page_only_what_changed_on_the_table(
    clock, make_tournament, funded_player
):
    """Through the real channel layer: a sweep that finds the table as the page last heard
    of it sends nothing (the time to the next level is counted down by the page); a new
    level, or a player gone away, is sent once."""
    tournament = await database_sync_to_async(make_tournament)(
        max_players=3, start_when_full=True, **POKER
    )
    players = await database_sync_to_async(lambda: [funded_player() for _ in range(3)])()
    watcher = await database_sync_to_async(funded_player)()
    socket, connected = await open_socket(f"/ws/tournaments/{tournament.pk}/", watcher)
    assert connected
    for player in players:
        await database_sync_to_async(services.register)(player, tournament.pk)
    await database_sync_to_async(services.sweep)()  # the table's first picture
    while not await socket.receive_nothing(timeout=0.5):  # the registrations', the sweep's
        await socket.receive_json_from()
    changed = {"type": "changed", "tournament": tournament.pk}
    table = await database_sync_to_async(lambda: Tournament.objects.get().table)()

    await database_sync_to_async(services.sweep)()
    clock.now = table.started + timedelta(minutes=9)  # still the first level
    await database_sync_to_async(services.sweep)()
    assert await socket.receive_nothing(timeout=0.5)

    clock.now = table.started + timedelta(minutes=10)  # the second level
    for _ in range(2):
        await database_sync_to_async(services.sweep)()
    assert await socket.receive_json_from(timeout=5) == changed
    assert await socket.receive_nothing(timeout=0.5)

    await database_sync_to_async(games.resign)(table.pk, players[0])  # away, played by the table
    for _ in range(2):
        await database_sync_to_async(services.sweep)()
    assert await socket.receive_json_from(timeout=5) == changed
    assert await socket.receive_nothing(timeout=0.5)
    await socket.disconnect()


def test_a_staff_void_of_the_table_places_the_players_by_their_chips_and_pays_once(
    clock, fixed_seed, client, make_user, make_tournament, funded_player
):
    """Staff void the running table from the game's admin page (the void tool): the players
    still in are out together, placed by the chips they hold then; the prize table is paid
    once, and the ledger balances."""
    tournament = make_tournament(
        max_players=3, start_when_full=True, prize_table=[7_000, 3_000], **POKER
    )
    players = [funded_player() for _ in range(3)]
    for player in players:
        services.register(player, tournament.pk)
    tournament.refresh_from_db()
    table = tournament.table
    engine = games.engine_of(table)
    while table.state["hands"] < 4:  # a few hands: the chips differ
        seats = games.seats_of(table)
        position = min(engine.to_act(table.state))
        action = engine.bot_action(table.state, position, games.bot_rng_for(table, table.seq + 1))
        clock.advance(5)
        games.submit(table.pk, seats[position].player, table.seq, action)
        table.refresh_from_db()
    assert not table.is_over

    staff = make_user(is_staff=True)
    staff.user_permissions.set(Permission.objects.filter(codename__in=["view_game", "void_game"]))
    client.force_login(staff)
    void = reverse("admin:games_game_void", args=[table.pk])
    client.post(void, {"reason": "the table froze"})

    table.refresh_from_db()
    tournament.refresh_from_db()
    assert table.is_over and table.settled
    assert tournament.status == "finished" and tournament.settlement is not None
    ended = {seat.player_id: table.outcome["points"][seat.position] for seat in table.seats.all()}
    assert sum(ended.values()) == 1_500
    entries = list(Entry.objects.filter(tournament=tournament))
    # More chips, a better place; equal chips share it.
    for entry in entries:
        above = sum(1 for other in entries if ended[other.player_id] > ended[entry.player_id])
        assert entry.place == 1 + above
    assert sum(entry.prize for entry in entries) == 3_000

    client.post(void, {"reason": "again"})  # refused: over already
    services.sweep()
    services.settle(tournament.pk)
    assert (
        Transaction.objects.filter(reference=tournament.escrow_reference, kind="settle").count()
        == 1
    )
    assert sorted(cash_balance(p) for p in players) == sorted(
        100_000 - 1_100 + entry.prize for entry in entries
    )
    assert ledger_problems() == []


def blind_rows(*levels) -> dict[str, str]:
    """The staff page's blind rows as posted: the levels given, the other rows blank."""
    data = {"blinds-TOTAL_FORMS": "12", "blinds-INITIAL_FORMS": "0"}
    for number, level in enumerate(levels):
        for name, value in zip(("small", "big", "ante", "minutes"), level, strict=True):
            data[f"blinds-{number}-{name}"] = str(value)
    return data


@pytest.mark.parametrize(
    ("rows", "said"),
    [
        ([[50, 100, 0, 15], [25, 50, 0, 15]], "the big blind never falls"),
        ([[50, 100, 0, ""]], "a small blind, a big blind, an ante"),
        ([[100, 50, 0, 15]], "at most the big blind"),
        ([[10, 20, 0, 0]], "Ensure this value is greater than or equal to 1"),
        ([[10, 20, "x", 10]], "Enter a whole number"),
    ],
)
def test_staff_bad_blind_rows_are_refused_saying_why(client, make_user, rows, said):
    as_tournament_staff(client, make_user)
    form = poker_form("{}")
    refused = client.post(reverse("tournaments:staff_new"), {**form, **blind_rows(*rows)})
    assert refused.status_code == 200 and not Tournament.objects.exists()
    assert "The blind schedule is not right" in refused.content.decode()
    assert said in refused.content.decode()


def test_staff_type_the_blinds_in_rows(client, make_user):
    as_tournament_staff(client, make_user)
    form = poker_form('{"starting_chips": 2000}')
    page = client.get(reverse("tournaments:staff_new")).content.decode()
    assert 'name="blinds-0-small"' in page and 'name="blinds-11-minutes"' in page
    # Blinds for another format, or in the options as well as the rows: refused.
    arena = client.post(
        reverse("tournaments:staff_new"), {**tournament_form(), **blind_rows([10, 20, 0, 5])}
    )
    assert "for a poker tournament only" in arena.content.decode()
    both = {**form, "options": '{"blinds": [[10, 20, 0, 5]]}', **blind_rows([10, 20, 0, 5])}
    assert (
        "not in the options" in client.post(reverse("tournaments:staff_new"), both).content.decode()
    )
    assert not Tournament.objects.exists()

    client.post(
        reverse("tournaments:staff_new"), {**form, **blind_rows([25, 50, 0, 15], [50, 100, 10, 20])}
    )
    tournament = Tournament.objects.get()
    assert tournament.options == {
        "starting_chips": 2_000,
        "blinds": [[25, 50, 0, 15], [50, 100, 10, 20]],
    }

    # All rows blank: the default schedule (no blinds in the options).
    client.post(
        reverse("tournaments:staff_new"), {**form, "name": "Default blinds", **blind_rows()}
    )
    assert Tournament.objects.get(name="Default blinds").options == {"starting_chips": 2_000}
