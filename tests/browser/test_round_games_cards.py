"""A player bets on Baccarat from the game's page on a phone, in Chromium: the slip placed,
the cards of the committed deal laid on the board with each hand's points, the winning hand
marked, the bet settled and paid, nothing wider than the screen; War of Bets bet in both
windows, the Player's card shown at the peek."""

from datetime import timedelta

import pytest
from django.utils import timezone

from casino import draws, registry
from casino.models import Round
from tests.browser.support import PHONE_SIZE, in_thread, log_in
from tests.casino import draw_rounds
from wallet.selectors import cash_balance

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
GAME = "baccarat"


def bet(page, bet_type: str, label: str, balance_after: str, pays: str = "") -> None:
    """One bet on the slip, placed: its type chosen (its price shown, where `pays` says
    what), added and placed, the header's balance down to `balance_after`."""
    page.select_option("#bet-type", bet_type)
    if pays:
        page.wait_for_selector(f"#bet-help:text-is('{pays}')")
    page.click(f"#choices button:text-is('Add {label}')")
    page.click("#place")
    page.wait_for_selector(f".site-header .balance:text-is('{balance_after}')")


def closed(page, bet_type: str) -> bool:
    return page.locator(f"#bet-type option[value='{bet_type}']").evaluate(
        "option => option.disabled"
    )


