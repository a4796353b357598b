"""The classes' pages, under ``/<lang>/classes/``. A class's pages are its teacher's and its
students'; to anyone else every one of them is the 404 of a class that does not exist, and
what a student reads is their own work only (``board.student_board``)."""

import csv
import io
from datetime import date

from django.contrib import auth
from django.db import IntegrityError, transaction
from django.http import Http404, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.html import strip_tags
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST

from plumbing import limits, ownership
from plumbing.links import absolute

from . import board, codes, homework, live, service
from .forms import ClassForm, QuickLoginForm, StudentForm
from .models import Classroom, Student

PRIVATE = {"noindex": True}


def _not_found():
    raise Http404(_("There is no such class, or it is not yours to see."))


def _class(request, public_id: str) -> tuple[Classroom, Student | None]:
    """The class and the visitor's place in it: its teacher (student None) or a student;
    404 for anyone else, as for no class."""
    user = ownership.account(request)
    if user is None:
        _not_found()
    classroom = Classroom.objects.filter(public_id=public_id).select_related("teacher").first()
    if classroom is None:
        _not_found()
    if classroom.teacher_id == user.pk:
        return classroom, None
    student = Student.objects.filter(classroom=classroom, user=user).first()
    if student is None:
        _not_found()
    return classroom, student


def _taught(request, public_id: str) -> Classroom:
    classroom, student = _class(request, public_id)
    if student is not None:
        _not_found()
    return classroom


def _bad(form) -> int:
    return 400 if form.errors else 200


# ------------------------------------------------------------------ my classes


@never_cache
@require_http_methods(["GET", "HEAD"])
def index(request):
    """The teacher's classes and the student's, with their homework."""
    user = ownership.account(request)
    context = {**PRIVATE, "form": ClassForm()}
    if user is not None:
        context["taught"] = list(Classroom.objects.filter(teacher=user))
        context["homework"] = homework.of(user)
    return render(request, "classes/index.html", context)


@never_cache
@require_POST
def create(request):
    user = ownership.account(request)
    if user is None:
        return redirect(f"{reverse('accounts:sign-in')}?next={reverse('classes:index')}")
    form = ClassForm(request.POST)
    if not form.is_valid():
        context = {**PRIVATE, "form": form, "taught": list(Classroom.objects.filter(teacher=user))}
        context["homework"] = homework.of(user)
        return render(request, "classes/index.html", context, status=400)
    wait = limits.creating(request, "class")
    if wait is not None:
        return limits.page(request, wait, "classes")
    classroom = service.create_class(user, form.cleaned_data["name"])
    return HttpResponseRedirect(reverse("classes:class", args=[classroom.public_id]), status=303)


# ------------------------------------------------------------------ joining


def _join_url(classroom) -> str:
    """The join link, with no language in it: each student lands in their own."""
    path = reverse("classes:join", args=[classroom.code])
    return absolute("/" + path.lstrip("/").partition("/")[2])


def _by_class_code(request, text: str) -> Classroom | None:
    found = codes.normal(text)
    return Classroom.objects.filter(code=found).first() if found else None


@never_cache
@require_http_methods(["GET", "HEAD", "POST"])
def join(request, code):
    """The join link: an account joins with the names it gives; a child signs in with the
    code the teacher gave (``quick_login``). A class code no class has counts as a wrong
    try of its address, so the codes cannot be walked through."""
    wait = limits.reached(request, limits.QUICK_LOGIN[1:])
    if wait:
        return limits.page(request, wait, "quicklogin")
    classroom = _by_class_code(request, code)
    if classroom is None:
        limits.check(request, limits.QUICK_LOGIN[1:])
        _not_found()
    user = ownership.account(request)
    context = {
        **PRIVATE,
        "classroom": classroom,
        "login": QuickLoginForm(initial={"class_code": classroom.code}),
    }
    if user is not None:
        if classroom.teacher_id == user.pk or classroom.students.filter(user=user).exists():
            return redirect("classes:class", classroom.public_id)
        if not user.has_usable_password():  # a child's account belongs to its own class
            context["other_class"] = True
            return render(request, "classes/join.html", context)
        form = StudentForm(request.POST if request.method == "POST" else None)
        if request.method == "POST" and form.is_valid():
            try:
                with transaction.atomic():
                    Student.objects.create(
                        classroom=classroom,
                        user=user,
                        real_name=form.cleaned_data["real_name"],
                        display_name=form.cleaned_data["display_name"],
                    )
            except IntegrityError:
                pass  # joined from another tab meanwhile
            live.changed(classroom.public_id)
            return HttpResponseRedirect(
                reverse("classes:class", args=[classroom.public_id]), status=303
            )
        context["form"] = form
        return render(request, "classes/join.html", context, status=_bad(form))
    context["next"] = request.path
    return render(request, "classes/join.html", context)


