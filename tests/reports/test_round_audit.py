"""The regulator's audit download of one game or round: each file, JSON or CSV, proves its
outcome alone. The tests below download a backgammon game, a Pilotta game, a Crash round
and a Keno round as a regulator does and rebuild, from the file's contents and the
published algorithms only (the engines, the generator, the seed chain, the round games'
rules), the outcome, every payout and what the ledger moved."""

from __future__ import annotations

import csv
import hashlib
import io
import json
import uuid
from datetime import timedelta

import jsonschema
import pytest
from django.contrib.auth.models import Group, Permission
from django.urls import reverse
from django.utils import timezone

from casino import draws, services
from casino import registry as round_games
from casino.chain import link_at, terminal_link, verify_against_terminal, verify_link
from casino.crash import curve
from casino.models import Round, SeedChain
from games import chat, settlement
from games import registry as engines
from games.engine import Outcome
from games.rng import Rng
from reports import exports, round_audit
from staff.roles import REGULATORS_GROUP
from tests.tournaments import conftest as tournaments

pytestmark = pytest.mark.django_db


@pytest.fixture
def regulator(client, make_user):
    user = make_user(is_staff=True)
    group, _ = Group.objects.get_or_create(name=REGULATORS_GROUP)
    group.permissions.set(Permission.objects.filter(codename__startswith="view_"))
    user.groups.add(group)
    client.force_login(user)
    return user


def download(client, url: str) -> dict:
    response = client.get(url)
    assert response.status_code == 200, response.content[:500]
    assert response["Content-Disposition"].startswith("attachment")
    document = json.loads(response.content)
    jsonschema.validate(document, round_audit.SCHEMA)
    return document


def csv_sections(client, url: str) -> dict[str, list[list[str]]]:
    response = client.get(url)
    assert response.status_code == 200 and response["Content-Type"] == "text/csv"
    sections: dict[str, list[list[str]]] = {}
    current = None
    for row in csv.reader(io.StringIO(response.content.decode())):
        if len(row) == 1 and row[0].startswith("["):
            current = sections.setdefault(row[0].strip("[]"), [])
        elif row:
            current.append(row)
    return sections


# --- rebuilding from the file alone ------------------------------------------------------------


def balanced(ledger: list[dict]) -> None:
    for transaction in ledger:
        assert sum(e["amount"] for e in transaction["entries"]) == 0, transaction


def cash_moved(ledger: list[dict]) -> dict[int, int]:
    """What the ledger's transactions moved on each player's cash account."""
    moved: dict[int, int] = {}
    for transaction in ledger:
        for entry in transaction["entries"]:
            if entry["account"].startswith("cash:user:"):
                player = int(entry["account"].rsplit(":", 1)[1])
                moved[player] = moved.get(player, 0) + entry["amount"]
    return moved


def rebuild_game(document: dict) -> None:
    record, fairness = document["record"], document["fairness"]
    seed = bytes.fromhex(fairness["seed"])
    assert hashlib.sha256(seed).hexdigest() == record["seed_hash"]
    assert record["rules_version"] == engines.rules_version(record["game"])
    engine = engines.get(record["game"])
    options = engine.Options.from_json(record["options"])
    seats = record["seats"]
    state = engine.start(options, len(seats), Rng(seed, fairness["salt"], 0))
    for logged in record["actions"]:
        assert logged["actor"] in ("player", "timeout", "bot", "system") and logged["created"]
        if logged["kind"] == "act":
            rng = Rng(seed, fairness["salt"], logged["seq"])
            state = engine.apply(state, logged["seat"], logged["action"], rng)
        elif logged["kind"] == "forfeit":
            state = engine.forfeit(state, logged["seat"])
    outcome = engine.outcome(state)
    assert outcome is not None and outcome.as_json() == record["outcome"]
    held = [seat["held"] for seat in seats]
    assert record["stakes"] == sum(held)
    paid = settlement.settle(
        Outcome.from_json(outcome.as_json()),
        held,
        settlement.at_risk(held, record["stake"], engine.stake_multiplier(state)),
        record["rake_bp"],
        frozenset(s["position"] for s in seats if s["disconnected"]),
    )
    assert list(paid.payouts) == record["settlement"]["payouts"]
    assert paid.rake == record["settlement"]["rake"]
    balanced(document["ledger"])
    moved = cash_moved(document["ledger"])
    for seat, payout in zip(seats, paid.payouts, strict=True):
        assert moved[seat["player"]] == payout - seat["held"]
    rake = sum(
        e["amount"] for t in document["ledger"] for e in t["entries"] if e["account_kind"] == "rake"
    )
    assert rake == paid.rake


