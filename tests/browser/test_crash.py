"""A player bets on Crash from the page, watches the curve rise and cashes out, in Chromium.

The round is made deterministic: the test publishes the chain itself from a secret chosen
so that round 1 crashes between 1.50x and 2.50x, and runs the round's task in a thread
(instead of beat), while the page talks to a real daphne over the Redis layer.
"""

import hashlib
import threading

import pytest

from casino import conf, services, tasks
from casino.chain import link_at, terminal_link
from casino.crash.fairness import crash_point
from casino.models import Round, SeedChain
from tests.browser.support import in_thread, log_in
from wallet.invariants import ledger_problems
from wallet.selectors import cash_balance

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CHAIN_LENGTH = 30
SALT = "longtable-crash-browser-test"


def chain_crashing_between(low: int, high: int) -> bytes:
    """The first secret (in a fixed sequence) whose round 1 crashes in [low, high] hundredths."""
    for n in range(10_000):
        secret = hashlib.sha256(f"crash-browser-{n}".encode()).digest()
        if low <= crash_point(link_at(secret, CHAIN_LENGTH, 1), SALT, 1) <= high:
            return secret
    raise AssertionError("no such secret")


def test_bet_watch_and_cash_out_in_the_browser(server, browser, funded_player, settings):
    settings.CRASH_BETTING_SECONDS = 3
    secret = chain_crashing_between(150, 250)
    SeedChain.objects.create(
        game="crash",
        secret=secret,
        length=CHAIN_LENGTH,
        terminal=terminal_link(secret, CHAIN_LENGTH),
        salt=SALT,
    )
    services.schedule_rounds("crash")
    player = funded_player(100_000)
    page = log_in(browser.new_context(viewport={"width": 390, "height": 844}), server, player)
    page.goto(f"{server}/casino/crash/")
    page.wait_for_selector("#phase")

    game_round = in_thread(services.open_crash_betting)
    assert game_round.number == 1 and conf.CRASH_BETTING_SECONDS == 3
    page.fill("#bet-amount", "50")
    page.click("#place-bet")
    page.wait_for_selector("#notice:has-text('Bet accepted for round #1')")

    runner = threading.Thread(target=_run_when_closed, args=(game_round.pk,))
    runner.start()
    page.wait_for_selector("#cash-out:enabled", timeout=15_000)  # the round is in flight
    # At least 1.10x (a selector, not a predicate: the CSP forbids the eval it would need).
    page.wait_for_selector(r"#multiplier:text-matches('^(1\\.[1-9]|[2-9]\\.|[1-9][0-9,]+\\.)')")
    # On a phone the Cash out button stays on screen while the curve rises above it.
    assert page.evaluate(
        "document.getElementById('cash-out').getBoundingClientRect().bottom <= innerHeight"
    )
    page.click("#cash-out")
    page.wait_for_selector("#notice:has-text('Cashed out at')")
    page.wait_for_selector("#bets td:text-is('You')")  # my own bet, named for me
    runner.join(timeout=60)
    assert not runner.is_alive()
    page.wait_for_selector("#notice:has-text('You cashed out at')")
    assert "and won 5" in page.inner_text("#notice")  # 50.00 times at least 1.10

    game_round = Round.objects.get(pk=game_round.pk)
    bet = game_round.bets.get()
    assert game_round.state == "settled" and bet.status == "won"
    assert 110 <= bet.result["multiplier"] < game_round.crash_point
    assert cash_balance(player) == 100_000 - 5_000 + 5_000 * bet.result["multiplier"] // 100
    assert ledger_problems() == []
    page.screenshot(path="/tmp/crash-browser.png", full_page=True)


def _run_when_closed(round_id: int) -> None:
    import time

    from django.db import connection
    from django.utils import timezone

    closes_at = Round.objects.get(pk=round_id).closes_at
    time.sleep(max(0.0, (closes_at - timezone.now()).total_seconds()) + 0.1)
    tasks.run_crash_round(round_id)
    connection.close()