@never_cache
@require_http_methods(["GET", "HEAD", "POST"])
def quick_login(request):
    """A child signs in with the class code and the code the teacher gave: no e-mail, no
    password. Wrong tries are counted per class and per address (``limits.QUICK_LOGIN``), and
    past either even the right code waits, as signing in's do."""
    if request.method != "POST":
        form = QuickLoginForm(initial={"class_code": request.GET.get("class", "")[:20]})
        return render(request, "classes/quick_login.html", {**PRIVATE, "form": form})
    form = QuickLoginForm(request.POST)
    if not form.is_valid():
        return render(request, "classes/quick_login.html", {**PRIVATE, "form": form}, status=400)
    class_code = codes.normal(form.cleaned_data["class_code"])
    wait = limits.reached(request, limits.QUICK_LOGIN, name=class_code)
    if wait:
        return limits.page(request, wait, "quicklogin")
    classroom = Classroom.objects.filter(code=class_code).first() if class_code else None
    student = service.by_code(classroom, form.cleaned_data["code"]) if classroom else None
    if student is None:
        limits.check(request, limits.QUICK_LOGIN, name=class_code)
        form.add_error(
            None,
            _("This class code and this code do not go together. Check both with your teacher."),
        )
        return render(request, "classes/quick_login.html", {**PRIVATE, "form": form}, status=400)
    auth.login(request, student.user, backend="django.contrib.auth.backends.ModelBackend")
    return HttpResponseRedirect(reverse("classes:class", args=[classroom.public_id]), status=303)


# ------------------------------------------------------------------ a class


@never_cache
@require_http_methods(["GET", "HEAD"])
def classroom(request, public_id):
    classroom, student = _class(request, public_id)
    if student is not None:
        context = {
            **PRIVATE,
            "classroom": classroom,
            "student": student,
            "classmates": list(classroom.students.exclude(pk=student.pk)),
            "homework": board.student_board(classroom, student),
            "tables": homework.tables_of(classroom, student.user),
        }
        return render(request, "classes/student.html", context)
    context = {
        **PRIVATE,
        "classroom": classroom,
        "students": list(classroom.students.select_related("user")),
        "assignments": list(classroom.assignments.all()),
        "join_url": _join_url(classroom),
        "student_form": StudentForm(),
        "games": homework.game_choices(),
        "tables": homework.tables_of(classroom),
    }
    return render(request, "classes/teacher.html", context)


def _shown_code(request, classroom, student, code: str, status: int = 200):
    context = {**PRIVATE, "classroom": classroom, "student": student, "code": code}
    context["login_url"] = absolute(reverse("classes:quick-login")) + f"?class={classroom.code}"
    response = render(request, "classes/code.html", context, status=status)
    response["Cache-Control"] = "no-store"
    return response


def _codes_wait(request):
    return limits.check(request, limits.ISSUING_CODES, name=request.user.get_username())


@never_cache
@require_POST
def add_student(request, public_id):
    """A child's account, made by the class: the code is shown once."""
    classroom = _taught(request, public_id)
    form = StudentForm(request.POST)
    if not form.is_valid():
        context = {**PRIVATE, "classroom": classroom, "student_form": form}
        return render(request, "classes/add_student.html", context, status=400)
    wait = _codes_wait(request)
    if wait is not None:
        return limits.page(request, wait, "codes")
    student, code = service.add_child(
        classroom, form.cleaned_data["real_name"], form.cleaned_data["display_name"]
    )
    live.changed(classroom.public_id)
    return _shown_code(request, classroom, student, code, status=201)


def _student(classroom, pk) -> Student:
    student = Student.objects.filter(classroom=classroom, pk=pk).select_related("user").first()
    if student is None:
        _not_found()
    return student


@never_cache
@require_POST
def reissue(request, public_id, pk):
    classroom = _taught(request, public_id)
    student = _student(classroom, pk)
    if not student.by_code:
        _not_found()
    wait = _codes_wait(request)
    if wait is not None:
        return limits.page(request, wait, "codes")
    return _shown_code(request, classroom, student, service.reissue(student))


@never_cache
@require_POST
def remove_student(request, public_id, pk):
    classroom = _taught(request, public_id)
    service.remove(_student(classroom, pk))
    live.changed(classroom.public_id)
    return HttpResponseRedirect(
        reverse("classes:class", args=[classroom.public_id]) + "#students", status=303
    )


@never_cache
@require_POST
def leave(request, public_id):
    """A student with an account of their own leaves the class (their work for it goes)."""
    classroom, student = _class(request, public_id)
    if student is None or student.by_code:
        _not_found()
    service.remove(student)
    live.changed(classroom.public_id)
    return HttpResponseRedirect(reverse("classes:index"), status=303)


@never_cache
@require_http_methods(["GET", "HEAD", "POST"])
def delete(request, public_id):
    classroom = _taught(request, public_id)
    if request.method == "POST":
        service.delete_class(classroom)
        return HttpResponseRedirect(reverse("classes:index"), status=303)
    context = {
        **PRIVATE,
        "classroom": classroom,
        "children": classroom.students.filter(by_code=True).count(),
    }
    return render(request, "classes/delete.html", context)


