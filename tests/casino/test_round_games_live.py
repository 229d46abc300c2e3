"""The games of the round contract through the real pages and the real socket (ASGI stack,
Redis channel layer): every game's page and rules page, a slip over the socket placed once
however often it is sent, bad frames refused with nothing held, the result and the
player's own settled bets and balance pushed after the draw."""

from __future__ import annotations

import uuid

import pytest
from channels.db import database_sync_to_async
from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from casino import conf, draws, registry
from casino.models import Bet, Round
from casino.rounds import rtp_percent
from tests.casino import draw_rounds
from tests.casino.test_sockets import connect, until
from wallet.invariants import ledger_problems
from wallet.money import format_minor
from wallet.selectors import cash_balance

GAME = "roulette-european"


@pytest.mark.django_db
@pytest.mark.parametrize("slug", [game.slug for game in registry.all()])
def test_every_round_game_has_a_live_page_and_a_rules_page_with_each_bets_return(
    client, casino_settings, slug
):
    game = registry.get(slug)
    page = client.get(reverse("casino:play", args=[slug])).content.decode()
    assert f"<h1>{game.name}" in page
    assert ('id="round-state"' in page) == (game.board not in ("crash", "keno"))  # own pages
    rules = client.get(reverse("casino:rules", args=[slug])).content.decode()
    for bet_type in game.bet_types:
        assert escape(bet_type.name) in rules
        assert f"{rtp_percent(game.rtp(bet_type.code))}%" in rules
    assert "Most one bet can pay" in rules and format_minor(conf.limits(slug).max_win) in rules


@pytest.mark.django_db
def test_the_casino_page_lists_every_round_game_and_unknown_games_are_404(client, casino_settings):
    page = client.get(reverse("casino:index")).content.decode()
    for game in registry.all():
        assert reverse("casino:play", args=[game.slug]) in page
    assert client.get("/casino/no-such-game/").status_code == 404
    assert client.get("/casino/no-such-game/rules/").status_code == 404


@pytest.mark.django_db
def test_the_casino_lobby_reads_every_games_next_and_last_rounds_in_one_query(
    casino_settings, django_assert_num_queries
):
    game_round = draw_rounds.open_round(GAME)
    draw_rounds.draw_now(game_round)
    draws.advance(GAME)
    with django_assert_num_queries(1):
        entries = draws.lobby()
    by_slug = {entry["game"].slug: entry for entry in entries}
    assert set(by_slug) == {game.slug for game in registry.all()}
    game_round.refresh_from_db()
    assert by_slug[GAME]["last"] == [registry.get(GAME).describe(game_round.outcome)]
    assert by_slug[GAME]["next"].number == game_round.number + 1


@pytest.mark.django_db
def test_the_casino_lobby_shows_the_last_three_results_newest_first_and_the_next_round(
    casino_settings,
):
    played = []
    for _ in range(4):
        game_round = draw_rounds.open_round(GAME)
        draw_rounds.draw_now(game_round)
        draws.advance(GAME)
        game_round.refresh_from_db()
        played.append(game_round)
    entry = next(entry for entry in draws.lobby() if entry["game"].slug == GAME)
    game = registry.get(GAME)
    assert entry["last"] == [game.describe(r.outcome) for r in reversed(played[1:])]
    assert entry["next"].number == played[-1].number + 1
    assert entry["next"].state in (Round.State.SCHEDULED, Round.State.BETTING)


@pytest.mark.django_db
def test_a_played_round_verifies_on_its_fairness_and_round_pages(client, funded):
    game_round = draw_rounds.open_round(GAME)
    draw_rounds.draw_now(game_round)
    draws.advance(GAME)
    game_round.refresh_from_db()
    text = registry.get(GAME).describe(game_round.outcome)
    fairness = client.get(reverse("casino:fairness", args=[GAME])).content.decode()
    assert text in fairness and "✓ same" in fairness and "✗" not in fairness
    detail = client.get(reverse("casino:round", args=[GAME, game_round.number])).content.decode()
    assert text in detail and bytes(game_round.link).hex() in detail


async def collect(socket, *kinds: str) -> dict[str, dict]:
    """The first message of each kind, in whatever order they come: a broadcast, the
    socket's own reply and the player's account events travel separately."""
    found: dict[str, dict] = {}
    while set(kinds) - set(found):
        message = await socket.receive_json_from(timeout=5)
        found.setdefault(message["type"], message)
    return found


def logged_in(player) -> str:
    client = Client()
    client.force_login(player)
    return client.cookies["sessionid"].value


