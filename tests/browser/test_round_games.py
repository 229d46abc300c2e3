"""A player bets on a roulette round from the game's page on a phone, in Chromium: a slip of
chips placed with one button, the header balance down at once, the wheel stopping on the
committed pocket, the bets settled and the balance paid, nothing scrolling sideways."""

import pytest

from casino import draws
from casino.models import Bet, Round
from tests.browser.support import PHONE_SIZE, in_thread, log_in
from tests.casino import draw_rounds
from wallet.invariants import ledger_problems
from wallet.selectors import cash_balance

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
GAME = "roulette-european"


def test_a_player_bets_watches_the_wheel_and_is_paid(server, browser, funded_player):
    # The draw an hour ahead, so the test says when it happens; the pocket fixed for it.
    game_round = in_thread(lambda: draw_rounds.open_round(GAME))
    Round.objects.filter(pk=game_round.pk).update(outcome={"pockets": ["17"]})
    player = funded_player(100_000)
    page = log_in(browser.new_context(viewport=PHONE_SIZE), server, player)
    page.goto(f"{server}/casino/{GAME}/")
    page.wait_for_selector("#link:text-is('connected')")
    assert "1,000.00 EUR" in page.inner_text(".site-header .balance")

    page.click("#chips button:text-is('5.00 EUR')")
    page.select_option("#bet-type", "straight")
    page.click("#choices button:text-is('17')")
    page.select_option("#bet-type", "red")
    page.click("#choices button:text-is('Add Red')")
    assert page.locator("#slip li").count() == 2
    assert page.is_visible("#place")  # the slip's button stays on a phone's screen
    page.click("#place")
    page.wait_for_selector("#slip-total:text-is('No bets on the slip.')")
    page.wait_for_selector(".site-header .balance:text-is('990.00 EUR')")
    assert sorted(Bet.objects.values_list("label", "stake")) == [
        ("Red", 500),
        ("Straight up 17", 500),
    ]
    assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0

    draw_rounds.draw_now(game_round)
    in_thread(lambda: draws.advance(GAME))
    page.wait_for_selector(f"#result-text:has-text('Round #{game_round.number}: 17 black')")
    page.wait_for_selector("#rg-centre:text-is('17')")
    page.wait_for_selector("#result-text:has-text('You won 180.00 EUR')")
    page.wait_for_selector(".site-header .balance:text-is('1,170.00 EUR')")
    assert cash_balance(player) == 100_000 - 1_000 + 18_000
    assert page.locator("#mine li[data-status='won']").count() == 1
    assert page.locator("#mine li[data-status='lost']").count() == 1
    assert ledger_problems() == []


def test_a_player_bets_on_sic_bo_and_sees_the_dice_and_the_win(server, browser, funded_player):
    game_round = in_thread(lambda: draw_rounds.open_round("sic-bo"))
    Round.objects.filter(pk=game_round.pk).update(outcome={"dice": [4, 4, 2]})
    player = funded_player(100_000)
    page = log_in(browser.new_context(viewport=PHONE_SIZE), server, player)
    page.goto(f"{server}/casino/sic-bo/")
    page.wait_for_selector("#link:text-is('connected')")
    page.select_option("#bet-type", "small")
    page.click("#choices button:text-is('Add Small')")
    page.select_option("#bet-type", "single")
    page.click("#choices button:text-is('4')")
    page.click("#place")
    page.wait_for_selector(".site-header .balance:text-is('998.00 EUR')")

    draw_rounds.draw_now(game_round)
    in_thread(lambda: draws.advance("sic-bo"))
    page.wait_for_selector(f"#result-text:has-text('Round #{game_round.number}: 4 4 2 (10)')")
    assert [d.get_attribute("data-die") for d in page.query_selector_all("#board .kit-die")] == [
        "4",
        "4",
        "2",
    ]
    # Small wins 1:1 (2.00 back), the 4 on two dice 2:1 (3.00 back).
    page.wait_for_selector("#result-text:has-text('You won 5.00 EUR')")
    page.wait_for_selector(".site-header .balance:text-is('1,003.00 EUR')")
    assert cash_balance(player) == 100_000 + 300
