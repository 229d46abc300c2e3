"""The statement's rows, written with f-strings (wallet/views.py), are the markup that
format_html wrote for them before (kept here to compare), escaping included."""

from datetime import UTC, datetime

import pytest
from django.utils import dateformat
from django.utils.html import format_html
from django.utils.timezone import localtime

from wallet.models import Transaction
from wallet.money import format_minor
from wallet.references import ReferenceLink
from wallet.rows import RowFormats
from wallet.selectors import StatementEntry
from wallet.views import StatementLine

pytestmark = pytest.mark.django_db


def format_html_row(entry: StatementEntry, link: ReferenceLink) -> str:
    kind = Transaction(kind=entry.kind).get_kind_display()
    return format_html(
        '<tr><td class="when">{}</td><td class="kind">{}</td><td class="for">{}{}</td>'
        '<td class="num amount {}">{}</td><td class="num balance-after">{}</td></tr>',
        dateformat.format(localtime(entry.created), "j M Y H:i"),
        kind,
        format_html('<a href="{}">{}</a>', link.url, link.label) if link.url else link.label,
        format_html('<div class="muted">{}</div>', entry.memo)
        if entry.memo and entry.memo != kind
        else "",
        "neg" if entry.amount < 0 else "pos",
        format_minor(entry.amount),
        format_minor(entry.balance_after),
    )


def test_each_row_is_the_one_format_html_wrote(settings):
    tricky = '<b>Tom & Jerry\'s "deposit"</b>'
    cases = [
        (
            StatementEntry(
                datetime(2026, 1, 31, 23, 59, tzinfo=UTC), "bet", "", "round:crash:1", -100, 900
            ),
            ReferenceLink("Crash round 1", "/casino/crash/rounds/1/?a&b"),
        ),
        (
            StatementEntry(
                datetime(2026, 6, 1, 0, 1, tzinfo=UTC),
                "deposit",
                tricky,
                "deposit:x:y",
                10_000,
                10_900,
            ),
            ReferenceLink(tricky),
        ),
        (
            StatementEntry(
                datetime(2026, 12, 9, 9, 9, tzinfo=UTC), "bet", "Bet", "round:keno:2", 0, 0
            ),
            ReferenceLink("Keno round 2", "/casino/keno/rounds/2/"),
        ),
        (
            StatementEntry(
                datetime(2026, 3, 9, 9, 9, tzinfo=UTC), "unknown-kind", "memo", "x", 5, 5
            ),
            ReferenceLink("x"),
        ),
    ]
    for zone in ["UTC", "America/New_York"]:
        settings.TIME_ZONE = zone
        for entry, link in cases:
            assert StatementLine(entry, link).row(RowFormats()) == format_html_row(entry, link)