def rebuild_round(document: dict) -> None:
    record, fairness = document["record"], document["fairness"]
    game = round_games.get(record["game"])
    assert record["rules_version"] == round_games.rules_version(record["game"])
    link = bytes.fromhex(fairness["link"])
    assert verify_link(link, bytes.fromhex(fairness["commitment"]))
    chain = fairness["chain"]
    assert verify_against_terminal(link, fairness["link_index"], bytes.fromhex(chain["terminal"]))
    outcome = game.committed_outcome(link, chain["salt"], record["number"])
    assert json.loads(json.dumps(outcome)) == record["outcome"]
    for bet in record["bets"]:
        assert bet["payout"] == game.payout(
            bet["stake"], bet["bet_type"], bet["selection"], outcome
        )
    assert record["stakes"] == sum(b["stake"] for b in record["bets"])
    balanced(document["ledger"])
    moved = cash_moved(document["ledger"])
    for player in record["players"]:
        mine = [b for b in record["bets"] if b["player"] == player]
        assert moved[player] == sum(b["payout"] - b["stake"] for b in mine)


def play_out(game):
    """Played to the end by the game's bots through the services, and settled."""
    from games import services as games

    tournaments.play_out(game)
    return games.settle_game(game.pk)


# --- the four games ----------------------------------------------------------------------------


def test_a_backgammon_game_is_proved_from_its_download(client, regulator, start_table):
    game, _ = start_table("backgammon", {"points": 1}, stake=1_000, private=True)
    game = play_out(game)
    assert game.settled and game.rules_version == engines.rules_version("backgammon")
    document = download(client, reverse("reports:audit_game", args=[game.pk, "json"]))
    assert document["kind"] == "game" and document["record"]["private"]
    rebuild_game(document)
    # The CSV says the same: its actions table replays to the same outcome.
    sections = csv_sections(client, reverse("reports:audit_game", args=[game.pk, "csv"]))
    fields = dict(sections["record"])
    assert fields["rules_version"] == game.rules_version
    columns, *rows = sections["actions"]
    actions = [dict(zip(columns, row, strict=True)) for row in rows]
    csv_document = {
        **document,
        "record": {
            **document["record"],
            "actions": [
                {
                    **a,
                    "seq": int(a["seq"]),
                    "seat": int(a["seat"]),
                    "action": json.loads(a["action"] or "null"),
                }
                for a in actions
            ],
        },
        "fairness": {**document["fairness"], **dict(sections["fairness"])},
    }
    rebuild_game(csv_document)
    ledger_columns, *entries = sections["ledger"]
    assert sum(int(dict(zip(ledger_columns, e, strict=True))["amount"]) for e in entries) == 0
    # The read-only admin's record links to both files.
    page = client.get(reverse("admin:games_game_change", args=[game.pk])).content.decode()
    assert reverse("reports:audit_game", args=[game.pk, "csv"]) in page
    # Regulators open a private game's replay too.
    assert client.get(reverse("games:replay", args=[game.pk])).status_code == 200


def test_a_pilotta_game_is_proved_from_its_download(client, regulator, start_table, funded_player):
    game, _ = start_table(
        "pilotta", {"target": 51}, stake=1_000, players=[funded_player() for _ in range(4)]
    )
    play_out(game)
    document = download(client, reverse("reports:audit_game", args=[game.pk, "json"]))
    assert len(document["record"]["players"]) == 4
    rebuild_game(document)


