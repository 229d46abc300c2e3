"""The Lobby page's lists are read afresh on every page, though their statements are
compiled once per process; the header's links, reversed once per process, follow the
script prefix in force."""

import pytest
from django.urls import reverse

from lobby import selectors, services
from tests.lobby.test_lobby import spec

pytestmark = pytest.mark.django_db


def lobby_page(client) -> str:
    return client.get(reverse("lobby:index")).content.decode()


def section(page: str, start: str, end: str) -> str:
    begins = page.index(start)
    return page[begins : page.index(end, begins)]


def test_tables_and_games_that_appear_after_a_page_show_on_the_next(
    client, funded_player, start_table
):
    player, other = funded_player(), funded_player()
    client.force_login(player)
    first = lobby_page(client)  # the statements compiled, with nothing to list
    assert "Your tables" not in first and "No open tables match" in first
    assert "0 games in play" in first

    waiting = services.create_table(other, spec(stake=2_500))
    services.create_table(other, spec(stake=3_500, private=True))
    mine = services.create_table(player, spec(stake=1_500))
    game, _ = start_table("rps", {"points": 3}, players=[player, other])
    page = lobby_page(client)

    open_tables = section(page, "Open tables", "Games in play")
    assert reverse("lobby:table", args=[waiting.pk]) in open_tables
    assert reverse("lobby:table", args=[mine.pk]) in open_tables
    assert "35.00" not in open_tables  # private
    assert "1 game in play" in page
    yours = section(page, "Your tables", "Open tables")
    assert f'href="{reverse("games:play", args=[game.pk])}"' in yours  # its game is on
    assert f'href="{reverse("lobby:table", args=[mine.pk])}"' in yours  # still waiting
    assert reverse("lobby:table", args=[waiting.pk]) not in yours
    assert "playing" in yours and "waiting for players" in yours


def test_the_unfiltered_list_is_the_filtered_lists_with_no_filter(funded_player):
    """The every-table statement compiled once reads what the ORM's filtered one reads."""
    creator, joiner = funded_player(), funded_player()
    tables = [services.create_table(creator, spec(stake=stake)) for stake in (1_000, 2_000)]
    services.join(joiner, tables[0].pk)
    services.create_table(creator, spec(stake=0, practice=True))
    every = selectors.open_tables()
    filtered = selectors.open_tables(game="rps")
    assert [t.pk for t in every] == [t.pk for t in filtered] and len(every) == 3
    for left, right in zip(every, filtered, strict=True):
        assert (left.taken, left.free, left.game_name, left.option_summary) == (
            right.taken,
            right.free,
            right.game_name,
            right.option_summary,
        )
    assert [t.taken for t in every] == [1, 1, 2]  # each creator seated; newest first
    assert [t.pk for t in selectors.open_tables(free_seats=1)] == [t.pk for t in every[:2]]


def test_games_in_play_that_nobody_may_watch_are_counted_and_not_listed(
    client, funded_player, start_table
):
    start_table("rps", {"points": 3}, spectators_allowed=False)
    client.force_login(funded_player())
    page = lobby_page(client)
    assert "1 game in play" in page and "<h2>Games in play</h2>" not in page
    assert selectors.live_games_and_count() == ([], 1)


def test_the_headers_links_follow_the_script_prefix(rf):
    from django.contrib.auth.models import AnonymousUser
    from django.urls import get_script_prefix, set_script_prefix

    from config.context_processors import site

    request = rf.get("/lobby/")
    request.user = AnonymousUser()
    assert site(request)["site_urls"]["wallet"] == "/wallet/"
    before = get_script_prefix()
    set_script_prefix("/site/")
    try:
        links = site(request)["site_urls"]
        assert (links["wallet"], links["terms"]) == ("/site/wallet/", "/site/terms/")
    finally:
        set_script_prefix(before)
    assert site(request)["site_urls"]["login"] == reverse("account_login")


@pytest.mark.parametrize(
    ("query", "selected"),
    [
        ("", '<option value="" selected>Any</option>'),
        ("?free_seats=2", '"2" selected>2+<'),
        ("?free_seats=9", 'aria-invalid="true"'),
    ],
)
def test_the_free_seats_filter_shows_what_was_chosen(client, funded_player, query, selected):
    client.force_login(funded_player())
    page = client.get(reverse("lobby:index") + query).content.decode()
    select = section(page, '<select name="free_seats"', "</select></label>")
    assert selected in select and select.count(" selected") == (0 if "9" in query else 1)
    assert select.count("<option") == 4
