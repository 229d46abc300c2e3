"""Staff issue and revoke API tokens here. The key is shown once, on the page after
issue; issue and revocation are in the audit log (api.tokens). A token is never edited
or deleted: a changed need is a new token, and the old one is revoked."""

from __future__ import annotations

from django import forms
from django.contrib import admin, messages

from api import tokens
from api.models import ApiToken


class IssueForm(forms.ModelForm):
    class Meta:
        model = ApiToken
        fields = ["name", "user", "scope"]

    def clean(self):
        cleaned = super().clean()
        user, scope = cleaned.get("user"), cleaned.get("scope")
        if user and scope and not tokens.may_hold(user, scope):
            self.add_error(
                "user",
                "A regulator token goes to an active regulator's account; a player token "
                "to an active player who is neither staff nor regulator.",
            )
        return cleaned


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    form = IssueForm
    list_display = ["name", "user", "scope", "hint", "created", "last_used", "revoked_at"]
    list_filter = ["scope", ("revoked_at", admin.EmptyFieldListFilter)]
    search_fields = ["name", "user__email", "hint"]
    raw_id_fields = ["user"]
    actions = ["revoke"]
    readonly_fields = ["hint", "created", "created_by", "last_used", "revoked_at"]

    def get_readonly_fields(self, request, obj=None):
        if obj is not None:
            return ["name", "user", "scope", *self.readonly_fields]
        return []

    def has_delete_permission(self, request, obj=None) -> bool:
        return False

    def save_model(self, request, obj, form, change) -> None:
        if change:
            return
        token, key = tokens.issue(by=request.user, name=obj.name, user=obj.user, scope=obj.scope)
        obj.pk, obj.key_digest, obj.hint, obj.created = (
            token.pk,
            token.key_digest,
            token.hint,
            token.created,
        )
        messages.warning(
            request, f"The token of {token.name}, shown this once (copy it now): {key}"
        )

    @admin.action(description="Revoke the selected tokens", permissions=["change"])
    def revoke(self, request, queryset) -> None:
        revoked = sum(
            tokens.revoke(by=request.user, token=token, reason="Revoked in the admin")
            for token in queryset
        )
        messages.success(request, f"{revoked} token(s) revoked.")
