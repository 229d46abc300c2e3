from allauth.account.adapter import DefaultAccountAdapter
from django.urls import reverse

from accounts import protection, terms
from staff.roles import is_regulator


class AccountAdapter(DefaultAccountAdapter):
    """Stores the identity fields the sign-up form collected on the new user."""

    def save_user(self, request, user, form, commit=True):
        user = super().save_user(request, user, form, commit=False)
        data = form.cleaned_data
        user.legal_name = data["legal_name"]
        user.date_of_birth = data["date_of_birth"]
        user.country = data["country"]
        user.national_id = data.get("national_id", "")
        if commit:
            user.save()
            for period, amount in form.deposit_limits().items():
                protection.set_limit(user, "deposit", period, amount, actor=user)
            version = form.cleaned_data.get("terms_version")
            if version is not None:
                terms.accept(user, version)
        return user

    def get_login_redirect_url(self, request):
        """Regulators land on their exports and read-only records, staff on the admin;
        players where they were going."""
        user = request.user
        if is_regulator(user):
            return reverse("reports:exports")
        if user.is_staff:
            return reverse("admin:index")
        return super().get_login_redirect_url(request)
