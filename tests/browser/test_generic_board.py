"""A newly registered engine with no board of its own (tests/browser/toy_engine.py) is
played to the end in a real browser through the generic board: its view drawn as values,
its legal actions as buttons, with no game-specific JavaScript."""

from pathlib import Path

import pytest

from games.models import Game
from tests.browser.support import PHONE_SIZE, log_in, start_with_computer_players

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ROOT = Path(__file__).resolve().parents[2]


def test_a_new_engine_is_played_to_the_end_through_the_generic_board(
    toy_server, browser, funded_player
):
    page = log_in(browser.new_context(viewport=PHONE_SIZE), toy_server, funded_player())
    page.goto(f"{toy_server}/lobby/new/pebbles/")
    page.check("input[name=practice]")
    page.select_option("select[name=option_pile]", "5")
    start_with_computer_players(page)

    scripts = page.eval_on_selector_all("script[src]", "nodes => nodes.map(n => n.src)")
    assert any(src.endswith("/static/games/generic/board.js") for src in scripts)
    assert not any("/games/backgammon/" in src or "/games/rps/" in src for src in scripts)
    page.wait_for_selector(".gb-board")
    assert "Practice table" in page.locator("[data-table-money]").inner_text()

    taken = 0
    result = page.locator("[data-result]")
    while not result.is_visible():
        page.wait_for_selector(".gb-action:enabled, [data-result]:visible")
        if result.is_visible():
            break
        assert page.locator("[data-status]").inner_text() == "Your move."
        labels = page.locator(".gb-action").all_inner_texts()
        assert labels[0] == "Take: count 1"
        page.locator(".gb-action").first.click()
        taken += 1
        assert taken <= 5, "the pile holds five pebbles"

    game = Game.objects.get(slug="pebbles")
    assert game.status == Game.Status.FINISHED
    assert game.actions.filter(actor="player").count() == taken
    # The view the board drew is the engine's: the pile is empty at the end.
    assert page.locator(".gb-facts dt:text-is('Pile') + dd").inner_text() == "0"
    winner = game.outcome["placing"].index(1)
    mine = game.seats.get(player__isnull=False).position
    expected = "You won." if winner == mine else "You lost."
    assert page.locator("[data-result-text]").inner_text() == expected
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.screenshot(path="/tmp/generic-board-phone.png", full_page=True)

    assert page.locator("[data-lobby]").get_attribute("href") == "/lobby/"
    assert page.locator("[data-new-table]").get_attribute("href") == "/lobby/new/pebbles/"
    page.click("[data-rematch]")
    page.wait_for_url("**/lobby/new/pebbles/?*")
    assert page.is_checked("input[name=practice]")
    assert page.input_value("select[name=option_pile]") == "5"


KIT_JS = ROOT / "static" / "kit" / "kit.js"
GENERIC_JS = ROOT / "static" / "games" / "generic" / "board.js"
NAMED_PIECES = {
    "seq": 3,
    "seat": 0,
    "to_act": [0],
    "view": {
        "dice": [6, 1],
        "hand": ["AS", "TH"],
        "tiles": [[6, 6], [3, 0]],
        "pot": 1250,
        "score": [1, 2],
        "trick": ["not", "cards"],
    },
    "legal": [{"type": "roll"}, {"type": "play", "card": "AS"}, {"label": "Pass the dice"}],
}


def test_named_pieces_are_drawn_and_each_legal_action_is_a_button(browser):
    page = browser.new_page(viewport=PHONE_SIZE)
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_content('<body data-currency="EUR" data-currency-digits="2"><div id="b"></div>')
    page.add_script_tag(path=str(KIT_JS))
    page.add_script_tag(path=str(GENERIC_JS))
    page.evaluate(
        """(msg) => {
            window.sent = [];
            GameBoards.generic.render(document.getElementById("b"), msg, (a) => sent.push(a));
        }""",
        NAMED_PIECES,
    )
    assert page.eval_on_selector_all("[data-die]", "n => n.map(d => d.dataset.die)") == ["6", "1"]
    assert page.eval_on_selector_all("[data-card]", "n => n.map(c => c.dataset.card)") == [
        "AS",
        "TH",
    ]
    assert page.locator(".kit-card.kit-red").count() == 1  # the ten of hearts
    tiles = page.eval_on_selector_all("[data-tile]", "n => n.map(t => t.dataset.tile)")
    assert tiles == ["6-6", "3-0"]
    assert page.inner_text("[data-amount]") == "12.50 EUR"
    # Values that are not pieces stay plain text.
    assert page.inner_text(".gb-facts dt:text-is('Trick') + dd") == "not · cards"
    assert page.inner_text(".gb-facts dt:text-is('Score') + dd") == "1 · 2"

    labels = page.locator(".gb-action").all_inner_texts()
    assert labels == ["Roll", "Play: card AS", "Pass the dice"]
    page.click(".gb-action:text-is('Play: card AS')")
    assert page.evaluate("sent") == [{"type": "play", "card": "AS"}]
    assert page.locator(".gb-action:enabled").count() == 0  # one answer per state
    assert errors == []
