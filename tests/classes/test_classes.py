"""A teacher's class: made, joined by an account and by children's quick-login codes, given a
lesson, a tutorial, quiz questions and a practice deal; what each student did on the board and
in its CSV; who may see what; deleting; the limits."""

import csv
import io
import random

import pytest
from django.contrib.auth.models import User
from django.test import Client

from classes.models import Answer, Classroom, Student, Work
from tables.models import Place, Table
from tests.accounts.helpers import sign_up, text_of

from .helpers import (
    add_child,
    assign,
    assignment_pk,
    child,
    class_code,
    code_of,
    lesson,
    new_class,
    quick_login,
    teacher,
)

pytestmark = pytest.mark.django_db


def test_children_sign_in_with_the_class_code_and_a_code_the_teacher_can_reissue(rulebook):
    t = teacher()
    cid = new_class(t)
    code = class_code(t, cid)
    first = add_child(t, cid, "Layla Haddad")
    page = text_of(t.get(f"/en/classes/{cid}/"))
    assert "Layla Haddad" in page and "classmates see Layla" in page
    assert Student.objects.get().code_digest and first.replace("-", "") not in str(
        Student.objects.values_list().get()
    )  # only a digest is kept
    kid = child(code.lower(), first.replace("-", " ").lower())  # typed as a child types it
    assert kid.get(f"/en/classes/{cid}/").status_code == 200
    assert "Layla" in text_of(kid.get("/en/"))  # the header names the child, not a user name
    wrong = quick_login(Client(), code, "AAAA-AAAA")
    assert wrong.status_code == 400 and "do not go together" in text_of(wrong)
    student = Student.objects.get()
    reissued = t.post(f"/en/classes/{cid}/students/{student.pk}/code/")
    assert reissued.status_code == 200
    second = code_of(reissued)
    assert second != first
    assert quick_login(Client(), code, first).status_code == 400  # the old code opens nothing
    assert kid.get(f"/en/classes/{cid}/").status_code == 404  # and its session has ended
    assert child(code, second).get(f"/en/classes/{cid}/").status_code == 200


def test_an_account_joins_by_the_link_and_classmates_see_only_display_names(rulebook):
    t = teacher()
    cid = new_class(t)
    code = class_code(t, cid)
    add_child(t, cid, "Omar Khalil", "Omar")
    s = Client()
    sign_up(s, "nadia")
    # the join link carries no language: each student lands in their own
    assert Client().get(f"/classes/join/{code}/").status_code == 302
    page = s.get(f"/fr/classes/join/{code}/")
    assert page.status_code == 200 and 'name="real_name"' in page.content.decode()
    joined = s.post(
        f"/fr/classes/join/{code}/", {"real_name": "Nadia Saleh", "display_name": "Nadia"}
    )
    assert joined.status_code == 303
    mine = text_of(s.get(f"/fr/classes/{cid}/"))
    assert "Omar" in mine and "Khalil" not in mine
    assert "Nadia Saleh" in text_of(t.get(f"/en/classes/{cid}/"))
    assert Client().get("/en/classes/join/ZZZZZZ/").status_code == 404


def _answer_lesson(client, pid, *moves, hint=False):
    client.get(f"/en/lessons/{pid}/")
    if hint:
        client.post(f"/en/lessons/{pid}/2/", {"hint": "1"})
    for move in moves:
        assert client.post(f"/en/lessons/{pid}/2/", {"move": move}).status_code == 302


