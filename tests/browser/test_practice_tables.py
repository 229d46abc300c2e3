"""A practice table of every game, started with computer players from the lobby on a phone:
the game page answers, its board is drawn and the computer players move (no page error,
no failed request); Rock Paper Scissors is played to the end, every other game is
resigned, and each ends with its result shown."""

import pytest

from games import registry
from games.models import Game
from tests.browser.test_play_flow import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PHONE = {"width": 390, "height": 844}


def start_practice(page, server: str, slug: str) -> None:
    page.goto(f"{server}/lobby/new/{slug}/")
    page.check("input[name=practice]")
    page.click("button[type=submit]")
    page.click("#start-with-bots")
    page.wait_for_url("**/games/*/")


@pytest.mark.parametrize("slug", [engine.slug for engine in registry.all()])
def test_a_practice_table_with_computer_players_starts_plays_and_ends(
    server, browser, funded_player, slug
):
    page = log_in(browser.new_context(viewport=PHONE), server, funded_player())
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.on(
        "response", lambda r: problems.append(f"{r.status} {r.url}") if r.status >= 400 else None
    )
    start_practice(page, server, slug)
    page.wait_for_selector("[data-connection]:text-is('connected')")
    page.wait_for_selector("[data-status]:not(:empty)")
    game = Game.objects.get(slug=slug)
    assert game.status == Game.Status.PLAYING and game.seats.filter(player__isnull=True).exists()

    if slug == "rps":
        result = page.locator("[data-result]")
        while not result.is_visible():
            page.wait_for_selector(".rps-sign:enabled, [data-result]:visible")
            if not result.is_visible():
                page.locator(".rps-sign:enabled").first.click()
                page.wait_for_timeout(100)
    else:
        page.once("dialog", lambda dialog: dialog.accept())
        page.click("[data-resign]")
    page.wait_for_selector("[data-result]:visible", timeout=30_000)
    # A computer player takes the seat of one who resigns (Pilotta, Spades, the rummy games);
    # if that seat then wins, nobody connected won and the game is void.
    endings = ("You won.", "You lost.", "Draw.", "The game is void: every stake has been refunded.")
    assert page.locator("[data-result-text]").inner_text() in endings
    game.refresh_from_db()
    assert game.is_over
    assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0
    assert problems == []
