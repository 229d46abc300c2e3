from django import template
from django.templatetags.static import static
from django.utils.html import format_html_join

from casino import registry

register = template.Library()


@register.simple_tag
def round_board_styles() -> str:
    """The stylesheet of every board of the round games (static/casino/boards/<board>.css):
    each holds its board's drawing and its icons on the Casino and home pages."""
    boards = dict.fromkeys(game.board for game in registry.all())
    links = ((static(f"casino/boards/{board}.css"),) for board in boards)
    return format_html_join("", '<link rel="stylesheet" href="{}">', links)


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
