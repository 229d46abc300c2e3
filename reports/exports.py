"""Regulator and staff exports: each report is a header (title, operator, period, generated
at, filters, totals) and rows, written as CSV or JSON (and XLSX for the revenue reports).

Gross gaming revenue is defined from the ledger, per transaction of play (holds,
releases, settlements, fees, bets, wins, corrections), by the account kinds it touches:

- players: the players' cash and the escrows that hold their stakes (a stake held in a
  table's escrow is still the players' money until settlement);
- house bank: casino bets minus wins (the house's result on its rounds);
- rake: what the house takes from live games' pots;
- fees: re-roll, card-change and similar fees, less those refunded when their game was
  void (a void game's row then nets to zero: no rake, no fees, no players' result).

GGR = house bank + rake + fees. Every transaction balances, so for every day and game
`players' net result + house bank + rake + fees == 0`, to the minor unit; the export
reconciles with the ledger by construction and the tests check it.
"""

from __future__ import annotations

import csv
import io
import itertools
import json
from collections.abc import Callable, Iterator
from datetime import date, datetime

from django.conf import settings
from django.core.serializers.json import DjangoJSONEncoder
from django.db import connection
from django.db.models import Q
from django.utils import timezone

from accounts.models import ProtectionEvent
from accounts.protection import PLAY_KINDS
from casino import selectors as round_selectors
from casino.models import Round
from games.models import Game
from reports import accounting
from reports.history import Period
from reports.models import AuditLog, Complaint
from reports.report import Filters, Report
from tournaments.models import Entry as TournamentEntry
from wallet.models import Entry

NO_ACTIVITY = "No activity"


# --- the reports ----------------------------------------------------------------------


def _games(f: Filters):
    games = Game.objects.filter(started__gte=f.period.since, started__lt=f.period.until)
    if f.game:
        games = games.filter(slug=f.game)
    if f.player_id:
        games = games.filter(seats__player_id=f.player_id)
    return games.order_by("started", "pk")


def _rounds(f: Filters):
    rounds = Round.objects.filter(
        settled_at__gte=f.period.since, settled_at__lt=f.period.until
    ).exclude(state__in=[Round.State.SCHEDULED, Round.State.BETTING, Round.State.RUNNING])
    if f.game:
        rounds = rounds.filter(game=f.game)
    if f.player_id:
        rounds = rounds.filter(round_selectors.bet_on(f.player_id)).distinct()
    return rounds.order_by("settled_at", "pk")


def _ledger_ids(references: list[str]) -> dict[str, list[str]]:
    ids: dict[str, list[str]] = {}
    from wallet.models import Transaction

    for reference, uuid in (
        Transaction.objects.filter(reference__in=references)
        .order_by("id")
        .values_list("reference", "uuid")
    ):
        ids.setdefault(reference, []).append(str(uuid))
    return ids


def _game_history_rows(f: Filters) -> Iterator[list]:
    games = list(_games(f).prefetch_related("seats__player"))
    ledger = _ledger_ids([g.escrow_reference for g in games])
    for game in games:
        seats = list(game.seats.all())
        settlement = game.settlement or {}
        yield [
            f"game:{game.pk}",
            game.slug,
            game.options.get("variant", ""),
            game.rules_version,
            json.dumps(game.options, sort_keys=True),
            game.started.isoformat(),
            game.finished.isoformat() if game.finished else "",
            ";".join(str(s.player_id) for s in seats),
            ";".join(str(s.held) for s in seats),
            json.dumps(game.outcome, sort_keys=True) if game.outcome else "",
            settlement.get("rake", ""),
            ";".join(str(p) for p in settlement.get("payouts", [])),
            game.seed_hash,
            game.revealed_seed or "",
            ";".join(ledger.get(game.escrow_reference, [])),
        ]
    rounds = list(_rounds(f))
    ledger = _ledger_ids([r.reference for r in rounds])
    for game_round in rounds:
        bets = round_selectors.round_bets(game_round)
        link = bytes(game_round.link)
        yield [
            game_round.reference,
            game_round.game,
            "",
            game_round.rules_version,
            "",
            (game_round.starts_at or game_round.closes_at or game_round.settled_at).isoformat(),
            game_round.settled_at.isoformat(),
            ";".join(str(b.user_id) for b in bets),
            ";".join(str(b.stake) for b in bets),
            json.dumps(game_round.outcome, sort_keys=True),
            0,
            ";".join(str(b.payout) for b in bets),
            _sha256(link),
            link.hex(),
            ";".join(ledger.get(game_round.reference, [])),
        ]


