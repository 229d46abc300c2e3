"""Settings, every one read from the environment (README, "Configuration")."""

from __future__ import annotations

import os
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from kombu import Queue

from config import sentry
from config.env import (
    env_bool,
    env_float,
    env_int,
    env_list,
    env_str,
    local_secret_key,
    parse_currency,
)
from config.logs import logging_config, pick_format

BASE_DIR = Path(__file__).resolve().parent.parent
DATA_DIR = Path(env_str("DATA_DIR", str(BASE_DIR / ".data")))

SITE_NAME = "Longtable"
# The address players reach the site at, named in the mails it sends (sign-up confirmation,
# password reset); the sites framework's record follows it after each migrate.
SITE_DOMAIN = env_str("SITE_DOMAIN", f"localhost:{env_str('PORT', '8000')}")
OPERATOR_NAME = env_str("OPERATOR_NAME", "Longtable Gaming Ltd")
REGULATOR_NAME = env_str("REGULATOR_NAME", "the national gambling regulator")
# Help organisations named before a player's first deposit and first stake.
HELP_LINKS = [
    ("a national gambling helpline", "https://www.begambleaware.org/"),
    ("Gamblers Anonymous", "https://www.gamblersanonymous.org/"),
]
# The operator's licence, shown in every page's footer (the rules ask for it on the site).
LICENCE_NUMBER = env_str("LICENCE_NUMBER", "not yet issued")

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


def _socket_sources(hosts: list[str], secure: bool) -> list[str]:
    """The site's own WebSocket origins, for browsers whose 'self' does not cover ws(s)."""
    schemes = ("wss",) if secure else ("ws", "wss")
    named = [("*" + host if host.startswith(".") else host) for host in hosts if host != "*"]
    return [f"{scheme}://{host}:*" for host in named for scheme in schemes]


# Only the site's own assets: no inline script or style, no framing (django-csp).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'", *_socket_sources(ALLOWED_HOSTS, HTTPS)],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
}

MIN_AGE = env_int("MIN_AGE", 21, minimum=18)
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
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "allauth",
    "allauth.account",
    "allauth.mfa",
    "axes",
    "csp",
    "accounts",
    "wallet",
    "lobby",
    "games",
    "casino",
    "tournaments",
    "reports",
    "staff",
    "api",
]

MIDDLEWARE = [
    # First: every response, even a refusal further down, carries its request's id.
    "config.middleware.RequestWatchMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
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
    "accounts.middleware.StaffTwoFactorMiddleware",
    "accounts.middleware.TermsMiddleware",
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
# A bounded pool of connections per process (daphne, each Celery worker), checked before
# reuse: opening a connection costs more than a move does, and under ASGI every request
# runs in a thread of its own, so connections kept per thread (CONN_MAX_AGE) grew with the
# number of simultaneous requests until PostgreSQL refused clients. A request takes a
# connection from the pool and gives it back when it ends; past DB_POOL_SIZE, requests wait
# (up to DB_POOL_TIMEOUT seconds) instead of opening more. Tests close connections after use
# (so the test database can be dropped at the end) and run without one unless asked.
DB_POOL_SIZE = env_int("DB_POOL_SIZE", 0 if _UNDER_TEST else 10)
DATABASES = {
    "default": dj_database_url.parse(DATABASE_URL, conn_max_age=0, conn_health_checks=True)
}
# Django's backend, reading timestamps with psycopg's compiled loader (config/postgresql).
DATABASES["default"]["ENGINE"] = "config.postgresql"
if DB_POOL_SIZE:
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": min(2, DB_POOL_SIZE),
        "max_size": DB_POOL_SIZE,
        "timeout": env_int("DB_POOL_TIMEOUT", 20),
    }
# Statements on a cursor that binds on the server are prepared the first time they run: the
# money paths' functions, the move path (games/store.py) and the queries compiled once per
# process (wallet/compiled.py) use one (wallet/prepared.py). The ORM binds on the client,
# which never prepares
# and has no cap on parameters (server-side binding stops at 65,535, which a large round's
# bulk writes pass). Prepared statements live on their connection, which the pool above
# keeps open and hands out again; a pooler in transaction mode (pgbouncer) would need this
# set to None.
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
        # Django's, keeping its Redis clients (config/cache.py).
        "BACKEND": "config.cache.RedisCache",
        "LOCATION": REDIS_URL,
        "KEY_PREFIX": f"longtable{_RUN}",
        # A page must fail fast, not hang, on a Redis that stopped answering.
        "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 2},
    }
}
CHANNEL_LAYERS = {
    "default": {
        # channels-redis's pub/sub layer, riding out a Redis blip (config/channel_layer.py).
        "BACKEND": "config.channel_layer.ResilientRedisChannelLayer",
        "CONFIG": {"hosts": [REDIS_URL], "prefix": env_str("CHANNEL_PREFIX", f"longtable{_RUN}")},
    }
}

