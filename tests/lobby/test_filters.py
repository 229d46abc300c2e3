"""The table list filters only on the games' declared options, typed as the tables store
them; lookups in query keys never reach the database. Table actions on tables or seats
that do not exist are a 404, not a 500."""

from __future__ import annotations

import pytest
from django.urls import reverse

from lobby import services
from lobby.forms import TableFilter, filterable_options
from lobby.models import Seat, Table
from wallet.selectors import cash_balance

pytestmark = pytest.mark.django_db


def spec(slug="rps", stake=500, options=None) -> services.TableSpec:
    return services.TableSpec(
        game_slug=slug, options=options or {"points": 3}, stake=stake, seats=2, step_seconds=30
    )


@pytest.fixture
def listed(client, funded_player):
    """Two open tables (Rock Paper Scissors to 3 and to 5 points) and a viewer logged in."""
    creator = funded_player()
    services.create_table(creator, spec(options={"points": 3}))
    services.create_table(creator, spec(options={"points": 5}))
    client.force_login(funded_player())

    def shown(query: str) -> int:
        response = client.get(reverse("lobby:tables") + query)
        assert response.status_code == 200
        return response.content.decode().count("/lobby/t/")

    return shown


@pytest.mark.parametrize(
    "query",
    [
        "?opt_points__regex=(",
        "?opt_points__in=5",
        "?opt_points__isnull=true",
        "?opt_points__gt=0",
        "?opt_points__contains=1",
        "?opt_nonexistent=1",
    ],
)
def test_lookups_and_unknown_options_do_not_filter(listed, query):
    assert listed(query) == 2


@pytest.mark.parametrize("query", ["?opt_points=abc", "?opt_points=99", "?opt_points=\u0665"])
def test_a_value_no_game_offers_is_refused_and_changes_nothing(listed, query):
    assert listed(query) == 2
    form = TableFilter({"opt_points": query.split("=", 1)[1]})
    assert not form.is_valid() and "opt_points" in form.errors


def test_a_declared_option_filters_with_its_type(listed):
    assert listed("?opt_points=5") == 1
    assert listed("?opt_points=3&min_stake=1") == 1


def test_boolean_options_filter_as_booleans(client, funded_player):
    creator = funded_player()
    backgammon = {"variant": "short", "points": 1}
    services.create_table(creator, spec("backgammon", options={**backgammon, "beaver": True}))
    services.create_table(creator, spec("backgammon", options=backgammon))
    client.force_login(funded_player())
    count = lambda q: client.get(reverse("lobby:tables") + q).content.decode().count("/lobby/t/")  # noqa: E731
    assert count("?opt_beaver=true") == 1
    assert count("?opt_beaver=false") == 1
    assert count("") == 2


def test_every_declared_option_is_filterable_with_its_own_type():
    options = filterable_options()
    assert options["points"][0] is int and 5 in options["points"][1]
    assert options["beaver"][0] is bool and set(options["beaver"][1]) == {False, True}
    assert TableFilter({"opt_points": "5"}).is_valid()
    form = TableFilter({"opt_points": "5", "opt_beaver": "true"})
    assert form.is_valid() and form.options() == {"points": 5, "beaver": True}


MISSING = 10**6


@pytest.mark.parametrize("action", ["join", "leave", "cancel", "start_with_bots"])
def test_an_action_on_a_missing_table_is_a_404(client, funded_player, action):
    client.force_login(funded_player())
    assert client.post(reverse(f"lobby:{action}", args=[MISSING])).status_code == 404


@pytest.mark.parametrize("action", ["accept", "decline"])
def test_an_answer_about_a_missing_seat_or_table_is_a_404(client, funded_player, action):
    creator = funded_player()
    table = services.create_table(creator, spec())
    client.force_login(creator)
    assert client.post(reverse(f"lobby:{action}", args=[table.pk, MISSING])).status_code == 404
    assert client.post(reverse(f"lobby:{action}", args=[MISSING, MISSING])).status_code == 404


@pytest.mark.parametrize("action", ["accept", "decline"])
def test_a_seat_named_under_another_table_is_a_404_and_changes_nothing(
    client, funded_player, action
):
    creator, joiner = funded_player(), funded_player()
    first = services.create_table(creator, spec())
    other = services.create_table(creator, spec(options={"points": 5}))
    seat = services.join(joiner, first.pk)
    client.force_login(creator)
    response = client.post(reverse(f"lobby:{action}", args=[other.pk, seat.pk]))
    assert response.status_code == 404
    seat.refresh_from_db()
    assert seat.status == Seat.Status.PENDING
    assert Table.objects.get(pk=first.pk).status == Table.Status.WAITING
    assert cash_balance(joiner) == 100_000 - 500