def _sha256(link: bytes) -> str:
    """The round's commitment: sha256(L[n]) is L[n-1], published before it was played."""
    import hashlib

    return hashlib.sha256(link).hexdigest()


def game_history(f: Filters) -> Report:
    return Report(
        title="Game and round history",
        types=["s", "s", "s", "s", "j", "t", "t?", "s", "s", "j", "i?", "s", "s", "s", "s"],
        columns=[
            "id",
            "game",
            "variant",
            "rules_version",
            "options",
            "start",
            "end",
            "players",
            "stakes",
            "outcome",
            "rake",
            "payouts",
            "seed_hash",
            "revealed_seed",
            "ledger_transactions",
        ],
        rows=lambda: _game_history_rows(f),
        count=lambda: _games(f).count() + _rounds(f).count(),
    )


def _entries(f: Filters):
    entries = Entry.objects.filter(
        transaction__created__gte=f.period.since, transaction__created__lt=f.period.until
    )
    if f.player_id:
        entries = entries.filter(account__owner_id=f.player_id)
    if f.game:
        references = _references_of_game(f)
        entries = entries.filter(transaction__reference__in=references)
    return entries.select_related("transaction", "account").order_by("transaction_id", "id")


def _references_of_game(f: Filters):
    if Round.objects.filter(game=f.game).exists():
        return Round.objects.filter(game=f.game).values_list(_round_reference_sql(), flat=True)
    return Game.objects.filter(slug=f.game).values_list("escrow_reference", flat=True)


def _round_reference_sql():
    from django.db.models import CharField, Value
    from django.db.models.functions import Cast, Concat

    return Concat(
        Value("round:"), "game", Value(":"), Cast("number", CharField()), output_field=CharField()
    )


def _entry_rows(f: Filters) -> Iterator[list]:
    for e in _entries(f).iterator(chunk_size=2000):
        t = e.transaction
        yield [
            str(t.uuid),
            t.created.isoformat(),
            t.kind,
            t.reference,
            t.memo,
            t.actor_id or "",
            e.account.key,
            e.account.kind,
            e.amount,
            e.balance_after,
        ]


def _entry_totals(f: Filters) -> dict:
    from django.db.models import Count, Sum

    got = _entries(f).aggregate(
        entries=Count("id"),
        transactions=Count("transaction", distinct=True),
        credits=Sum("amount", filter=Q(amount__gt=0)),
    )
    return {k: v or 0 for k, v in got.items()}


def ledger_transactions(f: Filters) -> Report:
    return Report(
        title="Ledger transactions",
        types=["s", "t", "s", "s", "s", "i?", "s", "s", "i", "i"],
        columns=[
            "transaction",
            "created",
            "kind",
            "reference",
            "memo",
            "actor",
            "account",
            "account_kind",
            "amount",
            "balance_after",
        ],
        rows=lambda: _entry_rows(f),
        count=lambda: _entries(f).count(),
        totals=lambda: _entry_totals(f),
    )


def player_statement(f: Filters) -> Report:
    """A player's cash account: every line with its balance after."""
    if not f.player_id:
        raise ValueError("A player statement needs a player.")
    cash = Filters(f.period, f.game, f.player_id)

    def entries():
        return _entries(cash).filter(account__key=f"cash:user:{f.player_id}")

    def rows():
        for e in entries().iterator(chunk_size=2000):
            t = e.transaction
            yield [
                t.created.isoformat(),
                str(t.uuid),
                t.kind,
                t.reference,
                t.memo,
                e.amount,
                e.balance_after,
            ]

    def totals():
        from django.db.models import Sum

        got = entries().aggregate(
            money_in=Sum("amount", filter=Q(amount__gt=0)),
            money_out=Sum("amount", filter=Q(amount__lt=0)),
        )
        return {k: v or 0 for k, v in got.items()}

    return Report(
        title=f"Statement of player {f.player_id}",
        types=["t", "s", "s", "s", "s", "i", "i"],
        columns=["created", "transaction", "kind", "reference", "memo", "amount", "balance_after"],
        rows=rows,
        count=lambda: entries().count(),
        totals=totals,
    )


