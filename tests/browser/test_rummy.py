"""Koum-kan and Thanasis in Chromium at phone size (390 px): two people and a computer player at a
table played for money, to the end, by tapping (draws, melds, lay-offs and discards as
the bot would choose them, going out too, made through the board); and the board alone drawing every
state of whole games of the three variants, as each seat and a spectator receive them."""

from __future__ import annotations

import pytest

from games import services
from games.rng import Rng
from games.rummy.rules import ENGINES, RummyOptions
from tests.browser import support
from tests.browser.conftest import ROOT
from tests.browser.support import PHONE, arrived, in_thread, log_in, next_turn, person
from tests.games.rummy.support import SEED, game_rng
from wallet.invariants import ledger_problems
from wallet.selectors import cash_balance

pytestmark = pytest.mark.browser

START = 100_000
STAKE = 2_000


def open_table(server, browser, people, slug):
    """Alice opens a three-seat table in the browser; Carol sits down from elsewhere; Bob
    joins in his browser and Alice accepts him by tapping."""
    alice, bob, carol = people
    pages = [log_in(browser.new_context(**PHONE), server, person) for person in (alice, bob)]
    form = {"stake": "20", "seats": "3", "option_target": "51"}
    game_id = support.open_table(
        server, *pages, slug, form, ".rm-board .rm-seat", seated=[(alice, carol)]
    )
    return pages, game_id


def select(page, cards: list[str]) -> None:
    """Taps each card of the hand once (the first not yet selected with that code)."""
    for card in cards:
        node = page.locator(f".rm-hand [data-card='{card}']:not(.rm-selected)").first
        node.tap(position={"x": 4, "y": 8})


def make(page, move: dict) -> None:
    if move["type"] != "draw":
        page.locator("[data-move=sort-suit]").tap()  # also clears any selection left
    if move["type"] == "draw":
        page.locator(f"[data-move=draw-{move['from']}]").tap()
    elif move["type"] == "meld":
        select(page, move["cards"])
        page.locator(f"[data-move=meld-{move['kind']}]").tap()
    elif move["type"] == "lay":
        select(page, [move["card"]])
        page.locator(f".rm-meld[data-meld='{move['meld']}']").tap()
    else:
        select(page, [move["card"]])
        page.locator(f"[data-move={move['type']}]").tap()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("slug", ["koum-kan", "thanasis"])
def test_two_people_and_a_computer_player_play_for_money(server, browser, make_user, slug):
    people = [person(make_user, f"{n} Example") for n in ("Alice", "Bob", "Carol")]
    pages, game_id = open_table(server, browser, people, slug)
    alice_page = pages[0]
    # Carol leaves at once: a computer player takes her seat and the game goes on.
    in_thread(lambda: services.resign(game_id, people[2]))
    for page in pages:
        page.wait_for_selector(".rm-tag:has-text('computer')")
    # The hand sorts by rank and by suit.
    alice_page.locator("[data-move=sort-rank]").tap()
    alice_page.locator("[data-move=sort-suit]").tap()
    kinds = set()
    for _ in range(3_000):
        turn = in_thread(lambda: next_turn(game_id))
        if turn is None:
            break
        player_id, move, seq = turn
        page = next((p for p, u in zip(pages, people, strict=False) if u.pk == player_id), None)
        if page is None:  # the computer player's turn
            alice_page.wait_for_timeout(50)
            continue
        page.wait_for_selector(".rm-seat.rm-me.rm-active")
        if move["type"] != "draw":
            page.wait_for_selector("[data-move=discard]")
        make(page, move)
        if not in_thread(lambda seq=seq: arrived(game_id, seq)):
            continue  # a tap lost to a redrawn board: the move is made again
        kinds.add(move["type"])
        if move["type"] in ("meld", "out"):
            alice_page.screenshot(path=f"/tmp/{slug}-phone-{move['type']}.png", full_page=True)
    else:
        raise AssertionError("the game does not end")
    assert {"draw", "discard"} <= kinds
    for page in pages:
        page.wait_for_selector("[data-result]:not([hidden])")
    alice_page.screenshot(path=f"/tmp/{slug}-phone-over.png", full_page=True)
    game = in_thread(lambda: services.settle_game(game_id))
    for user in people:
        position = game.seats.get(player=user).position
        assert cash_balance(user) == START - STAKE + game.settlement["payouts"][position]
    assert ledger_problems() == []
    assert alice_page.locator(".rm-board").evaluate("b => b.scrollWidth <= 390")


