"""The player's API: their own balance, statement, history, open tables and bets, by
session or player token, under the pages' rules."""

from __future__ import annotations

import pytest

from accounts import protection
from accounts.services import block_user

pytestmark = pytest.mark.django_db


def test_a_player_reads_their_own_account_and_nobody_elses(client, played_rps, played_draw):
    game, (alice, bob) = played_rps(stake=1_000)
    played_draw("roulette-european", "red")
    client.force_login(alice)
    balance = client.get("/api/player/balance/").json()
    assert balance["balance"] > 100_000 and balance["text"]
    statement = client.get("/api/player/statement/").json()
    assert statement["count"] == alice_lines(alice) and statement["results"][0]["amount"] > 0
    history = client.get("/api/player/history/").json()
    assert [(line["kind"], line["id"]) for line in history["results"]] == [("game", game.pk)]
    assert client.get("/api/player/bets/").json()["count"] == 0  # the bet was someone else's
    client.force_login(bob)
    assert client.get("/api/player/balance/").json()["balance"] < 100_000


def alice_lines(user) -> int:
    from wallet.models import Entry

    return Entry.objects.filter(account__key=f"cash:user:{user.pk}").count()


def test_a_players_bets_and_a_player_token(client, funded_player, issue_token, casino_settings):
    import uuid

    from casino import draws
    from tests.casino import draw_rounds

    player = funded_player()
    game_round = draw_rounds.open_round("roulette-european")
    draws.place_bets(
        player,
        game="roulette-european",
        slip=str(uuid.uuid4()),
        bets=[draws.BetRequest("red", {}, 1_000), draws.BetRequest("black", {}, 500)],
    )
    _, key = issue_token(player, "player", name="my spreadsheet")
    bets = client.get("/api/player/bets/", HTTP_AUTHORIZATION=f"Bearer {key}").json()
    assert [(b["label"], b["stake"], b["round"]) for b in bets["results"]] == [
        ("Black", 500, game_round.number),
        ("Red", 1_000, game_round.number),
    ]
    only = client.get(
        "/api/player/bets/", {"game": "crash"}, HTTP_AUTHORIZATION=f"Bearer {key}"
    ).json()
    assert only["count"] == 0


def test_open_tables_are_listed_and_closed_to_an_excluded_player(client, funded_player):
    from lobby import services as lobby

    host, player = funded_player(), funded_player()
    table = lobby.create_table(
        host, lobby.TableSpec(game_slug="rps", options={}, stake=500, seats=2, step_seconds=30)
    )
    client.force_login(player)
    tables = client.get("/api/player/tables/").json()
    assert [(t["id"], t["free"]) for t in tables] == [(table.pk, 1)]
    assert client.get("/api/player/tables/", {"game": "nope"}).status_code == 400
    protection.self_exclude(player, 6)
    refused = client.get("/api/player/tables/")
    assert refused.status_code == 403 and "exclusion" in refused.json()["detail"]
    # As on the pages: the excluded player still sees their money and history.
    assert client.get("/api/player/balance/").status_code == 200
    assert client.get("/api/player/history/").status_code == 200


def test_a_blocked_player_is_refused_by_session_and_token(
    client, funded_player, make_user, issue_token
):
    player = funded_player()
    _, key = issue_token(player, "player")
    client.force_login(player)
    block_user(player, reason="fraud", by=make_user(is_staff=True))
    assert client.get("/api/player/balance/").status_code in (401, 403)
    fresh = client.__class__()
    answer = fresh.get("/api/player/balance/", HTTP_AUTHORIZATION=f"Bearer {key}")
    assert answer.status_code == 401


def test_anonymous_callers_get_a_401_or_403_and_bad_periods_a_400(client, make_user):
    assert client.get("/api/player/balance/").status_code in (401, 403)
    client.force_login(make_user())
    assert client.get("/api/player/statement/", {"start": "1900-01-01"}).status_code == 400
    assert client.get("/api/player/statement/", {"kind": "nope"}).status_code == 400
    assert client.get("/api/player/history/", {"page": "x"}).status_code == 400
    assert client.get("/api/player/history/", {"page_size": "501"}).status_code == 400
    assert client.get("/api/player/history/", {"page": "99"}).status_code == 404
