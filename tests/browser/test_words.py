"""Wordfall in Chromium: two people at a table for money on phones (390 px), a whole game
to the end by tapping tiles and squares (the moves a computer player would choose in
their seat, a blank's letter chosen on the board, exchanges and passes too), the score
previewed before each word is sent; one word laid by dragging; then the settlement."""

from __future__ import annotations

import pytest

from games.models import Game
from games.rng import Rng
from games.words.board import SIZE
from games.words.rules import WORDFALL, WordsOptions
from tests.browser import support
from tests.browser.conftest import ROOT
from tests.browser.support import PHONE, PHONE_SIZE, arrived, in_thread, log_in, next_turn
from wallet.invariants import ledger_problems
from wallet.selectors import cash_balance

pytestmark = pytest.mark.browser

START = 100_000
STAKE = 2_000
MOVES_AT_MOST = 200


def press(page, selector: str) -> None:
    """A tap on a phone, a click with a mouse."""
    target = page.locator(selector).first
    if page.context in MOUSE:
        target.click()
    else:
        target.tap()


MOUSE: set = set()  # the browser contexts of people who play with a mouse


def lay(page, row: int, col: int, letter: str, drag: bool = False) -> None:
    """One tile from the rack to its square (a lower-case letter: a blank, then its
    letter chosen on the board)."""
    source = "?" if letter.islower() else letter
    tile = f".wf-rack-tile[data-letter='{source}']:enabled"
    square = f"[data-square='{row * SIZE + col}']"
    if drag:
        page.locator(tile).first.drag_to(page.locator(square))
    else:
        press(page, tile)
        press(page, square)
    if letter.islower():
        press(page, f"[data-blank-letter='{letter.upper()}']")


def make(page, move: dict, drag: bool = False) -> None:
    """The move made on the board, as a person makes it."""
    if move["type"] == "place":
        for row, col, letter in move["tiles"]:
            lay(page, row, col, letter, drag)
        # The server's preview of the words and the score shows before the move is sent.
        page.wait_for_selector(".wf-preview:text-matches('points')")
        press(page, "[data-move=play]")
    elif move["type"] == "exchange":
        press(page, "[data-move=exchange]")
        for letter in move["tiles"]:
            press(page, f".wf-rack-tile[data-letter='{letter}']:not(.wf-picked)")
        press(page, "[data-move=confirm-exchange]")
    else:
        press(page, "[data-move=pass]")


