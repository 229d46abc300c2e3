from django import template

from wallet.money import format_minor

register = template.Library()


@register.filter
def money(amount) -> str:
    return format_minor(int(amount or 0))
