"""Two players chat at a live table in real browsers, one on a 390 px phone: the line
arrives as text (never as markup), the other reports it, and the panel fits the phone."""

import pytest

from accounts import services as accounts
from games.models import ChatLine, ChatReport
from tests.browser.support import in_thread, log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LINE = "<b>good luck</b> & <img src=x>"


def test_two_players_chat_and_one_reports_a_line(server, browser, start_table, make_user):
    # Off Playwright's thread, which runs an event loop: the lobby tells its sockets in sync code.
    game, (alice, bob) = in_thread(lambda: start_table("rps", {"points": 3}))
    alice_page = log_in(browser.new_context(viewport={"width": 390, "height": 844}), server, alice)
    bob_page = log_in(browser.new_context(), server, bob)
    for page in (alice_page, bob_page):
        page.goto(f"{server}/games/{game.pk}/")
        page.wait_for_selector("[data-connection]:text-is('connected')")
        page.click("[data-chat] summary")

    alice_page.fill("[data-chat-form] input[name=text]", LINE)
    alice_page.click("[data-chat-form] button")
    bob_line = bob_page.locator("[data-chat-log] .kit-chat-line").first
    bob_line.wait_for()
    assert bob_line.locator(".kit-chat-text").inner_text() == LINE
    assert (
        bob_page.locator("[data-chat-log] b:text-is('good luck'), [data-chat-log] img").count() == 0
    )
    alice_page.wait_for_selector("[data-chat-log] .kit-chat-line.mine")
    assert alice_page.locator("[data-chat-log] .kit-chat-report").count() == 0  # not her own

    bob_page.once("dialog", lambda dialog: dialog.accept())
    bob_line.locator(".kit-chat-report").click()
    bob_page.wait_for_selector(".kit-chat-report:text-is('Reported')")
    assert "staff will look" in bob_page.inner_text("[data-chat-note]")
    report = ChatReport.objects.get()
    assert (report.reporter, report.line.text, report.line.author) == (bob, LINE, alice)

    # Bob answers; on the phone the panel shows it without scrolling sideways.
    bob_page.fill("[data-chat-form] input[name=text]", "x" * 300)
    bob_page.press("[data-chat-form] input[name=text]", "Enter")
    alice_page.wait_for_selector("[data-chat-log] .kit-chat-line:not(.mine)")
    assert alice_page.evaluate("document.documentElement.scrollWidth") <= 390
    assert ChatLine.objects.count() == 2

    # Reloading the page brings the table's chat back.
    alice_page.reload()
    alice_page.click("[data-chat] summary")
    alice_page.wait_for_selector("[data-chat-log] .kit-chat-line >> nth=1")

    # Muted by staff, Bob is told so in the panel, and his words stay in the box.
    staff = in_thread(lambda: make_user(is_staff=True))
    in_thread(lambda: accounts.chat_mute(bob, hours=1, reason="Spam", by=staff))
    bob_page.fill("[data-chat-form] input[name=text]", "can you hear me")
    bob_page.press("[data-chat-form] input[name=text]", "Enter")
    bob_page.wait_for_selector(
        "[data-chat-note].error:has-text('You are muted in table chat until')"
    )
    assert bob_page.input_value("[data-chat-form] input[name=text]") == "can you hear me"
    assert ChatLine.objects.count() == 2