@pytest.mark.django_db(transaction=True)
async def test_a_slip_over_the_socket_is_placed_once_then_paid_and_told(funded):
    player = await database_sync_to_async(funded)(100_000)
    cookie = await database_sync_to_async(logged_in)(player)
    await database_sync_to_async(draw_rounds.open_round)(GAME)
    socket = await connect(cookie, f"/ws/casino/{GAME}/")
    state = await until(socket, "state")
    number = state["round"]["number"]
    slip = {
        "type": "bet",
        "slip": str(uuid.uuid4()),
        "bets": [
            {"bet_type": "straight", "selection": {"pockets": ["17"]}, "stake": "10.00"},
            {"bet_type": "black", "selection": {}, "stake": "20"},
        ],
    }
    await socket.send_json_to(slip)
    told = await collect(socket, "placed", "balance")
    placed = told["placed"]
    assert [b["label"] for b in placed["bets"]] == ["Straight up 17", "Black"]
    assert placed["balance"] == 97_000 and told["balance"]["balance"] == 97_000
    await socket.send_json_to(slip)  # the page resends after a dropped connection
    again = await until(socket, "placed")
    assert [b["id"] for b in again["bets"]] == [b["id"] for b in placed["bets"]]
    assert await database_sync_to_async(cash_balance)(player) == 97_000

    def draw_17():
        draw_rounds.draw_now(Round.objects.get(game=GAME, number=number), {"pockets": ["17"]})
        return draws.advance(GAME)

    assert number in await database_sync_to_async(draw_17)()
    result = await until(socket, "result")
    assert result["round"] == number and result["text"] == "17 black"
    await socket.send_json_to({"type": "sync"})  # as the page does on a result
    state = await until(socket, "state")
    assert sorted(b["payout"] for b in state["mine"] if b["round"] == number) == [4_000, 36_000]
    assert (state["balance"], state["balance_text"]) == (137_000, "1,370.00 EUR")
    assert await database_sync_to_async(ledger_problems)() == []
    await socket.disconnect()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    ("frame", "code"),
    [
        ({"type": "bet", "slip": "x", "bets": []}, "malformed"),
        (
            {"type": "bet", "slip": "x", "bets": [{"bet_type": "red", "stake": 1.5}]},
            "invalid_amount",
        ),
        (
            {
                "type": "bet",
                "slip": "x",
                "bets": [{"bet_type": "red", "selection": [], "stake": "1"}],
            },
            "malformed",
        ),
        (
            {
                "type": "bet",
                "slip": str(uuid.uuid4()),
                "bets": [{"bet_type": "split", "selection": {"pockets": ["1", "9"]}, "stake": "1"}],
            },
            "refused",
        ),
        (
            {
                "type": "bet",
                "slip": str(uuid.uuid4()),
                "bets": [{"bet_type": "red", "selection": {}, "stake": "-1"}],
            },
            "invalid_amount",
        ),
        (
            {
                "type": "bet",
                "slip": str(uuid.uuid4()),
                "bets": [{"bet_type": "red", "selection": {}, "stake": "5000"}],
            },
            "refused",
        ),
        ({"type": "spin"}, "unknown_type"),
    ],
)
async def test_bad_frames_get_a_clear_error_and_hold_nothing(funded, frame, code):
    player = await database_sync_to_async(funded)(100_000)
    cookie = await database_sync_to_async(logged_in)(player)
    await database_sync_to_async(draw_rounds.open_round)(GAME)
    socket = await connect(cookie, f"/ws/casino/{GAME}/")
    await until(socket, "state")
    await socket.send_json_to(frame)
    error = await until(socket, "error")
    assert error["code"] == code and error["message"]
    assert await database_sync_to_async(cash_balance)(player) == 100_000
    assert not await database_sync_to_async(Bet.objects.exists)()
    await socket.send_json_to({"type": "sync"})  # the socket stays open
    assert (await until(socket, "state"))["type"] == "state"
    await socket.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_watchers_need_no_login_but_betting_does_and_unknown_games_close(casino_settings):
    await database_sync_to_async(draws.advance)(GAME)
    socket = await connect(None, f"/ws/casino/{GAME}/")
    assert (await until(socket, "state"))["mine"] == []
    await socket.send_json_to(
        {"type": "bet", "slip": str(uuid.uuid4()), "bets": [{"bet_type": "red", "stake": "1"}]}
    )
    assert (await until(socket, "error"))["code"] == "login_required"
    await socket.disconnect()
    from channels.testing import WebsocketCommunicator

    from config.asgi import application

    stranger = WebsocketCommunicator(
        application, "/ws/casino/no-such-game/", headers=[(b"origin", b"http://testserver")]
    )
    connected, code = await stranger.connect()
    assert not connected and code == 4404


@pytest.mark.django_db
def test_verify_round_checks_a_round_game_from_the_command_line(casino_settings, capsys):
    from django.core.management import call_command

    game_round = draw_rounds.open_round("craps")
    draw_rounds.draw_now(game_round)
    draws.advance("craps")
    call_command("verify_round", "craps", str(game_round.number))
    out = capsys.readouterr().out
    assert "sha256" in out and "The round verifies." in out
