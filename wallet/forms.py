"""Forms of the wallet pages. They read input; the services decide what may move."""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable
from datetime import date
from functools import lru_cache

from django import forms
from django.forms import BoundField
from django.forms.utils import flatatt
from django.utils.choices import CallableChoiceIterator
from django.utils.html import format_html
from django.utils.safestring import SafeData, SafeString, mark_safe
from django.utils.translation import get_language

from wallet.models import Transaction
from wallet.money import parse_major
from wallet.rows import escape

TOKEN_PATTERN = r"^[A-Za-z0-9_-]{16,64}$"


def new_token() -> str:
    return secrets.token_urlsafe(24)


class QuickSelect(forms.Select):
    """A select of plain choices written out in Python. Django's own renders each option
    through two templates (~0.1 ms apiece): the history's list of 80 games cost its page
    ~8 ms. The same markup, but for whitespace; each option is written as wallet/rows.py
    writes a row (format_html's checks cost the 80 games ~0.3 ms), and the options of
    the same choices and choice are written once per process (writing the 80 games
    escaped ~0.4 ms of every history page)."""

    def render(self, name, value, attrs=None, renderer=None) -> SafeString:
        options = _written_options(
            tuple(_plain(self.choices)), get_language(), frozenset(self.format_value(value))
        )
        element_attrs = {**self.build_attrs(self.attrs, attrs), "name": name}
        return format_html("<select{}>{}</select>", flatatt(element_attrs), mark_safe(options))

    def use_required_attribute(self, initial) -> bool:
        """Django's Select's, with its first choice read as `render` reads the choices:
        Django's iterator normalises every choice of a callable first (~0.2 ms of every
        history page, for its games)."""
        required = forms.Widget.use_required_attribute(self, initial)
        if self.allow_multiple_selected or not required:
            return required
        first_choice = next(iter(_plain(self.choices)), None)
        return first_choice is not None and self._choice_has_empty_value(first_choice)


@lru_cache(maxsize=256)
def _written_options(
    choices: tuple[tuple[object, object], ...], language: str | None, chosen: frozenset[str]
) -> str:
    """The options of plain (value, label) choices, as text, for the language in force (a
    lazy label is the same object in every language). Characters outside ASCII (the
    typographic apostrophe of some games' names) are written as references: a single one
    makes the whole page's text two bytes a character, and every join of it and its
    encoding slower."""
    written = "".join(
        f'<option value="{_escaped(key)}"'
        f"{' selected' if str(key) in chosen else ''}>{_escaped(label)}</option>"
        for key, label in choices
    )
    return written.encode("ascii", "xmlcharrefreplace").decode("ascii")


class QuickInput:
    """Mixed into an input widget: its markup written in Python, as Django's input.html
    and attrs.html write it (through those templates each input cost ~0.1 ms, and the
    wallet page has four)."""

    def render(self, name, value, attrs=None, renderer=None) -> SafeString:
        widget = self.get_context(name, value, attrs)["widget"]  # type: ignore[attr-defined]
        written = "" if widget["value"] is None else f' value="{_escaped(widget["value"])}"'
        attributes = "".join(
            f" {_escaped(key)}" if setting is True else f' {_escaped(key)}="{_escaped(setting)}"'
            for key, setting in widget["attrs"].items()
            if setting is not False
        )
        return mark_safe(
            f'<input type="{_escaped(widget["type"])}" name="{_escaped(name)}"'
            f"{written}{attributes}>"
        )


class QuickTextInput(QuickInput, forms.TextInput):
    pass


class QuickDateInput(QuickInput, forms.DateInput):
    pass


def _plain(choices: Iterable[tuple[object, object]]) -> Iterable[tuple[object, object]]:
    """Choices given as a function, called: through Django's iterator each of the 80
    games' choices would be normalised again (~0.3 ms), and a QuickSelect's are plain."""
    return choices.func() if isinstance(choices, CallableChoiceIterator) else choices


def _escaped(text: object) -> str:
    """As Django's conditional_escape: text marked safe is written as it is."""
    return str(text) if isinstance(text, SafeData) else escape(str(text))


def fields_written(form: forms.Form, write: Callable[[BoundField, str], str]) -> SafeString:
    """A filter form's fields, each written by `write(field, its errors' markup)`. Those of
    an unbound form (no value, no error) are the same on every page: they are written once
    per process for the form's class and the language in force (its choices, such as the
    history's games, are fixed once the process runs), where rendering the widgets cost
    each statement and history page ~0.15 ms."""
    if form.is_bound or form.initial or form.prefix:
        return _written(form, write)
    return _unbound_fields_written(type(form), write, get_language())