def test_a_games_record_holds_its_table_chat_and_what_became_of_each_report(
    client, regulator, start_table
):
    game, players = start_table("backgammon", {"points": 1}, stake=1_000)
    said = chat.chat_say(game_id=game.pk, user=players[0], text="good luck")
    chat.chat_say(game_id=game.pk, user=players[1], text="<b>you too</b>")
    chat.chat_report(game_id=game.pk, line_id=said["id"], user=players[1])
    play_out(game)

    document = download(client, reverse("reports:audit_game", args=[game.pk, "json"]))
    lines = document["record"]["chat"]
    assert [(line["seat"], line["player"], line["text"], line["reports"]) for line in lines] == [
        (0, players[0].pk, "good luck", ["open"]),
        (1, players[1].pk, "<b>you too</b>", []),
    ]
    columns, *rows = csv_sections(client, reverse("reports:audit_game", args=[game.pk, "csv"]))[
        "chat"
    ]
    assert [dict(zip(columns, row, strict=True))["text"] for row in rows] == [
        "good luck",
        "<b>you too</b>",
    ]


@pytest.fixture
def crash_chain(casino_settings):
    """A published Crash chain whose first round crashes at 2.00x or more (the secret is
    fixed, so the test is deterministic; the outcome is the chain's own)."""
    salt = "longtable-crash-audit"
    for n in range(1, 200):
        secret = hashlib.sha256(b"audit %d" % n).digest()
        link = link_at(secret, 1_000, 1)
        if round_games.get("crash").committed_outcome(link, salt, 1)["crash_point"] >= 200:
            return SeedChain.objects.create(
                game="crash",
                secret=secret,
                length=1_000,
                terminal=terminal_link(secret, 1_000),
                salt=salt,
            )
    raise AssertionError("no secret found")


def test_a_crash_round_is_proved_from_its_download(
    client, regulator, crash_chain, funded, run_round, fake_clock
):
    services.schedule_rounds("crash")
    game_round = services.open_crash_betting()
    assert game_round.number == 1
    # Its betting window open for as long as the test needs, however slow the machine.
    Round.objects.filter(pk=game_round.pk).update(closes_at=timezone.now() + timedelta(hours=1))
    auto, by_hand, rider = funded(), funded(), funded()
    services.place_crash_bet(auto, 1_000, auto_cash_out=150)
    services.place_crash_bet(by_hand, 700, auto_cash_out=None)
    services.place_crash_bet(rider, 500, auto_cash_out=None)
    game_round = run_round(game_round)
    elapsed = curve.crash_instant(130)
    services.cash_out(by_hand, received_ms=game_round.started_at_ms + elapsed)
    fake_clock.advance(int(timedelta(minutes=10).total_seconds() * 1000))
    assert services.settle_crash(game_round.pk)
    document = download(client, reverse("reports:audit_round", args=["crash", 1, "json"]))
    rebuild_round(document)
    page = client.get(reverse("admin:casino_round_change", args=[game_round.pk])).content
    assert reverse("reports:audit_round", args=["crash", 1, "csv"]).encode() in page
    bets = {b["player"]: b for b in document["record"]["bets"]}
    assert bets[auto.pk]["cash_out"] == {
        "multiplier": 150,
        "by": "auto",
        "elapsed_ms": curve.crash_instant(150),
        "at": bets[auto.pk]["cash_out"]["at"],
    }
    assert bets[by_hand.pk]["cash_out"]["by"] == "player"
    assert bets[by_hand.pk]["cash_out"]["elapsed_ms"] == elapsed
    assert bets[rider.pk]["cash_out"] is None and bets[rider.pk]["payout"] == 0
    kinds = [(a["kind"], a["actor"]) for a in document["record"]["actions"]]
    assert kinds.count(("bet", "player")) == 3
    assert {("cash_out", "auto"), ("cash_out", "player")} <= set(kinds)
    assert ("settle", "system") in kinds


