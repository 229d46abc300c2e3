"""Spades in Chromium at phone size (390 px): two people and two computer players at a
table played for money, to the end, by tapping; and the board alone drawing every state
of whole games of both modes, as each seat and a spectator receive them."""

from __future__ import annotations

import pytest

from games import services
from games.rng import Rng
from games.spades.rules import SPADES_GAME, SpadesOptions
from tests.browser import support
from tests.browser.conftest import ROOT
from tests.browser.support import PHONE, in_thread, log_in, person
from tests.games.spades.support import SEED, game_rng
from wallet.invariants import ledger_problems
from wallet.selectors import cash_balance

pytestmark = pytest.mark.browser

TURN = ".sp-board button.sp-legal:enabled, .sp-board button[data-move]:enabled"
START = 100_000
STAKE = 2_000  # 20.00 a seat: a pot of 80.00, 12.00 rake, a prize pool of 68.00


def open_table(server, browser, people):
    """Alice opens a table in the browser; Carol and Dan sit down from elsewhere; Bob joins
    in his browser and Alice accepts him by tapping."""
    alice, bob, carol, dan = people
    pages = [log_in(browser.new_context(**PHONE), server, person) for person in (alice, bob)]
    form = {"stake": "20", "option_target": "100"}
    seated = [(alice, carol), (alice, dan)]
    game_id = support.open_table(
        server, *pages, "spades", form, ".sp-board .sp-seat", seated=seated
    )
    return pages, game_id


def on_turn(pages):
    """The page offered a move, or None once the game is over (the computers move too)."""
    for _ in range(100):
        offered = [p for p in pages if p.locator(TURN).count()]
        if offered:
            return offered[0]
        if pages[0].locator(".sp-result").count():
            return None
        pages[0].wait_for_timeout(100)
    raise AssertionError("nobody is offered a move")


def take_a_turn(page) -> None:
    """A bid of the middle of what is offered, blind nil never, or the last legal card."""
    if page.locator("[data-move=look]:enabled").count():
        page.locator("[data-move=look]").tap()
    elif page.locator("[data-move=bid]:enabled").count():
        bids = page.locator("[data-move=bid]:enabled")
        bids.nth(min(3, bids.count() - 1)).tap()
    else:
        # Its left edge: the cards overlap at phone width, as in a hand held.
        page.locator(".sp-hand button.sp-legal").last.tap(position={"x": 4, "y": 6})


