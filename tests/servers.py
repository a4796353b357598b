"""Real servers for the tests that need them: a throwaway PostgreSQL cluster, the site under
gunicorn with uvicorn's ASGI workers as production runs it (HTTP and the live tables'
WebSocket), and a small cookie-keeping HTTP client to drive it.

PostgreSQL runs wherever Debian's server binaries are installed (`.ci/run` installs them); it
starts its own cluster in a temporary folder, as the `postgres` user when run as root.
"""

import contextlib
import fcntl
import hashlib
import http.cookiejar
import os
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

from tests.waiting import WAIT

ROOT = Path(__file__).resolve().parents[1]
PG_BIN = Path("/usr/lib/postgresql/15/bin")
PG_PORT = 5439


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def initdb() -> str | None:
    """The path of PostgreSQL's initdb (Debian's 15, else its newest), or None where the
    server is not installed."""
    if (PG_BIN / "initdb").exists():
        return str(PG_BIN / "initdb")
    found = sorted(
        Path("/usr/lib/postgresql").glob("*/bin/initdb"),
        key=lambda p: [int(x) for x in p.parts[-3].split(".") if x.isdigit()],
    )
    return str(found[-1]) if found else shutil.which("initdb")


def _as_postgres(*command):
    prefix = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
    return subprocess.run(prefix + list(command), check=True, capture_output=True, text=True)


@contextlib.contextmanager
def postgres_cluster():
    """A fresh cluster listening on a socket in a temporary folder; yields ``create(name)``,
    which makes a database and returns its DATABASE_URL."""
    binary = initdb()
    home = Path(tempfile.mkdtemp(prefix="diwaniya-pg-"))
    data, sock = home / "data", home / "sock"
    sock.mkdir()
    if os.geteuid() == 0:
        shutil.chown(home, "postgres")
        shutil.chown(sock, "postgres")
    _as_postgres(binary, "-D", str(data), "-U", "diwaniya", "--auth=trust", "-E", "UTF8")
    pg_ctl = str(Path(binary).parent / "pg_ctl")
    options = f"-k {sock} -c listen_addresses='' -p {PG_PORT}"
    _as_postgres(pg_ctl, "-D", str(data), "-o", options, "-w", "start", "-l", str(home / "log"))

    def create(name: str) -> str:
        createdb = str(Path(binary).parent / "createdb")
        _as_postgres(createdb, "-h", str(sock), "-p", str(PG_PORT), "-U", "diwaniya", name)
        return f"postgres://diwaniya@/{name}?host={sock}&port={PG_PORT}"

    try:
        yield create
    finally:
        _as_postgres(pg_ctl, "-D", str(data), "-m", "immediate", "stop")
        shutil.rmtree(home, ignore_errors=True)


@contextlib.contextmanager
def redis_server():
    """Debian's redis-server on a loopback port, keeping nothing on disk; yields its REDIS_URL."""
    port = free_port()
    home = Path(tempfile.mkdtemp(prefix="diwaniya-redis-"))
    server = subprocess.Popen(
        [
            shutil.which("redis-server"),
            "--port",
            str(port),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
            "--dir",
            str(home),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.STDOUT,
    )
    try:
        end = time.monotonic() + WAIT
        while time.monotonic() < end:
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 1):
                break
            time.sleep(0.05)
        else:
            raise RuntimeError(f"redis-server did not answer in {WAIT} s")
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        server.terminate()
        server.wait(10)
        shutil.rmtree(home, ignore_errors=True)