# Revenue: per day (or month) and game, by account kind, from the ledger alone.
# Stakes count what was staked: house rounds' bets less those refunded when their round
# was void; live games' stakes at settlement, each seat's hold less the part of a Double
# stake reserve it never used (settlement "at_risk"; the whole hold for games settled
# before it was recorded), so a table that never started and a void game stake nothing;
# other escrows' holds (tournament entries) less their refunds.
_REVENUE_SQL = """
SELECT (date_trunc(%s, t.created AT TIME ZONE 'UTC'))::date AS day,
       CASE WHEN t.reference LIKE 'round:%%' THEN split_part(t.reference, ':', 2)
            WHEN t.kind = 'adjustment' THEN 'adjustments'
            WHEN t.reference LIKE 'tournament:%%' THEN 'tournaments'
            ELSE COALESCE(g.slug, 'other') END AS game,
       (COALESCE(SUM(-e.amount) FILTER (WHERE a.kind = 'cash' AND t.kind = 'bet'), 0)
        - COALESCE(SUM(e.amount) FILTER (
            WHERE a.kind = 'cash' AND t.kind = 'win' AND t.idempotency_key LIKE 'round:%%:void'
          ), 0)
        + COALESCE(SUM(-e.amount) FILTER (
            WHERE a.kind = 'cash' AND t.kind IN ('hold', 'release') AND g.id IS NULL
              AND t.reference NOT LIKE 'table:%%' AND t.reference NOT LIKE 'round:%%'
          ), 0))::bigint AS stakes,
       COALESCE(SUM(e.amount) FILTER (WHERE a.kind = 'bank'), 0)::bigint AS house_bank,
       COALESCE(SUM(e.amount) FILTER (WHERE a.kind = 'rake'), 0)::bigint AS rake,
       COALESCE(SUM(e.amount) FILTER (WHERE a.kind = 'fees'), 0)::bigint AS fees,
       COALESCE(SUM(e.amount) FILTER (WHERE a.kind = 'adjust'), 0)::bigint AS adjustments,
       COALESCE(SUM(e.amount) FILTER (WHERE a.kind IN ('cash', 'escrow')), 0)::bigint AS players_net
FROM wallet_entry e
JOIN wallet_transaction t ON t.id = e.transaction_id
JOIN wallet_account a ON a.id = e.account_id
LEFT JOIN games_game g ON g.escrow_reference = t.reference
WHERE t.kind = ANY(%s) AND t.created >= %s AND t.created < %s
GROUP BY 1, 2
ORDER BY 1, 2
"""
_GAME_STAKES_SQL = """
SELECT (date_trunc(%s, t.created AT TIME ZONE 'UTC'))::date AS day, g.slug,
       SUM(COALESCE(
           (SELECT SUM(x::bigint) FROM jsonb_array_elements_text(g.settlement -> 'at_risk') x),
           (SELECT SUM(s.held) FROM games_gameseat s WHERE s.game_id = g.id)
       ))::bigint
FROM wallet_transaction t
JOIN games_game g ON g.escrow_reference = t.reference
WHERE t.kind = 'settle' AND t.created >= %s AND t.created < %s
GROUP BY 1, 2
"""
REVENUE_COLUMNS = [
    "period",
    "game",
    "stakes",
    "house_bank",
    "rake",
    "fees",
    "ggr",
    "adjustments",
    "players_net",
]
REVENUE_KINDS = (*PLAY_KINDS, "adjustment")


def revenue_rows(f: Filters, unit: str) -> list[list]:
    """[period, game, stakes, house bank, rake, fees, GGR, staff adjustments, players' net]
    per day or month. Every row balances: GGR + adjustments + players' net == 0."""
    with connection.cursor() as cursor:
        cursor.execute(_REVENUE_SQL, [unit, list(REVENUE_KINDS), f.period.since, f.period.until])
        found = cursor.fetchall()
        cursor.execute(_GAME_STAKES_SQL, [unit, f.period.since, f.period.until])
        game_stakes = {(day, game): staked for day, game, staked in cursor.fetchall()}
    rows = []
    for day, game, stakes, bank, rake, fees, adjustments, players in found:
        if f.game and game != f.game:
            continue
        stakes += game_stakes.get((day, game), 0)
        label = day.strftime("%Y-%m") if unit == "month" else day.isoformat()
        ggr = bank + rake + fees
        rows.append([label, game, stakes, bank, rake, fees, ggr, adjustments, players])
    return rows


def _revenue(f: Filters, unit: str) -> Report:
    def totals() -> dict:
        rows = revenue_rows(f, unit)
        return {
            name: sum(row[i] for row in rows) for i, name in enumerate(REVENUE_COLUMNS) if i >= 2
        }

    return Report(
        title=f"Gross gaming revenue and rake by game per {unit}",
        types=["s", "s", "i", "i", "i", "i", "i", "i", "i"],
        columns=REVENUE_COLUMNS,
        rows=lambda: iter(revenue_rows(f, unit)),
        count=lambda: len(revenue_rows(f, unit)),
        totals=totals,
    )