def fits_the_screen(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0


def test_a_player_bets_on_the_banker_and_watches_the_deal(server, browser, funded_player):
    game_round = in_thread(lambda: draw_rounds.open_round(GAME))
    deal = {"player": ["7H", "9C"], "banker": ["4S", "3D"]}
    Round.objects.filter(pk=game_round.pk).update(outcome=deal)
    player = funded_player(100_000)
    page = log_in(browser.new_context(viewport=PHONE_SIZE), server, player)
    page.goto(f"{server}/casino/{GAME}/")
    page.wait_for_selector("#link:text-is('connected')")
    bet(page, "banker", "Banker", "999.00 EUR")
    assert fits_the_screen(page)

    draw_rounds.draw_now(game_round)
    in_thread(lambda: draws.advance(GAME))
    page.wait_for_selector(
        f"#result-text:has-text('Round #{game_round.number}: Player 7♥ 9♣ (6), "
        "Banker 4♠ 3♦ (7): Banker wins')"
    )
    cards = [c.get_attribute("data-card") for c in page.query_selector_all("#board .kit-card")]
    assert cards == ["7H", "9C", "4S", "3D"]
    assert page.inner_text(".cd-hand[data-hand='banker'] .cd-points") == "7"
    assert page.is_visible(".cd-hand[data-hand='banker'].cd-winner")
    # The Banker pays 0.95 to 1: 1.95 back on 1.00.
    page.wait_for_selector("#result-text:has-text('You won 1.95 EUR')")
    page.wait_for_selector(".site-header .balance:text-is('1,000.95 EUR')")
    assert cash_balance(player) == 100_000 + 95
    assert fits_the_screen(page)


def long_andar_bahar_deal() -> dict:
    """A deal of 41 cards after the Joker card: the widest the board has to lay out."""
    others = [r + s for r in "23456789TJQK" for s in "CDHS"][:40]
    return {
        "joker": ["AH"],
        "first": "andar",
        "andar": [*others[0::2], "AS"],
        "bahar": others[1::2],
    }


@pytest.mark.parametrize(
    ("game", "outcome", "text"),
    [
        ("andar-bahar", long_andar_bahar_deal(), "Joker card A♥, A♠ to Andar after 41"),
        (
            "32-cards",
            {"seat-8": ["KH", "6C"], "seat-9": ["QH", "9C"], "seat-10": ["6S"], "seat-11": ["6D"]},
            "seat 9 wins",
        ),
        (
            "top-card",
            {"player": ["8H", "5C"], "dealer": ["8S", "5D"], "burned": ["2C", "3C", "4C"]},
            "war: you 5♣, dealer 5♦: you win",
        ),
        ("dice-baccarat", {"player": [6, 5], "banker": [2, 2]}, "Player wins"),
    ],
)
def test_a_watcher_sees_the_longest_deals_on_a_phone(server, browser, game, outcome, text):
    game_round = in_thread(lambda: draw_rounds.open_round(game))
    page = browser.new_context(viewport=PHONE_SIZE).new_page()
    page.goto(f"{server}/casino/{game}/")
    page.wait_for_selector("#link:text-is('connected')")
    draw_rounds.draw_now(game_round, outcome)
    in_thread(lambda: draws.advance(game))
    page.wait_for_selector(f"#result-text:has-text('{text}')")
    dealt = sum(len(cards) for key, cards in outcome.items() if key != "first")
    assert page.locator("#board .kit-card, #board .kit-die").count() == dealt
    for _ in range(150):  # until the deal is laid out (the page's CSP refuses wait_for_function)
        if page.evaluate("document.getAnimations().length") == 0:
            break
        page.wait_for_timeout(100)
    assert fits_the_screen(page)


def test_a_player_bets_on_lightning_baccarat_and_is_paid_the_multiplier(
    server, browser, funded_player
):
    game = "lightning-baccarat"
    game_round = in_thread(lambda: draw_rounds.open_round(game))
    deal = {
        "lightning": ["8D", "QS"],
        "multipliers": [4, 2],
        "player": ["KH", "8D"],
        "banker": ["3H", "4H"],
    }
    Round.objects.filter(pk=game_round.pk).update(outcome=deal)
    player = funded_player(100_000)
    page = log_in(browser.new_context(viewport=PHONE_SIZE), server, player)
    page.goto(f"{server}/casino/{game}/")
    page.wait_for_selector("#link:text-is('connected')")
    page.click("#chips button:text-is('5.00 EUR')")
    bet(page, "player", "Player", "995.00 EUR")

    draw_rounds.draw_now(game_round)
    in_thread(lambda: draws.advance(game))
    page.wait_for_selector(
        f"#result-text:has-text('Round #{game_round.number}: Lightning 8♦ x4, Q♠ x2;')"
    )
    assert page.inner_text(".cd-hand[data-hand='lightning'] .cd-points") == "x4 x2"
    assert page.is_visible(".cd-hand[data-hand='player'].cd-winner")
    # 5.00 is a bet of 5/6 of it at 1:1 times 4: 5/6 x 5 x 5.00 = 20.83, floored.
    page.wait_for_selector("#result-text:has-text('You won 20.83 EUR')")
    assert cash_balance(player) == 100_000 - 500 + 2_083
    assert fits_the_screen(page)


def test_a_player_bets_in_both_windows_of_war_of_bets(server, browser, funded_player):
    """The first bet before the peek; at the peek the page asks for the Player's card by
    itself, shows it with the Dealer's face down, closes the first bets and prices the
    second by the card; both are paid at the result."""
    game = "war-of-bets"
    game_round = in_thread(lambda: draw_rounds.open_round(game))
    player = funded_player(100_000)
    page = log_in(browser.new_context(viewport=PHONE_SIZE), server, player)
    # The peek 15 s from now (time for the first bet), the page loaded after.
    peek_seconds = registry.get(game).cadence.peek_seconds
    closes_at = timezone.now() + timedelta(seconds=15 + peek_seconds)
    deal = {"player": ["9C"], "dealer": ["KD"]}
    Round.objects.filter(pk=game_round.pk).update(outcome=deal, closes_at=closes_at)
    page.goto(f"{server}/casino/{game}/")
    page.wait_for_selector("#link:text-is('connected')")
    assert closed(page, "second-dealer-wins")
    bet(page, "dealer-wins", "Dealer wins", "999.00 EUR")

    page.wait_for_selector(".cd-hand[data-hand='player'] .kit-card[data-card='9C']")
    assert page.locator(".cd-hand[data-hand='dealer'] .cd-back").count() == 1
    assert closed(page, "dealer-wins")
    bet(page, "second-dealer-wins", "Dealer wins, second bet", "998.00 EUR", pays="Pays x2.45.")

    draw_rounds.draw_now(game_round)
    in_thread(lambda: draws.advance(game))
    page.wait_for_selector("#result-text:has-text('Player 9♣, Dealer K♦: Dealer wins')")
    # 1.00 at x2.05 before the peek and 1.00 at x2.45 after the Player's 9.
    page.wait_for_selector("#result-text:has-text('You won 4.50 EUR')")
    assert cash_balance(player) == 100_000 - 200 + 450
    assert fits_the_screen(page)
