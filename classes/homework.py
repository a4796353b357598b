"""Homework: giving it (the assignment's forms, one per kind), a student's way into it, the
student's list of it, and the class's live tables."""

from dataclasses import dataclass
from datetime import date

from django.db import transaction
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from cardtable.words import vocabulary
from plumbing import limits, ownership
from rulebook import games
from rulebook.models import registry_names

from . import kinds, live, record
from .forms import DueForm
from .models import Assignment, ClassTable, Student, Work

MAX_QUESTIONS = 20
SEAT_LETTERS = ("N", "E", "S", "W")
LEVELS = ("beginner", "club", "expert")


@dataclass
class Made:
    assignment: Assignment | None = None
    error: str = ""


def game_choices() -> list[dict]:
    """Every game and its variants by name, for the forms' ``game:variant`` choices."""
    game_names, variant_names = registry_names()
    return [
        {
            "slug": g.slug,
            "name": game_names.get(g.slug, g.slug),
            "variants": [
                {"value": f"{g.slug}:{v}", "name": variant_names.get((g.slug, v), v)}
                for v in g.presets
            ],
        }
        for g in games.GAMES.values()
    ]


def _pick(params) -> tuple[str, str] | None:
    game, _sep, variant = str(params.get("pick", "")).partition(":")
    spec = games.get(game)
    if spec is None or variant not in spec.presets:
        return None
    return game, variant


def _lessons(request) -> list[dict]:
    from lessons.owned import owned_lessons

    return owned_lessons(request, registry_names())


def _tutorials() -> list:
    from tutorials.models import Tutorial

    return list(Tutorial.objects.select_related("game").order_by("game__order", "order", "slug"))


def _quiz_kinds() -> list[dict]:
    from quiz import questions
    from quiz.messages import kind_name

    seen, out = set(), [{"slug": questions.MIXED, "name": kind_name(questions.MIXED, "tarneeb")}]
    for game in questions.KINDS:  # the games the quiz asks about
        for kind in questions.KINDS[game]:
            if kind not in seen:
                seen.add(kind)
                out.append({"slug": kind, "name": kind_name(kind, game)})
    return out


def assign_context(request, classroom, params) -> dict:
    vocab = vocabulary("tarneeb")
    return {
        "classroom": classroom,
        "lessons": _lessons(request),
        "tutorials": _tutorials(),
        "games": game_choices(),
        "quiz_kinds": _quiz_kinds(),
        "seats": [{"letter": s, "name": vocab.seat(i)} for i, s in enumerate(SEAT_LETTERS)],
        "levels": [{"slug": lv, "name": _level(lv)} for lv in LEVELS],
        "params": params,
        "max_questions": MAX_QUESTIONS,
        "today": date.today().isoformat(),
    }


def _level(level: str) -> str:
    from practice.table import LEVELS as NAMES

    return str(NAMES[level])


def _lesson_id(text: str) -> str:
    """A lesson's public id, from itself or from any of its links."""
    parts = [p for p in str(text).strip().split("?")[0].split("/") if p]
    if "lessons" in parts and parts.index("lessons") + 1 < len(parts):
        return parts[parts.index("lessons") + 1]
    return parts[-1] if parts else ""


def assign(request, classroom, post) -> Made:
    """An assignment from the form of its kind (``kind``); ``Made.error`` says what is wrong."""
    kind = post.get("kind", "")
    due_form = DueForm(post)
    if not due_form.is_valid():
        return Made(error=_("The due date is not a date."))
    due = due_form.cleaned_data["due"]
    fields = {"classroom": classroom, "kind": kind, "due": due}
    if kind == "lesson":
        from lessons import store

        row = store.find(_lesson_id(post.get("lesson", ""))[:32])
        if row is None or not store.replays(row):
            return Made(error=_("Choose one of your lessons, or paste a lesson’s link."))
        fields.update(target=row.public_id, title=row.title[:200], params={"game": row.game})
    elif kind == "tutorial":
        from tutorials.models import Tutorial

        tutorial = Tutorial.objects.filter(slug=str(post.get("tutorial", ""))[:50]).first()
        if tutorial is None:
            return Made(error=_("Choose a tutorial."))
        fields.update(
            target=tutorial.slug, title=tutorial.title[:200], params={"game": tutorial.game.slug}
        )
    elif kind == "quiz":
        return _assign_quiz(classroom, post, fields)
    elif kind == "practice":
        return _assign_practice(post, fields)
    else:
        return Made(error=_("Choose what to give."))
    return Made(Assignment.objects.create(**fields))


