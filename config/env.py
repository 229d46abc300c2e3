"""Typed readers of the environment, so that settings.py reads as a list of decisions."""

from __future__ import annotations

import os
import secrets
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured

TRUE = {"1", "true", "yes", "on"}
FALSE = {"0", "false", "no", "off", ""}


def env_str(name: str, default: str = "") -> str:
    return os.environ.get(name, default)


def env_bool(name: str, default: bool = False) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in TRUE:
        return True
    if value in FALSE:
        return False
    raise ImproperlyConfigured(f"{name} must be a boolean (1/0, true/false), got {raw!r}")


def env_int(name: str, default: int, minimum: int | None = None) -> int:
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        value = int(raw)
    except ValueError as exc:
        raise ImproperlyConfigured(f"{name} must be a whole number, got {raw!r}") from exc
    if minimum is not None and value < minimum:
        raise ImproperlyConfigured(f"{name} must be at least {minimum}, got {value}")
    return value


def env_float(name: str, default: float, minimum: float, maximum: float) -> float:
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        value = float(raw)
    except ValueError as exc:
        raise ImproperlyConfigured(f"{name} must be a number, got {raw!r}") from exc
    if not minimum <= value <= maximum:
        raise ImproperlyConfigured(f"{name} must be from {minimum} to {maximum}, got {value}")
    return value


def env_list(name: str, default: list[str]) -> list[str]:
    raw = os.environ.get(name)
    if raw is None:
        return default
    return [item.strip() for item in raw.split(",") if item.strip()]


def parse_currency(raw: str) -> tuple[str, int]:
    """`CURRENCY` is `CODE:DIGITS`, e.g. `EUR:2` or `AMD:0` (minor-unit digits)."""
    code, _, digits = raw.partition(":")
    code = code.strip().upper()
    if len(code) != 3 or not code.isalpha():
        raise ImproperlyConfigured(f"CURRENCY needs a 3-letter code like EUR:2, got {raw!r}")
    if not digits.strip().isdigit() or int(digits) > 4:
        raise ImproperlyConfigured(f"CURRENCY needs minor-unit digits 0-4 like EUR:2, got {raw!r}")
    return code, int(digits)


def local_secret_key(path: Path) -> str:
    """A random key kept beside this install's data, for machines that set no SECRET_KEY.

    Production sets SECRET_KEY; this keeps a bare `make run` safe (never a key in the code)
    and stable across restarts, so sessions survive them.
    """
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        key = secrets.token_urlsafe(50)
        with open(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), "w") as handle:
            handle.write(key)
    return path.read_text().strip()
