"""The editor's preview: the unsaved lesson, checked by the engine and played as a learner
will see it, for its teacher only, behind CSRF; answers given in it count for no learner."""

import json

import pytest
from django.test import Client

from lessons.models import Answer

from .test_editor import claimed, made

pytestmark = pytest.mark.django_db


def preview(client, row, obj, number=2, lang="en"):
    text = "" if obj is None else json.dumps(obj)
    return client.post(f"/{lang}/lessons/{row.public_id}/edit/preview/{number}/", {"lesson": text})


def test_the_preview_plays_the_unsaved_lesson_and_counts_no_answer(tutorials):
    row = made()
    teacher = claimed(row)
    draft = dict(row.data)
    draft["steps"] = [dict(s) for s in row.data["steps"]]
    draft["steps"][1]["narration"] = "A narration not saved yet."
    url = f"/en/lessons/{row.public_id}/edit/preview/2/"
    assert Client().post(url, {"lesson": json.dumps(draft)}).status_code == 404  # owner only
    page = preview(teacher, row, draft)
    body = page.content.decode()
    assert page.status_code == 200
    assert "A narration not saved yet." in body and "are not counted" in body
    assert 'name="robots" content="noindex"' in body and "no-cache" in page["Cache-Control"]
    assert page["Referrer-Policy"] == "same-origin"  # its answer forms need a real Origin
    assert 'class="answer-form"' in body
    # an answer inside the preview: the preview's own progress moves, no learner's count does
    answered = teacher.post(url, {"move": "pass:QS"})
    assert answered.status_code == 302 and answered["Location"] == url
    assert "Right." in teacher.get(url).content.decode()
    assert "A narration not saved yet." in teacher.get(url).content.decode()  # the draft kept
    assert not Answer.objects.exists()
    assert (
        "A narration not saved yet."
        not in teacher.get(f"/en/lessons/{row.public_id}/2/").content.decode()
    )
    row.refresh_from_db()
    assert row.version == 1  # a preview saves nothing
    # a new preview starts afresh: the question asked again
    assert 'class="answer-form"' in preview(teacher, row, draft).content.decode()
    # without the script, the form sends no draft: the saved lesson
    saved = preview(teacher, row, None).content.decode()
    assert "A narration not saved yet." not in saved and "are not counted" in saved


@pytest.mark.parametrize(
    "lang,words",
    [
        ("en", "Step 2 does not replay: a sentence for a wrong answer is given to a right one."),
        ("fr", "L’étape 2 ne se rejoue pas"),
        ("ar", "الخطوة 2"),
    ],
)
def test_a_draft_the_engine_refuses_is_422_naming_the_step_in_the_teachers_language(
    tutorials, lang, words
):
    row = made()
    teacher = claimed(row)
    draft = json.loads(json.dumps(row.data))
    draft["steps"][1]["question"]["why"] = {"pass:QS": "A right answer with a wrong sentence."}
    answer = preview(teacher, row, draft, lang=lang)
    assert answer.status_code == 422
    assert words in answer.content.decode()
    assert preview(teacher, row, {"game": "no-such-game"}, lang=lang).status_code == 400
    url = f"/{lang}/lessons/{row.public_id}/edit/preview/2/"
    for text in ("{not json", "[1]", "[" * 5000, '{"a": ' * 5000):
        assert teacher.post(url, {"lesson": text}).status_code == 400
    assert teacher.post(url, {"lesson": " " * 300_000}).status_code == 413


def test_the_preview_keeps_csrf_protection(tutorials):
    row = made()
    strict = Client(enforce_csrf_checks=True)
    assert strict.get(row.private_url()).status_code == 303
    url = f"/en/lessons/{row.public_id}/edit/preview/2/"
    assert strict.post(url, {"lesson": json.dumps(row.data)}).status_code == 403
    editor = strict.get(f"/en/lessons/{row.public_id}/edit/").content.decode()
    assert f'action="/en/lessons/{row.public_id}/edit/preview/1/"' in editor
    token = strict.cookies["csrftoken"].value
    answer = strict.post(url, {"lesson": json.dumps(row.data), "csrfmiddlewaretoken": token})
    assert answer.status_code == 200


def test_hostile_drafts_get_no_server_error(tutorials):
    import random

    from tests import fuzz

    from .test_safety import mutated

    row = made()
    teacher = claimed(row)
    fuzzer = fuzz.Fuzzer(20261206, {})
    rng = random.Random(6)
    url = f"/en/lessons/{row.public_id}/edit/preview/2/"
    statuses = set()
    for _n in range(60):
        answer = teacher.post(url, {"lesson": mutated(rng, fuzzer)})
        statuses.add(answer.status_code)
        assert answer.status_code < 500
        if answer.status_code == 200:  # a draft that plays: its answers are hostile too
            assert teacher.post(url, {"move": fuzzer.hostile()[:40]}).status_code < 500
    assert 400 in statuses  # the mutations do reach the checks
