"""The release in the shared cache's keys: a new release never reads the pages the last one
cached, and the same code on two machines shares them."""

from diwaniya import release


def tree(root, template: str):
    (root / "templates").mkdir(parents=True, exist_ok=True)
    (root / "rulebook" / "__pycache__").mkdir(parents=True, exist_ok=True)
    (root / "templates" / "page.html").write_text(template)
    (root / "rulebook" / "engine.py").write_text("RULE = 1\n")
    return root


def test_a_changed_template_is_a_new_release_and_the_same_files_the_same(tmp_path, monkeypatch):
    monkeypatch.delenv("DIWANIYA_RELEASE", raising=False)
    one = release.digest(tree(tmp_path / "a", "<p>Trick</p>"))
    assert release.digest(tree(tmp_path / "b", "<p>Trick</p>")) == one  # another machine
    assert release.digest(tree(tmp_path / "c", "<p>Tricks</p>")) != one
    # compiled bytecode is no part of it
    (tmp_path / "a" / "rulebook" / "__pycache__" / "engine.cpython-311.pyc").write_bytes(b"x")
    assert release.digest(tmp_path / "a") == one


def test_a_deployment_may_name_its_release(tmp_path, monkeypatch):
    monkeypatch.setenv("DIWANIYA_RELEASE", "2026-12-03.1")
    assert release.digest(tree(tmp_path, "<p>Trick</p>")) == "2026-12-03.1"
