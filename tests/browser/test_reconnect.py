"""A table page survives a server blip: the socket says "reconnecting…", comes back by itself
with backoff, and resyncs to what happened while it was away, without a page reload."""

import pytest

from games import services as games
from games.models import Game
from tests.browser.support import in_thread, log_in, seed_paytables, start_with_computer_players

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_table_reconnects_and_resyncs_after_the_server_went_away(
    restartable_server, browser, funded_player
):
    server = restartable_server.url
    player = funded_player()
    page = log_in(browser.new_context(viewport={"width": 390, "height": 844}), server, player)
    page.goto(f"{server}/lobby/new/rps/")
    page.check("input[name=practice]")
    page.select_option("select[name=option_points]", "3")
    start_with_computer_players(page)
    page.wait_for_selector("[data-status]:text-is('Your turn: choose a sign')")
    page.wait_for_selector("[data-connection]:text-is('connected')")
    page.evaluate("window.__samePage = true")
    assert page.locator(".rps-history li").count() == 0

    restartable_server.stop()
    page.wait_for_selector("[data-connection]:text-is('reconnecting…')")
    # While the page is away, its move is played (as from another tab) and the bot answers.
    game = Game.objects.get(slug="rps")
    in_thread(lambda: games.submit(game.pk, player, game.seq, {"sign": "rock"}))
    restartable_server.start()

    page.wait_for_selector("[data-connection]:text-is('connected')", timeout=20_000)
    page.wait_for_selector(".rps-history li")  # the round played while away is shown
    assert page.evaluate("window.__samePage") is True
    assert page.locator(".rps-history li").count() == 1


@pytest.mark.parametrize("game", ["crash", "keno"])
def test_the_casino_pages_say_reconnecting_and_come_back(
    restartable_server, browser, funded_player, game
):
    seed_paytables()
    server = restartable_server.url
    page = log_in(browser.new_context(), server, funded_player())
    page.goto(f"{server}/casino/{game}/")
    page.wait_for_selector("#link:text-is('connected')")
    page.evaluate("window.__samePage = true")

    restartable_server.stop()
    page.wait_for_selector("#link:text-is('reconnecting…')")
    restartable_server.start()
    page.wait_for_selector("#link:text-is('connected')", timeout=20_000)
    assert page.evaluate("window.__samePage") is True
