"""The limits hold across two gunicorn workers and a restart, on SQLite and on PostgreSQL:
each request may reach either worker (the counts are in the database, not a worker's
memory), and a restarted server remembers them. Before, 9 and 10 of 20 reports got through
with two workers, and a restart forgot them. The access log holds no private token."""

import json
import re
import shutil
import urllib.request

import pytest

from plumbing import limits
from tests import servers
from tests.waiting import WAIT

pytestmark = pytest.mark.served

REPORT = {"rule": "ties", "region": "Jahra", "text": "We split ties.", "source": ""}
REPORT_URL = "/fr/bent-al-sbeet/sbeetah/report/ties/"


@pytest.fixture(scope="module", params=["sqlite", "postgresql", "redis"])
def env(request, tmp_path_factory):
    if request.param == "postgresql":
        url = request.getfixturevalue("postgres")("limits")
    else:
        url = f"sqlite:///{tmp_path_factory.mktemp('limits') / 'site.sqlite3'}"
    env = servers.site_env(url)
    env.pop("REDIS_URL", None)
    servers.prepare(env, "loadrulebook")
    if request.param != "redis":
        yield env
        return
    if not shutil.which("redis-server"):
        pytest.skip("redis-server is not installed")
    with servers.redis_server() as redis_url:  # the counts in the shared cache's "limits"
        yield {**env, "REDIS_URL": redis_url}


def _api_create(base: str, forwarded: str) -> tuple[int, dict, dict]:
    request = urllib.request.Request(
        base + "/api/tarneeb/practice",
        data=b"{}",
        headers={"Content-Type": "application/json", "X-Forwarded-For": forwarded},
    )
    try:
        with urllib.request.urlopen(request, timeout=WAIT) as response:
            return response.status, json.loads(response.read()), response.headers
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read()), error.headers


def test_report_and_creation_limits_hold_across_workers_and_a_restart(env, tmp_path):
    per_session = limits.REPORTS[0].count
    per_minute = limits.CREATING["practice"][1].count
    with servers.gunicorn(env, workers=2, log_dir=tmp_path) as base:
        reader = servers.Browser(base)
        assert reader.get(REPORT_URL)[0] == 200  # the CSRF cookie
        sent = [reader.post(REPORT_URL, REPORT)[0] for _ in range(8)]
        assert sent == [303] * per_session + [429] * (8 - per_session), sent
        created = [_api_create(base, "198.51.100.7")[0] for _ in range(per_minute + 5)]
        assert created.count(201) == per_minute, created
        port = int(base.rsplit(":", 1)[1])
        # a learner's scorer's link, to look for in the log
        scorer = servers.Browser(base)
        scorer.get("/en/tarneeb/sheet/")
        status, _, headers = scorer.post("/en/tarneeb/sheet/", {"variant": "classic"})
        assert status == 302
        kept = headers["Location"]
    log = (tmp_path / "gunicorn.log").read_text()
    # a restart on the same database: nothing forgotten
    with servers.gunicorn(env, workers=2, log_dir=tmp_path / "again", port=port) as base:
        reader.base = base
        status, body, headers = reader.post(REPORT_URL, REPORT)
        assert status == 429 and int(headers["Retry-After"]) > 0
        status, error, headers = _api_create(base, "198.51.100.7")
        assert status == 429 and error["error"]["code"] == "rate_limited"
        assert 0 < int(headers["Retry-After"]) <= 60
        assert _api_create(base, "198.51.100.8")[0] == 201  # another address goes on
        # the scorer's link: claimed, 303 to an address without the token, none in the log
        from urllib.parse import urlparse

        scorer.base = base
        status, page, _ = scorer.get(kept)
        assert status == 200
        link = re.search(r'class="scorer-link" href="([^"]+)"', page)[1]
        token = link.rstrip("/").rsplit("/", 1)[1]
        status, _, headers = servers.Browser(base).get(urlparse(link).path)
        assert status == 303 and headers["Referrer-Policy"] == "no-referrer"
        assert token not in headers["Location"]
    log += (tmp_path / "again" / "gunicorn.log").read_text()
    assert "/sheet/score/…/" in log
    assert token not in log
    assert "/api/tarneeb/practice" in log
