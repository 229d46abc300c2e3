from django.conf import settings
from django.contrib import admin, messages
from django.contrib.auth.admin import GroupAdmin as BaseGroupAdmin
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin
from django.contrib.auth.forms import UserChangeForm
from django.contrib.auth.models import Group
from django.db import transaction
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.urls import path, reverse

from accounts import protection, services
from accounts.forms import BlockForm, ChatMuteForm, checked_date_of_birth
from accounts.models import ChatMute, SignIn, Terms, TermsAcceptance, User
from accounts.protection_forms import SelfExclusionForm
from staff import audit
from staff.audited_admin import AuditedAdmin
from staff.readonly import ReadOnlyAdmin
from staff.tools import ReasonForm, ReasonTool


class ExclusionOnRequestForm(ReasonForm):
    """What staff record when a player asks them, by phone or letter, to be excluded."""

    months = SelfExclusionForm.base_fields["months"]


EXCLUDE_TOOL = ReasonTool(
    permission="accounts.exclude_user",
    denied="You do not have permission to self-exclude players.",
    verb="Self-exclude",
    explanation="At the player's own request: they can log in only to see their history "
    "and withdraw, for the period chosen; it cannot be shortened, by them or by staff. "
    "Write how and when they asked: it goes to the audit log.",
    submit="Self-exclude the player",
    refusals=(protection.ProtectionError,),
    form=ExclusionOnRequestForm,
)


MUTE_TOOL = ReasonTool(
    permission="accounts.mute_user",
    denied="You do not have permission to mute players.",
    verb="Mute the table chat of",
    explanation="The player's chat is refused at every table for the time chosen; they go "
    "on playing. The reason goes to the audit log.",
    submit="Mute",
    refusals=(services.AccountError,),
    form=ChatMuteForm,
)
UNMUTE_TOOL = ReasonTool(
    permission="accounts.mute_user",
    denied="You do not have permission to mute players.",
    verb="Lift the chat mute of",
    explanation="The player may chat again at once. The reason goes to the audit log.",
    submit="Lift the mute",
    refusals=(services.AccountError,),
)


class StaffUserForm(UserChangeForm):
    """The admin's user form: a date of birth under the legal age is refused, as at sign-up."""

    def clean_date_of_birth(self):
        born = self.cleaned_data.get("date_of_birth")
        if born is None:
            return born
        return checked_date_of_birth(
            born, under_age=f"A player must be at least {settings.MIN_AGE} years old."
        )