def test_a_lesson_on_the_board_per_student_and_per_question_and_in_the_csv(rulebook):
    t = teacher()
    cid = new_class(t)
    code = class_code(t, cid)
    kids = [child(code, add_child(t, cid, name)) for name in ("Layla A", "Omar B", "Sami C")]
    made = lesson()
    assign(t, cid, kind="lesson", lesson=f"/en/lessons/{made['id']}/", due="2099-01-31")
    # the homework is on the student's home page and class page
    home = kids[0].get("/en/").content.decode()
    assert "My homework" in home and f"/classes/{cid}/work/" in home
    work = kids[0].get(f"/en/classes/{cid}/work/{assignment_pk(cid, 'lesson')}/")
    assert work.status_code == 302 and made["id"] in work["Location"]
    _answer_lesson(kids[0], made["id"], "pass:2C", "pass:QS", hint=True)  # wrong, a hint, right
    _answer_lesson(kids[1], made["id"], "pass:2C", "pass:AH")  # wrong, then right
    _answer_lesson(kids[2], made["id"], "pass:AH")  # right at once
    board = t.get(f"/en/classes/{cid}/board/").content.decode()
    group = board.split('data-question="2"')[1].split("</div>")[0]
    # the commonest wrong card first: the two of clubs, twice, then the right answers
    assert group.index('data-card="2C"') < group.index('data-card="AH"')
    assert "× 2" in group and "Layla" in group and "Omar" in group
    rows = list(
        csv.reader(io.StringIO(t.get(f"/en/classes/{cid}/board.csv").content.decode("utf-8-sig")))
    )
    assert rows[0][4] == "real name"
    by_name = {r[4]: r for r in rows[1:]}
    assert by_name["Layla A"][11].lower().startswith("pass") or "club" in by_name["Layla A"][11]
    assert by_name["Layla A"][12] == "no" and by_name["Sami C"][12] == "yes"
    assert (
        by_name["Layla A"][14] == "1" and by_name["Layla A"][6] == "started"
    )  # one question of several
    answers = {
        a.work.student.display_name: a for a in Answer.objects.select_related("work__student")
    }
    assert answers["Layla"].first == "pass:2C" and answers["Layla"].hints == 1
    assert answers["Sami"].right_first and answers["Sami"].tries == 0
    # a student's page shows their own answers only
    mine = kids[0].get(f"/en/classes/{cid}/").content.decode()
    assert 'data-card="2C"' in mine and "Omar" in mine  # the classmate's display name
    assert 'data-card="AH"' not in mine  # Sami's answer is not Layla's to see


def test_a_tutorial_and_quiz_questions(rulebook, tutorials):
    from quiz import questions

    t = teacher()
    cid = new_class(t)
    kid = child(class_code(t, cid), add_child(t, cid, "Layla"))
    assign(t, cid, kind="tutorial", tutorial="bent-first-deal")
    apk = assignment_pk(cid, "tutorial")
    assert kid.get(f"/en/classes/{cid}/work/{apk}/")["Location"].endswith(
        "/tutorials/bent-first-deal/"
    )
    kid.post("/en/tutorials/bent-first-deal/2/", {"move": "pass:2C"})
    assert Answer.objects.get(work__assignment_id=apk).first == "pass:2C"
    assign(t, cid, kind="quiz", pick="tarneeb:classic", quiz_kind="play", count="2")
    qpk = assignment_pk(cid, "quiz")
    listed = kid.get(f"/en/classes/{cid}/work/{qpk}/").content.decode()
    urls = [u for u in __import__("re").findall(r'href="(/en/quiz/[^"]+)"', listed)]
    assert len(urls) == 2
    page = kid.get(urls[0]).content.decode()
    token = __import__("re").search(r'name="token" value="([^"]+)"', page).group(1)
    move = __import__("re").search(r'name="move" value="([^"]+)"', page).group(1)
    assert kid.post(urls[0], {"token": token, "move": move}).status_code == 303
    answer = Answer.objects.get(work__assignment_id=qpk)
    assert answer.number == 1 and '"move"' in answer.first
    assert questions.PLAY == "play"
    assert "Question 1" in text_of(t.get(f"/en/classes/{cid}/board/"))


def _play_out(client, match_id):
    """The homework deal played to its end through the table's forms, as a student does."""
    from practice.models import Match
    from tests.practice.helpers import learner_token

    rng = random.Random(7)
    for _ in range(200):
        match, deals = Match.read(match_id)
        practice = match.replay(deals)
        if practice.deal_over:
            return practice
        token = learner_token(practice, rng)
        data = {"move": token, "ply": practice.ply, "deal": practice.deal_number, "undos": 0}
        assert client.post(f"/en/practice/{match_id}/move/", data).status_code == 303
    raise AssertionError("the deal did not end")


