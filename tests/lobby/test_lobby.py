import pytest
from django.urls import reverse

from lobby import services
from lobby.models import Seat, Table
from wallet.invariants import ledger_problems
from wallet.selectors import cash_balance

pytestmark = pytest.mark.django_db


def create_via_page(client, slug="rps", **fields):
    data = {
        "stake": "10.00",
        "seats": 2,
        "step_seconds": 30,
        "game_minutes": 0,
        "spectators_allowed": "on",
        "option_points": 3,
    }
    data.update(fields)
    return client.post(reverse("lobby:create", args=[slug]), data)


def test_create_join_accept_starts_the_game(client, funded_player):
    creator, joiner = funded_player(), funded_player()
    client.force_login(creator)
    response = create_via_page(client)
    table = Table.objects.get()
    assert response.status_code == 302 and response["Location"] == reverse(
        "lobby:table", args=[table.pk]
    )
    assert (table.stake, table.options) == (1_000, {"points": 3})
    assert cash_balance(creator) == 99_000  # held at once

    client.force_login(joiner)
    client.post(reverse("lobby:join", args=[table.pk]))
    seat = Seat.objects.get(player=joiner)
    assert seat.status == "pending" and cash_balance(joiner) == 99_000

    client.force_login(creator)
    client.post(reverse("lobby:accept", args=[table.pk, seat.pk]))
    table.refresh_from_db()
    assert table.status == "playing" and table.game.slug == "rps"
    assert list(table.game.seats.values_list("player_id", flat=True)) == [creator.pk, joiner.pk]
    # A seated player's table page leads to the game.
    assert client.get(reverse("lobby:table", args=[table.pk]))["Location"] == reverse(
        "games:play", args=[table.game.pk]
    )
    assert ledger_problems() == []


def assert_join_refused(client, player, table, message: bytes, *, balance: int) -> None:
    """Joining through the page shows why it was refused, and no seat or money moved."""
    client.force_login(player)
    response = client.post(reverse("lobby:join", args=[table.pk]), follow=True)
    assert message in response.content
    assert not Seat.objects.filter(player=player).exists()
    assert cash_balance(player) == balance


def test_joining_with_a_short_balance_is_refused(client, funded_player):
    creator, poor = funded_player(), funded_player(500)
    table = services.create_table(creator, spec(stake=1_000))
    assert_join_refused(client, poor, table, b"Your balance is too low", balance=500)


def test_decline_leave_and_cancel_refund(funded_player):
    creator, a, b = funded_player(), funded_player(), funded_player()
    table = services.create_table(creator, spec(seats=2))
    seat_a = services.join(a, table.pk)
    services.decline(creator, seat_a.pk)
    assert cash_balance(a) == 100_000
    seat_b = services.join(b, table.pk)
    services.leave(b, table.pk)
    assert cash_balance(b) == 100_000
    assert Seat.objects.get(pk=seat_b.pk).status == "left"
    services.join(a, table.pk)
    services.cancel(creator, table.pk)
    assert (cash_balance(creator), cash_balance(a)) == (100_000, 100_000)
    table.refresh_from_db()
    assert table.status == "cancelled"
    assert ledger_problems() == []  # the closed escrow holds nothing


def test_only_the_creator_accepts_or_cancels(funded_player):
    creator, a, b = funded_player(), funded_player(), funded_player()
    table = services.create_table(creator, spec())
    seat = services.join(a, table.pk)
    with pytest.raises(services.LobbyError):
        services.accept(b, seat.pk)
    with pytest.raises(services.LobbyError):
        services.cancel(a, table.pk)
    with pytest.raises(services.LobbyError):
        services.join(a, table.pk)  # twice


def test_a_full_table_refuses_more(funded_player):
    creator, a, b = funded_player(), funded_player(), funded_player()
    table = services.create_table(creator, spec())
    services.join(a, table.pk)
    with pytest.raises(services.LobbyError, match="full"):
        services.join(b, table.pk)


def test_the_per_game_table_limit(funded_player, settings):
    settings.GAME_LIMITS = {"rps": {"max_tables": 2}}
    player = funded_player()
    services.create_table(player, spec())
    services.create_table(player, spec())
    with pytest.raises(services.LobbyError, match="already at 2 tables"):
        services.create_table(player, spec())


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"stake": "-5"}, b"Enter an amount"),
        ({"stake": "abc"}, b"Enter an amount"),
        ({"stake": "1.234"}, b"at most 2 decimal places"),
        ({"stake": "999999"}, b"outside this game"),
        ({"option_points": 11}, b"Select a valid choice"),
        ({"step_seconds": 7}, b"Select a valid choice"),
        ({"seats": 3}, b"Select a valid choice"),
    ],
)
def test_tampered_create_form_changes_nothing(client, funded_player, fields, message):
    client.force_login(funded_player())
    response = create_via_page(client, **fields)
    assert response.status_code == 200 and message in response.content
    assert not Table.objects.exists()