def manage(env: dict, *command: str) -> str:
    return subprocess.run(
        [sys.executable, "manage.py", *command],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout


def site_env(database_url: str) -> dict:
    env = {**os.environ, "DATABASE_URL": database_url, "DJANGO_DEBUG": "0"}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    return env


# Set-up made once per test run and copied: every served test needs the same migrated
# database with the same content loaded, and making it takes 10 s on SQLite and several
# times that on PostgreSQL. The run's workers share one folder (tests/conftest.py sets it in
# pytest's temporary folder of the run, which pytest removes a few runs later).
PREPARED = Path(tempfile.gettempdir()) / f"diwaniya-prepared-{os.getpid()}"


def prepare(env: dict, *loads: str) -> None:
    """The database of ``env`` migrated, with the content the test needs (``loadrulebook``...):
    a copy of one made once per run for these loads (``build`` makes it the long way)."""
    url = env["DATABASE_URL"]
    if url.startswith("sqlite:///"):
        shutil.copyfile(_sqlite_template(env, loads), url.removeprefix("sqlite:///"))
    elif url.startswith("postgres"):
        _from_postgres_template(env, loads)
    else:
        build(env, *loads)


def build(env: dict, *loads: str) -> None:
    manage(env, "migrate", "--noinput", "-v0")
    for command in loads:
        manage(env, command)


def _key(loads) -> str:
    return hashlib.sha256(" ".join(loads).encode()).hexdigest()[:12]


def _sqlite_template(env: dict, loads) -> Path:
    PREPARED.mkdir(exist_ok=True)
    template = PREPARED / f"{_key(loads)}.sqlite3"
    with open(PREPARED / "lock", "w") as lock:  # one worker builds, the others wait for it
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not template.exists():
            part = template.with_suffix(".part")
            build({**env, "DATABASE_URL": f"sqlite:///{part}"}, *loads)
            with contextlib.closing(sqlite3.connect(part)) as db:  # the WAL into the file
                db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            part.rename(template)
    return template


_pg_templates: set[tuple[str, str]] = set()  # (cluster socket, template) made in this process


def _from_postgres_template(env: dict, loads) -> None:
    """PostgreSQL copies a database that nobody is connected to: CREATE DATABASE ... TEMPLATE."""
    parsed = urllib.parse.urlsplit(env["DATABASE_URL"])
    name, query = parsed.path.lstrip("/"), urllib.parse.parse_qs(parsed.query)
    host, port = query["host"][0], query["port"][0]
    template = f"prepared_{_key(loads)}"
    bin_dir = Path(initdb()).parent
    where = ("-h", host, "-p", port, "-U", "diwaniya")
    if (host, template) not in _pg_templates:
        _as_postgres(str(bin_dir / "createdb"), *where, template)
        url = parsed._replace(path=f"/{template}").geturl()
        build({**env, "DATABASE_URL": url}, *loads)
        _pg_templates.add((host, template))
    _as_postgres(str(bin_dir / "dropdb"), *where, name)
    _as_postgres(str(bin_dir / "createdb"), *where, "-T", template, name)


@contextlib.contextmanager
def gunicorn(env: dict, workers: int = 2, log_dir: Path | None = None, port: int | None = None):
    """The site under gunicorn with uvicorn's ASGI workers on a loopback port, its access log
    written as ``make serve`` writes it (``diwaniya.accesslog``) into ``gunicorn.log``; yields
    its base URL. ``port`` starts it again where it ran before (a restart)."""
    port = port or free_port()
    log_path = Path(log_dir or tempfile.mkdtemp(prefix="diwaniya-gunicorn-")) / "gunicorn.log"
    log_path.parent.mkdir(parents=True, exist_ok=True)
    log = open(log_path, "w")
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "diwaniya.asgi:application",
            "--worker-class",
            "uvicorn_worker.UvicornWorker",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            str(workers),
            "--timeout",
            "60",
            "--access-logfile",
            "-",
            "--logger-class",
            "diwaniya.accesslog.Logger",
        ],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        end = time.monotonic() + WAIT  # starting is slow on a loaded machine, never a failure
        while time.monotonic() < end:
            try:
                urllib.request.urlopen(url + "/en/tarneeb/sheet/", timeout=WAIT)
                break
            except urllib.error.HTTPError:
                break
            except OSError:
                if server.poll() is not None:
                    break
                time.sleep(0.1)
        else:
            raise RuntimeError("gunicorn did not start: " + log_path.read_text())
        if server.poll() is not None:
            raise RuntimeError("gunicorn stopped: " + log_path.read_text())
        yield url
    finally:
        server.terminate()
        server.wait(20)
        log.close()


