"""The socket protocol as data: frame hygiene, every client message's schema, the error
codes, the rate limiter, and the server messages' shape against what the runtime builds."""

from __future__ import annotations

import json
import typing

import pytest

from casino import protocol as casino_protocol
from games import protocol
from realtime import protocol as frames

# --- frames -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "code"),
    [
        (None, "malformed"),  # a binary frame
        ("{not json", "malformed"),
        ("[1, 2]", "malformed"),
        ("null", "malformed"),
        ('"act"', "malformed"),
        ('{"type": 5}', "malformed"),
        ('{"seq": 0}', "malformed"),
        ("[" * 100_000 + "]" * 100_000, "too_large"),
        ('{"type": "act", "action": ' + "[" * 3_000 + "]" * 3_000 + "}", "malformed"),
        ('{"type": "act", "action": ' + "[" * 8 + "]" * 8 + "}", "malformed"),
        ('{"type": "chat", "text": "\\ud800"}', "malformed"),  # a lone surrogate
        ('{"type": "chat", "text": "a\\udc00b"}', "malformed"),
        ('{"type": "act", "action": {"sign": "rock\\u0000"}}', "malformed"),
        ('{"type": "act", "action": {"\\u0000": 1}}', "malformed"),  # in a key
        ('{"type": "chat", "text": "' + "x" * frames.MAX_FRAME + '"}', "too_large"),
    ],
)
def test_hostile_frames_are_refused_with_their_code(text, code):
    with pytest.raises(frames.ProtocolError) as refused:
        frames.decode_frame(text)
    assert refused.value.code == code
    message = refused.value.as_message()
    assert message["type"] == "error" and message["code"] == code
    # An error never echoes the input back.
    assert len(json.dumps(message)) < 200


def test_a_frame_at_the_limits_is_accepted():
    nested = {"type": "act", "seq": 0, "action": {"a": [[[[[["deep"]]]]]]}}  # depth 8
    assert frames.decode_frame(json.dumps(nested)) == nested
    text = json.dumps({"type": "chat", "text": "é" * 100 + "🂡"})
    assert frames.decode_frame(text)["text"].endswith("🂡")


# --- client messages --------------------------------------------------------------------


def test_each_game_message_parses_to_its_type():
    assert protocol.parse({"type": "act", "seq": 3, "action": {"sign": "rock"}}) == protocol.Act(
        3, {"sign": "rock"}
    )
    assert protocol.parse({"type": "sync"}) == protocol.Sync(None)
    assert protocol.parse({"type": "sync", "seq": 4}) == protocol.Sync(4)
    assert protocol.parse({"type": "resign"}) == protocol.Resign()
    assert protocol.parse({"type": "chat", "text": "  good game  "}) == protocol.Chat("good game")
    long = protocol.parse({"type": "chat", "text": "x" * 1_000})
    assert long == protocol.Chat("x" * protocol.CHAT_LIMIT)


@pytest.mark.parametrize(
    ("content", "error"),
    [
        ({"type": "act", "seq": "0", "action": {}}, frames.Malformed),
        ({"type": "act", "seq": True, "action": {}}, frames.Malformed),
        ({"type": "act", "seq": 0, "action": "rock"}, frames.Malformed),
        ({"type": "act", "seq": 0}, frames.Malformed),
        ({"type": "act", "seq": 0, "action": {}, "extra": 1}, frames.Malformed),
        ({"type": "sync", "seq": 1.5}, frames.Malformed),
        ({"type": "chat", "text": "   "}, frames.Malformed),
        ({"type": "chat", "text": ["hi"]}, frames.Malformed),
        ({"type": "resign", "why": "bored"}, frames.Malformed),
        ({"type": "shout"}, frames.UnknownType),
    ],
)
def test_game_messages_of_the_wrong_shape_are_refused(content, error):
    with pytest.raises(error):
        protocol.parse(content)


def test_each_crash_message_parses_to_its_type(settings):
    settings.CURRENCY_DIGITS = 2
    assert casino_protocol.parse_crash({"type": "sync"}) == casino_protocol.Sync()
    bet = {"type": "bet", "amount": "10.50", "auto_cash_out": "2", "next_round": True}
    assert casino_protocol.parse_crash(bet) == casino_protocol.Bet(1_050, "2", True)
    assert casino_protocol.parse_crash(
        {"type": "bet", "amount": 10, "auto_cash_out": None}
    ) == casino_protocol.Bet(1_000, None, False)
    assert casino_protocol.parse_crash({"type": "cash_out"}) == casino_protocol.CashOut()
    autobet = {
        "type": "autobet",
        "base_bet": "1",
        "total_bets_limit": "50",
        "on_win": "return_to_base",
        "on_loss": "double",
        "auto_cash_out": "",
    }
    assert casino_protocol.parse_crash(autobet) == casino_protocol.Autobet(
        100, 5_000, "return_to_base", "double", None
    )
    assert casino_protocol.parse_crash({"type": "stop_autobet"}) == casino_protocol.StopAutobet()
    assert casino_protocol.parse_keno({"type": "sync"}) == casino_protocol.Sync()