def _assign_quiz(classroom, post, fields) -> Made:
    from quiz import questions, tokens
    from quiz.messages import kind_name

    picked = _pick(post)
    if picked is None:
        return Made(error=_("Choose a game and a variant."))
    game, variant = picked
    kind = str(post.get("quiz_kind", questions.MIXED))
    try:
        questions.check_names(game, variant, kind)
    except questions.UnknownQuestion:
        return Made(error=_("This game has no questions of that kind: choose another kind."))
    try:
        count = int(post.get("count", "5"))
    except ValueError:
        count = 0
    if not 1 <= count <= MAX_QUESTIONS:
        return Made(error=_("Give between 1 and %(n)s questions.") % {"n": MAX_QUESTIONS})
    seeds = [tokens.new_seed() for _ in range(count)]
    game_names, variant_names = registry_names()
    title = _("%(count)s × %(kind)s · %(game)s (%(variant)s)") % {
        "count": count,
        "kind": kind_name(kind, game),
        "game": game_names.get(game, game),
        "variant": variant_names.get((game, variant), variant),
    }
    fields.update(
        target=game,
        title=title[:200],
        params={"variant": variant, "kind": kind, "seeds": seeds},
    )
    return Made(Assignment.objects.create(**fields))


def _assign_practice(post, fields) -> Made:
    from practice.match import commitment, new_seed

    picked = _pick(post)
    if picked is None:
        return Made(error=_("Choose a game and a variant."))
    game, variant = picked
    seat = str(post.get("seat", "S"))
    level = str(post.get("level", "club"))
    if seat not in SEAT_LETTERS or level not in LEVELS:
        return Made(error=_("Choose a seat and a level."))
    seed = new_seed()
    game_names, variant_names = registry_names()
    title = _("A deal of %(game)s (%(variant)s)") % {
        "game": game_names.get(game, game),
        "variant": variant_names.get((game, variant), variant),
    }
    fields.update(
        target=game,
        title=title[:200],
        params={
            "variant": variant,
            "seat": seat,
            "level": level,
            "seed": seed,
            "commitment": commitment(seed),
            "dealer": SEAT_LETTERS.index(seat),  # the learner deals: the same for everyone
        },
    )
    return Made(Assignment.objects.create(**fields))


# ------------------------------------------------------------------ doing it


def open_work(request, classroom, student, assignment):
    kind = assignment.kind
    work = record.start(assignment, student)
    if kind in ("lesson", "tutorial"):
        url = kinds.KINDS[kind].url(assignment)
        return redirect(url)
    if kind == "practice":
        return redirect(_homework_match(request, work, assignment))
    if kind == "quiz":
        quiz = kinds.KINDS["quiz"]
        answers = {a.number: a for a in work.answers.all()}
        items = [
            {
                "question": q,
                "url": quiz.question_url(assignment, q),
                "answer": answers.get(q.number),
            }
            for q in quiz.questions(assignment)
        ]
        context = {
            "noindex": True,
            "classroom": classroom,
            "assignment": assignment,
            "items": items,
        }
        return render(request, "classes/quiz.html", context)
    return redirect("classes:class", classroom.public_id)


def _homework_match(request, work: Work, assignment: Assignment) -> str:
    """The student's homework deal: dealt from the assignment's seed on the first visit (one
    match, whatever the tabs), then the same match."""
    from practice import service
    from practice.match import Setup
    from practice.models import OWNED, Match

    with transaction.atomic():
        work = Work.objects.select_for_update().get(pk=work.pk)
        found = Match.objects.filter(public_id=work.match).first() if work.match else None
        if found is None:
            p = assignment.params
            setup = Setup(
                assignment.target,
                p["variant"],
                {},
                SEAT_LETTERS.index(p["seat"]),
                p["level"],
                int(p.get("dealer", 0)),
            )
            found, _practice = service.start(setup, seed=p["seed"])
            work.match = found.public_id
            work.save(update_fields=["match"])
    ownership.own(request, OWNED, found.token)
    return found.get_absolute_url()


