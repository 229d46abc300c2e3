"""The create-table form, built from the game's Options plus the common table options."""

from __future__ import annotations

import dataclasses
from functools import cache

from django import forms

from games import registry
from games.conf import GameLimits
from games.engine import Engine
from wallet.money import format_minor, parse_major


def _coerce_like(default):
    if isinstance(default, bool):
        return lambda value: value in (True, "True", "true", "1", "on")
    if isinstance(default, int):
        return int
    return str


class TableForm(forms.Form):
    practice = forms.BooleanField(
        required=False,
        label="Practice table (no stake; empty seats can be filled by computer players)",
    )
    stake = forms.CharField(
        label="Stake", required=False, help_text="Each player puts in this amount."
    )
    seats = forms.TypedChoiceField(coerce=int, label="Players")
    step_seconds = forms.TypedChoiceField(coerce=int, label="Time per move")
    game_minutes = forms.TypedChoiceField(coerce=int, label="Total time per player")
    private = forms.BooleanField(
        required=False, label="Private (hidden from the list, joined by its link)"
    )
    incognito = forms.BooleanField(
        required=False, label="Incognito (players shown as Player 1, Player 2)"
    )
    spectators_allowed = forms.BooleanField(
        required=False, initial=True, label="Spectators allowed"
    )

    def __init__(self, engine: Engine, limits: GameLimits, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.engine, self.limits = engine, limits
        seats = range(engine.min_seats, engine.max_seats + 1)
        self.fields["seats"].choices = [(n, f"{n} players") for n in seats]
        self.fields["seats"].initial = (
            engine.min_seats if engine.min_seats == engine.max_seats else engine.max_seats
        )
        self.fields["step_seconds"].choices = [(s, f"{s} seconds") for s in limits.step_seconds]
        self.fields["step_seconds"].initial = max(limits.step_seconds)
        self.fields["game_minutes"].choices = [
            (m, f"{m} minutes" if m else "No limit") for m in limits.game_minutes
        ]
        if len(limits.game_minutes) == 1:  # nothing to choose (Wordfall's time is an option)
            self.fields["game_minutes"].widget = forms.HiddenInput()
            self.fields["game_minutes"].initial = limits.game_minutes[0]
        low, high = format_minor(limits.min_stake), format_minor(limits.max_stake)
        self.fields["stake"].help_text = f"From {low} to {high}; each player puts this in."
        if engine.fixed_stake(engine.Options()) is not None:
            self.fields[
                "stake"
            ].help_text = f"Set by the table's options (the buy-in), from {low} to {high}."
        self.option_names = []
        for field in dataclasses.fields(engine.Options):
            meta = field.metadata.get("option")
            if meta is None:
                continue
            self.option_names.append(field.name)
            name = f"option_{field.name}"
            if isinstance(field.default, bool):
                self.fields[name] = forms.BooleanField(
                    required=False, initial=field.default, label=meta.label, help_text=meta.help
                )
            else:
                self.fields[name] = forms.TypedChoiceField(
                    choices=[
                        (c, str(c).replace("_", " ").capitalize() if isinstance(c, str) else c)
                        for c in meta.choices
                    ],
                    coerce=_coerce_like(field.default),
                    initial=field.default,
                    label=meta.label,
                    help_text=meta.help,
                )

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("practice"):
            cleaned["stake"] = 0
            self.errors.pop("stake", None)
        elif (fixed := self.fixed_stake(cleaned)) is not None:
            cleaned["stake"] = fixed
            self.errors.pop("stake", None)
        elif not self.errors.get("stake"):
            try:
                cleaned["stake"] = parse_major(self.data.get("stake", ""))
            except ValueError as exc:
                self.add_error("stake", str(exc))
        return cleaned

    def fixed_stake(self, cleaned: dict) -> int | None:
        """The stake the chosen options fix (a poker table's buy-in), if any."""
        try:
            options = self.engine.Options.from_json(
                {name: cleaned[f"option_{name}"] for name in self.option_names}
            )
        except (KeyError, TypeError, ValueError):
            return None  # the options' own errors are shown on their fields
        return self.engine.fixed_stake(options)

    def options(self) -> dict:
        return {name: self.cleaned_data[f"option_{name}"] for name in self.option_names}


OPTION_FILTER_PREFIX = "opt_"
_BOOLEAN_FILTER_VALUES = {"true": True, "false": False}


@cache
def filterable_options() -> dict[str, tuple[type, tuple]]:
    """Every option a game declares, by name: its type and the values any game offers.

    Only these names may filter the table list, and only with these values, parsed to
    the type the table was saved with: a query key never reaches the database as a lookup.
    """
    found: dict[str, tuple[type, tuple]] = {}
    for engine in registry.all():
        for field in dataclasses.fields(engine.Options):
            meta = field.metadata.get("option")
            if meta is None:
                continue
            kind = type(field.default)
            _, offered = found.get(field.name, (kind, ()))
            found[field.name] = (kind, (*offered, *(c for c in meta.choices if c not in offered)))
    return found


def _option_filter_field(kind: type, choices: tuple) -> forms.Field:
    if kind is bool:
        return forms.TypedChoiceField(
            required=False,
            empty_value=None,
            choices=[("", "Any"), ("true", "Yes"), ("false", "No")],
            coerce=_BOOLEAN_FILTER_VALUES.__getitem__,
        )
    return forms.TypedChoiceField(
        required=False,
        empty_value=None,
        choices=[("", "Any"), *((str(choice), str(choice)) for choice in choices)],
        coerce=kind,
    )


class TableFilter(forms.Form):
    game = forms.ChoiceField(required=False)
    min_stake = forms.CharField(required=False, label="Stake from")
    max_stake = forms.CharField(required=False, label="to")
    free_seats = forms.TypedChoiceField(
        coerce=int,
        required=False,
        empty_value=None,
        label="Free seats",
        choices=[("", "Any"), (1, "1+"), (2, "2+"), (3, "3")],
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [
            ("", "All games"),
            *((engine.slug, engine.name) for engine in registry.all()),
        ]
        # A field only for the options the query names: an absent one filters nothing, and
        # the fields of every option of every game cost the Lobby page ~3 ms to build.
        asked = self.data if self.is_bound else {}
        self.option_names = []
        for name, (kind, choices) in filterable_options().items():
            if f"{OPTION_FILTER_PREFIX}{name}" in asked:
                self.option_names.append(name)
                self.fields[f"{OPTION_FILTER_PREFIX}{name}"] = _option_filter_field(kind, choices)

    def amount(self, name: str) -> int | None:
        raw = self.cleaned_data.get(name)
        if not raw:
            return None
        try:
            return parse_major(raw)
        except ValueError:
            return None

    def options(self) -> dict:
        """The chosen options, typed as the tables store them."""
        chosen = {
            name: self.cleaned_data.get(f"{OPTION_FILTER_PREFIX}{name}")
            for name in self.option_names
        }
        return {name: value for name, value in chosen.items() if value is not None}
