"""A player bets on the 19-sector wheel from its page on a phone, in Chromium: a slip of
two bets placed with one button, the wheel stopping on the committed sector, the bets
settled and the balance paid, nothing wider than the screen."""

import pytest

from casino import draws, registry
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


def test_a_player_bets_on_the_property_wheels_bonus_game_and_watches_the_walk(
    server, browser, funded_player
):
    game = "property-wheel"
    game_round = in_thread(lambda: draw_rounds.open_round(game))
    player = funded_player(100_000)
    page = log_in(browser.new_context(viewport=PHONE_SIZE), server, player)
    page.goto(f"{server}/casino/{game}/")
    page.wait_for_selector("#link:text-is('connected')")
    assert page.locator("#board .ft-square").count() == 40

    page.click("#chips button:text-is('5.00 EUR')")
    page.select_option("#bet-type", "rolls-2")
    page.click("#choices button:text-is('Add 2 Rolls')")
    page.click("#place")
    page.wait_for_selector(".site-header .balance:text-is('995.00 EUR')")
    assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0

    # 2+3 to the first railway (4.20x on this board), 3+4 to a utility (1.00x taken).
    wheel = registry.get(game)
    outcome = {
        "stops": [wheel.segments.index("2 rolls")],
        "cards": [],
        "bonus": {"houses": "brown", "hotels": "green", "dice": [[2, 3], [3, 4]], "cards": []},
    }
    draw_rounds.draw_now(game_round, outcome)
    in_thread(lambda: draws.advance(game))
    page.wait_for_selector("#result-text:has-text('2 rolls: the bonus game won 3.20x')")
    page.wait_for_selector(".ft-walk:text-is('Roll 2 of 2: 3+4, Utility')")
    assert page.locator("#board .ft-square.ft-here").count() == 1
    # 3.20x on 5.00 and the stake back: 21.00.
    page.wait_for_selector("#result-text:has-text('You won 21.00 EUR')")
    page.wait_for_selector(".site-header .balance:text-is('1,016.00 EUR')")
    assert cash_balance(player) == 100_000 - 500 + 2_100
    assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0
    assert ledger_problems() == []
