"""Two people meet in the lobby and play Rock Paper Scissors for money, in real browsers."""

import pytest

from tests.browser.support import log_in
from wallet.invariants import ledger_problems
from wallet.selectors import cash_balance

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_two_players_meet_play_and_get_paid(server, browser, funded_player):
    alice, bob = funded_player(100_000), funded_player(100_000)
    alice_page = log_in(browser.new_context(viewport={"width": 390, "height": 844}), server, alice)
    bob_page = log_in(browser.new_context(), server, bob)

    alice_page.goto(f"{server}/lobby/new/rps/")
    alice_page.fill("input[name=stake]", "5")
    alice_page.select_option("select[name=option_points]", "1")
    alice_page.click("button[type=submit]")
    alice_page.wait_for_selector("text=Cancel table")

    bob_page.goto(f"{server}/lobby/")
    bob_page.click("#table-list a.button")  # the list shows Alice's open table
    bob_page.click("#join-table")
    bob_page.wait_for_selector("text=Your stake is held")

    alice_page.wait_for_selector("[data-accept]")  # appears live over the lobby socket
    alice_page.click("[data-accept]")
    alice_page.wait_for_url("**/games/*/")
    bob_page.wait_for_url("**/games/*/")  # Bob's table page follows the start by itself

    pages = {"alice": alice_page, "bob": bob_page}
    for page in pages.values():
        page.wait_for_selector(".rps-sign")
        # What the table plays for is on the page before the first move.
        stake, pot, rake = (page.inner_text(f"[data-{k}]") for k in ("stake", "pot", "rake"))
        assert (stake, pot, rake) == ("5.00 EUR", "10.00 EUR", "0.40 EUR")
    first = next(
        name
        for name, page in pages.items()
        if page.locator("[data-status]").inner_text() == "Your turn: choose a sign"
    )
    second = "bob" if first == "alice" else "alice"
    pages[first].click(".rps-sign:has-text('Rock')")
    pages[second].wait_for_selector("[data-status]:text-is('Your turn: choose a sign')")
    pages[second].click(".rps-sign:has-text('Scissors')")

    pages[first].wait_for_selector("[data-result]:has-text('You won')")
    pages[second].wait_for_selector("[data-result]:has-text('You lost')")
    winner, loser = (alice, bob) if first == "alice" else (bob, alice)
    assert cash_balance(winner) == 100_000 + 500 - 40  # the pot of 10.00 less 4% rake
    assert cash_balance(loser) == 100_000 - 500
    assert ledger_problems() == []

    pages[first].click("[data-replay]")
    pages[first].wait_for_selector("text=SHA-256(seed) equals the commitment")
    pages[first].screenshot(path="/tmp/replay.png", full_page=True)
