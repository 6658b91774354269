"""Django settings for Atout, read from environment variables.

Defaults make ``make run`` work from a fresh clone (DEBUG on, SQLite in ``db.sqlite3``). In production set
``DEBUG=0``, ``SECRET_KEY``, ``ALLOWED_HOSTS`` and usually ``DATABASE_URL`` and ``CSRF_TRUSTED_ORIGINS``.
"""

import os
import tempfile
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from companion.web import parts as game_parts

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    if value.lower() in ("1", "true", "yes", "on"):
        return True
    if value.lower() in ("0", "false", "no", "off"):
        return False
    raise ImproperlyConfigured(f"{name} must be 0 or 1, not {value!r}")


def env_list(name: str, default: list[str]) -> list[str]:
    value = os.environ.get(name)
    if value is None:
        return default
    return [v.strip() for v in value.split(",") if v.strip()]


def env_seconds(name: str, default: float) -> float:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    try:
        seconds = float(value)
    except ValueError:
        seconds = -1.0
    if not 0 < seconds < 3600:
        raise ImproperlyConfigured(f"{name} must be a number of seconds above 0, not {value!r}")
    return seconds


DEBUG = env_bool("DEBUG", True)
SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG=0")
    SECRET_KEY = "dev-only-insecure-key-do-not-use-in-production-0123456789abcdef"

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]"] if DEBUG else [])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "companion.tables",
    "companion.rulebook",
    "companion.pwa",
    "companion.groups",
    "django_tasks",
    "django_tasks_db",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Content-Security-Policy, and Cache-Control: no-store on pages whose URL holds a secret.
    "companion.middleware.SecurityHeadersMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Pages and JSON compressed on the wire (static files come pre-compressed from whitenoise, which answers
    # before this). Placed, as Django's docs ask, before every middleware that reads or writes the body.
    # BREACH: the only secret a page carries is the CSRF token, which Django masks afresh on every response;
    # the edit token is in the URL itself, so whoever can make a phone request that page already knows it.
    "django.middleware.gzip.GZipMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    # /api/: exempt from CSRF (bearer tokens, no cookies), 413 from Content-Length, every error in JSON.
    # After LocaleMiddleware (messages in the request's language), before anything reads the body.
    "companion.middleware.ApiMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # The database gone mid-request: 503 with Retry-After (companion/faults.py).
    "companion.faults.DatabaseUnavailableMiddleware",
]

ROOT_URLCONF = "companion.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "OPTIONS": {
            # The project's templates, the apps', then each game folder's own (games/<slug>/…); cached, and
            # under the partials loader ("page.html#partial"), as django-template-partials sets it by default.
            "loaders": [("template_partials.loader.Loader", [("django.template.loaders.cached.Loader", [
                "django.template.loaders.filesystem.Loader",
                "django.template.loaders.app_directories.Loader",
                "companion.web.parts.GameTemplateLoader",
            ])])],
            # |bdi: every name isolated; |num: negatives with a true minus sign. In every template.
            "builtins": ["companion.bidi", "companion.typography"],
            # A game folder's own template tags ({% load <package>_form %}).
            "libraries": game_parts.template_libraries(),
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

WSGI_APPLICATION = "companion.wsgi.application"