def revenue_daily(f: Filters) -> Report:
    return _revenue(f, "day")


def revenue_monthly(f: Filters) -> Report:
    return _revenue(f, "month")


def protection_events(f: Filters) -> Report:
    def events():
        found = ProtectionEvent.objects.filter(
            created__gte=f.period.since, created__lt=f.period.until
        )
        if f.player_id:
            found = found.filter(user_id=f.player_id)
        return found.order_by("created", "id")

    def rows():
        for e in events().iterator():
            yield [
                e.created.isoformat(),
                e.user_id,
                e.kind,
                json.dumps(e.details, sort_keys=True),
                e.actor_id or "",
            ]

    return Report(
        title="Player protection events",
        types=["t", "i", "s", "j", "i?"],
        columns=["created", "player", "event", "details", "actor"],
        rows=rows,
        count=lambda: events().count(),
    )


def audit_log(f: Filters) -> Report:
    def entries():
        found = AuditLog.objects.filter(created__gte=f.period.since, created__lt=f.period.until)
        if f.player_id:
            found = found.filter(target_type="accounts.User", target_id=str(f.player_id))
        return found.order_by("created", "id")

    def rows():
        for a in entries().iterator():
            yield [
                a.created.isoformat(),
                a.actor_email,
                a.action,
                a.target_type,
                a.target_id,
                a.target_repr,
                a.reason,
                json.dumps(a.details, sort_keys=True, cls=DjangoJSONEncoder),
            ]

    return Report(
        title="Staff audit log",
        types=["t", "s", "s", "s", "s", "s", "s", "j"],
        columns=[
            "created",
            "actor",
            "action",
            "target_type",
            "target_id",
            "target",
            "reason",
            "details",
        ],
        rows=rows,
        count=lambda: entries().count(),
    )


def complaints_register(f: Filters) -> Report:
    def found():
        complaints = Complaint.objects.filter(
            created__gte=f.period.since, created__lt=f.period.until
        )
        if f.player_id:
            complaints = complaints.filter(player_id=f.player_id)
        if f.game:
            complaints = complaints.filter(Q(game__slug=f.game) | Q(game_round__game=f.game))
        return complaints.select_related("ledger_transaction", "game_round").order_by("created")

    def rows():
        for c in found():
            yield [
                c.pk,
                c.created.isoformat(),
                c.player_id,
                c.subject,
                c.subject_ended.isoformat(),
                c.status,
                c.text,
                c.answer,
                c.answered_at.isoformat() if c.answered_at else "",
            ]

    def totals():
        from django.db.models import Count

        return dict(found().order_by().values_list("status").annotate(n=Count("id")))

    return Report(
        title="Complaints register",
        types=["i", "t", "i", "s", "t", "s", "s", "s", "t?"],
        columns=[
            "id",
            "created",
            "player",
            "subject",
            "subject_ended",
            "status",
            "text",
            "answer",
            "answered_at",
        ],
        rows=rows,
        count=lambda: found().count(),
        totals=totals,
    )


def round_audit(f: Filters) -> Report:
    """Every game and round of the period (started, or settled, in it), each row its whole
    audit record (`reports.round_audit`): the bulk form of the per-round download."""
    from reports import records

    def rows():
        for game in _games(f).iterator(chunk_size=200):
            yield [f"game:{game.pk}", game.slug, game.rules_version, records.game_record(game)]
        for game_round in _rounds(f).select_related("chain").iterator(chunk_size=200):
            yield [
                game_round.reference,
                game_round.game,
                game_round.rules_version,
                records.round_record(game_round),
            ]

    return Report(
        title="Audit records of every game and round",
        types=["s", "s", "s", "o"],
        columns=["id", "game", "rules_version", "record"],
        rows=rows,
        count=lambda: _games(f).count() + _rounds(f).count(),
        inline=False,
    )


