"""The correction form of the staff tools in the admin."""

from __future__ import annotations

import secrets

from django import forms

from casino import registry as round_games
from wallet.money import parse_major


class CorrectionForm(forms.Form):
    """One line per player: `player id: signed amount`, e.g. `12: -5.00`."""

    target = forms.RegexField(
        regex=r"^(game:\d+|round:[a-z0-9-]{1,40}:\d+|tournament:\d+)$",
        label="Game, round or tournament",
        help_text="game:<id>, round:<game>:<number> (round:crash:120, "
        "round:roulette-european:42), or tournament:<id>",
    )
    void = forms.BooleanField(
        required=False,
        label="Void the tournament",
        help_text="Every player gets back their entry and fee and gives back their prize "
        "(the amounts are computed; leave them empty).",
    )
    amounts = forms.CharField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 4}),
        label="Amounts",
        help_text="One line per player: player id, a colon, the signed amount they receive "
        "(negative: they give back). The house account the original money went to "
        "takes the balance.",
    )
    reason = forms.CharField(widget=forms.Textarea(attrs={"rows": 3}), label="Reason (staff)")
    player_note = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 3}), label="Note to the players"
    )
    token = forms.CharField(widget=forms.HiddenInput, initial=secrets.token_hex)

    def clean_target(self) -> str:
        target = self.cleaned_data["target"]
        kind, slug, *_ = target.split(":")
        if kind == "round" and slug not in {game.slug for game in round_games.all()}:
            raise forms.ValidationError(f"No round game is called {slug!r}.")
        return target

    def clean_amounts(self) -> dict[int, int]:
        amounts: dict[int, int] = {}
        for number, line in enumerate(self.cleaned_data["amounts"].splitlines(), start=1):
            if not line.strip():
                continue
            player, _, amount = line.partition(":")
            text = amount.strip()
            sign = -1 if text.startswith("-") else 1
            try:
                amounts[int(player)] = sign * parse_major(text.lstrip("+-"))
            except ValueError:
                raise forms.ValidationError(f"Line {number}: write it as `12: -5.00`.") from None
        return amounts

    def clean(self) -> dict:
        cleaned = super().clean()
        target = cleaned.get("target", "")
        if cleaned.get("void"):
            if not target.startswith("tournament:"):
                self.add_error("void", "Only a tournament is voided here.")
            elif cleaned.get("amounts"):
                self.add_error("amounts", "A void computes its amounts: leave them empty.")
        elif "amounts" in cleaned and not cleaned["amounts"]:
            self.add_error("amounts", "Name at least one player.")
        return cleaned
