"""A player bets on a greyhound race from the game's page on a phone, in Chromium: a Win
and a Forecast on the slip, placed with one button, the race run to the committed finishing
order, the podium showing it, the bets settled at their fixed prices, nothing scrolling
sideways."""

import pytest

from casino import draws, registry
from casino.models import Bet, Round
from tests.browser.support import PHONE_SIZE, in_thread, log_in
from tests.casino import draw_rounds
from wallet.invariants import ledger_problems
from wallet.selectors import cash_balance

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
GAME = "greyhounds"


def test_a_player_backs_a_dog_watches_the_race_and_is_paid(server, browser, funded_player):
    game_round = in_thread(lambda: draw_rounds.open_round(GAME))
    Round.objects.filter(pk=game_round.pk).update(outcome={"order": [2, 1, 6, 5, 4, 3]})
    prices = registry.get(GAME).prices
    win, forecast = prices["win"][2], prices["forecast"][(2, 1)]
    player = funded_player(100_000)
    page = log_in(browser.new_context(viewport=PHONE_SIZE), server, player)
    page.goto(f"{server}/casino/{GAME}/")
    page.wait_for_selector("#link:text-is('connected')")
    assert page.locator("#board .rg-runner").count() == 6

    page.click("#chips button:text-is('5.00 EUR')")
    page.select_option("#bet-type", "win")
    page.click(f"#choices button:text-is('2 at {win // 100}.{win % 100:02d}')")
    page.select_option("#bet-type", "forecast")
    page.click(f"#choices button:text-is('2-1 at {forecast // 100}.{forecast % 100:02d}')")
    page.select_option("#bet-type", "even")
    page.click("#choices button:text-is('Add Even')")
    assert page.locator("#slip li").count() == 3
    page.click("#place")
    page.wait_for_selector(".site-header .balance:text-is('985.00 EUR')")
    assert Bet.objects.count() == 3
    assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0

    draw_rounds.draw_now(game_round)
    in_thread(lambda: draws.advance(GAME))
    page.wait_for_selector(
        f"#result-text:has-text('Round #{game_round.number}: Dog 2 wins, then 1 and 6')"
    )
    # The podium shows once the race is run, in the committed order.
    page.wait_for_selector("#rg-podium:not([hidden]) li", timeout=15_000)
    assert page.locator("#rg-podium li").all_inner_texts()[:3] == [
        "1st dog 2",
        "2nd dog 1",
        "3rd dog 6",
    ]
    paid = 500 * win // 100 + 500 * forecast // 100 + 500 * prices["even"][None] // 100
    assert cash_balance(player) == 100_000 - 1_500 + paid
    assert page.locator("#mine li[data-status='won']").count() == 3
    assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0
    page.screenshot(path="/tmp/races-phone.png", full_page=True)
    assert ledger_problems() == []