# Threads per server process that run table moves (games/consumers.py says why so few).
GAME_MOVE_THREADS = env_int("GAME_MOVE_THREADS", 2, minimum=1)

CELERY_BROKER_URL = REDIS_URL
# kombu's Redis transport, made to survive Redis dropping (config/broker.py says how).
CELERY_BROKER_TRANSPORT = "config.broker:Transport"
CELERY_RESULT_BACKEND = REDIS_URL
CELERY_TASK_DEFAULT_QUEUE = env_str("CELERY_QUEUE", f"celery{_RUN}")
# A queue per kind of work, each consumed by workers of its own in production
# (config/prod.py), so that an export never delays a crash tick or a game's timer:
# "games" (timers, settlements, the sweeps, and beat's heartbeat, whose proof of life is
# then proof that timers run), "rounds" (the Crash and draw cycles, a Crash run),
# "exports" (reports' files), and the default queue for anything not routed. A worker
# started without -Q (`make run`, the tests) consumes them all.
WORK_QUEUES = {
    "default": CELERY_TASK_DEFAULT_QUEUE,
    **{kind: f"{CELERY_TASK_DEFAULT_QUEUE}.{kind}" for kind in ("games", "rounds", "exports")},
}
CELERY_TASK_QUEUES = [Queue(name) for name in WORK_QUEUES.values()]
CELERY_TASK_ROUTES = {
    "games.*": {"queue": WORK_QUEUES["games"]},
    "reports.tasks.record_heartbeat": {"queue": WORK_QUEUES["games"]},
    "casino.*": {"queue": WORK_QUEUES["rounds"]},
    "reports.tasks.run_export": {"queue": WORK_QUEUES["exports"]},
}
# A task is acknowledged once it has run, and one whose worker died is not: a killed
# worker's tasks run again (every task is safe to run twice: the database decides).
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# A message a worker took and never acknowledged (the worker was killed, or Redis dropped)
# is handed out again this long after it was taken: kombu's default is an hour, in which
# rounds and timers would stand still. It must outlast the longest countdown (a game's
# reconnection window, 150 s) and the longest task, or those run twice (harmless, but
# wasted); BROKER_VISIBILITY_SECONDS tunes it.
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": env_int("BROKER_VISIBILITY_SECONDS", 300, minimum=10),
    # Look for such messages every 10 s (kombu's default looks every 100 s).
    "unacked_restore_interval": 10,
    "unacked_restore_throttle": 1,
}
# Keep trying the broker for as long as it is away, at start-up as well.
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_BROKER_CONNECTION_MAX_RETRIES = None
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TIMEZONE = "UTC"
# Beat's heartbeat through Redis and a worker into the database is the platform's proof of
# life: a silence longer than OUTAGE_DETECT_SECONDS is an outage whose passed deadlines are
# not charged to players, and one longer than OUTAGE_VOID_SECONDS voids what it caught and
# returns the stakes (reports/outage.py).
HEARTBEAT_SECONDS = 30
OUTAGE_DETECT_SECONDS = env_int("OUTAGE_DETECT_SECONDS", 3 * HEARTBEAT_SECONDS, minimum=60)
OUTAGE_VOID_SECONDS = env_int("OUTAGE_VOID_SECONDS", 300, minimum=60)
CELERY_BEAT_SCHEDULE: dict[str, dict] = {
    "heartbeat": {
        "task": "reports.tasks.record_heartbeat",
        "schedule": float(HEARTBEAT_SECONDS),
        "args": ["beat"],
    },
    "games-sweep": {"task": "games.tasks.sweep", "schedule": 5.0},
    # Tournaments start on time, move on from games the game hook missed, and settle.
    "tournaments-sweep": {"task": "tournaments.tasks.sweep", "schedule": 5.0},
    # Recurring tournaments: each occurrence is created once its registration opens.
    "tournaments-schedules": {"task": "tournaments.tasks.create_scheduled", "schedule": 60.0},
    # Reality checks reach the player's open pages within this period of falling due.
    "reality-checks": {"task": "accounts.tasks.announce_reality_checks", "schedule": 15.0},
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
# Two-step log-in (allauth's MFA): an authenticator app's codes, and recovery codes for a
# lost phone. Offered to players; staff and regulators must set it up before anything else
# (accounts.middleware.StaffTwoFactorMiddleware).
MFA_SUPPORTED_TYPES = ["totp", "recovery_codes"]
MFA_TOTP_ISSUER = SITE_NAME

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
        "BACKEND": "config.static.StaticFilesStorage"
        if not (DEBUG or _UNDER_TEST)
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}
WHITENOISE_USE_FINDERS = DEBUG or _UNDER_TEST

