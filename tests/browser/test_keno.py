"""A player marks numbers on the Keno board, buys a ticket and watches the draw, in Chromium."""

import hashlib
from datetime import timedelta

import pytest
from django.utils import timezone

from casino import draws, services
from casino.chain import terminal_link
from casino.models import Bet, Round, SeedChain
from tests.browser.support import in_thread, log_in, seed_paytables
from wallet.invariants import ledger_problems
from wallet.selectors import cash_balance

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CHAIN_LENGTH = 30
SECRET = hashlib.sha256(b"keno-browser-test").digest()


def test_mark_buy_and_watch_the_draw(server, browser, funded_player):
    seed_paytables()
    SeedChain.objects.create(
        game="keno",
        secret=SECRET,
        length=CHAIN_LENGTH,
        terminal=terminal_link(SECRET, CHAIN_LENGTH),
        salt="longtable-keno-browser-test",
    )
    in_thread(lambda: services.schedule_rounds("keno"))
    # Draw times far ahead, so the test says when round 1 is drawn.
    later = timezone.now() + timedelta(hours=1)
    for game_round in Round.objects.filter(game="keno"):
        Round.objects.filter(pk=game_round.pk).update(
            starts_at=later + timedelta(minutes=game_round.number), state="betting"
        )
    player = funded_player(100_000)
    page = log_in(browser.new_context(viewport={"width": 390, "height": 844}), server, player)
    page.goto(f"{server}/casino/keno/")
    for n in (7, 21, 42, 63, 80):
        page.click(f"#board .ball[data-n='{n}']")
    marked = page.input_value("#numbers").replace(",", " ").split()
    assert [int(n) for n in marked] == [7, 21, 42, 63, 80]
    page.select_option("#game", "keno-8")
    page.fill("#amount", "50.00")
    page.click("#ticket button.primary")
    page.wait_for_load_state()
    ticket = Bet.objects.get(user=player)
    assert (ticket.selection["numbers"], ticket.stake) == ([7, 21, 42, 63, 80], 5_000)
    assert cash_balance(player) == 95_000
    # The ticket's numbers stay marked on the board through its draw.
    assert page.locator("#board .ball.marked").all_inner_texts() == ["7", "21", "42", "63", "80"]

    Round.objects.filter(pk=ticket.round_id).update(starts_at=timezone.now())
    in_thread(lambda: draws.advance("keno"))
    drawn = Round.objects.get(pk=ticket.round_id).outcome["balls"]
    page.wait_for_selector("#drawn .ball >> nth=2", state="attached", timeout=15_000)
    shown = [int(x) for x in page.locator("#drawn .ball").all_inner_texts()[:3]]
    assert shown == drawn[:3]  # the animation shows the committed draw, in draw order

    ticket.refresh_from_db()
    assert ticket.status in ("won", "lost")
    assert ticket.result["hits"] == len({7, 21, 42, 63, 80} & set(drawn))
    # Hits counted as the balls fall, then the ticket's result in words and money.
    verdict = "you won" if ticket.payout else "you lost"
    page.wait_for_selector(
        f"#hits:has-text('{ticket.result['hits']} of 5 hit — {verdict}')", timeout=45_000
    )
    assert cash_balance(player) == 95_000 + ticket.payout
    assert ledger_problems() == []
