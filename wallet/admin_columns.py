"""Admin list columns that show amounts as money ("12.50 EUR"), not raw minor units."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import admin

from wallet.money import format_minor


def money_column(field: str, description: str = "") -> Callable[[object], str]:
    """A column showing ``field`` (minor units) in the site's currency; "—" when empty."""

    @admin.display(description=description or field.replace("_", " "), ordering=field)
    def column(obj: object) -> str:
        value = getattr(obj, field)
        return "—" if value is None else format_minor(value)

    column.__name__ = f"{field}_money"
    return column
