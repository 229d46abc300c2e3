"""The wallet page's money forms as a player uses them, on a phone: each page load carries
its own one-time token (the form's markup is written once per process, the tokens put in
per page), a deposit made through it moves the money once, and a form sent again with a
spent token is refused without moving anything."""

import pytest

from tests.browser.support import PHONE_SIZE, log_in
from wallet.models import Deposit
from wallet.selectors import cash_balance_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DEPOSIT_FORM = "form[action$='/wallet/deposit/']"


def test_a_deposit_through_the_wallet_page_moves_money_once(server, browser, funded_player):
    player = funded_player(10_000)
    page = log_in(browser.new_context(viewport=PHONE_SIZE), server, player)
    page.goto(f"{server}/wallet/")
    first_token = page.locator(f"{DEPOSIT_FORM} input[name=token]").input_value()
    page.reload()
    token = page.locator(f"{DEPOSIT_FORM} input[name=token]").input_value()
    assert token and token != first_token

    page.fill(f"{DEPOSIT_FORM} input[name=amount]", "25.50")
    page.click(f"{DEPOSIT_FORM} button")
    page.wait_for_url(f"{server}/wallet/")
    assert "added to your balance" in page.inner_text("body")
    assert cash_balance_of(player.pk) == 10_000 + 2_550

    page.goto(f"{server}/wallet/")  # a new page, a new token; the spent one put back in
    assert page.locator(f"{DEPOSIT_FORM} input[name=token]").input_value() != token
    page.eval_on_selector(
        f"{DEPOSIT_FORM} input[name=token]", "(input, t) => input.value = t", token
    )
    page.fill(f"{DEPOSIT_FORM} input[name=amount]", "25.50")
    page.click(f"{DEPOSIT_FORM} button")
    page.wait_for_load_state()
    assert "already sent" in page.inner_text("body")
    assert cash_balance_of(player.pk) == 10_000 + 2_550
    assert Deposit.objects.filter(player=player).count() == 2  # the funding and this one
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE_SIZE["width"]
