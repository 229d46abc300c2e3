"""Every family board draws on the kit alone (no server) and puts its words on the page's
one status line through say(): Rock Paper Scissors and Penalty Shootout, each seat and a
spectator, from states the engines themselves produce."""

from pathlib import Path

import pytest

from games import registry
from games.rng import Rng

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SEED = b"boards-browser-test-seed-0123456"


def message(engine, state, seat):
    playing = engine.outcome(state) is None
    return {
        "seq": 0,
        "slug": engine.slug,
        "seat": seat,
        "view": engine.view(state, seat),
        "legal": engine.legal_actions(state, seat) if playing and seat is not None else [],
        "to_act": sorted(engine.to_act(state)),
        "players": [{"seat": 0, "name": "Ann"}, {"seat": 1, "name": "Ben"}],
        "status": "playing" if playing else "finished",
    }


RENDER = """(msg) => {
  const said = [];
  const root = document.getElementById("b");
  GameBoards[msg.slug].render(root, msg, () => {}, (text) => said.push(text));
  return { said, buttons: root.querySelectorAll("button:enabled, .penalty-open").length };
}"""


@pytest.mark.parametrize("slug", ["rps", "penalty"])
def test_the_board_draws_and_says_whose_turn_it_is(browser, slug):
    engine = registry.get(slug)
    state = engine.start(engine.Options(), 2, Rng(SEED, "game:1", 0))
    (mover,) = engine.to_act(state)
    page = browser.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_content('<body data-currency="EUR" data-currency-digits="2"><div id="b"></div>')
    page.add_script_tag(path=str(ROOT / "static" / "kit" / "kit.js"))
    page.add_script_tag(path=str(ROOT / "static" / "games" / slug / "board.js"))

    for seat in (mover, 1 - mover, None):
        drawn = page.evaluate(RENDER, message(engine, state, seat))
        assert len(drawn["said"]) == 1 and drawn["said"][0]
        assert drawn["said"][0].startswith("You") == (seat == mover)
        assert (drawn["buttons"] > 0) == (seat == mover)
    assert errors == []
