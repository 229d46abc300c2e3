import json

from django import template

register = template.Library()


@register.filter
def get_item(mapping, key):
    return mapping.get(key, "") if hasattr(mapping, "get") else ""


@register.filter
def as_json(value) -> str:
    return json.dumps(value, separators=(", ", ": "))
