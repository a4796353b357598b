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


class _Loaded:
    """The registry and the tutorials this worker's database holds outside any test's
    transaction: each load's report and how many rows it left, while they are there."""

    rulebook: tuple | None = None  # (report, rules)
    tutorials: tuple | None = None  # (report, tutorials)


def _rows(name: str) -> int:
    from rulebook.models import Rule
    from tutorials.models import Tutorial

    return (Rule if name == "rulebook" else Tutorial).objects.count()


def _held(name: str):
    """The report of the rows still loaded, or None (a transactional test flushes them)."""
    loaded = getattr(_Loaded, name)
    if loaded is not None and _rows(name) != loaded[1]:
        setattr(_Loaded, name, loaded := None)
    return None if loaded is None else loaded[0]


def _unload(name: str) -> None:
    from rulebook.models import Game, Rule
    from tutorials.models import Tutorial

    Tutorial.objects.all().delete()
    _Loaded.tutorials = None
    if name == "rulebook":
        Rule.objects.all().delete()  # rules protect their sections
        Game.objects.all().delete()
        _Loaded.rulebook = None


def _reads_the_database(item) -> bool:
    names = set(item.fixturenames)
    return bool(item.get_closest_marker("django_db")) or bool(names & {"db", "transactional_db"})


@pytest.fixture(scope="module", autouse=True)
def _registry_as_the_module_expects(request):
    """A module whose every test asks for the registry (or the tutorials) finds it still
    loaded from the module before (a load is about 680 queries, and loading and removing it
    for every module was a fifth of the suite); one where a test reads the database without
    asking for it starts from the empty database, as that test expects."""
    if _Loaded.rulebook is None and _Loaded.tutorials is None:
        return
    items = [i for i in request.session.items if getattr(i, "module", None) is request.module]
    readers = [i for i in items if _reads_the_database(i)]
    for name, fixture in (("rulebook", "_rulebook_rows"), ("tutorials", "_tutorial_rows")):
        if getattr(_Loaded, name) is not None and any(
            fixture not in i.fixturenames for i in readers
        ):
            with _outside_tests(request.getfixturevalue("django_db_blocker")):
                _unload(name)


@pytest.fixture(scope="module")
def _rulebook_rows(django_db_setup, django_db_blocker):
    """The registry loaded at most once per module, not once per test (a load is about 680
    queries; per test it was the suite's largest cost), and kept for the next module that
    asks for it. Each test still runs in its own transaction, rolled back, so no test sees
    another's changes."""
    from rulebook.loader import load_all

    with _outside_tests(django_db_blocker):
        if _held("rulebook") is None:
            _unload("rulebook")  # what a flush or a failed load left
            _Loaded.rulebook = (load_all(), _rows("rulebook"))
    return _Loaded.rulebook[0]


@pytest.fixture(scope="module")
def _tutorial_rows(_rulebook_rows, django_db_blocker):
    from tutorials.loader import load_all

    with _outside_tests(django_db_blocker):
        if _held("tutorials") is None:
            _unload("tutorials")
            _Loaded.tutorials = (load_all(), _rows("tutorials"))
    return _Loaded.tutorials[0]


@pytest.fixture
def rulebook(_rulebook_rows, db):
    """The registry loaded as `make setup` loads it."""
    return _rulebook_rows


@pytest.fixture
def tutorials(_tutorial_rows, rulebook):
    """The registry and the shipped tutorials loaded as `make setup` loads them."""
    return _tutorial_rows


@pytest.fixture
def content(tutorials):
    """Everything `make setup` loads: the registry, the tutorials and the hand-picked
    questions (these in the test's own transaction)."""
    from quiz.loader import load_all

    load_all()


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


# The fixtures that start a real server: a test asking for one (directly or through another
# fixture) is ``served``; one asking for the browser is ``browser``. Tests that start their
# servers themselves carry the marker in their module.
SERVED_BY = {
    "site",
    "site_env",
    "one_worker",
    "postgres",
    "one_server",
    "served_with_redis",
    "killable_with_redis",
    "served_env",
}


@pytest.hookimpl(tryfirst=True)  # before xdist reads the groups (``--dist loadgroup``)
def pytest_collection_modifyitems(config, items):
    """Each test marked by what it needs, so a developer can pick: ``-m "not browser and not
    served"`` runs everything that needs neither a browser nor a server.

    Under ``--dist loadgroup`` a module is one unit of work, run by one worker, unless its
    tests name a group of their own: xdist otherwise sends the tests one by one, each worker
    ran a part of nearly every module, and set up every module's fixtures (the registry,
    a server) twice. The modules that start servers or hold a slow test go first, so that no
    worker is left with a long one at the end while the other waits (see ``order``)."""
    for item in items:
        needs = set(getattr(item, "fixturenames", ()))
        if "browser" in needs:
            item.add_marker(pytest.mark.browser)
        if needs & SERVED_BY:
            item.add_marker(pytest.mark.served)
    if not config.getoption("loadgroup", False):
        return
    heavy, keeps, empties = set(), set(), set()
    for item in items:
        if not item.get_closest_marker("xdist_group"):
            item.add_marker(pytest.mark.xdist_group(item.nodeid.partition("::")[0]))
        group = item.get_closest_marker("xdist_group").args[0]
        if any(item.get_closest_marker(m) for m in ("browser", "served", "slow")):
            heavy.add(group)
        if "_rulebook_rows" in item.fixturenames:
            keeps.add(group)
        elif _reads_the_database(item):
            empties.add(group)

    def order(item):
        """Heavy groups first (those that start servers or browsers, or hold a slow test), so
        that no worker is left with a long one at the end while the other waits; then those
        that keep the registry loaded, so that one load serves many modules; those that want
        the database without it (or flush it) after."""
        group = item.get_closest_marker("xdist_group").args[0]
        keeping, emptying = group in keeps, group in empties
        wants = 0 if keeping > emptying else 2 if emptying > keeping else 1
        return group not in heavy, wants

    items.sort(key=order)


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
