"""A practice table of every game, started with computer players from the lobby on a phone
and played to its end through its own board: the player taps the first legal move the
board offers (a sign, a sector, a checker and its point, a card, a bid), the computer
players answer, until the result is shown. No page error, no failed request, no move
refused, nothing wider than the phone.

Each board family has one small function that takes the first legal action on its board
(`PLAYERS`); a game whose family has none fails here, it is never resigned instead."""

from __future__ import annotations

import dataclasses
import json
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

import pytest

from games import registry
from games.models import Game, GameAction
from tests.browser.support import (
    PHONE,
    arrived,
    chromium,
    in_thread,
    log_in,
    next_turn,
    start_with_computer_players,
)
from tests.browser.test_rummy import make
from tests.browser.test_words import make as make_words

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
# Options that say how long a game is: the shortest the lobby offers is chosen.
LENGTH_OPTIONS = ("points", "target", "shots")
MOVES_AT_MOST = 2_000  # a game that goes on longer is stuck in a loop, not long
WAIT_MS = 15_000  # for the board to offer a move or show the result after the last one
# A person's pace: the table socket takes 5 moves a second (a burst of 10); faster taps
# would be refused as rate_limited, which a person never meets.
PACE_SECONDS = 0.2
OVERFLOW = "document.documentElement.scrollWidth - window.innerWidth"
# Tavli's series at 1 point is its first game, Portes, alone: at 3 points the match goes
# on to Plakoto (a gammon is worth 2), so the board meets a new game within a match.
LONGER = {("tavli", "series"): {"points": "3"}}


@dataclass(frozen=True)
class Player:
    """How a person plays one board family: `turn` matches what the board shows when it
    waits for this player's move; `move` makes the first legal one, by tapping."""

    turn: str
    move: Callable


# ---- one small function per board family -------------------------------------------------


def rps_move(page) -> None:
    page.locator(".rps-sign:enabled").first.tap()


def penalty_move(page) -> None:
    page.locator(".penalty-sector.penalty-open").first.tap()


def backgammon_move(page) -> None:
    """Roll (never double), take a double, or build the play one checker at a time along
    the highlighted points, then confirm (or pass when no move is possible)."""
    for answer in ("roll", "take"):
        button = page.locator(f".bg-board [data-action={answer}]:enabled")
        if button.count():
            button.tap()
            return
    confirm = page.locator(".bg-board [data-action=confirm]")
    for _ in range(2 * 4 + 1):  # at most four checkers moved: a source and a target each
        if confirm.is_enabled():
            confirm.tap()
            return
        if not page.locator(".bg-selected").count():
            page.locator(".bg-live .bg-source[data-point]").first.tap()
        else:
            page.locator(".bg-live .bg-target[data-point]").first.tap()
    raise AssertionError("the play could not be built by tapping the highlighted points")


# Belote family: the kinds of move tried before a card (a double to answer, combinations
# to declare or show in the first trick, which playing a card would let pass) and after
# one. Never surrender, double or change a card (each is a choice, not a need); bid only
# while nothing is bid, so the auction ends.
BELOTE_FIRST = ("accept", "declare", "show")
BELOTE_THEN = ("take", "name", "bid", "pass")


def belote_move(page) -> None:
    for kind in BELOTE_FIRST:
        button = page.locator(f".bl-board button[data-move={kind}]:enabled")
        if button.count():
            button.first.tap()
            return
    card = page.locator(".bl-board button.bl-legal:enabled")
    if card.count():
        card.first.tap()
        return
    nothing_bid = page.locator(".bl-center .bl-big").filter(has_text="No bid yet").count() > 0
    for kind in BELOTE_THEN:
        if kind == "bid" and not nothing_bid:
            continue
        button = page.locator(f".bl-board button[data-move={kind}]:enabled")
        if button.count():
            button.first.tap()
            return
    offered = page.locator(".bl-board button[data-move]:enabled").all_inner_texts()
    raise AssertionError(f"no move to make among {offered}")


def domino_move(page) -> None:
    """A bone of the hand that fits, then the end it goes on when it fits more than one."""
    seq = page.locator(".dm-board").get_attribute("data-seq")
    page.locator(".dm-hand button:enabled").first.tap()
    target = page.locator(".dm-target")
    if page.locator(f".dm-board[data-seq='{seq}']").count() and target.count():
        target.first.tap()
    # The move is made once the board has the next state (or the result).
    page.wait_for_selector(f".dm-board:not([data-seq='{seq}']), [data-result]:visible")