class Killable:
    """The site under gunicorn with uvicorn's ASGI workers, as ``make serve`` runs it, in a
    process group of its own, so that ``kill()`` stops it as a machine losing power would
    (SIGKILL to the master and its workers at once: no socket closed, no transaction ended)
    and ``start()`` brings it back on the same port. ``app`` is the ASGI application's
    import path (the bench serves its own, with an echo consumer)."""

    def __init__(
        self,
        env: dict,
        log_dir: Path,
        app: str = "diwaniya.asgi:application",
        workers: int = 1,
        preload: bool = False,
    ):
        self.env, self.app, self.workers, self.preload = env, app, workers, preload
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = Path(log_dir) / f"gunicorn-{self.port}.log"
        self.process = None

    def start(self) -> "Killable":
        return self.launch().ready()

    def launch(self) -> "Killable":
        """Start it, not waiting for it to answer (``ready()`` waits)."""
        log = open(self.log_path, "a")
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "gunicorn",
                self.app,
                "--worker-class",
                "uvicorn_worker.UvicornWorker",
                "--bind",
                f"127.0.0.1:{self.port}",
                "--workers",
                str(self.workers),
                "--timeout",
                "60",
                "--no-control-socket",  # one per host by default: several servers here
                *(["--preload"] if self.preload else []),
            ],
            cwd=ROOT,
            env=self.env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        log.close()
        return self

    def ready(self) -> "Killable":
        end = time.monotonic() + WAIT
        while time.monotonic() < end:
            try:
                urllib.request.urlopen(self.url + "/en/tarneeb/sheet/", timeout=WAIT)
                return self
            except urllib.error.HTTPError:
                return self
            except OSError:
                if self.process.poll() is not None:
                    break
                time.sleep(0.05)
        raise RuntimeError("gunicorn did not start: " + self.log_path.read_text())

    def kill(self) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(20)

    def workers_now(self) -> set[int]:
        """The process ids of its workers (the master's children)."""
        path = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children")
        return {int(pid) for pid in path.read_text().split()}

    def kill_worker(self) -> None:
        """SIGKILL its worker, the process holding the sockets and the database connection;
        the master, as a supervisor, starts another at once (with ``preload``, a fork of the
        loaded site: milliseconds, where a whole server takes seconds)."""
        old = self.workers_now()
        for pid in old:
            os.kill(pid, signal.SIGKILL)
        end = time.monotonic() + WAIT
        while time.monotonic() < end:
            now = self.workers_now()
            if now and not now & old:
                break
            time.sleep(0.01)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.kill()


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


class Browser:
    """One visitor: its own cookies (session, CSRF), no redirects followed."""

    def __init__(self, base: str):
        self.base = base
        self.cookies = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.cookies), _NoRedirect()
        )

    def cookie(self, name: str) -> str | None:
        return next((c.value for c in self.cookies if c.name == name), None)

    def request(self, path: str, data: dict | None = None) -> tuple[int, str, dict]:
        body = None
        if data is not None:
            data = {"csrfmiddlewaretoken": self.cookie("csrftoken") or "", **data}
            body = urllib.parse.urlencode(data, doseq=True).encode()
        request = urllib.request.Request(self.base + path, data=body)
        try:
            with self.opener.open(request, timeout=60) as response:
                return response.status, response.read().decode(), response.headers
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode(errors="replace"), error.headers

    def get(self, path: str):
        return self.request(path)

    def post(self, path: str, data: dict):
        return self.request(path, data)
