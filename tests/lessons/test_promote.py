"""A lesson promoted to a site tutorial: ``as_tutorial`` is the inverse of ``as_lesson``, the
file written reads back as the tutorial it was, and the admin's action makes it a tutorial
at once, only when its texts exist in all three languages and never over an existing file."""

import shutil
import tomllib

import pytest
from django.contrib.auth.models import User
from django.test import Client

from lessons import store
from lessons.models import Lesson
from tutorials import content, toml
from tutorials.loader import _step_values, _tutorial_values
from tutorials.models import Tutorial

from .helpers import SHIPPED, tutorial_lesson


def effective(data: dict) -> dict:
    """Everything the loader and ``content.problems`` read from a file, a step's show as it
    takes effect."""
    top = data.get("show", "learner")
    return {
        "tutorial": _tutorial_values(data, None),
        "problems": content.problems(data),
        "steps": [
            {**_step_values(s), "show": s.get("show") or top, "text": s.get("text")}
            for s in data.get("steps", [])
        ],
        "texts": [
            (
                s.get("text"),
                (s.get("question") or {}).get("hint"),
                (s.get("question") or {}).get("explain"),
            )
            for s in data.get("steps", [])
        ],
    }


@pytest.mark.parametrize("language", ["ar", "en", "fr"])
@pytest.mark.parametrize("slug", sorted(SHIPPED))
def test_a_tutorial_as_a_lesson_as_a_tutorial_file_reads_back_as_the_original(slug, language):
    data = SHIPPED[slug]
    back = content.as_tutorial(
        content.as_lesson(data, language), data["slug"], data["level"], data["order"]
    )
    read = tomllib.loads(toml.dumps(back))
    assert read == back
    assert read == data  # the shipped files need nothing the writer leaves out
    assert effective(read) == effective(data)


def test_the_writer_keeps_awkward_texts():
    for text in ['a"', 'a"""b', 'x\n"""', '\nlead\\n"', 'q""""\n', "{QS} «\u00a0x\u00a0»", "\t"]:
        assert tomllib.loads(toml.dumps({"t": text, "k": {"a:b": [1, "x"]}}))["t"] == text


def test_why_and_point_texts_survive_a_tutorial_file():
    obj = tutorial_lesson()
    q = obj["steps"][1]["question"]
    q["accept"] = ["pass:QS", "pass:AH"]
    q["why"] = {"pass:2C": "Keep it."}
    obj["steps"][0]["point"] = "Count."
    for lang in ("ar", "fr"):
        obj["translations"][lang]["steps"][1]["why"] = {"pass:2C": f"{lang} keep"}
        obj["translations"][lang]["steps"][0]["point"] = f"{lang} count"
    data = tomllib.loads(toml.dumps(content.as_tutorial(obj, "x", "beginner", 9)))
    again = content.as_lesson(data, "en")
    assert again["steps"][1]["question"]["why"] == {"pass:2C": "Keep it."}
    assert again["steps"][0]["point"] == "Count."
    assert again["translations"]["fr"]["steps"][1]["why"] == {"pass:2C": "fr keep"}


@pytest.fixture
def data_dir(tmp_path, monkeypatch, tutorials):
    """The tutorials' files copied where a promotion may write."""
    for path in content.files():
        shutil.copy(path, tmp_path / path.name)
    monkeypatch.setattr(content, "DATA", tmp_path)
    return tmp_path


@pytest.fixture
def editor():
    user = User.objects.create_superuser("editor", "e@example.com", "pw-editor-1")
    client = Client()
    client.force_login(user)
    return client


ACTION = "/admin/lessons/lesson/"


