"""A player bets on the 19-sector wheel from its page on a phone, in Chromium: a slip of
two bets placed with one button, the wheel stopping on the committed sector, the bets
settled and the balance paid, nothing wider than the screen."""

import pytest

from casino import draws
from casino.models import Bet, Round
from tests.browser.support import PHONE_SIZE, in_thread, log_in
from tests.casino import draw_rounds
from wallet.invariants import ledger_problems
from wallet.selectors import cash_balance

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
GAME = "wheel"


def test_a_player_bets_on_the_wheel_watches_it_stop_and_is_paid(server, browser, funded_player):
    game_round = in_thread(lambda: draw_rounds.open_round(GAME))
    Round.objects.filter(pk=game_round.pk).update(outcome={"sector": "7"})
    player = funded_player(100_000)
    page = log_in(browser.new_context(viewport=PHONE_SIZE), server, player)
    page.goto(f"{server}/casino/{GAME}/")
    page.wait_for_selector("#link:text-is('connected')")
    assert page.locator("#board .ft-segment").count() == 19

    page.click("#chips button:text-is('5.00 EUR')")
    page.select_option("#bet-type", "number")
    page.click("#choices button:text-is('7')")
    page.select_option("#bet-type", "cup")
    page.click("#choices button:text-is('Add Cup')")
    assert page.locator("#slip li").count() == 2
    page.click("#place")
    page.wait_for_selector(".site-header .balance:text-is('990.00 EUR')")
    assert sorted(Bet.objects.values_list("label", "stake")) == [("Cup", 500), ("Number 7", 500)]
    assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0

    draw_rounds.draw_now(game_round)
    in_thread(lambda: draws.advance(GAME))
    page.wait_for_selector(f"#result-text:has-text('Round #{game_round.number}: 7 grey')")
    page.wait_for_selector("#ft-centre:text-is('7')")  # after the spin
    # 7 at 17:1 on 5.00: 90.00 back; the cup lost.
    page.wait_for_selector("#result-text:has-text('You won 90.00 EUR')")
    page.wait_for_selector(".site-header .balance:text-is('1,080.00 EUR')")
    assert cash_balance(player) == 100_000 - 1_000 + 9_000
    assert page.locator("#mine li[data-status='won']").count() == 1
    assert page.locator("#mine li[data-status='lost']").count() == 1
    assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0
    assert ledger_problems() == []
