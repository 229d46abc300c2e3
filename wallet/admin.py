"""Staff views of the ledger. Ledger rows are written by wallet.services alone: the admin
shows them to everyone allowed to look and lets nobody, not even a superuser, add, change
or delete one. Staff move money only through the actions and the adjustment form below,
and those call the services."""

from __future__ import annotations

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html

from staff.readonly import ReadOnly, ReadOnlyAdmin
from wallet import selectors, services
from wallet.forms import AdjustmentForm
from wallet.models import Account, Deposit, Entry, Transaction, Withdrawal
from wallet.money import format_minor


@admin.register(Account)
class AccountAdmin(ReadOnlyAdmin):
    list_display = ("key", "kind", "owner", "shown_balance", "closed_at")
    fields = ("key", "kind", "owner", "reference", "currency", "shown_balance", "closed_at")
    readonly_fields = ("shown_balance",)
    list_filter = ("kind",)
    list_select_related = ("owner",)
    search_fields = ("key", "reference", "owner__email")
    change_form_template = "admin/wallet/account/change_form.html"
    change_list_template = "admin/wallet/account/change_list.html"

    def changelist_view(self, request: HttpRequest, extra_context=None):
        # The house's balances by kind, each the sum of its shards (the list shows each).
        house = [
            (Account.Kind(kind).label, format_minor(balance))
            for kind, balance in selectors.house_balances().items()
        ]
        context = {"house": house, "house_shards": services.HOUSE_SHARDS}
        return super().changelist_view(request, {**(extra_context or {}), **context})

    @admin.display(description="balance", ordering="balance")
    def shown_balance(self, account: Account) -> str:
        return format_minor(account.balance)

    def get_list_display(self, request: HttpRequest):
        if request.user.has_perm("wallet.adjust_balance"):
            return (*self.list_display, "adjust_link")
        return self.list_display

    @admin.display(description="")
    def adjust_link(self, account: Account) -> str:
        if not _adjustable(account):
            return ""
        url = reverse("admin:wallet_account_adjust", args=[account.pk])
        return format_html('<a href="{}">Adjust…</a>', url)

    def get_urls(self):
        return [
            path(
                "<int:pk>/adjust/",
                self.admin_site.admin_view(self.adjust_view),
                name="wallet_account_adjust",
            ),
            *super().get_urls(),
        ]

    def adjust_view(self, request: HttpRequest, pk: int) -> HttpResponse:
        account = get_object_or_404(Account.objects.select_related("owner"), pk=pk)
        back = redirect(reverse("admin:wallet_account_change", args=[account.pk]))
        if not request.user.has_perm("wallet.adjust_balance"):
            messages.error(request, "You do not have permission to adjust balances.")
            return back
        if not _adjustable(account):
            messages.error(request, "Only a player's cash account can be adjusted.")
            return back
        form = AdjustmentForm(request.POST or None)
        if request.method == "POST" and form.is_valid():
            amount = form.signed_amount()
            try:
                posting = services.adjust(
                    account.owner,
                    amount,
                    reason=form.cleaned_data["reason"],
                    staff=request.user,
                    key=services.form_key(request.user, form.cleaned_data["token"]),
                )
            except services.WalletError as error:
                form.add_error(None, str(error))
            else:
                if posting.created:
                    done = f"Adjusted the balance of {account.owner} by {format_minor(amount)}."
                    messages.success(request, done)
                    return back
                form.add_error(None, "This form was already sent: the adjustment was made once.")
        context = {
            **self.admin_site.each_context(request),
            "form": form,
            "account": account,
            "opts": self.model._meta,
            "title": f"Adjust the balance of {account.owner}",
        }
        return TemplateResponse(request, "admin/wallet/account/adjust.html", context)


def _adjustable(account: Account) -> bool:
    return account.kind == Account.Kind.CASH and account.owner_id is not None