def test_a_practice_deal_deals_everyone_the_same_cards_and_its_verdicts_reach_the_board(rulebook):
    t = teacher()
    cid = new_class(t)
    code = class_code(t, cid)
    kids = [child(code, add_child(t, cid, name)) for name in ("Layla", "Omar")]
    assign(t, cid, kind="practice", pick="tarneeb:classic", seat="S", level="club")
    apk = assignment_pk(cid, "practice")
    tables = []
    for kid in kids:
        opened = kid.get(f"/en/classes/{cid}/work/{apk}/")
        assert opened.status_code == 302 and "/practice/" in opened["Location"]
        again = kid.get(f"/en/classes/{cid}/work/{apk}/")
        assert again["Location"] == opened["Location"]  # the same match when they come back
        tables.append(opened["Location"].rstrip("/").rsplit("/", 1)[1])
    from practice.models import Match

    first = [Match.read(m)[1][0] for m in tables]
    assert first[0].seed == first[1].seed and first[0].commitment == first[1].commitment
    assert Match.read(tables[0])[0].replay().hands == Match.read(tables[1])[0].replay().hands
    # another student's homework deal is not this one's to open
    assert kids[1].get(f"/en/practice/{tables[0]}/").status_code == 404
    _play_out(kids[0], tables[0])
    assert Work.objects.get(match=tables[0]).finished is not None
    board = text_of(t.get(f"/en/classes/{cid}/board/"))
    assert "Points this deal" in board and "1 of 2 done" in board
    assert "The deal is being played." in board  # Omar's


def test_strangers_get_404_and_students_never_read_another_s_work(rulebook):
    t = teacher()
    cid = new_class(t)
    code = class_code(t, cid)
    kid = child(code, add_child(t, cid, "Layla"))
    made = lesson()
    assign(t, cid, kind="lesson", lesson=made["id"])
    apk = assignment_pk(cid, "lesson")
    student = Student.objects.get()
    stranger = Client()
    sign_up(stranger, "stranger")
    teacher_only = [
        ("get", f"/en/classes/{cid}/board/"),
        ("get", f"/en/classes/{cid}/board/?part=board"),
        ("get", f"/en/classes/{cid}/board.csv"),
        ("get", f"/en/classes/{cid}/assign/"),
        ("post", f"/en/classes/{cid}/assign/"),
        ("post", f"/en/classes/{cid}/students/new/"),
        ("post", f"/en/classes/{cid}/students/{student.pk}/code/"),
        ("post", f"/en/classes/{cid}/students/{student.pk}/remove/"),
        ("post", f"/en/classes/{cid}/work/{apk}/remove/"),
        ("get", f"/en/classes/{cid}/delete/"),
        ("post", f"/en/classes/{cid}/delete/"),
        ("post", f"/en/classes/{cid}/table/"),
    ]
    everyone = [("get", f"/en/classes/{cid}/"), ("get", f"/en/classes/{cid}/work/{apk}/")]
    for who in (stranger, Client()):
        for method, url in teacher_only + everyone + [("post", f"/en/classes/{cid}/leave/")]:
            assert getattr(who, method)(url).status_code == 404, (method, url)
    for method, url in teacher_only:
        assert getattr(kid, method)(url).status_code == 404, (method, url)
    # the lesson's results, page and API, are its author's alone
    assert kid.get(f"/en/lessons/{made['id']}/results/").status_code == 404
    assert kid.get(f"/api/lessons/{made['id']}/results").status_code == 404
    assert Classroom.objects.count() == 1 and Student.objects.count() == 1


def test_deleting_a_class_deletes_what_only_it_holds(rulebook):
    from practice.models import Match

    t = teacher()
    cid = new_class(t)
    code = class_code(t, cid)
    kid = child(code, add_child(t, cid, "Layla"))
    own = Client()
    sign_up(own, "nadia")
    own.post(f"/en/classes/join/{code}/", {"real_name": "Nadia S", "display_name": "Nadia"})
    made = lesson()
    assign(t, cid, kind="practice", pick="hearts:pagat", seat="S", level="club")
    apk = assignment_pk(cid, "practice")
    kid.get(f"/en/classes/{cid}/work/{apk}/")
    own.get(f"/en/classes/{cid}/work/{apk}/")
    assign(t, cid, kind="lesson", lesson=made["id"])
    assert Match.objects.count() == 2 and User.objects.count() == 3
    assert t.post(f"/en/classes/{cid}/delete/").status_code == 303
    assert not Classroom.objects.exists() and not Work.objects.exists()
    # the child's account and its homework match are gone; Nadia's own account and match stay,
    # and so does the teacher's lesson
    assert set(User.objects.values_list("username", flat=True)) == {"samira", "nadia"}
    assert Match.objects.count() == 1
    from lessons.models import Lesson

    assert Lesson.objects.filter(public_id=made["id"]).exists()


