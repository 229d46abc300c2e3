"""The history's pages (reports.history.history_page): the period's lines newest first,
50 a page, each source read only as far as the page's end, and the page numbers Django's
paginator would show, though the lines are not counted."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from casino.models import Bet
from reports import history
from tests.casino.settled_bets import settled_crash_bets

pytestmark = pytest.mark.django_db


def round_bets(player, times) -> list[Bet]:
    """A settled Crash bet of `player` at each time."""
    return settled_crash_bets(player, len(times), at=times)


def newest_first(bets) -> list[int]:
    return [bet.pk for bet in sorted(bets, key=lambda bet: (bet.created, bet.pk), reverse=True)]


def shown(page) -> list[int]:
    return [line.pk for line in page]


@pytest.fixture
def player_with_bets(make_user):
    """A player with 120 bets in the default period, three to a minute (so that pages
    part bets of the same time, ordered by id), written in an order that is not theirs,
    and bets outside the period and of another player, which no page shows."""
    player, other = make_user(), make_user()
    now = timezone.now()
    times = [now - timedelta(minutes=(n * 7) % 40) for n in range(120)]
    bets = round_bets(player, times)
    round_bets(player, [now - timedelta(days=45)])
    round_bets(other, [now - timedelta(minutes=n) for n in range(60)])
    return player, bets


def test_pages_are_the_periods_lines_newest_first(player_with_bets):
    player, bets = player_with_bets
    lines = history.History(player, history.default_period())
    pages = [history.history_page(lines, str(number)) for number in (1, 2, 3)]
    assert [shown(page) for page in pages] == [
        newest_first(bets)[:50],
        newest_first(bets)[50:100],
        newest_first(bets)[100:],
    ]
    assert [(page.number, page.has_previous(), page.has_next()) for page in pages] == [
        (1, False, True),
        (2, True, True),
        (3, True, False),
    ]
    assert (pages[1].previous_page_number(), pages[1].next_page_number()) == (1, 3)
    of_crash = history.History(player, history.default_period(), "crash")
    assert shown(history.history_page(of_crash, "2")) == newest_first(bets)[50:100]
    of_keno = history.History(player, history.default_period(), "keno-8")
    assert shown(history.history_page(of_keno, "1")) == []


def test_a_full_last_page_has_no_next(make_user):
    player = make_user()
    now = timezone.now()
    bets = round_bets(player, [now - timedelta(seconds=n) for n in range(50)])
    page = history.history_page(history.History(player, history.default_period()), None)
    assert shown(page) == newest_first(bets)
    assert (page.number, page.has_next()) == (1, False)


def test_a_page_out_of_range_is_the_last_and_not_a_number_the_first(player_with_bets):
    """As Django's Paginator.get_page shows them."""
    player, bets = player_with_bets
    lines = history.History(player, history.default_period())
    for asked in ("4", "99", "0", "-1"):
        page = history.history_page(lines, asked)
        assert (page.number, shown(page), page.has_next()) == (3, newest_first(bets)[100:], False)
    for not_a_number in ("two", "2.0", "", None):
        page = history.history_page(lines, not_a_number)
        assert (page.number, shown(page)) == (1, newest_first(bets)[:50])


def test_an_empty_history_has_one_empty_page(make_user):
    lines = history.History(make_user(), history.default_period())
    for asked in ("1", "2", "0", None):
        page = history.history_page(lines, asked)
        assert (page.number, shown(page), page.has_previous(), page.has_next()) == (
            1,
            [],
            False,
            False,
        )
