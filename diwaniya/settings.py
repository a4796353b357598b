"""One settings module, driven by the environment (see README: "Deploying").

DJANGO_DEBUG=1            debug pages (development only)
DJANGO_SECRET_KEY         the signing key; without it one is made once and kept in .secret_key
DJANGO_ALLOWED_HOSTS      comma-separated host names
DATABASE_URL              e.g. postgres://user:pass@host/db (SQLite in the project by default)
DJANGO_SECURE=1           HTTPS-only cookies, HSTS and redirect (behind TLS)
SITE_URL                  the site's address for absolute links (http://127.0.0.1:8000)
REDIS_URL                 e.g. redis://127.0.0.1:6379/0: one cache shared by every process,
                          and the live tables' channel layer
DIWANIYA_RELEASE          the release's name in the shared cache's keys (a digest of the code
                          by default)
EMAIL_HOST                an SMTP server for password resets by e-mail (printed without one)
DEFAULT_FROM_EMAIL        their sender
"""

import os
from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent


def env_flag(name: str, default: bool = False) -> bool:
    return os.environ.get(name, "1" if default else "0").lower() in {"1", "true", "yes", "on"}


def _secret_key() -> str:
    """DJANGO_SECRET_KEY, else a random key made once and kept in .secret_key (git-ignored)."""
    if os.environ.get("DJANGO_SECRET_KEY"):
        return os.environ["DJANGO_SECRET_KEY"]
    path = BASE_DIR / ".secret_key"
    if not path.exists():
        from django.core.management.utils import get_random_secret_key

        path.write_text(get_random_secret_key())
        path.chmod(0o600)
    return path.read_text().strip()


DEBUG = env_flag("DJANGO_DEBUG")
SECRET_KEY = _secret_key()
# Absolute links (hreflang, a scorer's links to copy) start with this, never with the request's
# Host header, which a client chooses.
SITE_URL = os.environ.get("SITE_URL", "http://127.0.0.1:8000").rstrip("/")
ALLOWED_HOSTS = [
    h.strip()
    for h in os.environ.get("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost,testserver").split(",")
    if h.strip()
]

INSTALLED_APPS = [
    "modeltranslation",  # must precede admin so the admin shows each language's field
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.sitemaps",
    "plumbing",  # what every app serves with: the page cache, rate limits, sessions, links
    "diwaniya",  # the site: home page, learning path, "My matches", the sweep command
    "cardtable",
    "rulebook",
    "scoresheet",
    "tutorials",
    "quiz",
    "practice",
    "lessons",
    "accounts",  # optional accounts: what a session keeps, kept by an account
    "classes",  # a teacher's classes, homework and the class board
    "channels",  # live tables over WebSockets (diwaniya/asgi.py)
    "tables",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "plumbing.headers.CSPMiddleware",  # django-csp's, with the site's one policy built once
    "django_permissions_policy.PermissionsPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Pages go out compressed (Django's own middleware, which guards against BREACH by
    # padding; a cached page with a visitor's parts comes compressed from plumbing.pagecache,
    # whose tokens share no stream with other text); static files come compressed and hashed
    # from whitenoise, brotli included.
    "django.middleware.gzip.GZipMiddleware",
    "plumbing.headers.vary_on_fragment",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "plumbing.bodies.refuse_large",  # a body past BODY_MAX_BYTES: 413, unread
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "diwaniya.urls"
WSGI_APPLICATION = "diwaniya.wsgi.application"
ASGI_APPLICATION = "diwaniya.asgi.application"

# The live tables' channel layer carries only "this table changed" between the processes that
# hold its sockets (each reads the stored match itself): Redis when several processes serve
# the site, one process's memory otherwise (``make run``: one process, no other service).
if os.environ.get("REDIS_URL"):
    # Publish and subscribe: one message a group, no per-channel queues to poll; a frame it
    # drops is never lost, as every socket catches up from the stored match.
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {"hosts": [os.environ["REDIS_URL"]], "prefix": "diwaniya:ws"},
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "diwaniya.furniture.context",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}", conn_max_age=60
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # A transaction that reads then writes cannot upgrade SQLite's lock while another holds
    # one ("database is locked"): take the write lock up front, wait for it rather than fail,
    # and let readers go on while one writes (WAL).
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL;",
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Languages: English is the fallback; Arabic is laid out right to left.
LANGUAGE_CODE = "en"
LANGUAGES = [("ar", _("Arabic")), ("en", _("English")), ("fr", _("French"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
# Our own date patterns where Django's leave a language on the English default.
FORMAT_MODULE_PATH = ["diwaniya.formats"]
USE_I18N = True
USE_TZ = True
TIME_ZONE = "UTC"
MODELTRANSLATION_DEFAULT_LANGUAGE = "en"
MODELTRANSLATION_FALLBACK_LANGUAGES = ("en",)

STATIC_URL = "/static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

# One process: its own memory. Several processes or machines: one Redis for all (REDIS_URL),
# so what one worker caches or clears every other sees; its keys are the release's own, so a
# deploy never serves the pages of the code it replaced (``diwaniya.release``).
# "countless" keeps the pages made from what a visitor writes in an address (house rules,
# positions, questions, matches): they are without number, so they are kept apart, and a run
# of them never pushes the few pages of the presets and tutorials out of "default". Redis
# bounds both by its own maxmemory policy (README: "Running on several machines").
if os.environ.get("REDIS_URL"):
    from diwaniya import release

    CACHES = {
        alias: {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": os.environ["REDIS_URL"],
            "KEY_PREFIX": f"diwaniya:{release.digest(BASE_DIR)}{suffix}",
        }
        for alias, suffix in (("default", ""), ("countless", ":n"))
    }
    # What outlives a release: the rate limits (plumbing.limits).
    CACHES["limits"] = {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": os.environ["REDIS_URL"],
        "KEY_PREFIX": "diwaniya",
    }
else:
    # A process's own memory, bounded by entries. Every page in the sitemap and every step of
    # every tutorial, in three languages, took 1,420 entries and 22 MB of "default": 3,000
    # leave room. The countless take 12 KB an entry (a question's two) to 80 KB (a house-rule
    # set's three), so 600 stay under 50 MB.
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "OPTIONS": {"MAX_ENTRIES": 3000},
        },
        "countless": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": "countless",
            "OPTIONS": {"MAX_ENTRIES": 600},
        },
    }

