"""A lesson played by the tutorials' player: the teacher's sentence for a named wrong
answer, the engine's reason for another, a hint, the right answer, and the results."""

import re

import pytest
from django.test import Client

from .helpers import API, bearer, post, two_answers

pytestmark = pytest.mark.django_db


def made(obj=None):
    body = post(Client(), obj or two_answers()).json()
    return body


def test_a_learner_plays_a_question_and_the_teacher_counts_it(rulebook):
    body = made()
    pid = body["id"]
    learner = Client()
    start = learner.get(f"/en/lessons/{pid}/")
    assert start.status_code == 302 and start["Location"].endswith(f"/lessons/{pid}/1/")
    page = learner.get(f"/en/lessons/{pid}/2/")
    assert page.status_code == 200
    assert b'name="robots" content="noindex"' in page.content
    assert learner.post(f"/en/lessons/{pid}/2/", {"move": "pass:2C"}).status_code == 302
    page = learner.get(f"/en/lessons/{pid}/2/").content.decode()
    assert "A low club is a card to keep." in page
    assert 'class="answer feedback wrong teacher"' in page and 'lang="en" dir="ltr"' in page
    learner.post(f"/en/lessons/{pid}/2/", {"move": "pass:8S"})
    page = learner.get(f"/en/lessons/{pid}/2/").content.decode()
    assert "A low club is a card to keep." not in page
    learner.post(f"/en/lessons/{pid}/2/", {"hint": "1"})
    learner.post(f"/en/lessons/{pid}/2/", {"move": "pass:AH"})
    page = learner.get(f"/en/lessons/{pid}/2/").content.decode()
    assert "Right." in page
    results = Client().get(f"{API}/{pid}/results", **bearer(body["edit_key"])).json()
    q = next(q for q in results["questions"] if q["step"] == 2)
    assert q["reached"] == 1 and q["answered"] == 1 and q["right_first"] == 0
    assert q["first_answers"] == {"pass:2C": 1}
    owner = Client()
    owner.get(body["urls"]["edit"])
    page = owner.get(f"/en/lessons/{pid}/results/")
    assert page.status_code == 200
    assert b"Reached by 1 learner" in page.content
    assert Client().get(f"/en/lessons/{pid}/results/").status_code == 404


def test_markup_in_a_teachers_text_is_escaped(rulebook):
    obj = two_answers()
    obj["steps"][0]["narration"] = (
        '*Look* <script>alert(1)</script> <img src=x onerror="alert(2)"> '
        '<a href="javascript:alert(3)">x</a>'
    )
    pid = made(obj)["id"]
    page = Client().get(f"/en/lessons/{pid}/1/").content.decode()
    assert "<em>Look</em>" in page
    assert "<script>alert(1)" not in page and "<img src=x" not in page
    assert '<a href="javascript:' not in page


def test_an_arabic_learner_gets_translations_where_given_and_english_marked_where_not(rulebook):
    obj = two_answers()
    ar = obj["translations"]["ar"]
    ar["steps"] = [ar["steps"][0]]  # step 1 translated, step 2 not
    pid = made(obj)["id"]
    learner = Client()
    one = learner.get(f"/ar/lessons/{pid}/1/").content.decode()
    assert 'id="narration" lang="ar" dir="rtl"' in one
    two = learner.get(f"/ar/lessons/{pid}/2/").content.decode()
    assert 'id="narration" lang="en" dir="ltr"' in two
    learner.post(f"/ar/lessons/{pid}/2/", {"move": "pass:2C"})
    two = learner.get(f"/ar/lessons/{pid}/2/").content.decode()
    assert 'id="feedback" lang="en" dir="ltr"' in two


def test_a_lesson_the_engine_no_longer_replays_is_410(rulebook):
    from lessons.models import Lesson

    pid = made()["id"]
    row = Lesson.objects.get(public_id=pid)
    row.data["steps"][1]["moves"] = ["pass:KD", "pass:KD"]
    row.version += 5
    row.save()
    assert Client().get(f"/en/lessons/{pid}/2/").status_code == 410


def test_the_summary_waits_for_a_last_step_that_asks(rulebook):
    obj = two_answers()
    obj["steps"] = obj["steps"][:2]  # the pass question is the last step
    del obj["translations"]
    obj.pop("section", None)  # as a lesson made from a practice deal: no section of the rules
    for step in obj["steps"]:
        step.pop("section", None)
    pid = made(obj)["id"]
    learner = Client()
    assert 'class="finish answer"' not in learner.get(f"/en/lessons/{pid}/2/").content.decode()
    learner.post(f"/en/lessons/{pid}/2/", {"move": "pass:AH"})
    end = learner.get(f"/en/lessons/{pid}/2/").content.decode()
    assert 'class="finish answer"' in end
    # a lesson that names no section of the rules gets no "what it taught" over nothing
    assert "What this hand taught" not in end and "The end of the hand" in end


def test_make_a_lesson_of_a_lessons_step_starts_from_its_position(rulebook):
    pid = made()["id"]
    page = Client().get(f"/en/lessons/{pid}/2/").content.decode()
    link = re.search(r'href="([^"]+)" class="make-lesson"', page)[1].replace("&amp;", "&")
    assert "tutorial=" not in link and "game=bent-al-sbeet" in link
    assert Client().get(link).status_code == 200