def spades_move(page) -> None:
    """Look at the cards (never blind nil), bid the middle of what is offered, or play the
    last legal card (at its left edge: the cards overlap at phone width)."""
    if page.locator("[data-move=look]:enabled").count():
        page.locator("[data-move=look]").tap()
    elif page.locator("[data-move=bid]:enabled").count():
        bids = page.locator("[data-move=bid]:enabled")
        bids.nth(min(3, bids.count() - 1)).tap()
    else:
        page.locator(".sp-hand button.sp-legal").last.tap(position={"x": 4, "y": 6})


def poker_move(page) -> None:
    """Check or call (never raise, never fold what is free) for two hands, then leave the
    table with the chips: a cash table ends when its last person leaves."""
    if page.locator(".pk-record").count() >= 2:
        page.locator("[data-move=leave]").tap()
    elif page.locator("[data-move=check]:enabled").count():
        page.locator("[data-move=check]").tap()
    else:
        page.locator("[data-move=call]").tap()


def rummy_move(page) -> bool:
    """The move the house's computer player would make in this seat, made by tapping
    (random draws and discards would take hundreds of hands to reach the target)."""
    game_id = int(page.url.rstrip("/").split("/")[-1])
    turn = in_thread(lambda: next_turn(game_id))
    if turn is None or turn[0] is None:  # over, or a computer player's turn now
        page.wait_for_timeout(100)
        return False
    _, move, seq = turn
    if move["type"] != "draw":
        page.wait_for_selector("[data-move=discard]")
    make(page, move)
    assert in_thread(lambda: arrived(game_id, seq)), f"{move} did not reach the table"
    return True


def words_move(page) -> bool:
    """The word the house's computer player would lay in this seat (or its exchange or
    pass), laid tile by tile by tapping: random tiles rarely make a word."""
    game_id = int(page.url.rstrip("/").split("/")[-1])
    turn = in_thread(lambda: next_turn(game_id))
    if turn is None or turn[0] is None:
        page.wait_for_timeout(100)
        return False
    _, move, seq = turn
    page.wait_for_selector(f".wf-board[data-seq='{seq}']")
    make_words(page, move)
    assert in_thread(lambda: arrived(game_id, seq)), f"{move} did not reach the table"
    return True


PLAYERS: dict[str, Player] = {
    "rps": Player(".rps-sign:enabled", rps_move),
    "penalty": Player(".penalty-sector.penalty-open", penalty_move),
    "backgammon": Player(".bg-board [data-action]:enabled, .bg-svg.bg-live", backgammon_move),
    "belote": Player(
        ".bl-board button.bl-legal:enabled, .bl-board button[data-move]:enabled", belote_move
    ),
    "poker": Player("[data-move=check]:enabled, [data-move=call]:enabled", poker_move),
    "rummy": Player(".rm-seat.rm-me.rm-active", rummy_move),
    "domino": Player("[data-status]:text-matches('^Your turn')", domino_move),
    "spades": Player(
        ".sp-board button.sp-legal:enabled, .sp-board button[data-move]:enabled", spades_move
    ),
    "words": Player(".wf-seat.wf-me.wf-active", words_move),
}


def family_of(engine) -> str:
    """The board family: the package under games/ the engine lives in."""
    return type(engine).__module__.split(".")[1]


# ---- the lobby and the game ---------------------------------------------------------------


def shortest_options(engine, variant: str | None) -> dict[str, str]:
    """The lobby's select values for the shortest game of `variant`: the least points,
    target or shots (or the least that reaches a second game, see `LONGER`)."""
    chosen = {} if variant is None else {"select[name=option_variant]": variant}
    for field in dataclasses.fields(engine.Options):
        meta = field.metadata.get("option")
        if meta is not None and field.name in LENGTH_OPTIONS:
            chosen[f"select[name=option_{field.name}]"] = str(min(meta.choices))
    for name, value in LONGER.get((engine.slug, variant), {}).items():
        chosen[f"select[name=option_{name}]"] = value
    return chosen


def variants(engine) -> list[str | None]:
    """Each variant the lobby offers for the game (its `variant` option), or None."""
    for field in dataclasses.fields(engine.Options):
        meta = field.metadata.get("option")
        if meta is not None and field.name == "variant":
            return list(meta.choices)
    return [None]


