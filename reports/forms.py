from __future__ import annotations

from django import forms

from reports import exports, misconduct
from reports.history import Period, default_period, game_choices
from wallet.forms import PeriodDateField, QuickSelect


def _game_options() -> list[tuple[str, str]]:
    return [("", "All games"), *game_choices()]


class PeriodForm(forms.Form):
    start = PeriodDateField(required=False)
    end = PeriodDateField(required=False)
    # A callable: the games are listed when the select is written or a choice checked,
    # not copied into every form (a list of 80 choices was deep-copied and normalised
    # with each history page's form).
    game = forms.ChoiceField(required=False, widget=QuickSelect, choices=_game_options)

    def period(self) -> Period:
        fallback = default_period()
        if not self.is_valid():
            return fallback
        start = self.cleaned_data["start"] or fallback.start
        end = self.cleaned_data["end"] or fallback.end
        return Period(min(start, end), max(start, end))

    def chosen_game(self) -> str:
        return self.cleaned_data.get("game", "") if self.is_valid() else ""


def _threshold(label: str, default: int, most: int) -> forms.IntegerField:
    return forms.IntegerField(
        label=label,
        required=False,
        min_value=1,
        max_value=most,
        initial=default,
        widget=forms.NumberInput(attrs={"placeholder": default}),
    )


class ConductForm(PeriodForm):
    """The suspicious-patterns page's period and thresholds; a field left empty, or the
    whole form when it does not validate, means the default."""

    default = misconduct.DEFAULT
    min_meetings = _threshold("Games together, at least", default.min_meetings, 1_000)
    meeting_percent = _threshold("% of the quieter player's games", default.meeting_percent, 100)
    min_dumps = _threshold("Games given up to one opponent", default.min_dumps, 1_000)
    device_accounts = _threshold("Accounts on one device", default.device_accounts, 100)
    address_accounts = _threshold("Accounts on one address", default.address_accounts, 100)

    def thresholds(self) -> misconduct.Thresholds:
        if not self.is_valid():
            return self.default
        chosen = {
            name: value
            for name, value in self.cleaned_data.items()
            if name in misconduct.Thresholds.__dataclass_fields__ and value is not None
        }
        return misconduct.Thresholds(**chosen)


class ExportForm(PeriodForm):
    report = forms.ChoiceField(choices=[(k, v[0]) for k, v in exports.REPORTS.items()])
    file_format = forms.ChoiceField(
        choices=[("csv", "CSV"), ("json", "JSON"), ("xlsx", "XLSX (revenue reports)")],
        label="Format",
    )
    player = forms.IntegerField(required=False, min_value=1, label="Player id")

    def clean(self):
        cleaned = super().clean()
        report, file_format = cleaned.get("report"), cleaned.get("file_format")
        if report and file_format and file_format not in exports.formats_for(report):
            self.add_error("file_format", "XLSX is offered for the revenue reports.")
        if report == "statement" and not cleaned.get("player"):
            self.add_error("player", "A statement is for one player.")
        return cleaned

    def filters(self) -> exports.Filters:
        return exports.Filters(self.period(), self.chosen_game(), self.cleaned_data.get("player"))


class ComplaintForm(forms.Form):
    subject = forms.ChoiceField(label="About")
    transaction = forms.UUIDField(
        required=False, label="Or a transaction id", help_text="From your wallet statement."
    )
    text = forms.CharField(widget=forms.Textarea(attrs={"rows": 5}), label="What went wrong")

    def __init__(self, *args, games=(), rounds=(), **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["subject"].choices = [
            ("", "A transaction (give its id below)"),
            *((f"game:{g.pk}", f"{g} (ended {g.finished:%d %b %H:%M})") for g in games),
            *((f"round:{r.pk}", f"{r} (ended {r.settled_at:%d %b %H:%M})") for r in rounds),
        ]
        self.fields["subject"].required = False

    def clean(self):
        cleaned = super().clean()
        if not cleaned.get("subject") and not cleaned.get("transaction"):
            raise forms.ValidationError("Choose a game or round, or give a transaction id.")
        return cleaned

    def about(self) -> dict:
        subject = self.cleaned_data.get("subject")
        if subject:
            kind, pk = subject.split(":")
            return {"game_id": int(pk)} if kind == "game" else {"round_id": int(pk)}
        return {"transaction_uuid": self.cleaned_data["transaction"]}


class AuditForm(forms.Form):
    """One game (by id) or one house round (by game and number) whose audit record to
    download."""

    game_id = forms.IntegerField(required=False, min_value=1, max_value=2**63 - 1, label="Game id")
    round_game = forms.ChoiceField(required=False, label="Or a house round of")
    round_number = forms.IntegerField(
        required=False, min_value=1, max_value=2**31 - 1, label="Round number"
    )
    file_format = forms.ChoiceField(choices=[("json", "JSON"), ("csv", "CSV")], label="Format")

    def __init__(self, *args, **kwargs) -> None:
        from casino import registry as round_games

        kwargs.setdefault("prefix", "audit")  # beside the export form on one page
        super().__init__(*args, **kwargs)
        self.fields["round_game"].choices = [
            ("", "—"),
            *((game.slug, game.name) for game in round_games.all()),
        ]

    def clean(self):
        cleaned = super().clean()
        game_id, game, number = (
            cleaned.get("game_id"),
            cleaned.get("round_game"),
            cleaned.get("round_number"),
        )
        if bool(game_id) == bool(game or number) or bool(game) != bool(number):
            raise forms.ValidationError("Give a game id, or a house game and a round number.")
        return cleaned
