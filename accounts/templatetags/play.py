"""Pages of money and play say up front when the account may not use them (staff and
regulator accounts); the wallet's guard refuses the request itself either way."""

from django import template

from accounts import protection

register = template.Library()


@register.inclusion_tag("includes/no_play.html", takes_context=True)
def no_play_notice(context) -> dict:
    user = context.get("user")
    authenticated = user is not None and user.is_authenticated
    return {"message": protection.standing_message(user) if authenticated else ""}
