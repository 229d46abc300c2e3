"""The pages a player opens most cost the same queries whatever their history holds:
counted with 10 and with 1,000 statement lines behind them (bench/pages.py measures
their rate with 10,000)."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from wallet import services

pytestmark = pytest.mark.django_db

PAGES = ["/lobby/", "/casino/", "/casino/crash/", "/wallet/", "/history/"]


def play(player, lines: int, start: int = 0) -> None:
    """`lines` more statement lines: a Crash bet and its win, over and over."""
    for n in range(start, start + lines // 2):
        services.place_bet(player, 100, key=f"bet:{n}", reference=f"round:crash:{n}")
        services.pay_wins({player: 150}, key=f"win:{n}", reference=f"round:crash:{n}")


def queries(client, page: str) -> int:
    with CaptureQueriesContext(connection) as captured:
        response = client.get(page)
    assert response.status_code == 200, (page, response.status_code)
    return len(captured.captured_queries)


def test_no_page_costs_more_queries_with_more_history(client, make_user):
    player = make_user()
    services.deposit(player, 10**9, provider="test", provider_reference="p", key="p")
    client.force_login(player)
    play(player, 10)
    for page in PAGES:
        queries(client, page)  # once first: what is cached per process is cached
    few = {page: queries(client, page) for page in PAGES}
    play(player, 1_000 - 10, start=5)
    many = {page: queries(client, page) for page in PAGES}
    assert many == few