def tournament_entries(f: Filters) -> Report:
    """One row per entry of each tournament starting in the period: the terms, what the
    player paid in and won, and the tournament's ledger transactions."""

    def found():
        entries = TournamentEntry.objects.filter(
            tournament__starts_at__gte=f.period.since, tournament__starts_at__lt=f.period.until
        )
        if f.game:
            entries = entries.filter(tournament__game_slug=f.game)
        if f.player_id:
            entries = entries.filter(player_id=f.player_id)
        return entries.select_related("tournament").order_by("tournament__starts_at", "pk")

    def rows():
        entries = list(found())
        ledger = _ledger_ids(sorted({e.tournament.escrow_reference for e in entries}))
        for e in entries:
            t = e.tournament
            settlement = t.settlement or {}
            yield [
                f"tournament:{t.pk}",
                t.name,
                t.game_slug,
                t.format,
                t.status,
                t.starts_at.isoformat(),
                t.finished.isoformat() if t.finished else "",
                e.player_id,
                e.status,
                e.entry,
                e.fee,
                e.place or "",
                "" if e.prize is None else e.prize,
                t.guaranteed,
                settlement.get("guarantee", ""),
                ";".join(ledger.get(t.escrow_reference, [])),
            ]

    def totals() -> dict:
        from django.db.models import Sum

        paid_in = found().filter(status=TournamentEntry.Status.REGISTERED)
        got = paid_in.aggregate(entries=Sum("entry"), fees=Sum("fee"), prizes=Sum("prize"))
        return {"rows": found().count(), **{k: v or 0 for k, v in got.items()}}

    return Report(
        title="Tournament entries, fees, prizes and results",
        columns=[
            "tournament",
            "name",
            "game",
            "format",
            "status",
            "starts_at",
            "finished",
            "player",
            "entry_status",
            "entry",
            "fee",
            "place",
            "prize",
            "guaranteed",
            "house_top_up",
            "ledger_transactions",
        ],
        rows=rows,
        count=lambda: found().count(),
        totals=totals,
        types=["s", "s", "s", "s", "s", "t", "t?", "i", "s", "i", "i", "i?", "i?", "i", "i?", "s"],
    )


REPORTS: dict[str, tuple[str, Callable[[Filters], Report]]] = {
    "games": ("Game and round history", game_history),
    "transactions": ("Ledger transactions", ledger_transactions),
    "statement": ("Player statement", player_statement),
    "revenue_daily": ("GGR and rake by game per day", revenue_daily),
    "revenue_monthly": ("GGR and rake by game per month", revenue_monthly),
    "protection": ("Player protection events", protection_events),
    "audit": ("Staff audit log", audit_log),
    "complaints": ("Complaints register", complaints_register),
    "round_audit": ("Audit records of every game and round", round_audit),
    "account_summary": ("Daily player account summary", accounting.account_summary),
    "sessions": ("Player sessions", accounting.player_sessions),
    "liability": ("Daily liability to players", accounting.liability),
    "tournaments": ("Tournament entries, fees, prizes and results", tournament_entries),
}
FORMATS = {
    "csv": "text/csv",
    "json": "application/json",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
}
XLSX_REPORTS = {"revenue_daily", "revenue_monthly"}


def formats_for(report: str) -> list[str]:
    return ["csv", "json", "xlsx"] if report in XLSX_REPORTS else ["csv", "json"]


# --- JSON Schemas ---------------------------------------------------------------------

_DATE_TIME = {"type": "string", "format": "date-time"}
TYPES = {
    "s": {"type": "string"},
    "i": {"type": "integer", "description": "minor units for an amount"},
    "d": {"type": "string", "format": "date"},
    "t": _DATE_TIME,
    "t?": {"anyOf": [_DATE_TIME, {"const": ""}]},
    "i?": {"anyOf": [{"type": "integer"}, {"const": ""}]},
    "j": {"type": "string", "contentMediaType": "application/json"},
    "o": {"type": "object"},
}


def json_schema(report_name: str) -> dict:
    """The JSON Schema (2020-12) of the report's JSON file; its CSV file carries the same
    header lines and columns."""
    report = REPORTS[report_name][1](Filters(Period(date.today(), date.today()), player_id=1))
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"{REPORTS[report_name][0]} (JSON export)",
        "type": "object",
        "required": ["header", "columns", "rows"],
        "properties": {
            "header": {
                "type": "object",
                "required": [
                    "title",
                    "operator",
                    "period",
                    "generated_at",
                    "filters",
                    "currency",
                    "totals",
                ],
                "properties": {
                    "generated_at": _DATE_TIME,
                    "totals": {"type": "object", "additionalProperties": {"type": "integer"}},
                },
            },
            "columns": {"const": report.columns},
            "rows": {
                "type": "array",
                "items": {
                    "type": "array",
                    "prefixItems": [
                        {"title": column, **TYPES[kind]}
                        for column, kind in zip(report.columns, report.types, strict=True)
                    ],
                    "minItems": len(report.columns),
                    "items": False,
                },
            },
            "note": {"const": NO_ACTIVITY},
        },
    }


