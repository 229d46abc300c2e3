"""Log lines: JSON off a terminal, each with its request's id (kept from a sane
X-Request-ID header, else made, and echoed), the game or round it concerns, and no secret."""

from __future__ import annotations

import io
import json
import logging

import pytest

from config import logs
from telemetry import context
from tests.config.watching import json_lines, site_log

pytestmark = pytest.mark.django_db


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_json_off_a_terminal_plain_at_one_and_log_format_decides():
    assert logs.pick_format("", io.StringIO()) == "json"
    assert logs.pick_format("", Terminal()) == "plain"
    assert logs.pick_format("json", Terminal()) == "json"
    assert logs.pick_format(" PLAIN ", io.StringIO()) == "plain"
    from django.core.exceptions import ImproperlyConfigured

    with pytest.raises(ImproperlyConfigured):
        logs.pick_format("xml")
    config = logs.logging_config("json", "INFO")
    assert config["formatters"]["main"]["()"] == "config.logs.JsonFormatter"
    assert config["handlers"]["console"]["filters"] == ["context"]
    assert logs.logging_config("plain", "INFO")["formatters"]["main"]["()"].endswith(
        "PlainFormatter"
    )


def test_the_settings_pick_json_when_stderr_is_not_a_terminal(settings):
    # Under pytest stderr is captured: no terminal, so the site logs JSON.
    assert settings.LOGGING["formatters"]["main"]["()"] == "config.logs.JsonFormatter"
    handler = next(h for h in logging.getLogger().handlers if h.get_name() == "console")
    assert isinstance(handler.formatter, logs.JsonFormatter)


def test_every_request_has_an_id_echoed_and_on_its_log_line(client):
    with site_log() as out:
        given = client.get("/", HTTP_X_REQUEST_ID="edge-7f3a.42")
        made = client.get("/no-such-page/")
        forged = client.get("/", HTTP_X_REQUEST_ID='x" injected\nline')
    assert given["X-Request-ID"] == "edge-7f3a.42"
    assert len(made["X-Request-ID"]) == 32 and made.status_code == 404
    assert forged["X-Request-ID"] != 'x" injected\nline' and len(forged["X-Request-ID"]) == 32
    lines = [line for line in json_lines(out) if line["logger"] == "config.requests"]
    by_id = {line["request_id"]: line for line in lines}
    assert by_id["edge-7f3a.42"]["status"] == 200 and by_id["edge-7f3a.42"]["view"] == "home"
    assert by_id[made["X-Request-ID"]]["status"] == 404
    assert by_id[forged["X-Request-ID"]]["path"] == "/"
    for line in lines:
        assert {"time", "level", "logger", "message", "duration_ms"} <= set(line)


def test_a_request_with_a_password_never_writes_it_nor_the_secret_key(client, settings):
    settings.ROOT_URLCONF = "tests.config.leaky_urls"
    client.raise_request_exception = False
    password = 'hunter2-"Sup3r"/ü!'
    reset_key = "3k7-9f0a1b2c3d4e5f"
    form = {"email": "someone@example.com", "password": password, "fail": "1"}
    with site_log() as out:
        response = client.post(f"/leak/{reset_key}/", form, HTTP_X_REQUEST_ID="leak-1")
    assert response.status_code == 500
    text = out.getvalue()
    lines = json_lines(out)
    assert {line["logger"] for line in lines} >= {"tests.leaky", "django.request"}
    assert all(line["request_id"] == "leak-1" for line in lines)
    assert "could not log in with [redacted]" in text  # the traceback is there, the value not
    assert "someone@example.com" in text  # what is not secret stays readable
    for secret in (password, json.dumps(password)[1:-1], settings.SECRET_KEY, reset_key):
        assert secret not in text


def test_the_plain_format_carries_the_context_too():
    formatter = logs.PlainFormatter()
    with site_log(formatter) as out, context.bound(request_id="r-1", game_id=12):
        logging.getLogger("games.test").warning("a move")
    line = out.getvalue().strip()
    assert line.endswith("WARNING games.test: a move [request_id=r-1 game_id=12]")


def test_a_game_settlement_is_logged_with_its_game(start_table):
    from games import finishing, services

    game, players = start_table("rps", {"points": 1}, stake=1_000)
    services.resign(game.pk, players[0])
    with site_log() as out:
        finishing.settle_game(game.pk)
    (line,) = [line for line in json_lines(out) if line["logger"] == "games.finishing"]
    assert line["game_id"] == game.pk and line["result"] == "settled"
    assert "round_id" not in line  # only the fields that are set


def test_a_round_settlement_is_logged_with_its_round(funded_player, settings):
    from casino import draws
    from tests.casino import draw_rounds

    settings.CASINO_CHAIN_LENGTH = 1_000
    game_round = draw_rounds.open_round("roulette-european")
    draws.place_bets(
        funded_player(),
        game="roulette-european",
        slip="6f1c5d1e-8a3b-4a5e-9a49-2f7d6c1b0e11",
        bets=[draws.BetRequest("red", {}, 1_000)],
    )
    draw_rounds.draw_now(game_round)
    with site_log() as out:
        draws.advance("roulette-european")
    (line,) = [line for line in json_lines(out) if line["logger"] == "casino.services"]
    assert line["round_id"] == game_round.pk and line["game"] == "roulette-european"


def test_a_game_socket_logs_its_game_and_its_own_id():
    from games.consumers import GameConsumer

    consumer = GameConsumer()
    consumer.game_id = 5
    fields = consumer.log_context()
    assert fields["game_id"] == 5 and fields["request_id"].startswith("ws-")
    assert consumer.log_context()["request_id"] == fields["request_id"]  # kept for its life


def test_a_not_ready_answer_is_not_logged_as_a_server_error(client):
    with site_log() as out:
        assert client.get("/ready/").status_code == 503  # no heartbeat in this test
    loggers = [line["logger"] for line in json_lines(out)]
    assert loggers == ["config.requests"]
