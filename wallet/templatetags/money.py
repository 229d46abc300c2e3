from functools import lru_cache

from django import template
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from wallet.forms import OneTimeForm
from wallet.money import format_minor
from wallet.rows import escape

register = template.Library()

MONEY_FORM_TEMPLATE = "wallet/_money_form.html"
# Written in the form's markup in place of the page's CSRF token and the form's one-time
# token when the form is written once per process (money_form); neither can be mistaken
# for markup: both tokens are letters, digits, "-" and "_".
CSRF_TOKEN_SLOT = "csrf-token-slot"
FORM_TOKEN_SLOT = "form-token-slot"


@register.filter
def money(amount) -> str:
    return format_minor(int(amount or 0))


@register.simple_tag(takes_context=True)
def money_form(context, form: OneTimeForm, action: str, button: str) -> SafeString:
    """wallet/_money_form.html for `form`, as {% include %} writes it. An unbound form's
    markup differs from page to page only by the two tokens: it is written once per
    process for the form's class, address, button, currency and language, and each page
    puts its tokens in (through the template, the wallet page's two forms cost it ~7 % of
    its instructions)."""
    csrf_token = context.get("csrf_token")
    written_once = not (form.is_bound or form.initial or form.prefix)
    if not written_once or not csrf_token or csrf_token == "NOTPROVIDED":
        with context.push(form=form, action=action, button=button):
            return context.template.engine.get_template(MONEY_FORM_TEMPLATE).render(context)
    written = _unbound_money_form(
        context.template.engine, type(form), action, button, context.get("CURRENCY"), get_language()
    )
    return mark_safe(
        written.replace(CSRF_TOKEN_SLOT, escape(str(csrf_token))).replace(
            FORM_TOKEN_SLOT, escape(form.fresh_token)
        )
    )


@lru_cache(maxsize=64)
def _unbound_money_form(
    engine, form_class: type[OneTimeForm], action: str, button: str, currency, language
) -> str:
    form = form_class()
    form.fresh_token = FORM_TOKEN_SLOT
    values = {"form": form, "action": action, "button": button, "CURRENCY": currency}
    return engine.get_template(MONEY_FORM_TEMPLATE).render(
        template.Context({**values, "csrf_token": CSRF_TOKEN_SLOT}, autoescape=engine.autoescape)
    )