@admin.register(User)
class UserAdmin(AuditedAdmin, BaseUserAdmin):
    """Every change to a user (status, identity, staff and group flags, e-mail) is in the
    audit log with its values before and after."""

    audit_action = "accounts.user"
    form = StaffUserForm
    ordering = ("email",)
    list_display = ("email", "legal_name", "date_of_birth", "country", "is_staff", "blocked")
    list_filter = ("is_staff", "is_superuser", "is_active", "country", "groups")
    search_fields = ("email", "legal_name", "national_id")
    readonly_fields = (
        "last_login",
        "previous_login",
        "date_joined",
        "blocked_at",
        "blocked_reason",
        "blocked_by",
    )
    fieldsets = (
        (None, {"fields": ("email", "password")}),
        ("Identity", {"fields": ("legal_name", "date_of_birth", "country", "national_id")}),
        ("Status", {"fields": ("is_active", "blocked_at", "blocked_reason", "blocked_by")}),
        ("Permissions", {"fields": ("is_staff", "is_superuser", "groups", "user_permissions")}),
        ("Dates", {"fields": ("last_login", "previous_login", "date_joined")}),
    )
    add_fieldsets = ((None, {"classes": ("wide",), "fields": ("email", "password1", "password2")}),)
    change_form_template = "admin/accounts/user/change_form.html"

    @admin.display(boolean=True)
    def blocked(self, user: User) -> bool:
        return user.is_blocked

    def get_urls(self):
        return [
            path(
                "<int:pk>/block/",
                self.admin_site.admin_view(self.block_view),
                name="accounts_user_block",
            ),
            path(
                "<int:pk>/exclude/",
                self.admin_site.admin_view(self.exclude_view),
                name="accounts_user_exclude",
            ),
            path(
                "<int:pk>/mute/",
                self.admin_site.admin_view(self.mute_view),
                name="accounts_user_mute",
            ),
            path(
                "<int:pk>/unmute/",
                self.admin_site.admin_view(self.unmute_view),
                name="accounts_user_unmute",
            ),
            path(
                "<int:pk>/unblock/",
                self.admin_site.admin_view(self.unblock_view),
                name="accounts_user_unblock",
            ),
            *super().get_urls(),
        ]

    def _back(self, user: User):
        return redirect(reverse("admin:accounts_user_change", args=[user.pk]))

    def block_view(self, request, pk: int):
        user = get_object_or_404(User, pk=pk)
        if not request.user.has_perm("accounts.block_user"):
            messages.error(request, "You do not have permission to block accounts.")
            return self._back(user)
        form = BlockForm(request.POST or None)
        if request.method == "POST" and form.is_valid():
            services.block_user(user, reason=form.cleaned_data["reason"], by=request.user)
            messages.success(request, f"{user} is blocked and logged out everywhere.")
            return self._back(user)
        context = {
            **self.admin_site.each_context(request),
            "form": form,
            "target": user,
            "opts": self.model._meta,
            "title": f"Block {user}",
        }
        return TemplateResponse(request, "admin/accounts/user/block.html", context)

    def exclude_view(self, request, pk: int):
        player = get_object_or_404(User, pk=pk)

        def exclude(reason: str, months: int | None) -> str:
            protection.self_exclude(player, months, actor=request.user)
            audit.record(request.user, "accounts.self_exclude", player, reason, months=months)
            period = "indefinitely" if months is None else f"for {months} months"
            return f"{player} is self-excluded {period}."

        return EXCLUDE_TOOL.view(request, self, player, exclude)

    def mute_view(self, request, pk: int):
        player = get_object_or_404(User, pk=pk)

        def mute(reason: str, hours: int) -> str:
            services.chat_mute(player, hours=hours, reason=reason, by=request.user)
            return f"{player} is muted in table chat for {hours} hours."

        return MUTE_TOOL.view(request, self, player, mute)

    def unmute_view(self, request, pk: int):
        player = get_object_or_404(User, pk=pk)

        def unmute(reason: str) -> str:
            services.chat_unmute(player, reason=reason, by=request.user)
            return f"{player} may chat again."

        return UNMUTE_TOOL.view(request, self, player, unmute)

    def unblock_view(self, request, pk: int):
        user = get_object_or_404(User, pk=pk)
        if request.method == "POST" and request.user.has_perm("accounts.block_user"):
            services.unblock_user(user, by=request.user)
            messages.success(request, f"{user} is unblocked.")
        return self._back(user)


admin.site.unregister(Group)


@admin.register(Group)
class GroupAdmin(AuditedAdmin, BaseGroupAdmin):
    """A group's permissions decide who may adjust balances, void games and read the
    regulator's reports: each change is in the audit log."""

    audit_action = "auth.group"


@admin.register(Terms)
class TermsAdmin(AuditedAdmin):
    """A new version is added, never edited: players accept each version they play under,
    and the audit log keeps who published what."""

    audit_action = "accounts.terms"
    list_display = ("version", "published", "summary")
    fields = ("version", "summary", "text", "published")
    readonly_fields = ("version", "published")

    def has_change_permission(self, request, obj=None) -> bool:
        return obj is None and super().has_change_permission(request)

    def has_delete_permission(self, request, obj=None) -> bool:
        return False

    def save_model(self, request, obj: Terms, form, change: bool) -> None:
        with transaction.atomic():
            latest = Terms.objects.select_for_update().order_by("-version").first()
            obj.version = (latest.version if latest else 0) + 1
            obj.save()


@admin.register(TermsAcceptance)
class TermsAcceptanceAdmin(ReadOnlyAdmin):
    list_display = ("user", "terms", "accepted")
    list_filter = ("terms",)
    search_fields = ("user__email",)


@admin.register(ChatMute)
class ChatMuteAdmin(ReadOnlyAdmin):
    """Mutes are set and lifted from the player's record (audited); here they are listed."""

    list_display = ("user", "until", "reason", "by", "created")
    search_fields = ("user__email",)
    date_hierarchy = "created"


@admin.register(SignIn)
class SignInAdmin(ReadOnlyAdmin):
    """Log-ins as kept: keyed hashes of the address and the device, never the values, so
    staff following a lead from the suspicious-patterns report see which log-ins match."""

    list_display = ("at", "user", "address_key", "device_key")
    search_fields = ("user__email",)
    date_hierarchy = "at"

    @admin.display(description="address")
    def address_key(self, sign_in: SignIn) -> str:
        return sign_in.address[:12]

    @admin.display(description="device")
    def device_key(self, sign_in: SignIn) -> str:
        return sign_in.device[:12]
