"""PostgreSQL through DATABASE_URL, for real: a throwaway server, the set-up commands, a page.

Runs wherever PostgreSQL's server binaries are installed (Debian's postgresql package, as on
the project's machines); it starts its own cluster in a temporary folder and stops it after.
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest

# One worker runs every PostgreSQL test (make test: --dist loadgroup): its one cluster
# keeps one prepared database for them all (tests/servers.py, prepare).
pytestmark = [pytest.mark.served, pytest.mark.xdist_group("postgres")]

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def postgres_url(postgres):
    return postgres("diwaniya")


def test_setup_and_a_rules_page_on_postgresql(postgres_url):
    env = {**os.environ, "DATABASE_URL": postgres_url}
    manage = [sys.executable, "manage.py"]
    subprocess.run(manage + ["migrate", "--noinput", "-v0"], cwd=ROOT, env=env, check=True)
    first = subprocess.run(
        manage + ["loadrulebook"], cwd=ROOT, env=env, check=True, capture_output=True, text=True
    ).stdout
    again = subprocess.run(
        manage + ["loadrulebook"], cwd=ROOT, env=env, check=True, capture_output=True, text=True
    ).stdout
    assert "0 created, 0 updated" in again and "created" in first
    for command in ("loadtutorials", "loadquiz"):
        for _ in range(2):
            out = subprocess.run(
                manage + [command], cwd=ROOT, env=env, check=True, capture_output=True, text=True
            ).stdout
        assert "0 created, 0 updated" in out, out
    script = (
        "import django; django.setup();"
        "from django.db import connection; from django.test import Client;"
        "r = Client().get('/fr/bent-al-sbeet/sbeetah/');"
        "print(connection.vendor, r.status_code, '152' in r.content.decode());"
        # a tutorial answer and a quiz question keep their progress in the session table
        "c = Client(); t = c.post('/en/tutorials/sabaat-knock/5/', {'move': 'knock'});"
        "page = c.get('/en/tutorials/sabaat-knock/5/').content.decode();"
        "q = c.get('/en/quiz/start/?game=tarneeb&variant=classic&kind=play', follow=True);"
        "print(t.status_code, 'feedback right' in page, q.status_code)"
    )
    out = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        check=True,
        text=True,
        capture_output=True,
        env={**env, "DJANGO_SETTINGS_MODULE": "diwaniya.settings"},
    ).stdout
    assert out.split() == ["postgresql", "200", "True", "302", "True", "200"]
