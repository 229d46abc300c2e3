"""The pages a player opens most cost the same queries whatever their history holds:
counted with 10 and with 1,000 statement lines behind them (bench/pages.py measures
their rate with 10,000)."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.casino.settled_bets import settled_crash_bets
from wallet import services

pytestmark = pytest.mark.django_db

PAGES = ["/lobby/", "/casino/", "/casino/crash/", "/wallet/", "/history/"]


def play(player, lines: int, start: int = 0) -> None:
    """`lines` more statement lines: a Crash bet and its win, over and over, and the bets'
    rounds and rows, which the history lists."""
    for n in range(start, start + lines // 2):
        services.place_bet(player, 100, key=f"bet:{n}", reference=f"round:crash:{n}")
        services.pay_wins({player: 150}, key=f"win:{n}", reference=f"round:crash:{n}")
    settled_crash_bets(player, lines // 2)


def queries(client, page: str) -> int:
    with CaptureQueriesContext(connection) as captured:
        response = client.get(page)
    assert response.status_code == 200, (page, response.status_code)
    return len(captured.captured_queries)


def counts(client) -> dict[str, int]:
    return {page: queries(client, page) for page in PAGES}


def test_no_page_costs_more_queries_with_more_history(client, make_user):
    """Counted twice each time: right after new lines (what is remembered under the
    player's newest line, the history's totals, is computed again) and once more."""
    player = make_user()
    services.deposit(player, 10**9, provider="test", provider_reference="p", key="p")
    client.force_login(player)
    play(player, 10)
    counts(client)  # once first: what is cached per process is cached
    play(player, 2, start=5)
    after_few, few = counts(client), counts(client)
    play(player, 1_000 - 12, start=6)
    after_many, many = counts(client), counts(client)
    assert (after_many, many) == (after_few, few)
    assert client.get("/history/").content.count(b"<tr>") == 1 + 50  # its head and a full page
    assert few["/history/"] == after_few["/history/"] - 1  # the totals, remembered
