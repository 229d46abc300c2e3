from datetime import timedelta

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from accounts import protection, terms
from accounts.models import ProtectionLimit
from accounts.protection_forms import LimitForm, RealityCheckForm, SelfExclusionForm, TimeOutForm
from accounts.terms import terms_html


@login_required
def index(request):
    return render(request, "accounts/index.html")


@login_required
@require_POST
def review_limits(request):
    protection.review_limits(request.user)
    messages.success(request, "Thank you: your limits stay as they are.")
    return redirect("accounts:responsible")


@login_required
def accept_terms(request):
    """The terms in force, to read and accept; where the player was going next."""
    pending = terms.needs_acceptance(request.user)
    next_page = request.GET.get("next") or request.POST.get("next") or "/"
    if not url_has_allowed_host_and_scheme(next_page, allowed_hosts={request.get_host()}):
        next_page = "/"
    if pending is None:
        return redirect(next_page)
    if request.method == "POST":
        try:
            terms.accept(request.user, int(request.POST.get("version", "0") or 0))
        except ValueError as refusal:
            messages.error(request, str(refusal))
        else:
            messages.success(request, f"Thank you: you accepted version {pending.version}.")
            return redirect(next_page)
    return render(
        request,
        "accounts/terms.html",
        {"terms": pending, "text": terms_html(pending), "next": next_page},
    )


ACTIONS = {
    "limit": LimitForm,
    "reality_check": RealityCheckForm,
    "time_out": TimeOutForm,
    "self_exclude": SelfExclusionForm,
}


def _apply(user, action: str, data: dict) -> str:
    """Carries out one settings form; returns what to tell the player."""
    if action == "limit":
        limit = protection.set_limit(user, data["kind"], data["period"], data["amount"], actor=user)
        if limit.pending_from:
            when = timezone.localtime(limit.pending_from).strftime("%d %b %Y %H:%M")
            return f"Your new {limit} takes effect on {when} (increases wait 24 hours)."
        return f"Your {limit} is in force now."
    if action == "reality_check":
        protection.set_reality_check(user, data["minutes"], actor=user)
        return "Your reality check is updated."
    if action == "time_out":
        protection.start_time_out(user, timedelta(days=data["days"]), actor=user)
        return "Your time-out has started."
    protection.self_exclude(user, data["months"], actor=user)
    return "Your self-exclusion has started."


@login_required
def responsible(request):
    """The player's limits, reality check, time-out and self-exclusion."""
    action = request.POST.get("action", "")
    bound = (
        ACTIONS[action](request.POST) if request.method == "POST" and action in ACTIONS else None
    )
    if bound is not None and bound.is_valid():
        try:
            messages.success(request, _apply(request.user, action, bound.cleaned_data))
            return redirect("accounts:responsible")
        except protection.ProtectionError as error:
            bound.add_error(None, str(error))
    forms = {name: form() for name, form in ACTIONS.items()}
    if bound is not None:
        forms[action] = bound
    now = timezone.now()
    row = protection.protection_of(request.user)
    limits = [
        {
            "limit": limit,
            "in_force": protection.effective_amount(limit, now),
            "pending": limit.pending_from and limit.pending_from > now,
        }
        for limit in ProtectionLimit.objects.filter(protection=row).order_by("kind", "period")
    ]
    return render(
        request,
        "accounts/responsible.html",
        {
            "forms": forms,
            "protection": row,
            "excluded": protection.exclusion_active(row, now),
            "exclusion_message": protection.exclusion_message(row),
            "limits": limits,
            "check": protection.reality_check(request.user, now),
            "events": row.user.protection_events.all()[:20],
        },
    )


@login_required
@require_POST
def acknowledge_reality_check(request):
    protection.acknowledge_reality_check(request.user)
    messages.success(request, "Thank you. Your next reminder is one interval from now.")
    return redirect("accounts:responsible")
