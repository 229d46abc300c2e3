"""What the browser tests share: Chromium, a phone, logging in, people with money, opening a
money table between two browsers, and running the services beside Playwright's event loop."""

from __future__ import annotations

import threading
import time
from importlib import import_module
from pathlib import Path

import pytest
from django.conf import settings

from games import services as games
from games.models import Game
from lobby import services as lobby
from tests.conftest import PASSWORD
from tests.games.belote_live.support import bot_move
from wallet import services as wallet

# A phone held upright: the page's size alone, and a touch screen of that size.
PHONE_SIZE = {"width": 390, "height": 844}
PHONE = {"viewport": PHONE_SIZE, "has_touch": True, "is_mobile": True}
START = 100_000  # what each person has in the wallet: 1,000.00
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


def start_with_computer_players(page) -> None:
    """Submits the lobby's new-table form, then starts the table with computer players and
    waits for the game's page. The table's page fetches its panel again once its socket
    opens and swaps it in: a tap during the swap is lost (pressed on the old button,
    released on the new one, so no click; seen in CI), so the start waits for that fetch."""
    with page.expect_response(lambda response: response.url.endswith("/panel/")):
        page.click("button[type=submit]")
    page.click("#start-with-bots")
    page.wait_for_url("**/games/*/")


def log_in(context, server, user):
    page = context.new_page()
    page.goto(f"{server}/accounts/login/")
    page.fill("input[name=login]", user.email)
    page.fill("input[name=password]", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url(f"{server}/")
    return page


def person(make_user, name: str, start: int = START):
    user = make_user(legal_name=name)
    wallet.deposit(user, start, provider="demo", provider_reference=name, key=f"seed:{name}")
    return user


def in_thread(work):
    """Playwright runs an event loop on the test's thread; the services' broadcasts need a
    thread without one, as in a Celery worker."""
    result = []
    thread = threading.Thread(target=lambda: result.append(work()))
    thread.start()
    thread.join(timeout=30)
    return result[0]


def seed_paytables() -> None:
    """Earlier transactional tests flush the rows the data migration seeded: seed them again
    with the migration's own function."""
    from django.apps import apps

    seed = import_module("casino.migrations.0002_seed_paytables").seed
    seed(apps, None)


def open_table(server, host_page, guest_page, slug: str, form: dict, board: str, *, seated=()):
    """The host opens a table of `slug` in the browser with `form` (a field's name and the
    value typed or chosen), each of `seated` (a (host, player) pair) sits down through the
    lobby, the guest joins in the browser and the host accepts by tapping; returns the
    game's id once both pages show `board`."""
    host_page.goto(f"{server}/lobby/new/{slug}/")
    for name, value in form.items():
        field = host_page.locator(f"[name={name}]")
        if field.evaluate("node => node.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)
    host_page.click("button[type=submit]")
    host_page.wait_for_selector("text=Cancel table")
    table_id = int(host_page.url.rstrip("/").split("/")[-1])
    for host, player in seated:
        in_thread(
            lambda host=host, player=player: lobby.accept(host, lobby.join(player, table_id).pk)
        )
    guest_page.goto(f"{server}/lobby/")
    # Followed rather than tapped: at phone width the lobby's table list is wider than the
    # screen and its Join link sits outside the page's card.
    guest_page.goto(server + guest_page.get_attribute("#table-list a.button", "href"))
    guest_page.click("#join-table")
    host_page.wait_for_selector("[data-accept]")
    host_page.click("[data-accept]")
    for page in (host_page, guest_page):
        page.wait_for_url("**/games/*/")
        page.wait_for_selector(board)
    return int(host_page.url.rstrip("/").split("/")[-1])


def next_turn(game_id: int) -> tuple[int | None, dict, int] | None:
    """Who is to move (None: the computer player), the bot's move for them, the seq."""
    game = Game.objects.get(pk=game_id)
    if game.is_over:
        return None
    (seat,) = games.engine_of(game).to_act(game.state)
    player_id = game.seats.get(position=seat).player_id
    return player_id, bot_move(game, seat), game.seq


def arrived(game_id: int, seq: int) -> bool:
    """Whether the move made on the board reached the server within five seconds."""
    for _ in range(250):
        if Game.objects.get(pk=game_id).seq > seq:
            return True
        time.sleep(0.02)
    return False


def chromium():
    """Debian's Chromium driven by Playwright, for as long as the fixture that yields from
    this lasts."""
    if not Path(settings.CHROMIUM_PATH).exists():
        pytest.fail(f"Chromium is missing at {settings.CHROMIUM_PATH}: `make test` installs it")
    from playwright.sync_api import sync_playwright

    # Playwright's sync API runs an event loop in this thread while the test reads the
    # database; restored afterwards so no later test or process inherits it.
    with pytest.MonkeyPatch.context() as monkeypatch, sync_playwright() as playwright:
        monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
        browser = playwright.chromium.launch(
            executable_path=settings.CHROMIUM_PATH, args=CHROMIUM_FLAGS
        )
        yield browser
        browser.close()
