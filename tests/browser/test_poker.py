"""Poker in Chromium at phone size (390 px): two people open and join a money table of
Hold'em in their browsers, play hands by tapping (the bet slider too), read each finished
hand's seed checked by the browser, sit out (with the time their seat is kept shown) and
in again, top up, and leave with their chips; and a practice table
where one person plays computer players until leaving."""

from __future__ import annotations

import pytest

from games import services
from games.models import Game
from tests.browser import support
from tests.browser.support import PHONE, in_thread, log_in, person, start_with_computer_players
from wallet.invariants import ledger_problems
from wallet.selectors import cash_balance

pytestmark = pytest.mark.browser

START = 100_000
BUY_IN = 2_000  # 100 big blinds of 0.20
MOVE = ".pk-controls button[data-move]:enabled"


def reload_game(game_id: int) -> Game:
    return Game.objects.get(pk=game_id)


def open_table(server, browser, alice, bob):
    pages = [log_in(browser.new_context(**PHONE), server, person) for person in (alice, bob)]
    form = {"seats": "2"}  # the stake is the buy-in: 20.00
    game_id = support.open_table(server, *pages, "holdem", form, ".pk-board .pk-seat")
    return *pages, game_id


def on_turn(pages):
    for _ in range(100):
        offered = [p for p in pages if p.locator(MOVE).count()]
        if offered:
            return offered[0]
        pages[0].wait_for_timeout(100)
    raise AssertionError("nobody is offered a move")


def take_a_turn(page, turn: int) -> None:
    """Checks or calls; every fifth turn a bet or raise of the slider's middle."""
    if turn % 5 == 4 and page.locator(".pk-controls .pk-range").count():
        page.locator(".pk-quick button", has_text="½ pot").tap()
        page.locator(".pk-sizing button.pk-primary").tap()
    elif page.locator("[data-move=check]:enabled").count():
        page.locator("[data-move=check]").tap()
    else:
        page.locator("[data-move=call]").tap()


def finished_hands(page) -> int:
    return page.locator(".pk-record").count()


@pytest.mark.django_db(transaction=True)
def test_two_people_play_holdem_for_money_and_leave_with_their_chips(server, browser, make_user):
    alice, bob = person(make_user, "Alice Example"), person(make_user, "Bob Example")
    alice_page, bob_page, game_id = open_table(server, browser, alice, bob)
    pages = [alice_page, bob_page]
    turn = 0
    while finished_hands(alice_page) < 3:
        take_a_turn(on_turn(pages), turn)
        turn += 1
        assert turn < 200, "three hands are not played"
    alice_page.screenshot(path="/tmp/poker-phone-play.png", full_page=True)
    # Each finished hand's seed is checked by the browser against its hash and the deal.
    alice_page.locator(".pk-history summary").tap()
    alice_page.wait_for_selector(".pk-seed[data-check=ok]")
    assert alice_page.locator(".pk-seed[data-check=bad]").count() == 0
    alice_page.screenshot(path="/tmp/poker-phone-history.png", full_page=True)
    assert alice_page.locator(".pk-board").evaluate("b => b.scrollWidth <= 390")

    # Alice sits out: she is shown how long her seat is kept, the hand in play is played
    # out, and no hand is dealt until she sits in again.
    alice_page.locator("[data-move=sit_out]").tap()
    alice_page.wait_for_selector(".pk-away >> text=Sit in within")
    alice_page.screenshot(path="/tmp/poker-phone-sitting-out.png", full_page=True)
    for _ in range(100):
        if alice_page.locator("text=Waiting for players to sit in.").count():
            break
        offered = [p for p in pages if p.locator(MOVE).count()]
        if offered:
            take_a_turn(offered[0], 0)
        alice_page.wait_for_timeout(100)
    alice_page.locator("[data-move=sit_in]").tap()
    alice_page.wait_for_selector(".pk-away", state="detached")
    on_turn(pages)  # a new hand is dealt
    # The one short of the buy-in tops up by tapping: the slider's most, back to the buy-in.
    game = in_thread(lambda: reload_game(game_id))
    engine = services.engine_of(game)
    rooms = {
        u: engine.top_up_room(game.state, game.seats.get(player=u).position) for u in (alice, bob)
    }
    short = max(rooms, key=rooms.get)
    assert rooms[short] > 0  # the rake of the hands to a flop took chips from the table
    page = alice_page if short == alice else bob_page
    before = cash_balance(short)
    page.screenshot(path="/tmp/poker-phone-top-up.png", full_page=True)
    page.locator(".pk-topup [data-move=top_up]").tap()
    for _ in range(50):
        if cash_balance(short) < before:
            break
        page.wait_for_timeout(100)
    assert cash_balance(short) == before - rooms[short]
    assert page.locator(".pk-board").evaluate("b => b.scrollWidth <= 390")

    # Bob leaves by tapping: his chips come back when his hand ends, and the table closes.
    bob_page.locator("[data-move=leave]").tap()
    for _ in range(50):
        game = in_thread(lambda: services.settle_game(game_id))
        if game.is_over:
            break
        if alice_page.locator(MOVE).count():
            take_a_turn(alice_page, 0)
        alice_page.wait_for_timeout(100)
    assert game.is_over and game.settled
    moves = game.state["moves"]
    for user in (alice, bob):
        seat = game.seats.get(player=user).position
        paid = sum(c for s, kind, c in moves if s == seat and kind == "leave")
        put_in = sum(c for s, kind, c in moves if s == seat and kind != "leave")  # and top-ups
        assert cash_balance(user) == START - put_in + paid
    assert cash_balance(alice) + cash_balance(bob) + game.settlement["rake"] == 2 * START
    assert ledger_problems() == []


@pytest.mark.django_db(transaction=True)
def test_a_person_plays_computer_players_at_a_practice_table(server, browser, make_user):
    alice = person(make_user, "Alice Example")
    page = log_in(browser.new_context(**PHONE), server, alice)
    page.goto(f"{server}/lobby/new/holdem/")
    page.check("input[name=practice]")
    page.select_option("select[name=seats]", "6")
    start_with_computer_players(page)
    page.wait_for_selector(".pk-board .pk-seat >> nth=5")
    turn = 0
    while finished_hands(page) < 2:
        take_a_turn(on_turn([page]), turn)
        turn += 1
        assert turn < 100, "two hands are not played"
    page.screenshot(path="/tmp/poker-phone-practice.png", full_page=True)
    assert page.locator(".pk-board").evaluate("b => b.scrollWidth <= 390")
    page.locator("[data-move=leave]").tap()
    page.wait_for_selector("[data-result]:not([hidden])")
    assert cash_balance(alice) == START
