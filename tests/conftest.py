from contextlib import contextmanager
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from hypothesis import settings as hypothesis_settings

# Property tests check behaviour, not speed (speed lives in `make bench`): a loaded machine
# must not fail an example for taking longer than hypothesis's default 200 ms.
hypothesis_settings.register_profile("diwaniya", deadline=None)
hypothesis_settings.load_profile("diwaniya")


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


@contextmanager
def _outside_tests(django_db_blocker):
    """Database work for a whole module, outside any test's rolled-back transaction. A browser
    test's Playwright session may have left an event loop on this thread, under which Django
    refuses synchronous queries; nothing here runs asynchronously."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "1")
        with django_db_blocker.unblock():
            yield


@pytest.fixture(scope="module")
def _rulebook_rows(django_db_setup, django_db_blocker):
    """The registry loaded once per test module, not once per test (a load is about 680
    queries; per test it was the suite's largest cost), and removed after the module so the
    next one sees the empty database it expects. Each test still runs in its own transaction,
    rolled back, so no test sees another's changes."""
    from rulebook.loader import load_all

    with _outside_tests(django_db_blocker):
        reports = load_all()
    yield reports
    from rulebook.models import Game, Rule

    with _outside_tests(django_db_blocker):
        Rule.objects.all().delete()  # rules protect their sections
        Game.objects.all().delete()


@pytest.fixture(scope="module")
def _tutorial_rows(_rulebook_rows, django_db_blocker):
    from tutorials.loader import load_all

    with _outside_tests(django_db_blocker):
        report = load_all()
    yield report
    from tutorials.models import Tutorial

    with _outside_tests(django_db_blocker):
        Tutorial.objects.all().delete()


@pytest.fixture
def rulebook(_rulebook_rows, db):
    """The registry loaded as `make setup` loads it."""
    return _rulebook_rows


@pytest.fixture
def tutorials(_tutorial_rows, rulebook):
    """The registry and the shipped tutorials loaded as `make setup` loads them."""
    return _tutorial_rows


LANGS = ("ar", "en", "fr")


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Rule pages are cached; each test starts without what another one rendered, and in the
    default language: a test that activated another one (a request, a command) must not make
    the next test's model fields read in French."""
    from django.core.cache import caches
    from django.utils import translation

    from rulebook.models import forget_rows

    translation.activate(settings.LANGUAGE_CODE)
    for cache in caches.all():
        cache.clear()
    forget_rows()
    yield
    for cache in caches.all():
        cache.clear()
    forget_rows()


@pytest.fixture(scope="session", autouse=True)
def _prepared_once(tmp_path_factory, worker_id):
    """Where the served tests' prepared databases are kept: one folder for the whole run,
    shared by xdist's workers (their temporary folders are siblings)."""
    from . import servers

    base = tmp_path_factory.getbasetemp()
    servers.PREPARED = (base if worker_id == "master" else base.parent) / "prepared"


@pytest.fixture(scope="session")
def postgres():
    """A throwaway PostgreSQL cluster for the whole run: ``postgres(name)`` makes a database
    and returns its DATABASE_URL. Skipped where the server binaries are not installed."""
    from . import servers

    if not servers.initdb():
        pytest.skip("PostgreSQL server binaries are not installed")
    with servers.postgres_cluster() as create:
        yield create


def pytest_collection_finish(session):
    """Under ``--dist loadgroup`` each ``xdist_group`` test must carry its group in its node id
    (xdist appends it): pytest 9.2 moved the id, the groups silently fell apart, and two
    workers each rendered the whole site and started their own PostgreSQL."""
    if not getattr(session.config.option, "loadgroup", False):
        return
    lost = [
        item.nodeid
        for item in session.items
        if item.get_closest_marker("xdist_group") and "@" not in item.nodeid.rpartition("]")[2]
    ]
    if lost:
        raise pytest.UsageError(f"xdist_group lost its group: {lost[:3]}")
