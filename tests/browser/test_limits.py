"""A player sets a deposit limit on their limits page, on a phone, and the wallet page's
deposits then count what they deposited earlier that day, before the limit existed (the
limit builds the player's cash hours from the ledger as it is set)."""

import pytest

from tests.browser.support import PHONE_SIZE, log_in
from wallet.selectors import cash_balance_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LIMIT_FORM = "form:has(input[name=action][value=limit])"
DEPOSIT_FORM = "form[action$='/wallet/deposit/']"


def test_a_limit_set_on_the_page_counts_the_days_earlier_deposit(server, browser, funded_player):
    player = funded_player(10_000)  # 100.00 deposited today, before any limit
    page = log_in(browser.new_context(viewport=PHONE_SIZE), server, player)
    page.goto(f"{server}/account/responsible-gaming/")
    page.select_option(f"{LIMIT_FORM} select[name=kind]", "deposit")
    page.select_option(f"{LIMIT_FORM} select[name=period]", "day")
    page.fill(f"{LIMIT_FORM} input[name=amount]", "150.00")
    page.click(f"{LIMIT_FORM} button")
    page.wait_for_load_state()
    assert "is in force now" in page.inner_text("body")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE_SIZE["width"]

    def deposit(amount: str) -> str:
        page.goto(f"{server}/wallet/")
        page.fill(f"{DEPOSIT_FORM} input[name=amount]", amount)
        page.click(f"{DEPOSIT_FORM} button")
        page.wait_for_load_state()
        return page.inner_text("body")

    refusal = deposit("60.00")
    assert "would pass your deposit limit per 24 hours (150.00" in refusal
    assert "already deposited 100.00" in refusal
    assert cash_balance_of(player.pk) == 10_000  # the 100.00 before the limit counted
    assert "added to your balance" in deposit("50.00")
    assert cash_balance_of(player.pk) == 15_000
