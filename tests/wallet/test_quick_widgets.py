"""The quick widgets (wallet/forms.py) write Django's own widgets' markup: QuickSelect
a Select's, but for whitespace, the order of the select's attributes and characters
outside ASCII written as references, for the statement's kinds and the history's games;
QuickInput an input's, exactly."""

import re
from datetime import date

from django import forms
from django.template import engines
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy

from reports.forms import PeriodForm
from reports.views import _labelled
from wallet.forms import (
    DepositForm,
    QuickDateInput,
    QuickSelect,
    QuickTextInput,
    StatementFilterForm,
    WithdrawalForm,
    fields_written,
)
from wallet.views import _statement_field

TRICKY = [
    ("", "All"),
    ("a&b", 'Tom & Jerry\'s "<b>table</b>"'),
    (3, gettext_lazy("Deposit")),
    ("safe", mark_safe("<i>already safe</i>")),
]


def squeezed(html: str) -> tuple[list[str], str]:
    """The select's attributes, in order, and its options, characters written as decimal
    references read as the characters (Django's escaping writes none)."""
    squeezed = re.sub(r">\s+<", "><", str(html).strip())
    squeezed = re.sub(r"&#([0-9]+);", lambda reference: chr(int(reference[1])), squeezed)
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


def test_the_options_are_written_in_ascii():
    """One character outside ASCII makes a whole page's text wider and slower to join and
    encode; a browser shows the reference as the character."""
    choices = [("holdem", "No-Limit Hold\u2019em"), ("caf\u00e9", "Caf\u00e9 <&>")]
    written = QuickSelect(choices=choices).render("game", "caf\u00e9")
    assert written.isascii()
    assert 'value="caf&#233;" selected>Caf&#233; &lt;&amp;&gt;<' in written
    assert "Hold&#8217;em" in written


def test_an_input_is_djangos():
    attrs = {"id": "id_x", "required": True, "disabled": False, "size": 3, "title": '<"&>'}
    for quick, djangos in [(QuickTextInput, forms.TextInput), (QuickDateInput, forms.DateInput)]:
        for value in (None, "", 'a&b "<c>"', 12, date(2026, 1, 2), mark_safe("<i>safe</i>")):
            for widget_attrs in ({}, {"type": "date", "min": "2000-01-01"}):
                ours = quick(attrs=widget_attrs).render("x", value, attrs)
                assert ours == djangos(attrs=widget_attrs).render("x", value, attrs)


def test_the_pages_inputs_are_djangos(db):
    """Unbound and bound with errors (Django adds aria-invalid)."""
    forms_shown = [
        (DepositForm(), "amount"),
        (WithdrawalForm({"amount": "-3"}), "amount"),
        (StatementFilterForm(None), "date_from"),
        (StatementFilterForm({"date_from": "1999-12-31", "date_to": "x"}), "date_from"),
        (StatementFilterForm({"date_from": "1999-12-31", "date_to": "x"}), "date_to"),
        (PeriodForm({"start": "2026-02-30"}), "start"),
        (PeriodForm(None), "end"),
    ]
    for form, name in forms_shown:
        field = form[name]
        quick = field.field.widget
        djangos = (forms.DateInput if isinstance(quick, QuickDateInput) else forms.TextInput)(
            attrs=quick.attrs
        )
        djangos.input_type = quick.input_type
        field.field.widget = djangos
        expected = field.as_widget()
        field.field.widget = quick
        assert field.as_widget() == expected


def test_the_required_attribute_is_djangos_selects():
    def callable_choices():
        return TRICKY[1:]

    for choices in (TRICKY, TRICKY[1:], [], callable_choices, lambda: TRICKY):
        for multiple in (False, True):
            ours, djangos = QuickSelect(choices=choices), forms.Select(choices=choices)
            ours.allow_multiple_selected = djangos.allow_multiple_selected = multiple
            for hidden in (False, True):
                ours.input_type = djangos.input_type = "hidden" if hidden else "select"
                assert ours.use_required_attribute(None) == djangos.use_required_attribute(None)


HISTORY_LOOP = (
    "{% for field in form %}<label>{{ field.label }}{{ field }}{% for error in field.errors %}"
    '<span class="error">{{ error }}</span>{% endfor %}</label>{% endfor %}'
)
STATEMENT_LOOP = (
    '{% for field in form %}<div class="field"><label for="{{ field.id_for_label }}">'
    "{{ field.label }}</label>{{ field }}{% for error in field.errors %}"
    '<span class="error">{{ error }}</span>{% endfor %}</div>{% endfor %}'
)


def test_the_filters_fields_are_written_as_the_templates_loop_wrote_them(db):
    """Unbound (written once per process, then looked up) and bound, with errors."""
    cases = [
        (PeriodForm, _labelled, HISTORY_LOOP, [{"start": "2026-02-30", "game": "crash"}]),
        (
            StatementFilterForm,
            _statement_field,
            STATEMENT_LOOP,
            [{"date_from": "1999-12-31", "date_to": "x", "kind": "bet"}, {"kind": "<nope>"}],
        ),
    ]
    for form_class, write, loop, bound in cases:
        for data in [None, None, *bound]:
            expected = engines["django"].from_string(loop).render({"form": form_class(data)})
            assert fields_written(form_class(data), write) == expected
        assert 'class="error"' in fields_written(form_class(bound[0]), write)
