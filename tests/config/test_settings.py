import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from config.env import env_bool, env_int, env_list, parse_currency

ROOT = Path(__file__).resolve().parents[2]


def run_python(code: str, **env) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings", **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_booleans(monkeypatch):
    monkeypatch.setenv("FLAG", "yes")
    assert env_bool("FLAG") is True
    monkeypatch.setenv("FLAG", "0")
    assert env_bool("FLAG", True) is False
    monkeypatch.setenv("FLAG", "maybe")
    with pytest.raises(ImproperlyConfigured):
        env_bool("FLAG")
    monkeypatch.delenv("FLAG")
    assert env_bool("FLAG", True) is True


def test_integers_and_lists(monkeypatch):
    monkeypatch.setenv("N", "21")
    assert env_int("N", 18, minimum=18) == 21
    monkeypatch.setenv("N", "17")
    with pytest.raises(ImproperlyConfigured):
        env_int("N", 18, minimum=18)
    monkeypatch.setenv("N", "twenty")
    with pytest.raises(ImproperlyConfigured):
        env_int("N", 18)
    monkeypatch.setenv("HOSTS", "a.example, b.example ,")
    assert env_list("HOSTS", []) == ["a.example", "b.example"]


@pytest.mark.parametrize(("raw", "parsed"), [("EUR:2", ("EUR", 2)), ("amd:0", ("AMD", 0))])
def test_currency(raw, parsed):
    assert parse_currency(raw) == parsed


@pytest.mark.parametrize("raw", ["EURO:2", "EUR", "EUR:x", "EUR:9"])
def test_bad_currency(raw):
    with pytest.raises(ImproperlyConfigured):
        parse_currency(raw)


def test_settings_come_from_the_environment():
    result = run_python(
        "import django; django.setup(); from django.conf import settings as s; "
        "print(s.MIN_AGE, s.CURRENCY, s.CURRENCY_DIGITS, s.DEBUG, s.ALLOWED_HOSTS, "
        "s.DATABASES['default']['NAME'], s.REDIS_URL)",
        MIN_AGE="21",
        CURRENCY="AMD:0",
        DEBUG="1",
        ALLOWED_HOSTS="play.example",
        DATABASE_URL="postgres://u@db.example:5432/prod",
        REDIS_URL="redis://cache.example:6379/2",
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == [
        "21",
        "AMD",
        "0",
        "True",
        "['play.example']",
        "prod",
        "redis://cache.example:6379/2",
    ]


def test_a_database_on_a_unix_socket_keeps_its_socket_and_prepares_moves():
    """The embedded PostgreSQL of `make run` listens on a socket named in the URL's query;
    the options the settings add must not replace the URL's own."""
    result = run_python(
        "import django; django.setup(); from django.conf import settings as s; "
        "print(sorted(s.DATABASES['default']['OPTIONS'].items()))",
        DATABASE_URL="postgresql://postgres:@/longtable?host=/srv/data/postgres",
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[('host', '/srv/data/postgres'), ('prepare_threshold', 0)]"


def test_the_legal_age_is_21_unless_set():
    env = {key: value for key, value in os.environ.items() if key != "MIN_AGE"}
    result = subprocess.run(
        [
            sys.executable,
            "-c",
            "import django; django.setup(); "
            "from django.conf import settings; print(settings.MIN_AGE)",
        ],
        cwd=ROOT,
        env={**env, "DJANGO_SETTINGS_MODULE": "config.settings"},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.stdout.strip() == "21", result.stderr


def test_a_minimum_age_below_18_is_refused():
    result = run_python("import django; django.setup()", MIN_AGE="16")
    assert result.returncode != 0 and "MIN_AGE must be at least 18" in result.stderr


def test_sqlite_is_refused():
    result = run_python("import django; django.setup()", DATABASE_URL="sqlite:///x.db")
    assert result.returncode != 0 and "PostgreSQL" in result.stderr


def test_check_deploy_is_clean_with_production_variables():
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env={
            **os.environ,
            "DEBUG": "0",
            "HTTPS": "1",
            "SECRET_KEY": "k" * 20 + "0123456789abcdefghijklmnopqrstuvwxyzQWERTY!@#$%",
            "ALLOWED_HOSTS": "play.example.com",
        },
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout
