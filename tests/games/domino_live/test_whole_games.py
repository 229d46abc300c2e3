"""Every game played to the end through the runtime, settled against the ledger, replayed,
and found in the player's history and the regulator's export."""

from __future__ import annotations

import json
from datetime import date

import pytest
from django.urls import reverse

from games import replay, services
from reports import exports, history
from tests.games.two_seats import FUNDS, STAKE, bot_move, mover, play_to_the_end, reload
from wallet.invariants import ledger_problems
from wallet.selectors import cash_balance

pytestmark = pytest.mark.django_db

TABLES = [
    ("dominoes", {"points": 1}),
    ("dominoes", {"points": 51, "winner_gets_all": True}),
    ("fives", {"points": 51, "multi_pair": True}),
    ("threes", {"points": 3, "multi_pair": True}),
    ("block-dominoes", {"points": 51}),
]
POT_LESS_RAKE = 2 * STAKE - 98


@pytest.mark.parametrize(("slug", "options"), TABLES, ids=[f"{s}-{o['points']}" for s, o in TABLES])
def test_a_match_is_played_settled_and_replayed(slug, options, start_table, players):
    game, _ = start_table(slug, options, stake=STAKE, players=players)
    game = play_to_the_end(game, players)

    assert game.status == "finished"
    winner = game.outcome["placing"].index(1)
    assert game.outcome["placing"][1 - winner] == 2
    game = services.settle_game(game.pk)
    assert game.settlement["rake"] == 98
    assert cash_balance(players[winner]) == FUNDS - STAKE + POT_LESS_RAKE
    assert cash_balance(players[1 - winner]) == FUNDS - STAKE
    assert ledger_problems() == []

    steps = replay.replay(game)
    assert replay.check(game, steps).ok and steps[-1].state == game.state


def test_a_finished_match_is_in_the_history_and_the_export(client, start_table, players):
    game, _ = start_table("fives", {"points": 51}, stake=STAKE, players=players)
    game = services.settle_game(play_to_the_end(game, players).pk)
    winner = players[game.outcome["placing"].index(1)]

    lines = history.History(winner, history.default_period(), "fives")[0:10]
    assert [(line.kind, line.net) for line in lines] == [("game", POT_LESS_RAKE - STAKE)]
    assert lines[0].link == reverse("games:replay", args=[game.pk])
    client.force_login(winner)
    page = client.get(reverse("reports:history")).content.decode()
    assert "Fives" in page and reverse("games:replay", args=[game.pk]) in page
    assert client.get(reverse("games:replay", args=[game.pk])).status_code == 200

    period = exports.Filters(history.Period(date(2000, 1, 1), date(2100, 1, 1)), game="fives")
    data = json.loads(exports.render("games", period, "json"))
    (row,) = [dict(zip(data["columns"], r, strict=True)) for r in data["rows"]]
    assert row["id"] == f"game:{game.pk}" and row["game"] == "fives"
    assert row["revealed_seed"] == game.revealed_seed
    assert game.settlement["transaction"] in row["ledger_transactions"]


STEP_SECONDS = 10


def test_a_lapsed_step_is_played_for_the_seat_and_the_fifth_forfeits(clock, start_table, players):
    game, _ = start_table(
        "dominoes", {"points": 301}, stake=STAKE, players=players, step_seconds=STEP_SECONDS
    )
    victim = mover(game)
    timeouts = 0
    while not game.is_over:
        seat = mover(game)
        if seat == victim:
            seq = game.seq
            clock.advance(STEP_SECONDS)
            assert services.expire(game.pk, seq)
            game = reload(game)
            timeouts += 1
            if not game.is_over:
                played = game.actions.filter(actor="timeout").order_by("-seq").first()
                assert played.action["type"] == "play"  # the table played a bone
        else:
            game = services.submit(game.pk, players[seat], game.seq, bot_move(game, seat))
    # Four steps are played for the seat; the fifth timeout disconnects it: a forfeit.
    assert timeouts == 5
    assert game.actions.filter(actor="timeout").count() == 4
    assert game.outcome["reason"] == "forfeit" and game.outcome["placing"][victim] == 2
    services.settle_game(game.pk)
    assert cash_balance(players[1 - victim]) == FUNDS - STAKE + POT_LESS_RAKE
    assert ledger_problems() == []


def test_resigning_loses_the_match(start_table, players):
    game, _ = start_table("threes", {"points": 101}, stake=STAKE, players=players)
    quitter = 1 - mover(game)
    game = reload(services.resign(game.pk, players[quitter]))
    assert game.outcome["reason"] == "forfeit" and game.outcome["placing"][quitter] == 2
    services.settle_game(game.pk)
    assert cash_balance(players[quitter]) == FUNDS - STAKE
    assert ledger_problems() == []