# ------------------------------------------------------------------ homework


@never_cache
@require_http_methods(["GET", "HEAD", "POST"])
def assign(request, public_id):
    classroom = _taught(request, public_id)
    if request.method == "POST":
        made = homework.assign(request, classroom, request.POST)
        if made.assignment is not None:
            live.changed(classroom.public_id)
            return HttpResponseRedirect(
                reverse("classes:class", args=[classroom.public_id]) + "#homework", status=303
            )
        context = {**PRIVATE, **homework.assign_context(request, classroom, request.POST)}
        context["error"] = made.error
        return render(request, "classes/assign.html", context, status=400)
    context = {**PRIVATE, **homework.assign_context(request, classroom, request.GET)}
    return render(request, "classes/assign.html", context)


@never_cache
@require_POST
def unassign(request, public_id, pk):
    classroom = _taught(request, public_id)
    deleted, _rows = classroom.assignments.filter(pk=pk).delete()
    if not deleted:
        _not_found()
    live.changed(classroom.public_id)
    return HttpResponseRedirect(
        reverse("classes:class", args=[classroom.public_id]) + "#homework", status=303
    )


@never_cache
@require_http_methods(["GET", "HEAD"])
def work(request, public_id, pk):
    """A student's way into an assignment: the lesson or tutorial itself, the class's quiz
    questions, or their homework deal (dealt from the assignment's seed on the first visit,
    then continued). The teacher is shown the board at the assignment."""
    classroom, student = _class(request, public_id)
    assignment = classroom.assignments.filter(pk=pk).first()
    if assignment is None:
        _not_found()
    board_url = reverse("classes:board", args=[classroom.public_id]) + f"#a-{assignment.pk}"
    if student is None:
        return redirect(board_url)
    return homework.open_work(request, classroom, student, assignment)


# ------------------------------------------------------------------ the board


@never_cache
@require_http_methods(["GET", "HEAD"])
def board_page(request, public_id):
    classroom = _taught(request, public_id)
    context = {
        **PRIVATE,
        "classroom": classroom,
        "board": board.class_board(classroom),
        "students": list(classroom.students.all()),
        "fragment_url": reverse("classes:board", args=[classroom.public_id]) + "?part=board",
        "socket_path": f"/ws/classes/{classroom.public_id}/",
    }
    if request.GET.get("part") == "board":
        return render(request, "classes/_board.html", context)
    return render(request, "classes/board.html", context)


CSV_HEAD = (
    "class",
    "assignment",
    "kind",
    "due",
    "real name",
    "display name",
    "status",
    "stars",
    "first-try answers",
    "hints",
    "question",
    "first answer",
    "right at the first try",
    "tries",
    "question hints",
    "practice points",
    "practice moves unlike the club player",
)


def _csv_rows(classroom):
    for part in board.class_board(classroom):
        a = part["assignment"]
        for row in part["rows"]:
            s = row["student"]
            head = [
                classroom.name,
                a.shown_title,
                a.kind,
                a.due.isoformat() if a.due else "",
                s.real_name,
                s.display_name,
                row["status"],
                "" if row["stars"] is None else row["stars"],
                row["first_try"],
                row["hints"],
            ]
            practice = row["practice"] or {}
            deal = (
                [practice.get("points", ""), len(practice.get("differ", []))]
                if practice.get("over")
                else ["", ""]
            )
            answered = [c for c in row["cells"] if c["answer"] is not None]
            if not answered:
                yield [*head, "", "", "", "", "", *deal]
            for cell in answered:
                an = cell["answer"]
                words = strip_tags(cell["drawn"].words) if cell["drawn"] else ""
                yield [
                    *head,
                    cell["question"].label,
                    words,
                    "yes" if an.first and an.right_first else "no" if an.first else "",
                    an.tries,
                    an.hints,
                    *deal,
                ]


def _safe(value) -> str:
    """A cell a spreadsheet will not run as a formula."""
    text = str(value)
    return (
        "'" + text
        if text[:1] in ("=", "+", "-", "@", "\t", "\r") and not text.lstrip("-").isdigit()
        else text
    )


@never_cache
@require_http_methods(["GET", "HEAD"])
def board_csv(request, public_id):
    classroom = _taught(request, public_id)
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_HEAD)
    for row in _csv_rows(classroom):
        writer.writerow([_safe(v) for v in row])
    response = HttpResponse("\ufeff" + out.getvalue(), content_type="text/csv; charset=utf-8")
    name = f"class-{classroom.code}-{date.today().isoformat()}.csv"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


# ------------------------------------------------------------------ a class table


@never_cache
@require_POST
def class_table(request, public_id):
    classroom = _taught(request, public_id)
    made = homework.open_table(request, classroom, request.POST)
    if isinstance(made, HttpResponse):
        return made
    return HttpResponseRedirect(made, status=303)
