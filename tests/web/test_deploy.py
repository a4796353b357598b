"""Production settings: `check --deploy` passes with the environment the README documents."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_check_deploy_passes_with_the_production_environment():
    env = {
        **os.environ,
        "DJANGO_SECRET_KEY": "x" * 20 + "-production-key-with-enough-entropy-0123456789",
        "DJANGO_ALLOWED_HOSTS": "diwaniya.example",
        "DJANGO_SECURE": "1",
        "DJANGO_DEBUG": "0",
    }
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
