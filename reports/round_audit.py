"""The regulator's audit download of one game or round: its full record
(`reports.records`) under a header, as JSON or as CSV, and the bulk export of every
game and round of a period (the `round_audit` report, one full record a row).

The file holds everything needed to prove the outcome without the platform: the rules
version, the options, the players and stakes, the commitment and the revealed seed (or
the chain's link and salt), every action with its time and actor, every bet with its
selection and payout, and the ledger transactions with their entries. The tests rebuild
each outcome and payout from a downloaded file alone (tests/reports/test_round_audit.py).

CSV lays the same document out as sections: a ``[name]`` line, then either ``field,value``
lines or a table (its columns, then its rows); lists and objects inside a cell are JSON.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator

from django.conf import settings
from django.core.serializers.json import DjangoJSONEncoder
from django.urls import reverse
from django.utils import timezone

from casino.models import Round
from games.models import Game
from reports import records
from reports.exports import cell

FORMATS = {"json": "application/json", "csv": "text/csv"}
# The tables of a record: one row per seat, bet, action or line of the table's chat.
TABLES = ("seats", "bets", "actions", "chat")


def game_document(game: Game) -> dict:
    return _document(f"Audit record of game {game.pk} ({game.slug})", records.game_record(game))


def round_document(game_round: Round) -> dict:
    return _document(f"Audit record of {game_round}", records.round_record(game_round))


def _document(title: str, record: dict) -> dict:
    return {
        "header": {
            "title": title,
            "operator": getattr(settings, "OPERATOR_NAME", ""),
            "generated_at": timezone.now().isoformat(),
            "currency": f"{settings.CURRENCY} (amounts in minor units)",
            "schema": reverse("reports:audit_schema"),
        },
        **record,
    }


def file_name(document: dict, file_format: str) -> str:
    record = document["record"]
    if document["kind"] == "game":
        return f"audit-game-{record['id']}.{file_format}"
    return f"audit-round-{record['game']}-{record['number']}.{file_format}"


def render(document: dict, file_format: str) -> bytes:
    if file_format == "json":
        return json.dumps(document, cls=DjangoJSONEncoder, indent=1).encode()
    out = io.StringIO()
    csv.writer(out).writerows(csv_rows(document))
    return out.getvalue().encode()


def _fields(name: str, values: dict) -> Iterator[list]:
    yield [f"[{name}]"]
    yield from ([key, cell(value)] for key, value in values.items())
    yield []


def _table(name: str, rows: list[dict]) -> Iterator[list]:
    yield [f"[{name}]"]
    columns = list(dict.fromkeys(key for row in rows for key in row))
    if columns:
        yield columns
        yield from ([cell(row.get(column)) for column in columns] for row in rows)
    yield []


def csv_rows(document: dict) -> Iterator[list]:
    record = document["record"]
    yield from _fields("header", {**document["header"], "kind": document["kind"]})
    yield from _fields("record", {k: v for k, v in record.items() if k not in TABLES})
    for name in TABLES:
        if name in record:
            yield from _table(name, record[name])
    yield from _fields("fairness", document["fairness"] or {})
    entries = [
        {**{k: v for k, v in t.items() if k != "entries"}, **entry}
        for t in document["ledger"]
        for entry in t["entries"]
    ]
    yield from _table("ledger", entries)
    for name in ("audit", "complaints", "corrections"):
        yield from _table(name, document[name])


# The JSON document's shape (JSON Schema 2020-12), published at reports:audit_schema.
_ROWS = {"type": "array", "items": {"type": "object"}}
SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "Audit record of one game or house round",
    "type": "object",
    "required": ["header", "kind", "record", "fairness", "ledger", "audit"],
    "properties": {
        "header": {
            "type": "object",
            "required": ["title", "generated_at", "currency"],
            "properties": {
                "title": {"type": "string"},
                "operator": {"type": "string"},
                "generated_at": {"type": "string", "format": "date-time"},
                "currency": {"type": "string"},
                "schema": {"type": "string"},
            },
        },
        "kind": {"enum": ["game", "round"]},
        "record": {
            "type": "object",
            "required": ["rules_version", "players", "stakes", "actions"],
            "properties": {
                "rules_version": {
                    "type": "string",
                    "description": "rules-<digest of the rules texts>.engine-<digest of the "
                    "code>; empty for what was played before versions were recorded",
                },
                "players": {"type": "array", "items": {"type": "integer"}},
                "stakes": {"type": "integer", "description": "minor units"},
                "options": {"type": "object"},
                "seed_hash": {"type": "string", "description": "the game's commitment"},
                "seats": _ROWS,
                "bets": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "required": ["id", "player", "bet_type", "selection", "stake", "payout"],
                        "properties": {
                            "stake": {"type": "integer"},
                            "payout": {"type": "integer"},
                            "selection": {"type": "object"},
                            "placed_by": {"enum": ["player", "auto"]},
                            "cash_out": {
                                "type": ["object", "null"],
                                "description": "Crash: multiplier (hundredths), by "
                                "(player or auto), elapsed_ms of the run, at",
                            },
                            "picks": {"type": "array", "items": {"type": "integer"}},
                            "hits": {"type": "integer"},
                        },
                    },
                },
                "chat": {
                    "type": "array",
                    "description": "a game: its table chat, line by line, with the status of "
                    "each report made of a line (open, dismissed, acted)",
                    "items": {
                        "type": "object",
                        "required": ["id", "seat", "player", "text", "created", "reports"],
                        "properties": {
                            "seat": {"type": "integer"},
                            "player": {"type": "integer"},
                            "text": {"type": "string"},
                            "reports": {"type": "array", "items": {"type": "string"}},
                        },
                    },
                },
                "actions": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "required": ["actor", "kind"],
                        "properties": {
                            "actor": {
                                "enum": ["player", "timeout", "bot", "system", "auto"],
                            },
                        },
                    },
                },
            },
        },
        "fairness": {
            "type": ["object", "null"],
            "description": "a game: seed_hash, seed, salt, options, seats, actions, "
            "final_state; a round: chain (terminal link L[0], salt), link_index, "
            "commitment L[n-1], link L[n], outcome",
        },
        "ledger": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["transaction", "kind", "reference", "entries"],
                "properties": {
                    "entries": {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "required": ["account", "amount", "balance_after"],
                            "properties": {
                                "amount": {"type": "integer"},
                                "balance_after": {"type": "integer"},
                            },
                        },
                    }
                },
            },
        },
        "audit": _ROWS,
        "complaints": _ROWS,
        "corrections": _ROWS,
    },
}
