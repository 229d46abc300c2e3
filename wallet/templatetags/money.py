from django import template
from django.template.defaulttags import CsrfTokenNode
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe

from wallet.forms import OneTimeForm
from wallet.money import format_minor

register = template.Library()


@register.filter
def money(amount) -> str:
    return format_minor(int(amount or 0))


@register.simple_tag(takes_context=True)
def money_form(context, form: OneTimeForm, action: str, button: str) -> SafeString:
    """A one-time money form (wallet.forms.OneTimeForm) posting to `action`: written here
    rather than by an included template, whose tags cost the wallet page ~0.1 ms a form."""
    amount = form["amount"]
    problems = [*form.non_field_errors(), *form["token"].errors]
    problems_html = (
        '\n  <div class="form-errors" role="alert">'
        f"{''.join(f'<p>{conditional_escape(problem)}</p>' for problem in problems)}</div>"
        if problems
        else ""
    )
    errors = "".join(f'<span class="error">{conditional_escape(e)}</span>' for e in amount.errors)
    help_html = (
        f'<span class="help">{conditional_escape(amount.help_text)}</span>'
        if amount.help_text
        else ""
    )
    return mark_safe(
        f'<form method="post" action="{conditional_escape(action)}" novalidate>\n'
        f"  {CsrfTokenNode().render(context)}\n"
        f'  <input type="hidden" name="token" value="{conditional_escape(form.fresh_token)}">'
        f"{problems_html}\n"
        '  <div class="field">\n'
        f'    <label for="{conditional_escape(amount.id_for_label)}">'
        f"{conditional_escape(amount.label)} ({conditional_escape(context.get('CURRENCY'))})"
        "</label>\n"
        f"    {amount}\n"
        f"    {errors}{help_html}\n"
        "  </div>\n"
        f'  <button class="button primary wide">{conditional_escape(button)}</button>\n'
        "</form>"
    )
