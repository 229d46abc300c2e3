from django import template

register = template.Library()


@register.filter
def odds(hundredths: int | None) -> str:
    """A multiplier held in hundredths as players read it: 2123 -> 21.23x."""
    if hundredths is None:
        return ""
    whole, cents = divmod(int(hundredths), 100)
    return f"{whole:,}.{cents:02d}x"


@register.filter
def hexlink(link) -> str:
    return bytes(link).hex()