# ------------------------------------------------------------------ a student's list


def of(user) -> list[dict]:
    """The classes ``user`` is a student of, each with its homework and where it stands."""
    students = list(Student.objects.filter(user=user).select_related("classroom"))
    if not students:
        return []
    assignments = Assignment.objects.filter(classroom__in=[s.classroom_id for s in students])
    works = {(w.assignment_id, w.student_id): w for w in Work.objects.filter(student__in=students)}
    by_class = {}
    for a in assignments:
        by_class.setdefault(a.classroom_id, []).append(a)
    out = []
    for student in students:
        items = []
        for a in by_class.get(student.classroom_id, []):
            w = works.get((a.pk, student.pk))
            items.append(
                {
                    "assignment": a,
                    "kind": kinds.KINDS[a.kind].name,
                    "status": "done" if w and w.finished else "started" if w else "todo",
                    "url": reverse("classes:work", args=[student.classroom.public_id, a.pk]),
                    "late": bool(a.due and a.due < date.today() and not (w and w.finished)),
                }
            )
        out.append({"classroom": student.classroom, "student": student, "items": items})
    return out


# ------------------------------------------------------------------ a class table

SEATING = ("S", "W", "N", "E")  # the students' seats, in the order they are chosen


def tables_of(classroom, user=None) -> list[dict]:
    """The class's live tables, newest first: every one for its teacher, the ones a student
    has a seat at for them."""
    rows = ClassTable.objects.filter(classroom=classroom).select_related("table__match")
    if user is not None:
        rows = rows.filter(table__places__user=user)
    names = registry_names()[0]
    return [
        {
            "url": row.table.get_absolute_url(),
            "game": names.get(row.table.match.game, row.table.match.game),
            "created": row.created,
        }
        for row in rows[:5]
    ]


OPENING_TABLE = gettext_lazy("Choose a game and one to four students.")
COACHED_AWAY = gettext_lazy("The student you coach must be one of those at the table.")


def open_table(request, classroom, post):
    """A live table for students of the class: each chosen student's seat is bound to their
    account (they find it on the class's page), the other seats are computer players, and
    the teacher watches, or coaches the student they name (seated South, the bottom of the
    coach's screen) and plays no seat."""
    from tables import service
    from tables.models import Place
    from tables.owned import HELD

    picked = _pick(post)
    chosen = list(dict.fromkeys(post.getlist("students")))[:4]
    students = list(
        Student.objects.filter(classroom=classroom, pk__in=[c for c in chosen if c.isdigit()])
    )
    if picked is None or not students:
        return render(
            request,
            "error.html",
            {"message": str(OPENING_TABLE), "status": 400},
            status=400,
        )
    host = "coach" if post.get("role") == "coach" else "watch"
    if host == "coach":
        coached = [s for s in students if str(s.pk) == post.get("coached")]
        if not coached:
            return render(
                request, "error.html", {"message": str(COACHED_AWAY), "status": 400}, status=400
            )
        students = coached + [s for s in students if s not in coached]  # the coached at South
    wait = limits.creating(request, "table")
    if wait is not None:
        return limits.page(request, wait)
    game, variant = picked
    seats = {letter: f"{service.COMPUTER}:club" for letter in SEAT_LETTERS}
    for letter, _student in zip(SEATING, students, strict=False):
        seats[letter] = service.PERSON
    params = {"variant": variant, "seats": seats, "coach": SEATING[0] if host == "coach" else ""}
    with transaction.atomic():
        table, keys = service.create(game, params, host)
        for letter, student in zip(SEATING, students, strict=False):
            Place.objects.filter(
                table=table, role=Place.SEAT, seat=SEAT_LETTERS.index(letter)
            ).update(user=student.user, name=student.display_name[:40])
        ClassTable.objects.create(classroom=classroom, table=table)
    # the teacher's own place (the coach's, or a watcher's of their own), bound to this
    # browser and account as the table's own form binds its host's
    key = keys[host if host == "coach" else "host"]
    session = ownership.session_key(request, create=True)
    request.session[HELD] = True
    service.claim(service.by_key(table.public_id, key), key, session, request.user)
    live.changed(classroom.public_id)
    return table.get_absolute_url()