@pytest.mark.parametrize(
    ("content", "code"),
    [
        ({"type": "bet", "amount": 10.5}, "invalid_amount"),  # no float touches money
        ({"type": "bet", "amount": "ten"}, "invalid_amount"),
        ({"type": "bet", "amount": True}, "invalid_amount"),
        ({"type": "bet", "amount": "10", "next_round": "yes"}, "malformed"),
        ({"type": "bet", "amount": "10", "auto_cash_out": [2]}, "malformed"),
        ({"type": "bet", "amount": "10", "player": 7}, "malformed"),
        ({"type": "autobet", "base_bet": "1", "total_bets_limit": "5"}, "malformed"),
        ({"type": "cash_out", "amount": "1"}, "malformed"),
        ({"type": "launch"}, "unknown_type"),
    ],
)
def test_crash_messages_of_the_wrong_shape_are_refused(content, code):
    with pytest.raises(frames.ProtocolError) as refused:
        casino_protocol.parse_crash(content)
    assert refused.value.code == code


def test_the_keno_socket_only_syncs():
    with pytest.raises(frames.UnknownType):
        casino_protocol.parse_keno({"type": "bet"})


# --- refusals ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "kind"),
    [
        ("illegal", protocol.Illegal),
        ("not_your_turn", protocol.NotYourTurn),
        ("stale", protocol.Stale),
        ("game_over", protocol.GameOver),
        ("not_seated", protocol.NotSeated),
        ("blocked", frames.AccountBlocked),
        ("bad_request", frames.Malformed),
    ],
)
def test_each_service_refusal_is_its_own_type_and_keeps_its_code(code, kind):
    error = protocol.refusal(code, "Not now.")
    assert type(error) is kind
    assert error.as_message() == {"type": "error", "code": kind.code, "message": "Not now."}


def test_every_error_kind_has_its_own_code():
    kinds = [
        frames.Malformed,
        frames.TooLarge,
        frames.UnknownType,
        frames.RateLimited,
        frames.AccountBlocked,
        frames.AccountExcluded,
        frames.ServerError,
        protocol.Spectator,
        protocol.Illegal,
        protocol.NotYourTurn,
        protocol.Stale,
        casino_protocol.InvalidAmount,
        casino_protocol.Refused,
        casino_protocol.LoginRequired,
    ]
    codes = [kind.code for kind in kinds]
    assert len(set(codes)) == len(codes)
    assert {"malformed", "illegal", "not_your_turn", "stale", "rate_limited"} <= set(codes)


# --- rate limits ------------------------------------------------------------------------


def test_a_burst_then_the_steady_rate(monkeypatch):
    now = [100.0]
    monkeypatch.setattr(frames, "monotonic", lambda: now[0])
    limiter = frames.RateLimiter({"chat": frames.Rate(burst=3, per_second=0.5)})
    for _ in range(3):
        limiter.take("chat")
    with pytest.raises(frames.RateLimited):
        limiter.take("chat")
    limiter.take("sync")  # a kind without a rate is not limited, nor charged to another
    now[0] += 1.9
    with pytest.raises(frames.RateLimited):
        limiter.take("chat")
    now[0] += 0.1
    limiter.take("chat")  # one token back every two seconds
    now[0] += 3_600
    for _ in range(3):  # an idle socket gets its burst back, no more
        limiter.take("chat")
    with pytest.raises(frames.RateLimited):
        limiter.take("chat")


# --- server messages --------------------------------------------------------------------


@pytest.mark.django_db
def test_state_and_over_messages_have_the_declared_shape(start_table):
    from games import messages, services

    game, players = start_table("rps", {"points": 1})
    state = messages.state_message(game, 0)
    assert set(state) == set(typing.get_type_hints(protocol.StateMessage))
    assert set(state["players"][0]) == set(typing.get_type_hints(protocol.PlayerEntry))
    services.resign(game.pk, players[0])
    game.refresh_from_db()
    over = messages.over_message(game)
    assert set(over) == set(typing.get_type_hints(protocol.OverMessage))
    json.dumps(state), json.dumps(over)
