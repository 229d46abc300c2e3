"""The staff page's forms: a tournament, and a schedule of tournaments. Money is typed in
major units and kept in minor units; the prize table is chosen, or typed as percentages."""

from __future__ import annotations

import json
from decimal import Decimal, InvalidOperation

from django import forms
from django.conf import settings

from games import registry
from games.conf import limits
from games.poker.tournament import MAX_LEVELS, parse_schedule
from tournaments import prizes
from tournaments.models import Schedule, Terms, Tournament
from wallet.money import format_minor, parse_major
from wallet.rake import BASIS_POINTS

PRIZE_CHOICES = [
    ("winner", "Winner takes all"),
    ("top3", "Top three: 50%, 30%, 20%"),
    ("custom", "Custom percentages"),
]
TABLES = {"winner": list(prizes.WINNER_TAKES_ALL), "top3": list(prizes.TOP_THREE)}
MONEY_FIELDS = ("entry", "fee", "guaranteed")
TERMS_FIELDS = [
    "name",
    "format",
    "game_slug",
    "options",
    "step_seconds",
    "rounds",
    "minutes",
    *MONEY_FIELDS,
    "min_players",
    "max_players",
    "start_when_full",
    "late_registration",
]


def tournament_games() -> list[tuple[str, str]]:
    """Games of two players whose stake the table's options do not fix (not a cash table),
    and the poker tournament tables (the poker format's one table)."""
    duels = [
        (engine.slug, engine.name)
        for engine in registry.all()
        if engine.min_seats <= 2 <= engine.max_seats
        and engine.fixed_stake(engine.Options()) is None
    ]
    return [*duels, *((engine.slug, engine.name) for engine in registry.tournament_tables())]


def percentages_to_table(text: str) -> list[int]:
    """ "50, 30, 20" (or "33.34 33.33 33.33") to basis points, first place first."""
    try:
        shares = [Decimal(part) * 100 for part in text.replace(",", " ").split()]
    except InvalidOperation:
        raise forms.ValidationError("Write the percentages as numbers: 50, 30, 20.") from None
    if not all(share.is_finite() and 0 < share <= BASIS_POINTS for share in shares):
        raise forms.ValidationError("Each place gets more than 0%, and 100% in all.")
    if any(share != share.to_integral_value() for share in shares):
        raise forms.ValidationError("Percentages have at most two decimals.")
    table = [int(share) for share in shares]
    try:
        prizes.check_table(table)
    except ValueError:
        raise forms.ValidationError("Each place gets more than 0%, and 100% in all.") from None
    return table


class LevelForm(forms.Form):
    """One level of a poker tournament's blind schedule; a row left blank is no level."""

    small = forms.IntegerField(required=False, min_value=1, label="Small blind")
    big = forms.IntegerField(required=False, min_value=1, label="Big blind")
    ante = forms.IntegerField(required=False, min_value=0, label="Ante")
    minutes = forms.IntegerField(required=False, min_value=1, label="Minutes")

    def level(self) -> list[int] | None:
        values = [self.cleaned_data.get(name) for name in ("small", "big", "ante", "minutes")]
        if all(value is None for value in values):
            return None
        if any(value is None for value in values):
            raise forms.ValidationError(
                "A level has a small blind, a big blind, an ante (0 for none) and minutes."
            )
        return values


class BaseLevelFormSet(forms.BaseFormSet):
    def clean(self) -> None:
        if any(self.errors):
            return
        levels = []
        for form in self.forms:
            try:
                level = form.level()
            except forms.ValidationError as exc:
                form.add_error(None, exc)
                continue
            if level is not None:
                levels.append(level)
        if any(self.errors):
            return
        if levels:
            try:
                parse_schedule(levels)
            except ValueError as exc:
                raise forms.ValidationError(str(exc)) from None
        self.levels = levels


LevelFormSet = forms.formset_factory(
    LevelForm, formset=BaseLevelFormSet, extra=12, max_num=MAX_LEVELS, absolute_max=MAX_LEVELS
)


