"""Two people meet in the lobby and play Portes: the player to move taps checkers and
confirms, and the other player's board follows."""

import pytest

from tests.browser import support
from tests.browser.support import PHONE_SIZE, log_in, person

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SCREENSHOTS = "/tmp/backgammon-phone-{}.png"


def play_the_roll(page) -> None:
    """Taps a movable checker and a highlighted point until the play is whole; confirms."""
    confirm = page.locator("[data-action=confirm]")
    while confirm.is_disabled():
        if not page.locator(".bg-selected").count():
            page.locator(".bg-source[data-point]").first.click()
        page.locator(".bg-target[data-point]").first.click()
    assert page.locator("[data-status]").inner_text().endswith(": confirm or undo.")
    confirm.click()


def pips(page) -> tuple[int, int]:
    """The pip counts shown above and below the board."""
    lines = page.locator(".bg-player .bg-pips").all_inner_texts()
    return int(lines[0].split()[0]), int(lines[1].split()[0])


def test_portes_is_played_by_tapping_and_the_other_board_follows(server, browser, make_user):
    alice, bob = person(make_user, "Alice Example"), person(make_user, "Bob Example")
    alice_page = log_in(browser.new_context(viewport=PHONE_SIZE), server, alice)
    bob_page = log_in(browser.new_context(viewport=PHONE_SIZE), server, bob)
    form = {"stake": "5", "option_variant": "portes", "option_points": "1"}
    support.open_table(server, alice_page, bob_page, "tavli", form, ".bg-board svg")

    pages = {"Alice": alice_page, "Bob": bob_page}
    for page in pages.values():
        # The board's own words on the page's one status line.
        page.wait_for_selector("[data-status]:text-matches('^Your roll|is playing')")
    mover = next(
        n
        for n, p in pages.items()
        if p.locator("[data-status]").inner_text().startswith("Your roll: ")
    )
    other = "Bob" if mover == "Alice" else "Alice"
    # The opening roll is the mover's: it is played at once, no cube in Tavli.
    assert pages[mover].locator(".bg-board").get_attribute("data-bg-phase") == "play"
    assert pages[other].locator("[data-action]").count() == 0
    assert pips(pages[mover]) == pips(pages[other]) == (167, 167)

    pages[mover].locator(".bg-source[data-point]").first.click()
    assert pages[mover].locator(".bg-target[data-point]").count() >= 1
    pages[mover].screenshot(path=SCREENSHOTS.format("choosing"), full_page=True)
    play_the_roll(pages[mover])

    # Both boards move on to the next move: the same position, each seen from its own side.
    for page in pages.values():
        page.wait_for_selector(".bg-board[data-bg-seq='1']")
    theirs, mine = pips(pages[mover])
    assert mine < 167 and pips(pages[other]) == (mine, theirs)
    assert pages[other].locator(".bg-last").inner_text().startswith(f"{mover} played")
    assert pages[mover].locator(".bg-last").inner_text().startswith("You played")
    pages[mover].screenshot(path=SCREENSHOTS.format("played"), full_page=True)