@pytest.mark.django_db(transaction=True)
def test_two_people_and_two_computer_players_play_spades_for_money(server, browser, make_user):
    people = [person(make_user, f"{n} Example") for n in ("Alice", "Bob", "Carol", "Dan")]
    pages, game_id = open_table(server, browser, people)
    alice_page = pages[0]
    # Carol and Dan leave at once: computer players take their seats and the game goes on.
    for gone in people[2:]:
        in_thread(lambda gone=gone: services.resign(game_id, gone))
    for page in pages:
        page.wait_for_selector(".sp-tag:has-text('computer') >> nth=1")
    alice_page.screenshot(path="/tmp/spades-phone-bidding.png", full_page=True)

    for _ in range(400):
        page = on_turn(pages)
        if page is None:
            break
        take_a_turn(page)
        if alice_page.locator(".sp-hand .sp-card").count() == 8:
            alice_page.screenshot(path="/tmp/spades-phone-play.png", full_page=True)
    else:
        raise AssertionError("the game does not end")

    for page in pages:
        page.wait_for_selector("[data-result]:not([hidden])")
    alice_page.screenshot(path="/tmp/spades-phone-over.png", full_page=True)
    game = in_thread(lambda: services.settle_game(game_id))
    assert game.settlement["rake"] in (0, 4 * STAKE * 1_500 // 10_000)
    for seat, user in enumerate(people):
        position = game.seats.get(player=user).position
        assert cash_balance(user) == START - STAKE + game.settlement["payouts"][position], seat
    assert ledger_problems() == []
    assert alice_page.locator(".sp-board").evaluate("b => b.scrollWidth <= 390")


# ---- the board on its own: whole games, each seat and a spectator ------------------------

KIT_JS = ROOT / "static" / "kit" / "kit.js"
BOARD_JS = ROOT / "static" / "games" / "spades" / "board.js"
BOARD_CSS = ROOT / "static" / "games" / "spades" / "board.css"
# Renders each message and lists what is wrong: a legal move with no control, a hand not
# drawn (or drawn before its player looked), a control offered to a spectator, the seat to
# act not marked, the board wider than the phone.
CHECK = """
(messages) => {
  const problems = [];
  const root = document.getElementById("root");
  for (const msg of messages) {
    const where = `#${msg.seq} seat ${msg.seat}`;
    try { window.GameBoards.spades.render(root, msg, () => {}, () => {}); }
    catch (e) { problems.push(`${where}: ${e}`); continue; }
    const enabled = root.querySelectorAll("button:enabled");
    if (msg.seat === null && (enabled.length || root.querySelector(".sp-hand")))
      problems.push(`${where}: a spectator is offered moves`);
    for (const a of msg.legal) {
      const control = a.type === "play"
        ? `button.sp-legal[data-card="${a.card}"]:enabled`
        : a.type === "bid"
          ? `button[data-move="bid"][data-tricks="${a.tricks}"]:enabled`
          : `button[data-move="${a.type}"]:enabled`;
      if (!root.querySelector(control)) problems.push(`${where}: no control for ${a.type}`);
    }
    const faces = root.querySelectorAll(".sp-hand [data-card]").length;
    if (faces !== (msg.view.hand || []).length) problems.push(`${where}: the hand is not drawn`);
    for (const seat of msg.to_act)
      if (!root.querySelector(`.sp-seat.sp-active[data-seat="${seat}"]`))
        problems.push(`${where}: seat ${seat} to act is not marked`);
    if (root.scrollWidth > 390) problems.push(`${where}: wider than the phone`);
  }
  return problems;
}
"""


def board_messages(options: SpadesOptions, game_id: str):
    """A whole game, the first offer of blind nil taken: each state as every seat and a
    spectator receive it."""
    state = SPADES_GAME.start(options, 4, game_rng(game_id, 0))
    seq, blind = 0, False
    while True:
        to_act = sorted(SPADES_GAME.to_act(state))
        for seat in [0, 1, 2, 3, None]:
            yield {
                "slug": "spades",
                "seq": seq,
                "seat": seat,
                "view": SPADES_GAME.view(state, seat),
                "legal": SPADES_GAME.legal_actions(state, seat) if seat in to_act else [],
                "to_act": to_act,
                "players": [{"seat": s, "name": f"Seat {s + 1}"} for s in range(4)],
                "status": "playing" if to_act else "finished",
            }
        if not to_act:
            return
        seq += 1
        seat = to_act[0]
        legal = SPADES_GAME.legal_actions(state, seat)
        if {"type": "blind_nil"} in legal and not blind:
            action, blind = {"type": "blind_nil"}, True
        else:
            action = SPADES_GAME.bot_action(state, seat, Rng(SEED, f"board:{game_id}", seq))
        state = SPADES_GAME.apply(state, seat, action, game_rng(game_id, seq))


@pytest.mark.parametrize(
    "options",
    [SpadesOptions(target=500, elimination=-300), SpadesOptions(mode="solo", target=500)],
    ids=["partners", "solo"],
)
def test_the_board_draws_every_state_and_offers_every_legal_move(browser, options):
    page = browser.new_page(**PHONE)
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_content(
        '<meta name="viewport" content="width=device-width, initial-scale=1"><div id="root"></div>'
    )
    page.add_style_tag(path=str(BOARD_CSS))
    page.add_script_tag(path=str(KIT_JS))
    page.add_script_tag(path=str(BOARD_JS))
    messages = list(board_messages(options, f"board-{options.mode}"))
    assert page.evaluate(CHECK, messages) == []
    assert errors == []