def test_private_tables_are_hidden_and_joined_by_link(client, funded_player):
    creator, friend = funded_player(), funded_player()
    table = services.create_table(creator, spec(private=True))
    client.force_login(friend)
    assert b"Join" not in client.get(reverse("lobby:tables")).content
    assert client.get(reverse("lobby:table", args=[table.pk])).status_code == 404
    assert client.post(reverse("lobby:join", args=[table.pk])).status_code == 404
    client.get(reverse("lobby:invite", args=[table.invite_code]))
    assert client.get(reverse("lobby:table", args=[table.pk])).status_code == 200
    client.post(reverse("lobby:join", args=[table.pk]))
    assert Seat.objects.filter(player=friend, status="pending").exists()


def test_the_list_filters(client, funded_player):
    player = funded_player()
    services.create_table(player, spec(stake=500))
    services.create_table(player, spec(stake=5_000, options={"points": 5}))
    client.force_login(funded_player())
    page = lambda q: client.get(reverse("lobby:tables") + q).content.decode()  # noqa: E731
    assert page("").count("/lobby/t/") == 2
    assert page("?min_stake=10").count("/lobby/t/") == 1
    assert page("?max_stake=10").count("/lobby/t/") == 1
    assert page("?opt_points=5").count("/lobby/t/") == 1
    assert page("?game=penalty").count("/lobby/t/") == 0


def test_lobby_page_shows_online_now(client, funded_player):
    client.force_login(funded_player())
    page = client.get(reverse("lobby:index")).content.decode()
    assert "Online now:" in page and "Rock Paper Scissors" in page


def spec(**overrides):
    base = {
        "game_slug": "rps",
        "options": {"points": 3},
        "stake": 1_000,
        "seats": 2,
        "step_seconds": 30,
    }
    base.update(overrides)
    return services.TableSpec(**base)


def test_a_stake_past_the_players_loss_limit_is_refused_with_its_reason(client, funded_player):
    from accounts import protection

    creator, careful = funded_player(), funded_player(5_000)
    protection.set_limit(careful, "loss", "day", 500)
    table = services.create_table(creator, spec(stake=1_000))
    assert_join_refused(client, careful, table, b"past your loss limit per 24 hours", balance=5_000)
    with pytest.raises(services.LobbyError, match="loss limit"):
        services.create_table(careful, spec(stake=1_000))
    assert not Table.objects.filter(creator=careful).exists()


@pytest.mark.parametrize(
    ("online", "in_play", "text"),
    [
        (1, 1, "Online now: 1 player, 1 game in play"),
        (2, 0, "Online now: 2 players, 0 games in play"),
        (None, 3, "Online now: not known just now, 3 games in play"),
    ],
)
def test_online_now_speaks_in_words(online, in_play, text):
    from django.template.loader import render_to_string

    assert (
        render_to_string("lobby/_online.html", {"online": online, "in_play": in_play}).strip()
        == text
    )


def test_your_tables_name_the_game_and_say_practice_and_waiting_in_words(client, funded_player):
    player = funded_player()
    client.force_login(player)
    create_via_page(client, practice="on", stake="")
    page = client.get(reverse("lobby:index")).content.decode()
    mine = page[page.index("Your tables") : page.index("Open tables")]
    assert "Rock Paper Scissors · practice" in mine and "waiting for players" in mine
    assert "0.00" not in mine and "Rps" not in mine


def test_a_tables_page_before_play_says_its_status_and_options_in_words(client, funded_player):
    client.force_login(funded_player())
    create_via_page(client, option_points=5)
    table = Table.objects.get()
    page = client.get(reverse("lobby:table", args=[table.pk])).content.decode()
    assert "Waiting for players" in page
    assert "<dt>Points to win</dt><dd>5</dd>" in page
    assert "points:" not in page and "False" not in page


def test_the_lobby_lists_the_games_in_play_a_spectator_may_watch(client, funded_player):
    """Each watchable game with its name, link and stake; a game closed to spectators is
    counted among the games in play but not listed."""
    creator, joiner = funded_player(), funded_player()
    client.force_login(creator)
    create_via_page(client)
    create_via_page(client, spectators_allowed="")
    for table in Table.objects.order_by("pk"):
        client.force_login(joiner)
        client.post(reverse("lobby:join", args=[table.pk]))
        seat = Seat.objects.get(table=table, player=joiner)
        client.force_login(creator)
        client.post(reverse("lobby:accept", args=[table.pk, seat.pk]))
    watchable, closed = (table.game for table in Table.objects.order_by("pk"))
    assert watchable.status == closed.status == "playing" and not closed.spectators_allowed

    client.force_login(funded_player())  # seated at neither: no "Your tables" links
    page = client.get(reverse("lobby:index")).content.decode()
    link = reverse("games:play", args=[watchable.pk])
    assert f'<a href="{link}">Rock Paper Scissors #{watchable.pk}</a> · 10.00' in page
    assert reverse("games:play", args=[closed.pk]) + '"' not in page
    assert "2 games in play" in page
