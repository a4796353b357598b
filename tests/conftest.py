from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command


@pytest.fixture(scope="session", autouse=True)
def _static_manifest():
    """The pages are tested with the real hashed static files, as production serves them,
    collected again when a source is newer (one worker at a time: two would race)."""
    import fcntl

    from django.contrib.staticfiles import finders

    manifest = settings.STATIC_ROOT / "staticfiles.json"
    settings.STATIC_ROOT.mkdir(exist_ok=True)
    with open(settings.STATIC_ROOT.parent / ".collectstatic.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        # every source the finders see: the project's folders and each app's static/
        sources = [
            Path(storage.path(path))
            for finder in finders.get_finders()
            for path, storage in finder.list([])
            if not path.startswith("admin/")
        ]
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
