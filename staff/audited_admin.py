"""Admin pages whose every change is in the audit log: `AuditedAdmin` records one row per
saved change, with each changed field's value before and after, in the transaction of the
change itself (the admin saves inside one), so the change and its record commit together.

A password is never written to the log: only that it changed.
"""

from __future__ import annotations

import datetime
from typing import Any

from django.contrib import admin
from django.db import models

from staff import audit

SECRET_FIELDS = frozenset({"password"})


def _plain(value: Any) -> Any:
    if isinstance(value, datetime.date | datetime.datetime):
        return value.isoformat()
    if isinstance(value, models.Model):
        return str(value)
    if isinstance(value, bytes | memoryview):
        return "(binary)"
    return value


def snapshot(instance: models.Model, fields: list[str]) -> dict[str, Any]:
    """The instance's values of ``fields`` as the log keeps them: many-to-many fields as
    the sorted names of what they hold (`changes` hides the secrets' values)."""
    values: dict[str, Any] = {}
    if instance.pk is None:
        return values
    for name in fields:
        field = instance._meta.get_field(name)
        if field.many_to_many:
            values[name] = sorted(str(item) for item in getattr(instance, name).all())
        else:
            values[name] = _plain(getattr(instance, field.attname))
    return values


def changes(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    """{field: {"before": …, "after": …}} of what differs; a secret shows no value."""
    changed = {}
    for name, value in after.items():
        if before.get(name) != value:
            if name in SECRET_FIELDS:
                changed[name] = {"before": "(hidden)", "after": "(changed)"}
            else:
                changed[name] = {"before": before.get(name), "after": value}
    return changed


class AuditedAdmin(admin.ModelAdmin):
    """Set ``audit_action`` ("accounts.user"): rows read "<action>.add", ".change" and
    ".delete". Fields audited: every field of the form."""

    audit_action: str

    def _audited_fields(self, form) -> list[str]:
        opts = self.model._meta
        names = {f.name for f in opts.get_fields() if getattr(f, "concrete", False)}
        return [name for name in form.base_fields if name in names]

    def get_form(self, request, obj=None, change=False, **kwargs):
        # The admin builds the form from the stored row before it saves: the values then are
        # the "before" (kept on the request: one admin object serves every request).
        form = super().get_form(request, obj, change=change, **kwargs)
        if obj is not None:
            request.audit_before = snapshot(obj, self._audited_fields(form))
        return form

    def save_related(self, request, form, formsets, change: bool) -> None:
        # Many-to-many fields (groups, permissions) are saved here, after the row itself.
        super().save_related(request, form, formsets, change)
        instance = form.instance
        after = snapshot(instance, self._audited_fields(form))
        before = getattr(request, "audit_before", {}) if change else {}
        changed = changes(before, after)
        if change and not changed:
            return
        audit.record(
            request.user,
            f"{self.audit_action}.{'change' if change else 'add'}",
            instance,
            "Changed in the admin" if change else "Added in the admin",
            changes=changed,
        )

    def delete_model(self, request, obj) -> None:
        fields = [f.name for f in obj._meta.concrete_fields]
        audit.record(
            request.user,
            f"{self.audit_action}.delete",
            obj,
            "Deleted in the admin",
            before=snapshot(obj, [name for name in fields if name not in SECRET_FIELDS]),
        )
        super().delete_model(request, obj)