# Connections are kept for a minute. No health check by default: it is one more round trip to the database
# (``SELECT 1``) before every request's first query, a third of what a poll costs. A connection the database
# dropped (a restart) fails its first query instead: that request answers 503 with Retry-After
# (companion.faults), Django closes the broken connection, and the phone's retry gets a new one.
# DB_HEALTH_CHECKS=1 turns the check back on.
DATABASES = {
    "default": dj_database_url.config(
        env="DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}", conn_max_age=60,
        conn_health_checks=env_bool("DB_HEALTH_CHECKS", False),
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # SQLite queues writers instead of failing them with "database is locked": every transaction takes the write
    # lock when it begins (IMMEDIATE, so a reader never has to upgrade to a writer midway, which SQLite cannot
    # wait for), a writer waits up to 20 s for the lock, and WAL lets readers go on while one writes.
    # synchronous=NORMAL in WAL mode loses no committed transaction on a process crash (only on power loss).
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON",
        **DATABASES["default"].get("OPTIONS", {}),
    }
    # The test database is a file, not memory: threaded tests (several phones at once) then use real
    # connections and real locks. One file per test process, so that parallel runs never share it.
    DATABASES["default"]["TEST"] = {
        "NAME": os.environ.get("TEST_SQLITE_PATH") or os.path.join(tempfile.gettempdir(), f"atout-test-{os.getpid()}.sqlite3")
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Rendered parts of table pages, by version (companion.tables.fragments): per process by default (a miss simply
# renders); point it at a cache every app server shares (memcached, Redis) to render each version once in all.
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "atout-fragments",
        # Four or five fragments a table (rows as read and as edited, chart, explanation, history): room for a few
        # hundred busy tables, a few megabytes; the oldest go first.
        "OPTIONS": {"MAX_ENTRIES": 3000},
    }
}

# The bots think as tasks, off the web request (companion.tables.digital.move_bots): a human's move answers at
# once, and a worker plays the bots' cards. ATOUT_TASKS=db (the default, production and ``make run`` alike): the
# database backend, its task rows in the same database as the moves, run by ``manage.py db_worker``. ``make run``
# starts one worker beside runserver rather than running the tasks in threads of the web process after each
# response: still one command, and with several phones the bots think in a process of their own (another core,
# another GIL) while runserver keeps answering every phone's polls at once; it is also production's path, a task
# lost by a worker that stopped or reloaded being enqueued again by the next poll. ATOUT_TASKS=immediate: the bots
# think inside the request (a lone ``manage.py runserver`` without a worker, and most tests).
ATOUT_TASKS = os.environ.get("ATOUT_TASKS") or "db"
TASK_BACKENDS = {"db": "django_tasks_db.DatabaseBackend", "immediate": "django_tasks.backends.immediate.ImmediateBackend"}
if ATOUT_TASKS not in TASK_BACKENDS:
    raise ImproperlyConfigured(f"ATOUT_TASKS must be db or immediate, not {ATOUT_TASKS!r}")
TASKS = {"default": {"BACKEND": TASK_BACKENDS[ATOUT_TASKS]}}
# Seconds a bot may think over one move (the worker's; a test starts a worker whose bots think longer).
ATOUT_BOT_BUDGET = env_seconds("ATOUT_BOT_BUDGET", 0.3)

LANGUAGE_CODE = "fr"
LANGUAGES = [("fr", "Français"), ("en", "English")]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
TIME_ZONE = os.environ.get("TIME_ZONE", "Europe/Paris")
USE_TZ = True

STATIC_URL = "/static/"
STATIC_ROOT = os.environ.get("STATIC_ROOT") or BASE_DIR / "staticfiles"  # where collectstatic writes
STATICFILES_DIRS = [BASE_DIR / "static", *game_parts.static_dirs()]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG or env_bool("STATIC_PLAIN", False)
        else "companion.staticmin.MinifiedManifestStaticFilesStorage"
    },
}
WHITENOISE_USE_FINDERS = DEBUG

# Behind a TLS-terminating proxy. Secure cookies and HSTS follow DEBUG: production is HTTPS.
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", not DEBUG)
SESSION_COOKIE_SECURE = not DEBUG
CSRF_COOKIE_SECURE = not DEBUG
SECURE_HSTS_SECONDS = 0 if DEBUG else int(os.environ.get("SECURE_HSTS_SECONDS", "31536000"))
SECURE_HSTS_INCLUDE_SUBDOMAINS = not DEBUG
SECURE_HSTS_PRELOAD = not DEBUG
# Edit tokens and group ids are path segments. "same-origin" would still send the whole URL (token included)
# as the Referer of every request a page makes to this site (stylesheets, scripts, htmx), and so into access
# logs; "no-referrer" would make browsers send "Origin: null" with form posts, which CSRF protection refuses.
# "strict-origin": the Referer is the origin alone, everywhere, and the Origin header stays true.
SECURE_REFERRER_POLICY = "strict-origin"
X_FRAME_OPTIONS = "DENY"
CSRF_FAILURE_VIEW = "companion.errors.csrf_failure"  # styled like every page, within the CSP
# Load balancers probe /healthz over plain HTTP (Django strips the leading slash before matching).
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
LANGUAGE_COOKIE_SECURE = not DEBUG
LANGUAGE_COOKIE_SAMESITE = "Lax"
LANGUAGE_COOKIE_HTTPONLY = True

# Content-Security-Policy, sent with every answer when set (companion.middleware.SecurityHeadersMiddleware):
# on in production. No inline script or style anywhere, so none is allowed; htmx is configured not to eval.
CSP_PRODUCTION = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; object-src 'none'; "
                  "base-uri 'none'; frame-ancestors 'none'; form-action 'self'")
CONTENT_SECURITY_POLICY = os.environ.get("CONTENT_SECURITY_POLICY", "" if DEBUG else CSP_PRODUCTION) or None

# /api/ refuses a body announced (Content-Length) larger than this with 413, before reading it
# (companion.middleware.ApiMiddleware); a JSON endpoint then refuses more than API_MAX_BODY once read.
API_MAX_REQUEST = 1024 * 1024
API_MAX_BODY = 64 * 1024
DATA_UPLOAD_MAX_MEMORY_SIZE = 2_621_440
# Under gunicorn, a request's body must have arrived this many seconds after its start, or it is answered 408 and
# its thread freed (companion.transport; gunicorn.conf.py's worker holds no thread while a request arrives).
REQUEST_BODY_TIMEOUT = float(os.environ.get("REQUEST_BODY_TIMEOUT", "10"))

# Edit tokens and group ids are masked in every log line (companion.logmask).
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"mask_secrets": {"()": "companion.logmask.MaskSecrets"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "filters": ["mask_secrets"]}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
    # Named, so that Django's own handlers for them (unfiltered) are replaced, not kept beside ours.
    "loggers": {
        "django": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING"), "propagate": False},
        "django.server": {"handlers": ["console"], "level": "INFO", "propagate": False},
    },
}