class TermsForm(forms.ModelForm):
    game_slug = forms.ChoiceField(label="Game")
    options = forms.CharField(
        required=False,
        initial="{}",
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=(
            'The game\'s options as JSON, e.g. {"points": 3}; empty: its defaults. A poker'
            ' tournament: {"starting_chips": 1500}, its blinds in the rows below.'
        ),
    )
    entry = forms.CharField(label="Entry", help_text="Into the prize pool, e.g. 10.00.")
    fee = forms.CharField(label="Fee", initial="0.00", help_text="The house's share.")
    guaranteed = forms.CharField(
        label="Guaranteed prize pool",
        initial="0.00",
        help_text="Optional: the house tops the entries up to this pool.",
    )
    prizes = forms.ChoiceField(choices=PRIZE_CHOICES, label="Prize table")
    custom_prizes = forms.CharField(
        required=False, label="Custom percentages", help_text="First place first: 60, 25, 15."
    )

    class Meta:
        model = Terms
        fields = TERMS_FIELDS

    def __init__(self, data=None, *args, **kwargs) -> None:
        super().__init__(data, *args, **kwargs)
        self.fields["game_slug"].choices = tournament_games()
        # A post without the rows' management form (an older page, a script) gives none.
        given = data is not None and "blinds-TOTAL_FORMS" in data
        self.blinds = LevelFormSet(data if given else None, prefix="blinds")
        for name in MONEY_FIELDS:
            if self.instance.pk:
                self.initial[name] = format_minor(getattr(self.instance, name))

    def _money(self, name: str) -> int:
        try:
            amount = parse_major(self.cleaned_data[name] or "0")
        except ValueError as exc:
            raise forms.ValidationError(str(exc)) from None
        if amount > settings.WALLET_MAX_AMOUNT:
            limit = format_minor(settings.WALLET_MAX_AMOUNT)
            raise forms.ValidationError(f"At most {limit}.")
        return amount

    def clean_entry(self) -> int:
        return self._money("entry")

    def clean_fee(self) -> int:
        return self._money("fee")

    def clean_guaranteed(self) -> int:
        return self._money("guaranteed")

    def clean_options(self) -> dict:
        text = (self.cleaned_data["options"] or "").strip() or "{}"
        try:
            options = json.loads(text)
        except ValueError:
            raise forms.ValidationError("The options are not valid JSON.") from None
        if not isinstance(options, dict):
            raise forms.ValidationError('The options are a JSON object: {"points": 3}.')
        return options

    def clean(self) -> dict:
        cleaned = super().clean()
        slug = cleaned.get("game_slug")
        steps = limits(slug).step_seconds if slug else ()
        if steps and cleaned.get("step_seconds") not in steps:
            self.add_error("step_seconds", f"This game's move times: {list(steps)} seconds.")
        choice = cleaned.get("prizes")
        if choice == "custom":
            try:
                self.instance.prize_table = percentages_to_table(cleaned.get("custom_prizes", ""))
            except forms.ValidationError as exc:
                self.add_error("custom_prizes", exc)
        elif choice:
            self.instance.prize_table = TABLES[choice]
        self._clean_blinds(cleaned)
        return cleaned

    def _clean_blinds(self, cleaned: dict) -> None:
        """The rows' levels become the options' blind schedule (a poker tournament only)."""
        if not self.blinds.is_bound:
            return
        if not self.blinds.is_valid():
            self.add_error(None, "The blind schedule is not right: see its rows.")
            return
        levels = self.blinds.levels
        options = cleaned.get("options")
        if not levels or options is None:
            return
        if cleaned.get("format") != Tournament.Format.POKER:
            self.add_error(None, "A blind schedule is for a poker tournament only.")
        elif "blinds" in options:
            self.add_error("options", "The blinds are in the rows below, not in the options.")
        else:
            cleaned["options"] = {**options, "blinds": levels}


class TournamentForm(TermsForm):
    class Meta:
        model = Tournament
        fields = [*TERMS_FIELDS, "registration_opens", "starts_at"]
        widgets = {
            "registration_opens": forms.DateTimeInput(attrs={"type": "datetime-local"}),
            "starts_at": forms.DateTimeInput(attrs={"type": "datetime-local"}),
        }


class ScheduleForm(TermsForm):
    class Meta:
        model = Schedule
        fields = [*TERMS_FIELDS, "every", "weekday", "time_of_day", "registration_hours"]
        widgets = {"time_of_day": forms.TimeInput(attrs={"type": "time"})}