def start_practice(page, server: str, slug: str, options: dict[str, str]) -> None:
    page.goto(f"{server}/lobby/new/{slug}/")
    page.check("input[name=practice]")
    for select, value in options.items():
        page.select_option(select, value)
    start_with_computer_players(page)


def play_to_the_end(page, player: Player) -> int:
    """Makes the first legal move each time the board offers one, until the result shows;
    returns the number of moves made."""
    result = page.locator("[data-result]")
    last, moves = 0.0, 0
    for _ in range(MOVES_AT_MOST):
        page.wait_for_selector(f"{player.turn}, [data-result]:visible", timeout=WAIT_MS)
        wider = page.evaluate(OVERFLOW)
        assert wider <= 0, f"the page is {wider} px wider than the phone before move {moves + 1}"
        if result.is_visible():
            return moves
        time.sleep(max(0.0, last + PACE_SECONDS - time.monotonic()))
        last = time.monotonic()
        # A player function returns False when the board still showed a turn already
        # played (its next state was on the way): no move was made then.
        if player.move(page) is not False:
            moves += 1
    raise AssertionError(f"the game did not end in {MOVES_AT_MOST} moves")


def watch(page) -> list[str]:
    """What went wrong on the page: errors, failed requests, moves the server refused."""
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.on(
        "response", lambda r: problems.append(f"{r.status} {r.url}") if r.status >= 400 else None
    )

    def frames(ws) -> None:
        def received(payload) -> None:
            message = json.loads(payload)
            if message.get("type") == "error":
                problems.append(f"refused: {message}")

        ws.on("framereceived", received)

    page.on("websocket", frames)
    return problems


@pytest.fixture(scope="module")
def browser():
    """One Chromium for every game of this module (starting Playwright and Chromium took
    2-5 s a game); each game plays in a phone context of its own, closed after it."""
    yield from chromium()


@pytest.fixture
def phone(browser):
    context = browser.new_context(**PHONE)
    yield context
    context.close()  # its sockets close before the next game, on the same server


@pytest.fixture
def person(funded_player):
    """Made in a thread of its own: the deposit's notice to the player's sockets cannot be
    sent from the thread where the module's Playwright runs its event loop."""
    return in_thread(funded_player)


CASES = [(engine, variant) for engine in registry.all() for variant in variants(engine)]


@pytest.mark.parametrize(
    ("engine", "variant"),
    CASES,
    ids=[engine.slug + (f"-{variant}" if variant else "") for engine, variant in CASES],
)
def test_a_practice_table_with_computer_players_is_played_to_the_end(
    server, person, phone, engine, variant
):
    player = PLAYERS.get(family_of(engine))
    if player is None:
        pytest.fail(f"no way to play the {family_of(engine)} board: add it to PLAYERS")
    page = log_in(phone, server, person)
    problems = watch(page)
    start_practice(page, server, engine.slug, shortest_options(engine, variant))
    page.wait_for_selector("[data-connection]:text-is('connected')")
    game = Game.objects.get(slug=engine.slug)
    assert game.seats.filter(player__isnull=True).exists()
    if game.is_over:
        # The computer players acting before the person may end the game at once, as the
        # rules allow: in Thanasis and Dynamitis the first can go out on its first turn,
        # and the person's cards reach the smallest target in that hand (tests/games/rummy/
        # test_thanasis_dynamitis.py). The board must then show the result.
        assert engine.slug in ("thanasis", "dynamitis"), game.outcome
        assert game.outcome["reason"] == "last player under the target"
        assert not game.actions.filter(actor=GameAction.Actor.PLAYER).exists()

    started = time.monotonic()
    moves = play_to_the_end(page, player)
    took = time.monotonic() - started
    game.refresh_from_db()
    made = game.actions.filter(actor=GameAction.Actor.PLAYER).values_list("action", flat=True)
    kinds = Counter(action.get("type", "move") for action in made)
    name = f"{engine.slug} {variant or ''}"
    print(f"{name}: {moves} moves in {took:.1f} s, {dict(kinds)}, {game.outcome['reason']}")
    assert len(made) == moves  # every move tapped was sent once and applied

    assert page.locator("[data-result-text]").inner_text() in ("You won.", "You lost.", "Draw.")
    assert game.is_over and game.outcome["reason"] != "forfeit"
    assert problems == []