def promote_by_admin(editor, row, **given):
    """The action, then its form sent with what it proposed (``given`` changes it)."""
    asked = editor.post(ACTION, {"action": "promote_to_tutorial", "_selected_action": [row.pk]})
    if "form" not in (asked.context or {}):
        return editor.get(ACTION)  # refused at once: the list and its message
    proposed = {name: field.initial for name, field in asked.context["form"].fields.items()}
    proposed.update(asked.context["form"].initial)
    data = {"action": "promote_to_tutorial", "_selected_action": [row.pk], "apply": "1"}
    return editor.post(ACTION, {**data, **proposed, **given}, follow=True)


def renamed(slug="bent-first-deal"):
    obj = tutorial_lesson(slug)
    obj["title"] = "A promoted first deal"
    obj["translations"]["ar"]["title"] = "صفقة أولى"
    obj["translations"]["fr"]["title"] = "Une première donne"
    return obj


@pytest.mark.django_db
def test_the_admin_promotes_a_lesson_in_three_languages_to_a_tutorial(editor, data_dir):
    row = store.create(renamed())
    answer = promote_by_admin(editor, row)
    assert answer.status_code == 200
    path = data_dir / "a-promoted-first-deal.toml"
    assert path.exists(), answer.content.decode()[:3000]
    data = content.read(path)
    assert content.problems(data) == []
    page = Client().get("/en/tutorials/a-promoted-first-deal/1/")
    assert page.status_code == 200
    assert "A promoted first deal" in page.content.decode()
    assert Client().get("/fr/tutorials/a-promoted-first-deal/1/").status_code == 200
    # a second promotion never overwrites the file
    before = path.read_text()
    answer = promote_by_admin(editor, Lesson.objects.get(pk=row.pk))
    assert "already exists" in answer.content.decode()
    assert path.read_text() == before


@pytest.mark.django_db
def test_a_lesson_missing_a_language_is_not_promoted_and_the_message_names_it(editor, data_dir):
    obj = renamed()
    del obj["translations"]["fr"]
    row = store.create(obj)
    answer = promote_by_admin(editor, row)
    text = answer.content.decode()
    assert "French" in text and "missing" in text
    assert not (data_dir / "a-promoted-first-deal.toml").exists()


@pytest.mark.django_db
def test_the_promotion_form_asks_the_slug_level_and_order_and_checks_them(editor, data_dir):
    row = store.create(renamed())
    before = sorted(p.name for p in data_dir.iterdir())
    asked = editor.post(
        ACTION,
        {"action": "promote_to_tutorial", "_selected_action": [row.pk]},
        HTTP_ACCEPT_LANGUAGE="fr",
    )
    page = asked.content.decode()
    assert asked.status_code == 200
    assert 'value="a-promoted-first-deal"' in page  # proposed from the English title
    assert "L’adresse du tutoriel" in page and "Niveau" in page  # the labels, translated
    assert not list(data_dir.glob("a-promoted*"))  # asking writes nothing
    refused = {
        "slug": ["Bad Slug", "a--b", "-a", "é", "x" * 51, "bent-first-deal"],
        "level": ["expert", ""],
        "order": ["0", "1000", "two"],
    }
    for field, values in refused.items():
        for value in values:
            answer = promote_by_admin(editor, row, **{field: value})
            assert answer.status_code == 200
            assert answer.context["form"].errors.keys() == {field}, (field, value)
    assert sorted(p.name for p in data_dir.iterdir()) == before  # nothing written
    done = promote_by_admin(editor, row, slug="first-deal-again", level="advanced", order="7")
    assert "first-deal-again" in done.content.decode()
    tutorial = Tutorial.objects.get(slug="first-deal-again")
    assert (tutorial.level, tutorial.order) == ("advanced", 7)


@pytest.mark.django_db
def test_the_promotion_takes_one_lesson_at_a_time(editor, data_dir):
    rows = [store.create(renamed()), store.create(renamed())]
    answer = editor.post(
        ACTION,
        {"action": "promote_to_tutorial", "_selected_action": [r.pk for r in rows]},
        follow=True,
    )
    assert "one lesson at a time" in answer.content.decode()
    assert not list(data_dir.glob("a-promoted*"))
