"""The admin's staff tools that act on one record and need a written reason (void a game,
void a round): one permission check, one reason form, one page, one redirect back to the
record. What the tool does is the caller's service; a refusal it raises is shown as is."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django import forms
from django.contrib import messages
from django.db.models import Model
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.urls import reverse


class ReasonForm(forms.Form):
    reason = forms.CharField(widget=forms.Textarea(attrs={"rows": 3}), label="Reason")


@dataclass(frozen=True)
class ReasonTool:
    permission: str
    denied: str  # shown without the permission
    verb: str  # the page's title: "<verb> <record>"
    explanation: str
    submit: str
    refusals: tuple[type[Exception], ...] = ()  # what the service raises to say no
    # A form with more to ask than the reason: `act` is called with each of its fields.
    form: type[ReasonForm] = ReasonForm

    def view(
        self,
        request: HttpRequest,
        model_admin,
        record: Model,
        act: Callable[..., str],
        refusal: str | None = None,
    ) -> HttpResponse:
        """`act(reason, **other fields)` does the work and returns the success message;
        `refusal`, when set, closes the tool before the form is shown (the record's state
        forbids it).
        Every outcome but the form itself goes back to the record's admin page."""
        opts = record._meta
        back = reverse(f"admin:{opts.app_label}_{opts.model_name}_change", args=[record.pk])
        if not request.user.has_perm(self.permission):
            messages.error(request, self.denied)
            return redirect(back)
        if refusal:
            messages.error(request, refusal)
            return redirect(back)
        form = self.form(request.POST or None)
        if request.method == "POST" and form.is_valid():
            try:
                messages.success(request, act(**form.cleaned_data))
            except self.refusals as refused:
                messages.error(request, str(refused))
            return redirect(back)
        context = {
            **model_admin.admin_site.each_context(request),
            "form": form,
            "opts": model_admin.model._meta,
            "title": f"{self.verb} {record}",
            "explanation": self.explanation,
            "submit": self.submit,
        }
        return TemplateResponse(request, "admin/staff_tool.html", context)