def test_a_keno_round_is_proved_from_its_download(client, regulator, funded, keno_rounds):
    first = keno_rounds()
    balls = first.balls
    player, other = funded(10_000), funded(10_000)
    missed = [n for n in range(1, 81) if n not in balls]
    for user, numbers, game in (
        (player, balls[:3] + missed[:2], "keno-8"),
        (other, missed[:4], "keno-10"),
    ):
        services.buy_keno_tickets(
            user, game=game, numbers=numbers, amount=100, draws=1, purchase=uuid.uuid4().hex
        )
    Round.objects.filter(game="keno", number__lte=first.number).update(
        starts_at=timezone.now() - timedelta(seconds=1),
        closes_at=timezone.now() - timedelta(seconds=6),
    )
    assert draws.advance("keno") == [first.number]
    url = reverse("reports:audit_round", args=["keno", first.number, "json"])
    document = download(client, url)
    rebuild_round(document)
    bets = {b["player"]: b for b in document["record"]["bets"]}
    assert bets[player.pk]["picks"] == sorted(balls[:3] + missed[:2])
    assert bets[player.pk]["hits"] == 3
    assert bets[player.pk]["hit_numbers"] == sorted(balls[:3])
    assert bets[other.pk]["hits"] == 0


def test_the_audit_download_is_for_regulators_and_staff_only(client, make_user, start_table):
    game, _ = start_table("backgammon", {"points": 1})
    url = reverse("reports:audit_game", args=[game.pk, "json"])
    client.force_login(make_user())
    assert client.get(url).status_code == 403
    client.force_login(make_user(is_staff=True, is_superuser=True))
    live = json.loads(client.get(url).content)
    assert live["fairness"] is None  # the seed stays secret while the game is played
    assert client.get(reverse("reports:audit_game", args=[game.pk, "xml"])).status_code == 404
    found = client.get(
        reverse("reports:audit_find"), {"audit-game_id": game.pk, "audit-file_format": "csv"}
    )
    assert found["Location"] == reverse("reports:audit_game", args=[game.pk, "csv"])
    refused = client.get(reverse("reports:audit_find"), {"audit-file_format": "csv"})
    assert b"Give a game id" in refused.content


def test_a_periods_audit_records_are_a_background_job_whose_rows_prove_each_outcome(
    client, regulator, start_table, settings, tmp_path, monkeypatch
):
    from reports import tasks
    from reports.models import ExportJob

    settings.DATA_DIR = tmp_path
    queued = []
    monkeypatch.setattr(tasks.run_export, "delay", queued.append)
    game, _ = start_table("backgammon", {"points": 1}, stake=1_000)
    game = play_out(game)
    # However small, it is written by the worker: each row is a whole record.
    response = client.post(
        reverse("reports:exports"),
        {"report": "round_audit", "file_format": "json", "start": "2000-01-01"},
    )
    job = ExportJob.objects.get()
    assert response["Location"] == reverse("reports:export_job", args=[job.pk])
    assert queued == [job.pk]
    tasks.run_export(job.pk)
    job.refresh_from_db()
    assert (job.status, job.progress, job.rows) == ("done", 100, 1)
    data = json.loads((tmp_path / "exports" / job.file_name).read_text())
    jsonschema.validate(data, exports.json_schema("round_audit"))
    ((row_id, slug, version, record),) = data["rows"]
    assert (row_id, slug, version) == (f"game:{game.pk}", "backgammon", game.rules_version)
    rebuild_game(record)


def test_the_players_history_shows_the_rules_version_a_game_was_played_under(client, start_table):
    game, players = start_table("backgammon", {"points": 1}, stake=1_000)
    game = play_out(game)
    client.force_login(players[0])
    page = client.get(reverse("reports:history")).content.decode()
    assert f"Rules version {game.rules_version}" in page