# Rate limits (plumbing.limits) are counted in the database, or in the shared cache's
# "limits" when there is one: never in a process's memory, which other workers and a restart
# would not see.
LIMITS_IN_CACHE = bool(os.environ.get("REDIS_URL"))

# The analysis of a position (rulebook.analyses): a search given this many seconds, past which
# it answers "busy" rather than hold a worker; at most ANALYSIS_SLOTS at once across workers
# (0: one per core of this machine).
ANALYSIS_SECONDS = float(os.environ.get("ANALYSIS_SECONDS", "2"))
ANALYSIS_SLOTS = int(os.environ.get("ANALYSIS_SLOTS", "0"))

# Production hardening (see `manage.py check --deploy`); DJANGO_SECURE=1 behind HTTPS.
SECURE = env_flag("DJANGO_SECURE")
SECURE_SSL_REDIRECT = SECURE
SESSION_COOKIE_SECURE = SECURE
CSRF_COOKIE_SECURE = SECURE
SECURE_HSTS_SECONDS = 31536000 if SECURE else 0
SECURE_HSTS_INCLUDE_SUBDOMAINS = SECURE
SECURE_HSTS_PRELOAD = SECURE
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https") if SECURE else None
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

# Content-Security-Policy (django-csp): the site's own files only, no inline script or style.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF],
        "font-src": [SELF],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}
# No page uses the browser's sensors, camera, payment or the like.
PERMISSIONS_POLICY = {
    feature: []
    for feature in (
        "accelerometer",
        "camera",
        "geolocation",
        "gyroscope",
        "magnetometer",
        "microphone",
        "payment",
        "usb",
    )
}

# Sessions hold what a visitor keeps (see plumbing/ownership.py): written only when there is
# something to keep; an idle one expires after 30 days, one that owns a match lives a year.
# `manage.py clearsessions` (run by `make setup`, and daily in production) removes expired ones.
SESSION_ENGINE = "plumbing.sessions"
SESSION_COOKIE_AGE = 30 * 24 * 3600
SESSION_COOKIE_HTTPONLY = True

# Accounts (optional, Django's own auth; see accounts/). No e-mail is needed: a recovery code
# resets a password. One given can reset it too; mail is printed unless EMAIL_HOST is set.
LOGIN_URL = "accounts:sign-in"
LOGIN_REDIRECT_URL = "mine"
LOGOUT_REDIRECT_URL = "home"
EMAIL_BACKEND = (
    "django.core.mail.backends.smtp.EmailBackend"
    if os.environ.get("EMAIL_HOST")
    else "django.core.mail.backends.console.EmailBackend"
)
EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "diwaniya@localhost")
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": f"django.contrib.auth.password_validation.{name}"}
    for name in (
        "UserAttributeSimilarityValidator",
        "MinimumLengthValidator",
        "CommonPasswordValidator",
        "NumericPasswordValidator",
    )
]

# Request bodies (plumbing.bodies): one past BODY_MAX_BYTES is refused (413) by its
# Content-Length, never read; a body is waited for BODY_SECONDS between two of its parts and
# BODY_TOTAL_SECONDS in all (408). The proxy's caps match (README, "Deploying").
BODY_MAX_BYTES = 1024 * 1024
BODY_SECONDS = float(os.environ.get("DIWANIYA_BODY_SECONDS", "10"))
BODY_TOTAL_SECONDS = 6 * BODY_SECONDS

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    # Django's own lines ("Not Found: <path>") name paths too: masked as the access log is
    "filters": {"private_links": {"()": "diwaniya.accesslog.Masking"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "filters": ["private_links"]}},
    "root": {"handlers": ["console"], "level": "WARNING"},
}
