"""Settings, every one read from the environment (README, "Configuration")."""

from __future__ import annotations

import os
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from config.env import (
    env_bool,
    env_int,
    env_list,
    env_str,
    local_secret_key,
    parse_currency,
)

BASE_DIR = Path(__file__).resolve().parent.parent
DATA_DIR = Path(env_str("DATA_DIR", str(BASE_DIR / ".data")))

SITE_NAME = "Longtable"
OPERATOR_NAME = env_str("OPERATOR_NAME", "Longtable Gaming Ltd")
REGULATOR_NAME = env_str("REGULATOR_NAME", "the national gambling regulator")

DEBUG = env_bool("DEBUG", False)
_UNDER_TEST = "PYTEST_VERSION" in os.environ
SECRET_KEY = env_str("SECRET_KEY") or local_secret_key(DATA_DIR / "secret_key")
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "testserver"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

# HTTPS=1 behind TLS: secure cookies, HSTS and the redirect (production sets it).
HTTPS = env_bool("HTTPS", False)
SESSION_COOKIE_SECURE = HTTPS
CSRF_COOKIE_SECURE = HTTPS
SECURE_SSL_REDIRECT = HTTPS
SECURE_HSTS_SECONDS = 31_536_000 if HTTPS else 0
SECURE_HSTS_INCLUDE_SUBDOMAINS = HTTPS
SECURE_HSTS_PRELOAD = HTTPS
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https") if HTTPS else None
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

MIN_AGE = env_int("MIN_AGE", 18, minimum=18)
CURRENCY, CURRENCY_DIGITS = parse_currency(env_str("CURRENCY", "EUR:2"))
# The largest single movement (deposit, stake, bet) in minor units: a typo guard.
WALLET_MAX_AMOUNT = env_int("WALLET_MAX_AMOUNT", 10_000_000 * 10**CURRENCY_DIGITS, minimum=1)

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.humanize",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.sites",
    "channels",
    "rest_framework",
    "allauth",
    "allauth.account",
    "axes",
    "accounts",
    "wallet",
    "lobby",
    "games",
    "casino",
    "tournaments",
    "reports",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "config.middleware.RefuseNulMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    "accounts.middleware.PlayBlockMiddleware",
    "reports.middleware.RegulatorReadOnlyMiddleware",
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = None
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "config.context_processors.site",
            ],
        },
    },
]

DATABASE_URL = env_str("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/longtable")
if not DATABASE_URL.startswith(("postgres://", "postgresql://")):
    raise ImproperlyConfigured("DATABASE_URL must point at PostgreSQL (the ledger relies on it)")
# Persistent connections (checked before reuse): opening one costs more than a move does.
DATABASES = {
    "default": dj_database_url.parse(
        DATABASE_URL,
        # Tests close connections after use, so the test database can be dropped at the end.
        conn_max_age=env_int("DB_CONN_MAX_AGE", 0 if _UNDER_TEST else 60),
        conn_health_checks=True,
    )
}
# Statements on a cursor that binds on the server are prepared the first time they run: only
# the move path (games/store.py) uses one. The ORM binds on the client, which never prepares
# and has no cap on parameters (server-side binding stops at 65,535, which a large round's
# bulk writes pass). A pooler in transaction mode (pgbouncer) would need this set to None.
# (Added to the URL's own options: a socket directory arrives as ?host=, see the tests.)
DATABASES["default"].setdefault("OPTIONS", {})["prepare_threshold"] = 0
# Each test run gets its own database and Redis prefixes, so runs side by side (developers,
# helpers, CI) never see or flush each other's data.
_RUN = f"{os.getpid()}" if _UNDER_TEST else ""
DATABASES["default"]["TEST"] = {"NAME": env_str("TEST_DATABASE_NAME", f"test_longtable_{_RUN}")}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Tests keep to Redis database 1 and flush it between tests.
REDIS_URL = env_str("REDIS_URL", f"redis://127.0.0.1:6379/{1 if _UNDER_TEST else 0}")
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": REDIS_URL,
        "KEY_PREFIX": f"longtable{_RUN}",
    }
}
CHANNEL_LAYERS = {
    "default": {
        "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
        "CONFIG": {"hosts": [REDIS_URL], "prefix": env_str("CHANNEL_PREFIX", f"longtable{_RUN}")},
    }
}

# Threads per server process that run table moves (games/consumers.py says why so few).
GAME_MOVE_THREADS = env_int("GAME_MOVE_THREADS", 2, minimum=1)

CELERY_BROKER_URL = REDIS_URL
CELERY_RESULT_BACKEND = REDIS_URL
CELERY_TASK_DEFAULT_QUEUE = f"celery{_RUN}"
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TIMEZONE = "UTC"
CELERY_BEAT_SCHEDULE: dict[str, dict] = {
    "heartbeat": {"task": "reports.tasks.record_heartbeat", "schedule": 30.0, "args": ["beat"]},
    "games-sweep": {"task": "games.tasks.sweep", "schedule": 5.0},
}

AUTH_USER_MODEL = "accounts.User"
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
SITE_ID = 1
LOGIN_REDIRECT_URL = "/"
LOGIN_URL = "/accounts/login/"

ACCOUNT_LOGIN_METHODS = {"email"}
ACCOUNT_SIGNUP_FIELDS = ["email*", "password1*", "password2*"]
ACCOUNT_USER_MODEL_USERNAME_FIELD = None
ACCOUNT_UNIQUE_EMAIL = True
ACCOUNT_EMAIL_VERIFICATION = "mandatory"
ACCOUNT_CONFIRM_EMAIL_ON_GET = False
ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION = False
ACCOUNT_LOGOUT_ON_PASSWORD_CHANGE = False
ACCOUNT_FORMS = {"signup": "accounts.forms.SignupForm"}
ACCOUNT_ADAPTER = "accounts.adapter.AccountAdapter"
ACCOUNT_EMAIL_SUBJECT_PREFIX = f"[{SITE_NAME}] "
# django-axes below is the one lock-out authority for failed log-ins (visible to staff).
ACCOUNT_RATE_LIMITS = {"login_failed": False}

AXES_FAILURE_LIMIT = env_int("AXES_FAILURE_LIMIT", 5, minimum=1)
AXES_COOLOFF_TIME = env_int("AXES_COOLOFF_HOURS", 1, minimum=1)
# Lock the account being attacked, not the address: many players share one carrier NAT.
AXES_LOCKOUT_PARAMETERS = ["username"]
SILENCED_SYSTEM_CHECKS = ["axes.W006"]
AXES_USERNAME_CALLABLE = "accounts.security.login_identifier"
AXES_LOCKOUT_TEMPLATE = "account/locked_out.html"
AXES_RESET_ON_SUCCESS = True

EMAIL_BACKEND = env_str("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "no-reply@longtable.example")

LANGUAGE_CODE = "en-gb"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(env_str("STATIC_ROOT", str(BASE_DIR / "staticfiles")))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"
        if not (DEBUG or _UNDER_TEST)
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}
WHITENOISE_USE_FINDERS = DEBUG or _UNDER_TEST

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": ["rest_framework.authentication.SessionAuthentication"],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
}

CHROMIUM_PATH = env_str("CHROMIUM_PATH", "/usr/bin/chromium")

# Each app that needs settings or beat entries keeps them in its own module.
from casino.conf import CASINO_BEAT_SCHEDULE  # noqa: E402

CELERY_BEAT_SCHEDULE.update(CASINO_BEAT_SCHEDULE)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
    "loggers": {"axes": {"level": "WARNING"}},
}
