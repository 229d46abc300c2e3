"""Dominoes in the browser on phones: two people meet in the lobby and play a deal for money
by tapping bones and ends; a player plays Fives against the computer to the end."""

import pytest

from games.models import Game
from tests.browser import support
from tests.browser.support import PHONE_SIZE, log_in, person, start_with_computer_players

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SCREENSHOTS = "/tmp/dominoes-phone-{}.png"
MAX_TAPS = 120


def watch(page, problems: list[str]) -> None:
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.on(
        "response", lambda r: problems.append(f"{r.status} {r.url}") if r.status >= 400 else None
    )


def take_turn(page) -> None:
    """Taps a bone that can be played and, if the board asks where, a highlighted end."""
    seq = page.locator(".dm-board").get_attribute("data-seq")
    page.locator(".dm-hand button:enabled").first.click()
    target = page.locator(".dm-target")
    if page.locator(f".dm-board[data-seq='{seq}']").count() and target.count():
        target.first.click()
    page.wait_for_selector(f".dm-board:not([data-seq='{seq}']), [data-result]:visible")


def fits_the_phone(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0


def test_two_people_play_a_deal_for_money_on_phones(server, browser, make_user):
    alice, bob = person(make_user, "Alice Example"), person(make_user, "Bob Example")
    problems: list[str] = []
    pages = {}
    for name, user in (("Alice", alice), ("Bob", bob)):
        pages[name] = log_in(browser.new_context(viewport=PHONE_SIZE), server, user)
        watch(pages[name], problems)
    form = {"stake": "5", "option_points": "1"}
    support.open_table(server, pages["Alice"], pages["Bob"], "dominoes", form, ".dm-board")
    for page in pages.values():
        page.wait_for_selector("[data-status]:text-matches('^Your turn|^Waiting for')")
        assert "Reserve: 14" in page.locator(".dm-facts").inner_text()
        assert page.locator(".dm-hand .dm-bone").count() == 7
        assert page.locator(".dm-opponent .dm-back").count() == 7

    opened = False
    for _ in range(MAX_TAPS):
        if pages["Alice"].locator("[data-result]").is_visible():
            break
        mover = next(
            (
                p
                for p in pages.values()
                if p.locator("[data-status]").inner_text().startswith("Your turn")
            ),
            None,
        )
        if mover is None:
            pages["Alice"].wait_for_timeout(100)
            continue
        take_turn(mover)
        if not opened:
            opened = True
            for page in pages.values():
                page.wait_for_selector(".dm-layout .dm-bone")
            mover.screenshot(path=SCREENSHOTS.format("opened"), full_page=True)
        assert fits_the_phone(mover)
    for page in pages.values():
        page.wait_for_selector("[data-result]:visible", timeout=15_000)
        text = page.locator("[data-result-text]").inner_text()
        assert text.startswith(("You won. Net", "You lost. Net -5.00"))  # played for money
        assert page.locator(".dm-last").inner_text().startswith("Deal 1:")
        assert fits_the_phone(page)
    pages["Alice"].screenshot(path=SCREENSHOTS.format("over"), full_page=True)
    game = Game.objects.get(slug="dominoes")
    assert game.is_over
    assert problems == []


def test_fives_against_the_computer_is_played_to_the_end(server, browser, funded_player):
    page = log_in(browser.new_context(viewport=PHONE_SIZE), server, funded_player())
    problems: list[str] = []
    watch(page, problems)
    page.goto(f"{server}/lobby/new/fives/")
    page.select_option("select[name=option_points]", "1")
    page.check("input[name=option_multi_pair]")
    page.check("input[name=practice]")
    start_with_computer_players(page)
    page.wait_for_selector(".dm-board")
    result = page.locator("[data-result]")
    for _ in range(MAX_TAPS):
        page.wait_for_selector("[data-status]:text-matches('^Your turn'), [data-result]:visible")
        if result.is_visible():
            break
        take_turn(page)
    page.wait_for_selector("[data-result]:visible", timeout=15_000)
    assert page.locator("[data-result-text]").inner_text() in ("You won.", "You lost.")
    assert "Open ends" in page.locator(".dm-facts").inner_text()
    assert fits_the_phone(page)
    page.screenshot(path=SCREENSHOTS.format("fives"), full_page=True)
    assert problems == []
