"""The history's rows, written in Python (reports/views.py), are the markup the page's
template wrote for them, but for whitespace: the template's row is kept here to compare."""

import re
from datetime import UTC, datetime

import pytest
from django.template import engines

from reports.history import HistoryLine
from reports.views import history_row
from wallet.rows import RowFormats

pytestmark = pytest.mark.django_db

TEMPLATE_ROW = engines["django"].from_string(
    """{% load money %}
      <tr>
        <td>{{ line.when|date:"j M Y, H:i" }}</td>
        <td>{{ line.game }}{% for note in line.notes %}<br><small class="muted">{{ note }}</small>{% endfor %}{% if line.rules_version %}<br><small class="muted">Rules version {{ line.rules_version }}</small>{% endif %}</td>
        <td>{{ line.status }}</td>
        <td class="num">{% if line.stake %}{{ line.stake|money }}{% endif %}</td>
        <td class="num">{% if line.returned is not None %}{{ line.returned|money }}{% else %}<span class="muted">in play</span>{% endif %}</td>
        <td class="num">{% if line.fees %}{{ line.fees|money }}{% endif %}</td>
        <td class="num">{% if line.rake %}{{ line.rake|money }}{% endif %}</td>
        <td class="num amount {% if line.net < 0 %}neg{% elif line.net > 0 %}pos{% endif %}">{% if line.net is not None %}{{ line.net|money }}{% endif %}</td>
        <td>{% if line.link %}<a href="{{ line.link }}">{{ line.link_text }}</a>{% endif %}</td>
      </tr>
"""  # noqa: E501 (the template's lines, as they were)
)


def squeezed(html: str) -> str:
    return re.sub(r">\s+<", "><", html.strip())


def written(line: HistoryLine) -> str:
    return squeezed(history_row(line, RowFormats()))


def lines() -> list[HistoryLine]:
    tricky = '<b>Tom & Jerry\'s "table"</b>'
    return [
        HistoryLine(kind="round-bet", pk=1, when=datetime(2026, 1, 31, 23, 59, tzinfo=UTC)),
        HistoryLine(
            kind="game",
            pk=2,
            when=datetime(2026, 5, 2, 0, 5, tzinfo=UTC),
            game=tricky,
            status="Settled",
            stake=1_000,
            returned=0,
            fees=40,
            rake=80,
            net=-1_040,
            link="/games/2/replay/?a=1&b=2",
            link_text="Replay",
            rules_version="3",
        ),
        HistoryLine(
            kind="correction",
            pk=3,
            when=datetime(2026, 9, 15, 12, 0, tzinfo=UTC),
            game="Correction of game 2",
            status="Correction",
            returned=1_234_567,
            net=1_234_567,
            notes=[tricky, "second"],
        ),
        HistoryLine(
            kind="tournament",
            pk=4,
            when=datetime(2026, 12, 1, 7, 30, tzinfo=UTC),
            status="Place 1",
            stake=500,
            returned=500,
            net=0,
            link="/tournaments/4/",
            link_text="Tournament",
        ),
    ]


def test_each_row_is_the_templates(settings):
    for zone in ["UTC", "Europe/London", "Pacific/Auckland"]:
        settings.TIME_ZONE = zone
        for line in lines():
            assert written(line) == squeezed(TEMPLATE_ROW.render({"line": line}))


def test_every_month_is_named_as_the_date_filter_names_it():
    for month in range(1, 13):
        line = HistoryLine(kind="game", pk=month, when=datetime(2026, month, 9, 10, 0, tzinfo=UTC))
        assert written(line) == squeezed(TEMPLATE_ROW.render({"line": line}))
