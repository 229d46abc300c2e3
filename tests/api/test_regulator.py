"""The regulator's API: every report, paged and filtered, equal in content to the file
export; any game's or round's full record."""

from __future__ import annotations

import csv
import io
import json
from datetime import date

import pytest

from reports import exports, history

pytestmark = pytest.mark.django_db

ALL_TIME = {"start": "2000-01-01", "end": "2099-12-31"}


@pytest.fixture
def api(client, regulator, issue_token):
    _, key = issue_token(regulator)

    def get(path: str, **query):
        return client.get(path, query, HTTP_AUTHORIZATION=f"Bearer {key}")

    return get


@pytest.fixture
def activity(played_rps, played_draw, played_crash):
    game, players = played_rps(stake=1_337)
    game_round = played_draw("roulette-european", "red")
    return game, players, game_round, played_crash()


def all_rows(api, name: str, **query) -> tuple[dict, list]:
    rows, page = [], 1
    while True:
        answer = api(f"/api/regulator/reports/{name}/", page=page, page_size=2, **query)
        assert answer.status_code == 200, answer.content
        body = answer.json()
        rows += body["rows"]
        if body["next"] is None:
            return body, rows
        page += 1


def test_every_report_through_the_api_equals_the_json_file_export(api, activity):
    game, (winner, _), _, _ = activity
    for name in exports.REPORTS:
        query = {**ALL_TIME, "player": winner.pk} if name == "statement" else dict(ALL_TIME)
        body, rows = all_rows(api, name, **query)
        f = exports.Filters(
            history.Period(date(2000, 1, 1), date(2099, 12, 31)),
            player_id=query.get("player"),
        )
        exported = json.loads(exports.render(name, f, "json"))
        assert rows == exported["rows"], name
        assert body["columns"] == exported["columns"]
        assert body["count"] == len(rows)
        generated = body["header"].pop("generated_at")
        exported["header"].pop("generated_at")
        assert body["header"] == exported["header"] and generated
        # And the CSV file's table, byte for byte, written from the API's rows.
        table = io.StringIO()
        cells = [[exports.cell(value) for value in row] for row in rows]  # objects as JSON
        csv.writer(table).writerows([body["columns"], *cells])
        csv_file = exports.render(name, f, "csv").decode()
        assert csv_file.split("\r\n\r\n", 1)[1].startswith(table.getvalue()), name
    assert any(row[0] == f"game:{game.pk}" for row in all_rows(api, "games", **ALL_TIME)[1])


def test_paging_and_the_filters_by_period_game_and_player(api, activity):
    game, (_, loser), _, crash = activity

    def games(**query) -> list:
        return all_rows(api, "games", **ALL_TIME, **query)[1]

    assert len(games()) == 3
    assert [row[0] for row in games(game="rps")] == [f"game:{game.pk}"]
    assert [row[0] for row in games(game="crash")] == [crash.reference]
    assert [row[0] for row in games(player=loser.pk)] == [f"game:{game.pk}"]
    past = api("/api/regulator/reports/games/", start="2001-01-01", end="2001-12-31").json()
    assert past["count"] == 0 and past["rows"] == []
    first = api("/api/regulator/reports/games/", page_size=1, **ALL_TIME).json()
    second = api(first["next"].split("testserver")[1]).json()
    assert first["rows"] != second["rows"] and second["previous"]


@pytest.mark.parametrize(
    "query",
    [
        {"start": "1999-12-31"},
        {"end": "2100-01-01"},
        {"start": "yesterday"},
        {"game": "chess"},
        {"player": "0"},
        {"player": "99999999999999999999999"},
        {"page": "0"},
        {"page_size": "100000"},
    ],
)
def test_bad_filters_are_a_400_naming_them(api, query):
    answer = api("/api/regulator/reports/games/", **query)
    assert answer.status_code == 400 and set(query) & set(answer.json())


def test_a_statement_needs_a_player_and_an_unknown_report_is_a_404(api):
    assert "player" in api("/api/regulator/reports/statement/").json()
    assert api("/api/regulator/reports/nothing/").status_code == 404


def test_a_rounds_full_record_has_its_bets_money_and_proof(api, activity):
    _, _, game_round, _ = activity
    body = api(f"/api/regulator/rounds/{game_round.game}/{game_round.number}/").json()
    assert body["kind"] == "round" and body["record"]["outcome"] == game_round.outcome
    assert [b["label"] for b in body["record"]["bets"]] == ["Red"]
    assert {t["kind"] for t in body["ledger"]} >= {"bet"}
    assert all(sum(e["amount"] for e in t["entries"]) == 0 for t in body["ledger"])
    assert body["fairness"]["link"] == bytes(game_round.link).hex()


def test_an_unplayed_rounds_record_keeps_its_link_and_outcome_secret(api, casino_settings):
    from casino import services
    from casino.models import Round

    services.schedule_rounds("crash")
    upcoming = Round.objects.filter(game="crash").order_by("-number").first()
    body = api(f"/api/regulator/rounds/crash/{upcoming.number}/").json()
    assert body["record"]["outcome"] is None and body["fairness"] is None


def test_a_games_full_record_has_seats_moves_money_and_proof(api, activity):
    game, (winner, loser), _, _ = activity
    body = api(f"/api/regulator/games/{game.pk}/").json()
    assert [s["player"] for s in body["record"]["seats"]] == [winner.pk, loser.pk]
    assert len(body["record"]["actions"]) == game.actions.count()
    assert {t["kind"] for t in body["ledger"]} >= {"hold", "settle"}
    assert body["fairness"]["seed"] == bytes(game.seed).hex()
    assert api("/api/regulator/games/999999/").status_code == 404


# Reports with no row in `activity` (their schemas are checked against rows in their own
# tests: tournaments in tests/tournaments/test_records.py).
EMPTY_IN_THE_SCENE = ("protection", "complaints", "audit", "sessions", "tournaments")


def test_the_audit_records_download_as_csv_and_every_file_follows_its_schema(api, activity):
    import jsonschema

    from reports import round_audit

    game, _, game_round, _ = activity
    for path in (
        f"/api/regulator/games/{game.pk}/audit.csv",
        f"/api/regulator/rounds/{game_round.game}/{game_round.number}/audit.csv",
    ):
        answer = api(path)
        assert answer.status_code == 200 and answer["Content-Type"] == "text/csv"
        text = answer.content.decode()
        assert "[record]" in text and "rules_version" in text and "[ledger]" in text
    assert api("/api/regulator/games/999999/audit.csv").status_code == 404
    assert api("/api/regulator/audit-schema/").json() == round_audit.SCHEMA
    listed = {r["name"]: r for r in api("/api/regulator/reports/").json()}
    all_time = exports.Filters(history.Period(date(2000, 1, 1), date(2099, 12, 31)))
    for name in exports.REPORTS:
        assert listed[name]["schema"].endswith(f"/api/regulator/reports/{name}/schema/")
        schema = api(f"/api/regulator/reports/{name}/schema/").json()
        jsonschema.Draft202012Validator.check_schema(schema)
        f = exports.Filters(all_time.period, player_id=game.seats.first().player_id)
        exported = json.loads(exports.render(name, f if name == "statement" else all_time, "json"))
        assert exported["rows"] or name in (
            "protection",
            "complaints",
            "audit",
            "sessions",
            "tournaments",
        ), name
        jsonschema.validate(exported, schema)
    assert api("/api/regulator/reports/nothing/schema/").status_code == 404
