"""The forms of the responsible-gaming settings page: one small form per action."""

from __future__ import annotations

from django import forms

from accounts import protection
from accounts.models import ProtectionLimit
from wallet.forms import AmountField


class LimitForm(forms.Form):
    kind = forms.ChoiceField(choices=ProtectionLimit.Kind.choices)
    period = forms.ChoiceField(choices=ProtectionLimit.Period.choices, label="Per")
    amount = AmountField(
        required=False, label="Amount", help_text="Leave empty to remove the limit."
    )


class RealityCheckForm(forms.Form):
    minutes = forms.TypedChoiceField(
        choices=[
            ("", "Off"),
            *((m, f"Every {m} minutes") for m in protection.REALITY_CHECK_CHOICES),
        ],
        coerce=int,
        empty_value=None,
        required=False,
        label="Reality check",
    )


class TimeOutForm(forms.Form):
    days = forms.TypedChoiceField(
        choices=[(1, "24 hours"), (3, "3 days"), (7, "1 week"), (14, "2 weeks"), (42, "6 weeks")],
        coerce=int,
        label="Take a break for",
    )


class SelfExclusionForm(forms.Form):
    months = forms.TypedChoiceField(
        choices=[("6", "6 months"), ("12", "1 year"), ("60", "5 years"), ("", "Indefinitely")],
        coerce=int,
        empty_value=None,
        required=False,
        label="Exclude myself for",
    )
    confirm = forms.BooleanField(
        label="I understand this cannot be shortened or undone, even by staff."
    )
