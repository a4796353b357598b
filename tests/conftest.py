from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command


@pytest.fixture(scope="session", autouse=True)
def _static_manifest():
    """The pages are tested with the real hashed static files, as production serves them."""
    manifest = settings.STATIC_ROOT / "staticfiles.json"
    sources = [p for d in settings.STATICFILES_DIRS for p in Path(d).rglob("*") if p.is_file()]
    newest = max((p.stat().st_mtime for p in sources), default=0)
    if not manifest.exists() or manifest.stat().st_mtime < newest:
        call_command("collectstatic", "--noinput", verbosity=0)


@pytest.fixture
def rulebook(db):
    """The registry loaded as `make setup` loads it."""
    from rulebook.loader import load_all

    return load_all()


@pytest.fixture
def tutorials(rulebook):
    """The registry and the shipped tutorials loaded as `make setup` loads them."""
    from tutorials.loader import load_all

    return load_all()


LANGS = ("ar", "en", "fr")


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Rule pages are cached; each test starts without what another one rendered."""
    from django.core.cache import caches

    from rulebook.models import forget_rows

    for cache in caches.all():
        cache.clear()
    forget_rows()
    yield
    for cache in caches.all():
        cache.clear()
    forget_rows()


@pytest.fixture(scope="session")
def postgres():
    """A throwaway PostgreSQL cluster for the whole run: ``postgres(name)`` makes a database
    and returns its DATABASE_URL. Skipped where the server binaries are not installed."""
    from . import servers

    if not servers.initdb():
        pytest.skip("PostgreSQL server binaries are not installed")
    with servers.postgres_cluster() as create:
        yield create