class EntryInline(ReadOnly, admin.TabularInline):
    model = Entry
    fields = ("account", "shown_amount", "shown_balance_after")
    readonly_fields = ("shown_amount", "shown_balance_after")
    extra = 0

    @admin.display(description="amount")
    def shown_amount(self, entry: Entry) -> str:
        return format_minor(entry.amount)

    @admin.display(description="balance after")
    def shown_balance_after(self, entry: Entry) -> str:
        return format_minor(entry.balance_after)


@admin.register(Transaction)
class TransactionAdmin(ReadOnlyAdmin):
    list_display = ("created", "kind", "reference", "memo", "actor", "idempotency_key")
    list_filter = ("kind",)
    list_select_related = ("actor",)
    search_fields = ("reference", "idempotency_key", "uuid")
    date_hierarchy = "created"
    inlines = [EntryInline]


@admin.register(Deposit)
class DepositAdmin(ReadOnlyAdmin):
    list_display = ("created", "player", "shown_amount", "provider", "provider_reference")
    fields = ("player", "shown_amount", "provider", "provider_reference", "transaction")
    readonly_fields = ("shown_amount",)
    list_filter = ("provider",)
    list_select_related = ("player",)
    search_fields = ("provider_reference", "player__email")

    @admin.display(description="amount", ordering="amount")
    def shown_amount(self, deposit: Deposit) -> str:
        return format_minor(deposit.amount)


class WithdrawalStatusFilter(admin.SimpleListFilter):
    """The queue: pending requests unless another status (or all) is chosen."""

    title = "status"
    parameter_name = "status"
    ALL = "all"

    def lookups(self, request, model_admin):
        return [*Withdrawal.Status.choices, (self.ALL, "All")]

    def chosen(self) -> str:
        return self.value() or Withdrawal.Status.PENDING

    def queryset(self, request, queryset: QuerySet[Withdrawal]) -> QuerySet[Withdrawal]:
        if self.chosen() == self.ALL:
            return queryset
        return queryset.filter(status=self.chosen())

    def choices(self, changelist):
        for value, label in self.lookup_choices:
            yield {
                "selected": self.chosen() == str(value),
                "query_string": changelist.get_query_string({self.parameter_name: value}),
                "display": label,
            }


@admin.register(Withdrawal)
class WithdrawalAdmin(ReadOnlyAdmin):
    list_display = ("pk", "created", "player", "shown_amount", "status", "decided_by", "note")
    fields = ("player", "shown_amount", "status", "requested", "decided", "decided_by", "note")
    readonly_fields = ("shown_amount",)
    list_filter = (WithdrawalStatusFilter,)
    list_select_related = ("player", "decided_by")
    search_fields = ("player__email",)
    ordering = ("created", "pk")  # the oldest request first: a queue
    actions = ["approve", "reject"]

    @admin.display(description="amount", ordering="amount")
    def shown_amount(self, withdrawal: Withdrawal) -> str:
        return format_minor(withdrawal.amount)

    def has_decide_permission(self, request: HttpRequest) -> bool:
        return request.user.has_perm("wallet.decide_withdrawal")

    @admin.action(description="Approve: pay out the selected withdrawals", permissions=["decide"])
    def approve(self, request: HttpRequest, queryset: QuerySet[Withdrawal]) -> None:
        self._decide(request, queryset, services.approve_withdrawal, "approved")

    @admin.action(description="Reject: return the money to the players", permissions=["decide"])
    def reject(self, request: HttpRequest, queryset: QuerySet[Withdrawal]) -> None:
        self._decide(request, queryset, services.reject_withdrawal, "rejected")

    def _decide(self, request, queryset, decide, verb: str) -> None:
        decided = 0
        for withdrawal in queryset.order_by("pk"):
            try:
                decide(withdrawal, staff=request.user)
            except services.WalletError as error:
                self.message_user(request, f"Withdrawal {withdrawal.pk}: {error}", messages.ERROR)
            else:
                decided += 1
        if decided:
            self.message_user(request, f"{decided} withdrawal(s) {verb}.", messages.SUCCESS)
