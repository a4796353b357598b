"""The hand-picked questions: loaded from quiz/data by `manage.py loadquiz`, idempotently,
without losing an admin's edit, refusing a position that does not replay; edited in the admin."""

import shutil
from io import StringIO
from pathlib import Path

import pytest
from django.core.exceptions import ValidationError
from django.core.management import CommandError, call_command

from quiz import loader, questions
from quiz.core import quizzed
from quiz.models import HandPicked


def load() -> str:
    out = StringIO()
    call_command("loadquiz", stdout=out)
    return out.getvalue()


def test_every_shipped_question_replays_and_asks_its_kind(rulebook):
    for spec in quizzed():
        items = loader.read(spec)
        assert len(items) >= 3, f"a few hand-picked questions for {spec.slug}"
        assert loader.problems(spec, items) == []
        kinds = {item["kind"] for item in items}
        assert kinds <= {*questions.KINDS[spec.slug], *questions.PICKED_KINDS}


def test_loading_twice_changes_nothing(rulebook):
    first = load()
    assert "created" in first and HandPicked.objects.count() >= 9
    rows = {r.pk: r.loaded_digest for r in HandPicked.objects.all()}
    second = load()
    assert "0 created, 0 updated" in second and "0 deleted" in second
    assert {r.pk: r.loaded_digest for r in HandPicked.objects.all()} == rows


def test_an_edit_made_in_the_admin_is_kept(rulebook):
    load()
    row = HandPicked.objects.get(key="nothing-fits")
    row.title_fr = "Rien ne va : on frappe"
    row.save()
    report = load()
    assert "kept 1 edited in the admin" in report
    assert HandPicked.objects.get(key="nothing-fits").title_fr == "Rien ne va : on frappe"


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    for f in loader.DATA.glob("*.toml"):
        shutil.copy(f, tmp_path / f.name)
    monkeypatch.setattr(loader, "DATA", tmp_path)
    return tmp_path


def test_a_changed_file_updates_rows_and_drops_removed_questions(rulebook, data_dir):
    load()
    path = Path(data_dir / "sabaat_al_deemin.toml")
    text = path.read_text()
    text = text.replace('en = "Four piles, and nothing that fits"', 'en = "Nothing fits"')
    cut = text.index('[[questions]]\nkey = "which-cards-fit"')
    path.write_text(text[:cut])
    report = load()
    assert "1 updated" in report and "1 deleted" in report
    assert HandPicked.objects.get(key="nothing-fits").title_en == "Nothing fits"
    assert not HandPicked.objects.filter(key="which-cards-fit").exists()


@pytest.mark.parametrize(
    "change,reason",
    [
        (('moves = "7D knock 8D', 'moves = "7D 8D'), "card_not_in_hand(card=8D, seat=W) at move 2"),
        (('kind = "knock"', 'kind = "sheet"'), "unknown_kind"),  # not a Sab'at kind
        (('moves = "double pass pass pass"', 'moves = "double pass pass"'), "not_a_question"),
        (('key = "nothing-fits"', 'key = "which-cards-fit"'), "unique"),
    ],
)
def test_a_broken_question_is_refused_with_its_reason(rulebook, data_dir, change, reason):
    path = data_dir / "sabaat_al_deemin.toml"
    text = path.read_text()
    assert change[0] in text
    path.write_text(text.replace(change[0], change[1], 1))
    with pytest.raises(CommandError) as e:
        load()
    assert "sabaat_al_deemin.toml question" in str(e.value)
    assert reason in str(e.value)
    assert HandPicked.objects.count() == 0  # nothing loaded while a file is broken


def test_the_admin_refuses_a_position_that_does_not_replay(rulebook):
    load()
    row = HandPicked.objects.get(key="the-dealer-must-bid")
    row.full_clean()
    row.moves = "pass pass pass pass"  # the forced dealer cannot pass
    with pytest.raises(ValidationError):
        row.full_clean()


def test_the_admin_lists_and_edits_the_questions(admin_client, rulebook):
    load()
    assert admin_client.get("/admin/quiz/handpicked/").status_code == 200
    row = HandPicked.objects.get(key="the-queen-must-go")
    page = admin_client.get(f"/admin/quiz/handpicked/{row.pk}/change/")
    assert page.status_code == 200
    assert b"title_ar" in page.content and b"note_fr" in page.content
    assert admin_client.get("/admin/quiz/answered/").status_code == 200


def test_the_system_check_guards_the_files(data_dir):
    from quiz.checks import hand_picked_questions_replay

    assert hand_picked_questions_replay() == []
    path = data_dir / "tarneeb.toml"
    path.write_text(path.read_text().replace('moves = "pass pass pass"', 'moves = "pass 14"'))
    errors = hand_picked_questions_replay()
    assert [e.id for e in errors] == ["quiz.E002"] and "the-dealer-must-bid" in errors[0].msg
