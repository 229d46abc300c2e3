from allauth.account.adapter import DefaultAccountAdapter

from accounts import protection


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
        return user
