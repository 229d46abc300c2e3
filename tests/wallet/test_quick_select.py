"""QuickSelect (wallet/forms.py) writes the markup of Django's own Select, but for
whitespace and the order of the select's attributes, for the statement's kinds and the
history's games."""

import re

from django import forms
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy

from reports.forms import PeriodForm
from wallet.forms import QuickSelect, StatementFilterForm

TRICKY = [
    ("", "All"),
    ("a&b", 'Tom & Jerry\'s "<b>table</b>"'),
    (3, gettext_lazy("Deposit")),
    ("safe", mark_safe("<i>already safe</i>")),
]


def squeezed(html: str) -> tuple[list[str], str]:
    """The select's attributes, in order, and its options."""
    squeezed = re.sub(r">\s+<", "><", str(html).strip())
    tag, options = re.fullmatch(r"<select([^>]*)>(.*)</select>", squeezed).groups()
    return sorted(re.findall(r'\w+="[^"]*"', tag)), options


def test_the_markup_is_djangos_select():
    for value in (None, "", "a&b", 3, ["safe"]):
        attrs = {"id": "id_pick", "class": "narrow"}
        ours = QuickSelect(choices=TRICKY).render("pick", value, attrs)
        djangos = forms.Select(choices=TRICKY).render("pick", value, attrs)
        assert squeezed(ours) == squeezed(djangos)


def test_the_pages_selects_are_djangos(db):
    for form, name in [
        (StatementFilterForm({"kind": "bet"}), "kind"),
        (PeriodForm({"game": "crash"}), "game"),
        (PeriodForm(None), "game"),
    ]:
        field = form[name]
        djangos = forms.Select(choices=list(field.field.choices)).render(
            field.html_name, field.value(), {"id": field.auto_id}
        )
        assert squeezed(field.as_widget()) == squeezed(djangos)
    assert ("crash", "Crash") in list(PeriodForm(None).fields["game"].choices)
