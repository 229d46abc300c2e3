"""A player bets on Colour Five from its page on a phone, in Chromium: two numbers chosen on
the board's picker and a plain outcome on the slip, placed with one button; the drawn
balls roll into the tray as committed, the bets settled and paid, nothing wider than the
screen."""

import pytest

from casino import draws
from casino.models import Bet, Round
from casino.numbers.line_bingo import card_numbers
from tests.browser.support import PHONE_SIZE, in_thread, log_in
from tests.casino import draw_rounds
from wallet.invariants import ledger_problems
from wallet.selectors import cash_balance

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
GAME = "colour-five"


def test_a_player_picks_numbers_watches_the_draw_and_is_paid(server, browser, funded_player):
    game_round = in_thread(lambda: draw_rounds.open_round(GAME))
    Round.objects.filter(pk=game_round.pk).update(outcome={"balls": [1, 2, 10, 19, 28]})
    player = funded_player(100_000)
    page = log_in(browser.new_context(viewport=PHONE_SIZE), server, player)
    page.goto(f"{server}/casino/{GAME}/")
    page.wait_for_selector("#link:text-is('connected')")

    page.select_option("#bet-type", "two-numbers")
    page.click(".rg-pick-grid button:text-is('2')")
    page.click(".rg-pick-grid button:text-is('28')")
    page.click(".rg-picker button:text-is('Add to slip')")
    page.select_option("#bet-type", "sum-under-92.5")
    page.click("#choices button:text-is('Add Sum under 92.5')")
    assert page.locator("#slip li").count() == 2
    assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0
    page.click("#place")
    page.wait_for_selector(".site-header .balance:text-is('998.00 EUR')")
    assert sorted(Bet.objects.values_list("label", "stake")) == [
        ("Sum under 92.5", 100),
        ("Two numbers drawn: 2 28", 100),
    ]

    draw_rounds.draw_now(game_round)
    in_thread(lambda: draws.advance(GAME))
    page.wait_for_selector(f"#result-text:has-text('Round #{game_round.number}: 1 2 10 19 28')")
    page.wait_for_selector("#board .rg-tray .rg-ball >> nth=4")
    shown = [
        b.get_attribute("data-ball") for b in page.query_selector_all("#board .rg-tray .rg-ball")
    ]
    assert shown == ["1", "2", "10", "19", "28"]
    # Two numbers at 60.48x and the sum at 1.92x on 1.00 each.
    page.wait_for_selector("#result-text:has-text('You won 62.40 EUR')")
    page.wait_for_selector(".site-header .balance:text-is('1,060.40 EUR')")
    assert cash_balance(player) == 100_000 - 200 + 6_240
    assert page.locator("#mine li[data-status='won']").count() == 2
    assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0
    assert ledger_problems() == []
    # The page deals Line Bingo's cards as the server does, to show a player's card.
    for number in (1, 611, 1200):
        assert page.evaluate(f"RoundBoards.balls.bingoCard({number})") == list(card_numbers(number))