def test_a_teacher_deleting_their_account_takes_their_classes(rulebook):
    t = teacher()
    cid = new_class(t)
    add_child(t, cid, "Layla")
    from tests.accounts.helpers import PASSWORD

    assert t.post("/en/accounts/delete/", {"password": PASSWORD}).status_code == 302
    assert not Classroom.objects.exists() and not User.objects.exists()


def test_quick_login_is_limited_like_passwords_and_classes_and_codes_too(rulebook, settings):
    from plumbing import limits

    t = teacher()
    cid = new_class(t)
    code = class_code(t, cid)
    good = add_child(t, cid, "Layla")
    guesser = Client()
    wrong = limits.QUICK_LOGIN[0].count
    for _ in range(wrong):
        assert quick_login(guesser, code, "BBBB-BBBB").status_code == 400
    # the class's tries are used up: even the right code waits, from any address
    refused = quick_login(Client(REMOTE_ADDR="203.0.113.9"), code, good)
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
    for n in range(limits.CREATING["class"][0].count - 1):
        assert t.post("/en/classes/new/", {"name": f"c{n}"}).status_code == 303
    assert t.post("/en/classes/new/", {"name": "one too many"}).status_code == 429


def test_a_class_table_seats_chosen_students_and_the_teacher_watches(rulebook):
    t = teacher()
    cid = new_class(t)
    code = class_code(t, cid)
    kids = [child(code, add_child(t, cid, name)) for name in ("Layla", "Omar")]
    pks = list(Student.objects.order_by("pk").values_list("pk", flat=True))
    opened = t.post(f"/en/classes/{cid}/table/", {"pick": "tarneeb:classic", "students": pks})
    assert opened.status_code == 303
    table = opened["Location"]
    assert t.get(table).status_code == 200  # watching
    for kid in kids:
        page = kid.get(f"/en/classes/{cid}/").content.decode()
        assert table.split("/en", 1)[1] in page
        assert kid.get(table).status_code == 200
    assert Client().get(table).status_code == 404


@pytest.mark.parametrize("coached", [0, 1])
def test_a_class_table_the_teacher_coaches_the_student_named_and_plays_no_seat(rulebook, coached):
    t = teacher()
    cid = new_class(t)
    code = class_code(t, cid)
    kids = [child(code, add_child(t, cid, name)) for name in ("Layla", "Omar")]
    pks = list(Student.objects.order_by("pk").values_list("pk", flat=True))
    opened = t.post(
        f"/en/classes/{cid}/table/",
        {"pick": "tarneeb:classic", "students": pks, "role": "coach", "coached": pks[coached]},
    )
    assert opened.status_code == 303
    table = Table.objects.get(public_id=opened["Location"].rstrip("/").split("/")[-1])
    coach = table.places.get(role=Place.COACH)
    assert table.coach_seat == 2  # the coached student sits South, the coach's bottom seat
    assert coach.user_id is not None and coach.user_id == int(t.session["_auth_user_id"])
    assert not table.places.filter(role=Place.SEAT, user_id=coach.user_id).exists()
    shown = t.get(opened["Location"]).content.decode()
    assert 'class="hint-form"' in shown or 'class="suggest"' in shown  # the coach's tools
    south = table.places.get(role=Place.SEAT, seat=2)
    assert south.user_id == Student.objects.get(pk=pks[coached]).user_id
    other = table.places.get(role=Place.SEAT, user=Student.objects.get(pk=pks[1 - coached]).user)
    assert other.seat != 2
    assert kids[coached].get(opened["Location"]).status_code == 200


@pytest.mark.parametrize("lang,said", [("en", "must be one of those"), ("ar", "من الجالسين")])
def test_coaching_a_student_not_at_the_table_is_refused_in_words(rulebook, lang, said):
    t = teacher()
    cid = new_class(t)
    code = class_code(t, cid)
    for name in ("Layla", "Omar"):
        child(code, add_child(t, cid, name))
    pks = list(Student.objects.order_by("pk").values_list("pk", flat=True))
    refused = t.post(
        f"/{lang}/classes/{cid}/table/",
        {"pick": "tarneeb:classic", "students": pks[:1], "role": "coach", "coached": pks[1]},
    )
    assert refused.status_code == 400 and said in refused.content.decode()
    assert not Table.objects.exists()