@lru_cache(maxsize=64)
def _unbound_fields_written(
    form_class: type[forms.Form], write: Callable[[BoundField, str], str], language: str | None
) -> SafeString:
    return _written(form_class(), write)


def _written(form: forms.Form, write: Callable[[BoundField, str], str]) -> SafeString:
    return mark_safe(
        "".join(
            write(
                field,
                "".join(f'<span class="error">{_escaped(error)}</span>' for error in field.errors),
            )
            for field in form
        )
    )


class AmountField(forms.Field):
    """An amount typed in major units ("25" or "25.50") read into minor units: no float."""

    widget = QuickTextInput(attrs={"inputmode": "decimal", "autocomplete": "off"})

    def to_python(self, value) -> int | None:
        text = (value or "").strip()
        if not text:
            return None
        if text.startswith("-"):
            raise forms.ValidationError("The amount must be more than zero.")
        try:
            return parse_major(text)
        except ValueError as error:
            raise forms.ValidationError(str(error)) from None


# The first and last days a statement or history period may name. Outside them no row can
# exist, and the edges of Python's calendar are near enough that building a period's
# bounds (the day after its end, midnight in the site's time zone) overflowed: 500s.
EARLIEST_PERIOD_DATE = date(2000, 1, 1)
LATEST_PERIOD_DATE = date(2099, 12, 31)


def _spelled(day: date) -> str:
    return f"{day.day} {day:%B %Y}"


class PeriodDateField(forms.DateField):
    """A date that starts or ends a period of statement or history lines."""

    def __init__(self, **kwargs) -> None:
        kwargs.setdefault(
            "widget",
            QuickDateInput(
                attrs={
                    "type": "date",
                    "min": EARLIEST_PERIOD_DATE.isoformat(),
                    "max": LATEST_PERIOD_DATE.isoformat(),
                }
            ),
        )
        super().__init__(**kwargs)

    def validate(self, value) -> None:
        super().validate(value)
        if value is not None and not EARLIEST_PERIOD_DATE <= value <= LATEST_PERIOD_DATE:
            raise forms.ValidationError(
                f"Choose a date from {_spelled(EARLIEST_PERIOD_DATE)} "
                f"to {_spelled(LATEST_PERIOD_DATE)}."
            )


class OneTimeForm(forms.Form):
    """A form that moves money carries a one-time token, rendered fresh with every page:
    a double submit sends the same token twice, and the services move the money once."""

    token = forms.RegexField(
        regex=TOKEN_PATTERN,
        widget=forms.HiddenInput,
        error_messages={
            "required": "This form has expired: please send it again.",
            "invalid": "This form has expired: please send it again.",
        },
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # A bound form that is shown again (with errors) gets a fresh token too: its old
        # one may already name a request, and reusing it would only be refused.
        self.fresh_token = new_token()


class DepositForm(OneTimeForm):
    amount = AmountField(label="Amount", help_text="For example 25 or 25.50")


class WithdrawalForm(OneTimeForm):
    amount = AmountField(label="Amount", help_text="Paid to you once staff approve it")


class AdjustmentForm(OneTimeForm):
    """A staff correction: a signed amount and the reason, both required."""

    direction = forms.TypedChoiceField(
        choices=[(1, "Credit the player"), (-1, "Debit the player")], coerce=int
    )
    amount = AmountField(label="Amount")
    reason = forms.CharField(max_length=300, widget=forms.Textarea(attrs={"rows": 3}))

    def clean_reason(self) -> str:
        reason = self.cleaned_data["reason"].strip()
        if not reason:
            raise forms.ValidationError("An adjustment needs a reason.")
        return reason

    def signed_amount(self) -> int:
        return self.cleaned_data["direction"] * self.cleaned_data["amount"]


def _kind_options() -> list[tuple[str, str]]:
    return [("", "All kinds"), *Transaction.Kind.choices]


class StatementFilterForm(forms.Form):
    date_from = PeriodDateField(required=False, label="From")
    date_to = PeriodDateField(required=False, label="To")
    # A callable, as the history's games (reports.forms): a list of choices is deep-copied
    # into every form, its lazy labels with it (~0.06 ms of every wallet page).
    kind = forms.ChoiceField(
        required=False, choices=_kind_options, label="Kind", widget=QuickSelect
    )

    def clean(self) -> dict:
        cleaned = super().clean()
        date_from, date_to = cleaned.get("date_from"), cleaned.get("date_to")
        if date_from and date_to and date_from > date_to:
            raise forms.ValidationError("The start date is after the end date.")
        return cleaned
