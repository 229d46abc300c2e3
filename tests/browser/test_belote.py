"""Two people meet in the lobby and play a hand of Classic Belote by tapping, on a phone."""

import pytest

from tests.browser.test_play_flow import log_in
from wallet import services as wallet
from wallet.invariants import ledger_problems
from wallet.selectors import cash_balance

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
TURN = ".bl-board button.bl-legal:enabled, .bl-board button[data-move]:enabled"


def start_table(server, browser, alice, bob):
    alice_page = log_in(browser.new_context(**PHONE), server, alice)
    bob_page = log_in(browser.new_context(**PHONE), server, bob)
    alice_page.goto(f"{server}/lobby/new/belote/")
    alice_page.fill("input[name=stake]", "5")
    alice_page.select_option("select[name=option_target]", "1")  # one hand: a game to 1 win
    alice_page.click("button[type=submit]")
    alice_page.wait_for_selector("text=Cancel table")
    bob_page.goto(f"{server}/lobby/")
    # Followed rather than tapped: at phone width the lobby's table list is wider than the
    # screen and its Join link sits outside the page's card.
    bob_page.goto(server + bob_page.get_attribute("#table-list a.button", "href"))
    bob_page.click("#join-table")
    alice_page.wait_for_selector("[data-accept]")
    alice_page.click("[data-accept]")
    for page in (alice_page, bob_page):
        page.wait_for_url("**/games/*/")
        page.wait_for_selector(".bl-board .bl-card")
    return alice_page, bob_page


def on_turn(pages):
    """The page whose board offers a move (both boards show the same move number)."""
    (page,) = [p for p in pages if p.locator(TURN).count()]
    return page


def tap_a_card(pages):
    page = on_turn(pages)
    card = page.locator(".bl-hand button.bl-legal").first
    played = card.get_attribute("data-card")
    card.tap()
    for p in pages:  # on the table for both, or under "Last trick" once it is closed
        p.wait_for_selector(f".bl-center [data-card='{played}']")
    return page


def person(make_user, name: str):
    user = make_user(legal_name=name)
    wallet.deposit(user, 100_000, provider="demo", provider_reference=name, key=f"seed:{name}")
    return user


def test_a_hand_of_classic_belote_by_tapping(server, browser, make_user):
    alice, bob = person(make_user, "Alice Example"), person(make_user, "Bob Example")
    pages = start_table(server, browser, alice, bob)
    alice_page = pages[0]

    offered = on_turn(pages)
    offered.screenshot(path="/tmp/belote-phone-offer.png", full_page=True)
    assert offered.locator(".bl-center [data-card]").count() == 1  # the turned card
    offered.locator("[data-move=take]").tap()
    for page in pages:
        page.wait_for_selector(".bl-chip:has-text('Trump')")
        page.wait_for_selector(".bl-hand .bl-card >> nth=8")  # three more cards: 9 each

    first = tap_a_card(pages)
    alice_page.screenshot(path="/tmp/belote-phone.png", full_page=True)
    assert first.locator(".bl-hand .bl-card").count() == 8
    while not alice_page.locator(".bl-result").count():
        tap_a_card(pages)

    for page in pages:
        page.wait_for_selector("[data-result]:not([hidden])")
    alice_page.screenshot(path="/tmp/belote-phone-over.png", full_page=True)
    results = {p: p.locator("[data-result]").inner_text() for p in pages}
    winner = alice if results[alice_page].startswith("You won") else bob
    loser = bob if winner is alice else alice
    assert cash_balance(winner) == 100_000 + 500 - 40  # the pot of 10.00 less 4% rake
    assert cash_balance(loser) == 100_000 - 500
    assert ledger_problems() == []

    alice_page.click("[data-replay]")
    alice_page.wait_for_selector("text=SHA-256(seed) equals the commitment")
    alice_page.wait_for_selector(".bl-board .bl-seat")
    assert alice_page.locator(".bl-hand").count() == 0  # the replay shows no hand
