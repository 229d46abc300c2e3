"""The Belote family in Chromium at phone size: two people meet in the lobby and play a hand
of Classic Belote by tapping; and the board alone draws every variant's states."""

import pytest

from games.belote.rules import BELOTE, CLASSIC_PILOTTA, OPEN_BELOTE, PILOTTA
from games.rng import Rng
from tests.browser import support
from tests.browser.conftest import ROOT
from tests.browser.support import PHONE, log_in, person
from tests.games.belote.support import SEED, game_rng
from wallet.invariants import ledger_problems
from wallet.selectors import cash_balance

pytestmark = pytest.mark.browser

TURN = ".bl-board button.bl-legal:enabled, .bl-board button[data-move]:enabled"


def start_table(server, browser, alice, bob):
    pages = [log_in(browser.new_context(**PHONE), server, person) for person in (alice, bob)]
    form = {"stake": "5", "option_target": "1"}  # one hand: a game to 1 win
    support.open_table(server, *pages, "belote", form, ".bl-board .bl-card")
    return pages


def on_turn(pages):
    """The page whose board offers a move (both boards show the same move number)."""
    (page,) = [p for p in pages if p.locator(TURN).count()]
    return page


def tap_a_card(pages):
    page = on_turn(pages)
    card = page.locator(".bl-hand button.bl-legal").first
    played = card.get_attribute("data-card")
    card.tap()
    for p in pages:  # on the table for both, or under "Last trick" once it is closed
        p.wait_for_selector(f".bl-center [data-card='{played}']")
    return page


@pytest.mark.django_db(transaction=True)
def test_a_hand_of_classic_belote_by_tapping(server, browser, make_user):
    alice, bob = person(make_user, "Alice Example"), person(make_user, "Bob Example")
    pages = start_table(server, browser, alice, bob)
    alice_page = pages[0]

    offered = on_turn(pages)
    offered.screenshot(path="/tmp/belote-phone-offer.png", full_page=True)
    assert offered.locator(".bl-center [data-card]").count() == 1  # the turned card
    offered.locator("[data-move=take]").tap()
    for page in pages:
        page.wait_for_selector(".bl-chip:has-text('Trump')")
        page.wait_for_selector(".bl-hand .bl-card >> nth=8")  # three more cards: 9 each

    first = tap_a_card(pages)
    alice_page.screenshot(path="/tmp/belote-phone.png", full_page=True)
    assert first.locator(".bl-hand .bl-card").count() == 8
    while not alice_page.locator(".bl-result").count():
        tap_a_card(pages)

    for page in pages:
        page.wait_for_selector("[data-result]:not([hidden])")
    alice_page.screenshot(path="/tmp/belote-phone-over.png", full_page=True)
    results = {p: p.locator("[data-result]").inner_text() for p in pages}
    winner = alice if results[alice_page].startswith("You won") else bob
    loser = bob if winner is alice else alice
    assert cash_balance(winner) == 100_000 + 500 - 40  # the pot of 10.00 less 4% rake
    assert cash_balance(loser) == 100_000 - 500
    assert ledger_problems() == []

    alice_page.click("[data-replay]")
    alice_page.wait_for_selector("text=SHA-256(seed) equals the commitment")
    alice_page.wait_for_selector(".bl-board .bl-seat")
    alice_page.click("[data-step='1']")
    alice_page.screenshot(path="/tmp/belote-phone-replay.png", full_page=True)
    assert alice_page.locator(".bl-hand").count() == 0  # the replay shows no hand


# ---- the board on its own: every variant, every phase, each seat and a spectator --------

KIT_JS = ROOT / "static" / "kit" / "kit.js"
BOARD_JS = ROOT / "static" / "games" / "belote" / "board.js"
SAMPLES = [
    (PILOTTA, {"target": 51}, 4),
    (CLASSIC_PILOTTA, {"target": 51}, 4),
    (CLASSIC_PILOTTA, {"target": 51}, 2),
    (BELOTE, {"target": 51, "no_trump": True, "double_stake": 4, "change_card": True}, 2),
    (OPEN_BELOTE, {"target": 51, "no_trump": True}, 2),
]
# Renders each message and lists what is wrong: a legal move with no control, a hand not
# drawn, a control offered to a spectator, the seat to act not marked.
CHECK = """
(messages) => {
  const problems = [];
  const root = document.getElementById("root");
  for (const msg of messages) {
    const where = `${msg.view.game} #${msg.seq} seat ${msg.seat}`;
    try { window.GameBoards[msg.slug].render(root, msg, () => {}, () => {}); }
    catch (e) { problems.push(`${where}: ${e}`); continue; }
    const enabled = root.querySelectorAll("button:enabled");
    if (msg.seat === null && (enabled.length || root.querySelector(".bl-hand")))
      problems.push(`${where}: a spectator is offered moves`);
    for (const a of msg.legal) {
      const control = a.type === "play"
        ? `button.bl-legal[data-card="${a.card}"]:enabled`
        : `button[data-move="${a.type}"]:enabled`;
      if (!root.querySelector(control)) problems.push(`${where}: no control for ${a.type}`);
    }
    const hand = msg.view.piles ? [] : msg.view.hand || [];
    if (root.querySelectorAll(".bl-hand .bl-card").length !== hand.length)
      problems.push(`${where}: the hand is not drawn`);
    for (const seat of msg.to_act)
      if (!root.querySelector(`.bl-seat.bl-active[data-seat="${seat}"]`))
        problems.push(`${where}: seat ${seat} to act is not marked`);
  }
  return problems;
}
"""


def curious_move(engine, state, seat: int, tried: set, rng: Rng) -> dict:
    """A kind of move not made yet in this game when there is one, else the bot's: so the
    board meets doubles, changed cards, declarations and contras, not only plain play."""
    for action in engine.legal_actions(state, seat):
        if action["type"] not in tried | {"surrender"}:
            tried.add(action["type"])
            return action
    return engine.bot_action(state, seat, rng)


def board_messages(engine, options, seats):
    """A first hand, then a forfeit: each state as every seat and a spectator receive it."""
    state = engine.start(engine.Options(**options), seats, game_rng(engine.slug, 0))
    seq, tried = 0, set()
    while True:
        over = state["result"] is not None
        to_act = sorted(engine.to_act(state))
        for seat in [*range(seats), None]:
            yield {
                "slug": engine.slug,
                "seq": seq,
                "seat": seat,
                "view": engine.view(state, seat),
                "legal": engine.legal_actions(state, seat) if seat in to_act else [],
                "to_act": to_act,
                "players": [{"seat": s, "name": f"Seat {s + 1}"} for s in range(seats)],
                "status": "finished" if over else "playing",
            }
        if over:
            return
        seq += 1
        if state["history"]:
            state = engine.forfeit(state, 0)
            continue
        seat = to_act[0]
        action = curious_move(engine, state, seat, tried, Rng(SEED, f"board:{engine.slug}", seq))
        state = engine.apply(state, seat, action, game_rng(engine.slug, seq))


def test_the_board_draws_every_state_and_offers_every_legal_move(browser):
    page = browser.new_page(**PHONE)
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_content('<div id="root"></div>')
    page.add_script_tag(path=str(KIT_JS))
    page.add_script_tag(path=str(BOARD_JS))
    for engine, options, seats in SAMPLES:
        assert page.evaluate(CHECK, list(board_messages(engine, options, seats))) == []
    assert errors == []
