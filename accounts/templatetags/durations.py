"""Durations as a player reads them ("1 h 5 min"), not as Python prints them."""

from datetime import timedelta

from django import template

register = template.Library()


@register.filter
def spoken_duration(value: timedelta) -> str:
    minutes = int(value.total_seconds()) // 60
    if minutes < 1:
        return "less than a minute"
    hours, minutes = divmod(minutes, 60)
    if not hours:
        return f"{minutes} min"
    return f"{hours} h {minutes} min" if minutes else f"{hours} h"
