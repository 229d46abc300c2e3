"""The site header on a phone: every control readable, one row however large the balance,
and no request of the page answered 404 (the favicon included)."""

import pytest

from tests.browser.support import PHONE_SIZE, log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def colours(page, selector: str) -> tuple[str, str]:
    return page.eval_on_selector(
        selector,
        "el => [getComputedStyle(el).color, getComputedStyle(el).backgroundColor]",
    )


def failed_requests(page) -> list[str]:
    failures: list[str] = []
    page.on("response", lambda r: failures.append(r.url) if r.status >= 400 else None)
    return failures


def test_a_visitor_can_read_the_sign_up_button(server, browser):
    page = browser.new_context(viewport=PHONE_SIZE).new_page()
    failures = failed_requests(page)
    page.goto(f"{server}/")
    page.wait_for_load_state("networkidle")
    ink, paper = colours(page, ".site-header a.button")
    assert ink != paper, "the Sign up button is drawn in its own background colour"
    assert failures == []


def test_a_large_balance_keeps_the_phone_header_on_one_row(server, browser, funded_player):
    player = funded_player(123_456_789)  # 1,234,567.89
    page = log_in(browser.new_context(viewport=PHONE_SIZE), server, player)
    failures = failed_requests(page)
    page.goto(f"{server}/lobby/")
    page.wait_for_load_state("networkidle")
    assert "1,234,567.89" in page.inner_text(".site-header .balance")
    brand, who, burger = (page.locator(s).bounding_box() for s in (".brand", ".who", ".nav-burger"))
    rows = {round(box["y"] + box["height"] / 2) // 20 for box in (brand, who, burger)}
    assert len(rows) == 1, "the header wraps to a second row on a phone"
    assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0
    assert failures == []
