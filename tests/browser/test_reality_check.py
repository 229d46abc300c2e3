"""A reality check that falls due while the player is on a game's page shows on that page
at once, on a phone, with the way to acknowledge it."""

from datetime import timedelta

import pytest
from django.utils import timezone

from accounts import protection
from accounts.models import PlayerProtection
from tests.browser.support import in_thread, log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_due_reality_check_shows_on_the_open_game_page(server, browser, funded_player):
    player = funded_player(100_000)
    protection.set_reality_check(player, 15, actor=player)
    page = log_in(browser.new_context(viewport={"width": 390, "height": 844}), server, player)
    page.goto(f"{server}/casino/roulette-european/")
    page.wait_for_selector("#link:text-is('connected')")
    started = timezone.now() - timedelta(minutes=20)
    PlayerProtection.objects.filter(user=player).update(
        play_started=started, reality_check_due=started + timedelta(minutes=15)
    )
    assert in_thread(protection.announce_due_reality_checks) == 1
    page.wait_for_selector("#kit-reality-check:has-text('playing for 20 minutes')")
    page.click("#kit-reality-check a")
    page.wait_for_url("**/account/responsible-gaming/**")
    assert page.is_visible("#reality-check")
    assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0