def open_table(server, browser, alice, bob) -> tuple[list, int]:
    alice_page = log_in(browser.new_context(**PHONE), server, alice)
    # Bob plays with a mouse: his first word is dragged onto the board.
    mouse = browser.new_context(viewport=PHONE_SIZE)
    MOUSE.add(mouse)
    pages = [alice_page, log_in(mouse, server, bob)]
    form = {"stake": str(STAKE // 100), "seats": "2", "option_board": "special"}
    return pages, support.open_table(server, *pages, "wordfall", form, ".wf-board .wf-grid")


@pytest.mark.django_db(transaction=True)
def test_two_people_play_a_whole_game_for_money_by_tapping(server, browser, funded_player):
    alice, bob = funded_player(START), funded_player(START)
    pages, game_id = open_table(server, browser, alice, bob)
    kinds, dragged = set(), False
    for _ in range(MOVES_AT_MOST):
        turn = in_thread(lambda: next_turn(game_id))
        if turn is None:
            break
        player_id, move, seq = turn
        page = pages[0] if player_id == alice.pk else pages[1]
        page.wait_for_selector(f".wf-board[data-seq='{seq}'] .wf-seat.wf-me.wf-active")
        drag = page is pages[1] and not dragged and move["type"] == "place"
        make(page, move, drag=drag)
        assert in_thread(lambda seq=seq: arrived(game_id, seq)), f"{move} did not arrive"
        dragged = dragged or drag
        kinds.add(move["type"])
        if any(t[2].islower() for t in move.get("tiles", []) if isinstance(t, list)):
            kinds.add("blank")
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    else:
        raise AssertionError("the game did not end")
    assert "place" in kinds and dragged
    pages[0].screenshot(path="/tmp/wordfall-phone.png", full_page=True)
    for page in pages:
        page.wait_for_selector("[data-result]:not([hidden])")
        assert page.locator(".wf-final").count() == 1
    game = in_thread(lambda: Game.objects.get(pk=game_id))
    assert game.is_over and game.outcome["reason"] in ("out", "passes")
    in_thread(lambda: _check_money(game_id, alice, bob))


def _check_money(game_id, alice, bob) -> None:
    from games import services

    game = services.settle_game(game_id)
    payouts = game.settlement["payouts"]
    for user in (alice, bob):
        position = game.seats.get(player=user).position
        assert cash_balance(user) == START - STAKE + payouts[position]
    assert sum(payouts) + game.settlement["rake"] == 2 * STAKE
    assert ledger_problems() == []


# ---- the board on its own: every state of whole games, each seat and a spectator -------

KIT_JS = ROOT / "static" / "kit" / "kit.js"
BOARD_JS = ROOT / "static" / "games" / "words" / "board.js"
BOARD_CSS = ROOT / "static" / "games" / "words" / "board.css"
CHECK = """
(messages) => {
  const problems = [];
  const root = document.getElementById("root");
  for (const msg of messages) {
    const where = `#${msg.seq} seat ${msg.seat}`;
    try { window.GameBoards.wordfall.render(root, msg, () => {}, () => {}, () => {}); }
    catch (e) { problems.push(`${where}: ${e}`); continue; }
    const mine = msg.seat !== null && msg.to_act.includes(msg.seat);
    const enabled = root.querySelectorAll("[data-rack]:enabled, [data-move]:enabled").length;
    if (!mine && enabled) problems.push(`${where}: moves offered out of turn`);
    if (mine && !root.querySelector("[data-move=pass]:enabled")) problems.push(`${where}: no pass`);
    const tiles = root.querySelectorAll(".wf-grid .wf-tile").length;
    const laid = [...msg.view.board].filter((c) => c !== ".").length;
    if (tiles !== laid) problems.push(`${where}: ${tiles} tiles drawn for ${laid}`);
    if (msg.seat === null && root.querySelector(".wf-rack"))
      problems.push(`${where}: a rack for a spectator`);
    if (root.scrollWidth > 390) problems.push(`${where}: wider than the phone`);
  }
  return problems;
}
"""


def board_messages(seats: int, board: str):
    seed = bytes([seats]) * 32
    state = WORDFALL.start(WordsOptions(board=board), seats, Rng(seed, "game:1", 0))
    seq = 0
    while True:
        to_act = sorted(WORDFALL.to_act(state))
        for seat in [*range(seats), None]:
            yield {
                "game": 1,
                "seq": seq,
                "seat": seat,
                "view": WORDFALL.view(state, seat),
                "legal": WORDFALL.legal_actions(state, seat) if seat in to_act else [],
                "to_act": to_act,
                "players": [{"seat": s, "name": f"Seat {s + 1}"} for s in range(seats)],
                "status": "playing" if to_act else "finished",
            }
        if not to_act:
            return
        seq += 1
        action = WORDFALL.bot_action(state, to_act[0], Rng(seed, "bot:1", seq))
        state = WORDFALL.apply(state, to_act[0], action, Rng(seed, "game:1", seq))


@pytest.mark.parametrize(("seats", "board"), [(2, "standard"), (4, "random")])
def test_the_board_draws_every_state_for_every_seat_and_a_spectator(browser, seats, board):
    page = browser.new_page(**PHONE)
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_content(
        '<meta name="viewport" content="width=device-width, initial-scale=1"><div id="root"></div>'
    )
    page.add_style_tag(path=str(BOARD_CSS))
    page.add_script_tag(path=str(KIT_JS))
    page.add_script_tag(path=str(BOARD_JS))
    messages = list(board_messages(seats, board))
    assert page.evaluate(CHECK, messages) == []
    # A blank laid on the board asks for its letter: the chooser fits the phone.
    mine = next(m for m in messages if m["seat"] == 0 and 0 in m["to_act"] and m["seq"] > 2)
    mine["view"]["rack"][0] = "?"
    page.evaluate(
        "(msg) => window.GameBoards.wordfall.render(document.getElementById('root'), msg,"
        " () => {}, () => {}, () => {})",
        mine,
    )
    page.locator("[data-rack='0']").tap()
    empty = next(i for i, c in enumerate(mine["view"]["board"]) if c == ".")
    page.locator(f"[data-square='{empty}']").tap()
    assert page.locator("[data-blank-letter]").count() == 26
    assert page.evaluate("document.getElementById('root').scrollWidth") <= 390
    page.screenshot(path=f"/tmp/wordfall-blank-{board}.png", full_page=True)
    page.locator("[data-blank-letter='E']").tap()
    assert page.locator(f"[data-square='{empty}'] .wf-blank").count() == 1
    assert errors == []