REST_FRAMEWORK = {
    # The token first: its refusals then answer 401 with WWW-Authenticate, as they should.
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "api.authentication.ApiTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    # Requests a minute per regulator token, per player, per address on the public part.
    "DEFAULT_THROTTLE_RATES": {
        "regulator": env_str("API_RATE_REGULATOR", "120/min"),
        "player": env_str("API_RATE_PLAYER", "120/min"),
        "public": env_str("API_RATE_PUBLIC", "300/min"),
    },
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Longtable API",
    "DESCRIPTION": (
        "Fairness (public): every played round and finished game with what verifies it. "
        "Regulator (regulator tokens, audited): the exports and any game's or round's full "
        "record. Player (session or player token): the player's own account. Amounts are "
        "integers in minor units. See docs/api.md."
    ),
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "api.schema_hooks.add_refusals",
    ],
}

CHROMIUM_PATH = env_str("CHROMIUM_PATH", "/usr/bin/chromium")

# Each app that needs settings or beat entries keeps them in its own module.
from casino.conf import CASINO_BEAT_SCHEDULE  # noqa: E402

CELERY_BEAT_SCHEDULE.update(CASINO_BEAT_SCHEDULE)
from games.beat import GAMES_BEAT_SCHEDULE, GAMES_TASK_MODULES  # noqa: E402

CELERY_BEAT_SCHEDULE.update(GAMES_BEAT_SCHEDULE)
CELERY_IMPORTS = GAMES_TASK_MODULES

# --- Watching (docs/operations.md, "Watching") ---------------------------------------------
# JSON lines when stderr is not a terminal, plain text at one; LOG_FORMAT=json|plain decides.
LOG_FORMAT = pick_format(env_str("LOG_FORMAT"))
LOGGING = logging_config(LOG_FORMAT, env_str("LOG_LEVEL", "INFO"))
# Celery keeps its -l level and handlers; config/celery.py puts the same format on them.
# /metrics/ answers staff, or a scraper sending `Authorization: Bearer <METRICS_TOKEN>`.
METRICS_TOKEN = env_str("METRICS_TOKEN")
# /ready/ fails when beat's last heartbeat (sent every HEARTBEAT_SECONDS through Redis and a
# worker) is older than this, when a house round is this late past its due time, or when a
# game over has waited this long for its settlement (the sweep retries every 5 s).
READY_HEARTBEAT_SECONDS = env_int("READY_HEARTBEAT_SECONDS", 3 * HEARTBEAT_SECONDS, minimum=35)
READY_ROUND_LATE_SECONDS = env_int("READY_ROUND_LATE_SECONDS", 60, minimum=5)
READY_GAME_UNSETTLED_SECONDS = env_int("READY_GAME_UNSETTLED_SECONDS", 60, minimum=10)
# Errors to Sentry when a DSN is set (config/sentry.py); nothing is sent otherwise.
SENTRY_DSN = env_str("SENTRY_DSN")
SENTRY_ENVIRONMENT = env_str("SENTRY_ENVIRONMENT", "production")
SENTRY_TRACES_SAMPLE_RATE = env_float("SENTRY_TRACES_SAMPLE_RATE", 0.0, 0.0, 1.0)
SENTRY_ENABLED = sentry.init(
    SENTRY_DSN,
    environment=SENTRY_ENVIRONMENT,
    release=env_str("SENTRY_RELEASE") or None,
    traces_sample_rate=SENTRY_TRACES_SAMPLE_RATE,
)
