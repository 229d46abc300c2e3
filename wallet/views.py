"""The player's wallet pages. Thin: forms read the input, wallet.services move money."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.forms import BoundField
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.views.decorators.http import require_http_methods, require_POST

from wallet import selectors, services
from wallet.forms import DepositForm, StatementFilterForm, WithdrawalForm, fields_written
from wallet.models import Transaction, Withdrawal
from wallet.money import format_minor
from wallet.references import ReferenceLink, describe_reference
from wallet.rows import RowFormats, escape

STATEMENT_PAGE_SIZE = 25


KIND_NAMES = dict(Transaction.Kind.choices)


@dataclass(frozen=True)
class StatementLine:
    entry: selectors.StatementEntry
    link: ReferenceLink

    def row(self, formats: RowFormats) -> SafeString:
        """The line's table row, written here rather than by the template (wallet/rows.py)."""
        entry, link = self.entry, self.link
        kind = _kind_name(entry.kind, formats.language)
        day, at = formats.day_month_year(entry.created)
        target = (
            f'<a href="{escape(link.url)}">{escape(link.label)}</a>'
            if link.url
            else escape(link.label)
        )
        memo = (
            f'<div class="muted">{escape(entry.memo)}</div>'
            if entry.memo and entry.memo != kind
            else ""
        )
        return mark_safe(
            f'<tr><td class="when">{day} {at}</td><td class="kind">{escape(kind)}</td>'
            f'<td class="for">{target}{memo}</td>'
            f'<td class="num amount {"neg" if entry.amount < 0 else "pos"}">'
            f"{formats.amount(entry.amount)}</td>"
            f'<td class="num balance-after">{formats.amount(entry.balance_after)}</td></tr>'
        )


@lru_cache(maxsize=256)
def _kind_name(kind: str, language: str | None) -> str:
    """A transaction kind's name in the active language (the key): translated once rather
    than twice for each of a page's lines (a lazy name is translated again whenever it is
    read or compared)."""
    return str(KIND_NAMES.get(kind, kind))


def statement_rows(entries: Iterable[selectors.StatementEntry]) -> SafeString:
    """The page's rows as one piece of markup: the template writes it as one value."""
    formats = RowFormats()
    return mark_safe(
        "".join(
            StatementLine(entry, describe_reference(entry.reference)).row(formats)
            for entry in entries
        )
    )


def _statement_field(field: BoundField, errors: str) -> str:
    """A filter's field as the statement's form shows it, in a box with its label (the
    template's whitespace between them is not written: the box is a flex column)."""
    return (
        f'<div class="field"><label for="{conditional_escape(field.id_for_label)}">'
        f"{conditional_escape(field.label)}</label>{field}{errors}</div>"
    )


@login_required
def index(request: HttpRequest) -> HttpResponse:
    filters = StatementFilterForm(request.GET or None)
    chosen = filters.cleaned_data if filters.is_valid() else {}
    accounts = selectors.wallet_accounts(request.user)
    entries = selectors.StatementPages(
        accounts,
        date_from=chosen.get("date_from"),
        date_to=chosen.get("date_to"),
        kind=chosen.get("kind", ""),
    )
    page = Paginator(entries, STATEMENT_PAGE_SIZE).get_page(request.GET.get("page"))
    query = request.GET.copy()
    query.pop("page", None)
    return render(
        request,
        "wallet/index.html",
        {
            "balance": accounts.cash,
            "pending": accounts.pending,
            "withdrawals": selectors.recent_withdrawals(request.user),
            "deposit_form": DepositForm(),
            "withdrawal_form": WithdrawalForm(),
            "filters": filters,
            "filter_fields": fields_written(filters, _statement_field),
            "page": page,
            "rows": statement_rows(page),
            "filter_query": query.urlencode(),
        },
    )


@login_required
@require_http_methods(["GET", "POST"])
def deposit(request: HttpRequest) -> HttpResponse:
    form = DepositForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        amount = form.cleaned_data["amount"]
        key = services.form_key(request.user, form.cleaned_data["token"])
        try:
            posting = services.demo_deposit(request.user, amount, key=key)
        except services.WalletError as error:
            form.add_error(None, str(error))
        else:
            if posting.created:
                messages.success(request, f"{format_minor(amount)} added to your balance.")
                return redirect("wallet:index")
            form.add_error(None, "This form was already sent: the deposit was made once only.")
    return render(request, "wallet/deposit.html", {"form": form})


@login_required
@require_http_methods(["GET", "POST"])
def withdraw(request: HttpRequest) -> HttpResponse:
    form = WithdrawalForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        amount = form.cleaned_data["amount"]
        key = services.form_key(request.user, form.cleaned_data["token"])
        try:
            requested = services.submit_withdrawal(request.user, amount, key=key)
        except services.WalletError as error:
            form.add_error(None, str(error))
        else:
            if requested.created:
                messages.success(
                    request,
                    f"Withdrawal of {format_minor(amount)} requested: "
                    "it is paid once staff approve it.",
                )
                return redirect("wallet:index")
            form.add_error(None, "This form was already sent: the withdrawal was requested once.")
    return render(
        request,
        "wallet/withdraw.html",
        {"form": form, "balance": selectors.cash_balance(request.user)},
    )


@login_required
@require_POST
def cancel_withdrawal(request: HttpRequest, pk: int) -> HttpResponse:
    withdrawal = get_object_or_404(Withdrawal, pk=pk, player=request.user)
    try:
        services.cancel_withdrawal(withdrawal, player=request.user)
    except services.WalletError as error:
        messages.error(request, str(error))
    else:
        messages.success(
            request,
            f"Withdrawal {withdrawal.pk} cancelled: {format_minor(withdrawal.amount)} "
            "is back in your balance.",
        )
    return redirect("wallet:index")