# --- writing --------------------------------------------------------------------------


def header(report: Report, f: Filters, generated: datetime | None = None) -> dict:
    return {
        "title": report.title,
        "operator": getattr(settings, "OPERATOR_NAME", ""),
        "period": f"{f.period.start.isoformat()} to {f.period.end.isoformat()}",
        "generated_at": (generated or timezone.now()).isoformat(),
        "filters": f.as_header(),
        "currency": f"{settings.CURRENCY} (amounts in minor units)",
        "totals": report.totals(),
    }


Progress = Callable[[int], None]


def write(report: Report, f: Filters, file_format: str, out, progress: Progress | None = None):
    """Writes the report to `out` (text for CSV/JSON, binary for XLSX); `progress(rows)`
    is called as rows are written."""
    head = header(report, f)
    progress = progress or (lambda rows: None)
    if file_format == "csv":
        return _write_csv(report, head, out, progress)
    if file_format == "json":
        return _write_json(report, head, out, progress)
    return _write_xlsx(report, head, out, progress)


def _counted(rows: Iterator[list], progress: Progress) -> Iterator[list]:
    written = 0
    for row in rows:
        yield row
        written += 1
        if written % 500 == 0:
            progress(written)
    progress(written)


def cell(value):
    """A value for one cell of CSV or XLSX: a list or object (an audit record) as JSON."""
    if isinstance(value, dict | list):
        return json.dumps(value, sort_keys=True, cls=DjangoJSONEncoder)
    return value


def _write_csv(report, head, out, progress) -> int:
    writer = csv.writer(out)
    for key, value in head.items():
        writer.writerow(
            [key, json.dumps(value, cls=DjangoJSONEncoder) if isinstance(value, dict) else value]
        )
    writer.writerow([])
    writer.writerow(report.columns)
    written = 0
    for row in _counted(report.rows(), progress):
        writer.writerow([cell(value) for value in row])
        written += 1
    if not written:
        writer.writerow([NO_ACTIVITY])
    return written


def _write_json(report, head, out, progress) -> int:
    # Streamed row by row: the file may be far larger than memory.
    out.write('{"header": ' + json.dumps(head, cls=DjangoJSONEncoder))
    out.write(', "columns": ' + json.dumps(report.columns) + ', "rows": [')
    written = 0
    for row in _counted(report.rows(), progress):
        out.write(("," if written else "") + "\n" + json.dumps(row, cls=DjangoJSONEncoder))
        written += 1
    out.write("\n]" + (f', "note": "{NO_ACTIVITY}"' if not written else "") + "}\n")
    return written


def _write_xlsx(report, head, out, progress) -> int:
    from openpyxl import Workbook

    book = Workbook(write_only=True)
    sheet = book.create_sheet(report.title[:31])
    for key, value in head.items():
        sheet.append(
            [key, json.dumps(value, cls=DjangoJSONEncoder) if isinstance(value, dict) else value]
        )
    sheet.append([])
    sheet.append(report.columns)
    written = 0
    for row in _counted(report.rows(), progress):
        sheet.append([cell(value) for value in row])
        written += 1
    if not written:
        sheet.append([NO_ACTIVITY])
    book.save(out)
    return written


def render(report_name: str, f: Filters, file_format: str) -> bytes:
    """The whole file in memory: for small exports answered at once."""
    report = REPORTS[report_name][1](f)
    if file_format == "xlsx":
        buffer = io.BytesIO()
        write(report, f, file_format, buffer)
        return buffer.getvalue()
    text = io.StringIO()
    write(report, f, file_format, text)
    return text.getvalue().encode()


def page(report_name: str, f: Filters, *, page: int, size: int) -> dict:
    """One page of a report for the API: its header and columns as the files carry them
    and rows ``(page - 1) * size`` up to ``page * size`` of the same row stream, each
    value as the JSON file writes it, so that the pages together are the file's rows."""
    report = REPORTS[report_name][1](f)
    start = (page - 1) * size
    rows = itertools.islice(report.rows(), start, start + size)
    return json.loads(
        json.dumps(
            {
                "header": header(report, f),
                "columns": report.columns,
                "count": report.count(),
                "rows": list(rows),
            },
            cls=DjangoJSONEncoder,
        )
    )