# ---- the board on its own: whole games, each seat and a spectator ------------------------

KIT_JS = ROOT / "static" / "kit" / "kit.js"
BOARD_JS = ROOT / "static" / "games" / "rummy" / "board.js"
BOARD_CSS = ROOT / "static" / "games" / "rummy" / "board.css"
CHECK = """
(messages) => {
  const problems = [];
  const root = document.getElementById("root");
  for (const msg of messages) {
    const where = `#${msg.seq} seat ${msg.seat}`;
    try { window.GameBoards[msg.slug].render(root, msg, () => {}, () => {}); }
    catch (e) { problems.push(`${where}: ${e}`); continue; }
    const offered = root.querySelector("button:enabled") || root.querySelector(".rm-hand");
    if (msg.seat === null && offered)
      problems.push(`${where}: a spectator is offered moves`);
    for (const a of msg.legal) {
      const control = a.type === "draw" ? `[data-move="draw-${a.from}"]:enabled`
        : a.type === "meld" ? `[data-move="meld-${a.kind}"]`
        : a.type === "lay" ? `.rm-meld[data-meld="${a.meld}"]`
        : a.type === "out" ? `.rm-hand [data-card]` : `[data-move="discard"]`;
      if (!root.querySelector(control)) problems.push(`${where}: no control for ${a.type}`);
    }
    const faces = root.querySelectorAll(".rm-hand [data-card]").length;
    if (faces !== (msg.view.hand || []).length) problems.push(`${where}: the hand is not drawn`);
    for (const seat of msg.to_act)
      if (!root.querySelector(`.rm-seat.rm-active[data-seat="${seat}"]`))
        problems.push(`${where}: seat ${seat} to act is not marked`);
    if (root.scrollWidth > 390) problems.push(`${where}: wider than the phone`);
  }
  return problems;
}
"""


def board_messages(engine, seats: int, game_id: str):
    state = engine.start(RummyOptions(target=51), seats, game_rng(game_id, 0))
    seq = 0
    while True:
        to_act = sorted(engine.to_act(state))
        for seat in [*range(seats), None]:
            yield {
                "slug": engine.slug,
                "game": game_id,
                "seq": seq,
                "seat": seat,
                "view": engine.view(state, seat),
                "legal": engine.legal_actions(state, seat) if seat in to_act else [],
                "to_act": to_act,
                "players": [{"seat": s, "name": f"Seat {s + 1}"} for s in range(seats)],
                "status": "playing" if to_act else "finished",
            }
        if not to_act or seq > 400:
            return
        seq += 1
        seat = to_act[0]
        action = engine.bot_action(state, seat, Rng(SEED, f"board:{game_id}", seq))
        state = engine.apply(state, seat, action, game_rng(game_id, seq))


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.slug)
def test_the_board_draws_every_state_and_offers_every_legal_move(browser, engine):
    page = browser.new_page(**PHONE)
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_content(
        '<meta name="viewport" content="width=device-width, initial-scale=1"><div id="root"></div>'
    )
    page.add_style_tag(path=str(BOARD_CSS))
    page.add_script_tag(path=str(KIT_JS))
    page.add_script_tag(path=str(BOARD_JS))
    messages = list(board_messages(engine, 4, f"board-{engine.slug}"))
    assert page.evaluate(CHECK, messages) == []
    assert errors == []
