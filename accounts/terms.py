"""The general terms: which version is in force, who has accepted it, accepting it.

A player accepts the version in force when they sign up and each new version at their next
visit (accounts.middleware.TermsMiddleware sends them to it); staff and regulators are not
asked. Acceptance is written once per player and version: the database's unique constraint
keeps a double submit to one row.
"""

from __future__ import annotations

import markdown
from django.db import IntegrityError, transaction
from django.db.models import Exists, OuterRef
from django.utils.safestring import SafeString, mark_safe

from accounts.models import Terms, TermsAcceptance


def in_force() -> Terms | None:
    return Terms.objects.order_by("-version").first()


def needs_acceptance(user) -> Terms | None:
    """The version ``user`` must accept before playing on, or None."""
    if not user.is_authenticated or user.is_staff:
        return None
    # One query on every page a player opens: the version in force and whether they
    # accepted it (TermsMiddleware asks on each request).
    accepted = TermsAcceptance.objects.filter(user=user, terms=OuterRef("pk"))
    terms = (
        Terms.objects.order_by("-version")
        .only("id", "version", "summary")
        .annotate(accepted=Exists(accepted))
        .first()
    )
    if terms is None or terms.accepted:
        return None
    return terms


def accept(user, version: int) -> Terms:
    """Record that ``user`` accepted ``version``; refused if it is not the version in force
    (the page they read is out of date)."""
    terms = in_force()
    if terms is None or terms.version != version:
        raise ValueError("The terms have changed since this page was shown: read them again.")
    try:
        with transaction.atomic():
            TermsAcceptance.objects.create(user=user, terms=terms)
    except IntegrityError:
        pass  # accepted already: a second click
    return terms


def terms_html(version: Terms) -> SafeString:
    """The text as a page shows it; written by staff through the audited admin."""
    return mark_safe(markdown.markdown(version.text, extensions=["sane_lists"]))
