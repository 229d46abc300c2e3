"""Every page a player meets, opened on a phone (390 px wide) in Chromium: none may scroll
sideways, and none may answer an error or ask for something that is not there."""

import pytest
from django.urls import reverse

from casino import registry as round_games
from games import registry as table_games
from tests.browser.support import PHONE_SIZE, in_thread, log_in, seed_paytables
from tests.casino import draw_rounds

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def player_pages() -> list[str]:
    pages = [
        "/",
        "/rules/",
        "/responsible-gaming/",
        "/complaints/",
        "/lobby/",
        *(reverse("lobby:create", args=[e.slug]) for e in table_games.all()),
        *(reverse("games:rules", args=[e.slug]) for e in table_games.all()),
        "/casino/",
        "/casino/crash/",
        "/casino/keno/",
        "/casino/crash/fairness/",
        "/casino/keno/fairness/",
        *(reverse("casino:play", args=[g.slug]) for g in round_games.all()),
        *(reverse("casino:rules", args=[g.slug]) for g in round_games.all()),
        reverse("casino:fairness", args=["roulette-european"]),
        "/wallet/",
        "/wallet/deposit/",
        "/wallet/withdraw/",
        "/history/",
        "/history/complaints/",
        "/account/",
        "/account/responsible-gaming/",
        "/accounts/email/",
        "/accounts/password/change/",
    ]
    return pages


def test_no_page_a_player_meets_scrolls_sideways_on_a_phone(server, browser, funded_player):
    seed_paytables()
    in_thread(lambda: draw_rounds.open_round("roulette-european"))
    player = funded_player(123_456_789)
    page = log_in(browser.new_context(viewport=PHONE_SIZE), server, player)
    failures: list[str] = []
    page.on(
        "response", lambda r: failures.append(f"{r.status} {r.url}") if r.status >= 400 else None
    )
    wide = {}
    for path in player_pages():
        response = page.goto(f"{server}{path}")
        assert response.status == 200, path
        page.wait_for_load_state("load")
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        if overflow > 0:
            wide[path] = overflow
    assert wide == {}, f"these pages scroll sideways at 390 px: {wide}"
    assert failures == []
