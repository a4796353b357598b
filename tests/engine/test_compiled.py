"""The penalty family's hot path compiled by mypyc (``make setup``) is its sources' own: every
preset's deals played out, move by move and by ``playout()``, give the same moves and the same
points compiled and from the sources; a compiled build older than its sources is never used."""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from cardgames import penalty

ROOT = Path(__file__).resolve().parents[2]

PLAY = r"""
import hashlib, json, random
from cardgames import penalty, shuffle
from cardgames.penalty import bent_al_sbeet, hearts, leekha

digest = hashlib.sha256()
for module in (bent_al_sbeet, hearts, leekha):
    for name, rules in sorted(module.PRESETS.items()):
        for i in range(60):
            hands = shuffle.deal(f"{name}-{i}", module.PACK)
            deal = module.new_deal(rules, hands, i % 4, deal_number=1 + i % 4)
            deal.playout(random.Random(i).random)
            digest.update(repr((deal.history, deal.points(), deal.taken)).encode())
            step = module.new_deal(rules, hands, i % 4, deal_number=1 + i % 4)
            rng = random.Random(-i)
            while step.to_act is not None:
                legal = step.legal_moves()
                digest.update(repr(legal).encode())
                step.push(rng.choice(legal))
            digest.update(repr((step.points(), step.moon_by(), step.last_trick)).encode())
print(json.dumps({"engine": penalty.ENGINE, "digest": digest.hexdigest()}))
"""


def _play(cwd: Path, pure: bool) -> dict:
    env = {**os.environ, "PYTHONPATH": str(cwd), "DIWANIYA_PURE": "1" if pure else ""}
    done = subprocess.run(
        [sys.executable, "-c", PLAY], cwd=cwd, env=env, capture_output=True, text=True, check=True
    )
    return json.loads(done.stdout)


def test_the_compiled_engine_plays_every_preset_as_its_sources_do():
    compiled, sources = _play(ROOT, pure=False), _play(ROOT, pure=True)
    assert compiled["engine"] == "mypyc", "make setup compiles the hot path (gcc and mypyc)"
    assert sources["engine"] == "python"
    assert compiled["digest"] == sources["digest"]


def test_a_build_older_than_its_sources_is_never_used(tmp_path):
    """An edit to a source after the build: the source runs, not the compiled module."""
    shutil.copytree(ROOT / "cardgames", tmp_path / "cardgames")
    assert _play(tmp_path, pure=False)["engine"] == "mypyc"
    deal = tmp_path / "cardgames" / "penalty" / "deal.py"
    deal.write_text(deal.read_text() + "\n# edited after the build\n")
    check = "import cardgames.penalty.deal as d, json; print(json.dumps(d.__file__))"
    env = {**os.environ, "PYTHONPATH": str(tmp_path), "DIWANIYA_PURE": ""}
    done = subprocess.run(
        [sys.executable, "-c", check], cwd=tmp_path, env=env, capture_output=True, text=True
    )
    assert json.loads(done.stdout) == str(deal)
    assert _play(tmp_path, pure=False)["engine"] == "python"


def test_this_process_runs_the_engine_make_setup_built():
    assert penalty.ENGINE == ("python" if os.environ.get("DIWANIYA_PURE") else "mypyc")


def test_a_build_missing_one_of_its_files_is_never_used(tmp_path):
    shutil.copytree(ROOT / "cardgames", tmp_path / "cardgames")
    (shared,) = (tmp_path / "cardgames" / "penalty").glob("_hot__mypyc*")
    shared.unlink()
    assert _play(tmp_path, pure=False)["engine"] == "python"
