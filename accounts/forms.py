from __future__ import annotations

from allauth.account.forms import SignupForm as AllauthSignupForm
from django import forms
from django.conf import settings
from django.utils import timezone

from accounts.age import MAX_AGE, is_of_age, is_plausible_birth_date
from accounts.models import User, normalise_legal_name
from accounts.services import MAX_MUTE_HOURS
from accounts.terms import in_force as terms_in_force
from wallet.forms import AmountField

COUNTRIES = [
    ("", "Choose your country"),
    ("AM", "Armenia"),
    ("AT", "Austria"),
    ("BE", "Belgium"),
    ("BG", "Bulgaria"),
    ("CY", "Cyprus"),
    ("CZ", "Czechia"),
    ("DE", "Germany"),
    ("DK", "Denmark"),
    ("EE", "Estonia"),
    ("ES", "Spain"),
    ("FI", "Finland"),
    ("FR", "France"),
    ("GB", "United Kingdom"),
    ("GE", "Georgia"),
    ("GR", "Greece"),
    ("HR", "Croatia"),
    ("HU", "Hungary"),
    ("IE", "Ireland"),
    ("IT", "Italy"),
    ("LT", "Lithuania"),
    ("LU", "Luxembourg"),
    ("LV", "Latvia"),
    ("MT", "Malta"),
    ("NL", "Netherlands"),
    ("PL", "Poland"),
    ("PT", "Portugal"),
    ("RO", "Romania"),
    ("SE", "Sweden"),
    ("SI", "Slovenia"),
    ("SK", "Slovakia"),
]


def checked_date_of_birth(born, *, under_age: str):
    """``born`` if it is a real date of someone of legal age (`MIN_AGE`) today, else the
    ValidationError saying why (``under_age`` for someone too young)."""
    today = timezone.localdate()
    if born > today:
        raise forms.ValidationError("The date of birth cannot be in the future.")
    if not is_plausible_birth_date(born, today):
        raise forms.ValidationError(
            f"Check your date of birth: it is more than {MAX_AGE} years ago."
        )
    if not is_of_age(born, today, settings.MIN_AGE):
        raise forms.ValidationError(under_age)
    return born


class SignupForm(AllauthSignupForm):
    legal_name = forms.CharField(
        max_length=150, label="Full legal name", help_text="As on your identity document."
    )
    date_of_birth = forms.DateField(
        label="Date of birth", widget=forms.DateInput(attrs={"type": "date"})
    )
    country = forms.ChoiceField(choices=COUNTRIES, label="Country of residence")
    national_id = forms.CharField(
        max_length=40, required=False, label="National ID number (optional)"
    )

    daily_deposit_limit = AmountField(
        required=False,
        label="Daily deposit limit (optional)",
        help_text="You can set, lower or raise limits at any time from your account.",
    )
    weekly_deposit_limit = AmountField(required=False, label="Weekly deposit limit (optional)")
    monthly_deposit_limit = AmountField(required=False, label="Monthly deposit limit (optional)")

    terms_version = forms.IntegerField(widget=forms.HiddenInput, required=False)
    accept_terms = forms.BooleanField(
        label="I have read and accept the terms and rules",
        error_messages={"required": "Accept the terms and rules to open an account."},
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        terms = terms_in_force()
        self.fields["terms_version"].initial = terms.version if terms else None

    field_order = [
        "legal_name",
        "date_of_birth",
        "country",
        "national_id",
        "email",
        "password1",
        "password2",
        "daily_deposit_limit",
        "weekly_deposit_limit",
        "monthly_deposit_limit",
        "accept_terms",
    ]
    LIMIT_FIELDS = {
        "daily_deposit_limit": "day",
        "weekly_deposit_limit": "week",
        "monthly_deposit_limit": "month",
    }

    def deposit_limits(self) -> dict[str, int]:
        """The deposit limits chosen at sign-up, by period."""
        return {
            period: self.cleaned_data[name]
            for name, period in self.LIMIT_FIELDS.items()
            if self.cleaned_data.get(name) is not None
        }

    def clean_legal_name(self) -> str:
        name = " ".join(self.cleaned_data["legal_name"].split())
        if len(name) < 3:
            raise forms.ValidationError("Enter your full legal name.")
        return name

    def clean_date_of_birth(self):
        return checked_date_of_birth(
            self.cleaned_data["date_of_birth"],
            under_age=f"You must be at least {settings.MIN_AGE} years old to open an account.",
        )

    def clean_national_id(self) -> str:
        national_id = self.cleaned_data.get("national_id", "").strip().upper()
        if national_id and User.objects.filter(national_id=national_id).exists():
            raise forms.ValidationError(
                "An account already exists for this ID number. Each person may hold one account."
            )
        return national_id

    def clean(self):
        cleaned = super().clean()
        terms = terms_in_force()
        if terms is not None and cleaned.get("terms_version") != terms.version:
            self.add_error(None, "The terms have just changed: read them and accept them again.")
        name, born = cleaned.get("legal_name"), cleaned.get("date_of_birth")
        if (
            name
            and born
            and User.objects.filter(
                legal_name_key=normalise_legal_name(name), date_of_birth=born
            ).exists()
        ):
            raise forms.ValidationError(
                "An account already exists for this person. Each person may hold one account; "
                "use password reset if you have lost access."
            )
        return cleaned


class BlockForm(forms.Form):
    reason = forms.CharField(widget=forms.Textarea(attrs={"rows": 3}), label="Reason")


class ChatMuteForm(forms.Form):
    """Staff mute a player's table chat (from the player's record, or a chat report)."""

    reason = forms.CharField(widget=forms.Textarea(attrs={"rows": 3}), label="Reason")
    hours = forms.TypedChoiceField(
        coerce=int,
        choices=[(1, "1 hour"), (24, "24 hours"), (24 * 7, "7 days"), (MAX_MUTE_HOURS, "30 days")],
        initial=24,
        label="Mute for",
    )
