"""A lesson for learners, played by the tutorials' player; and the teacher's results."""

from django.shortcuts import redirect, render

from . import store
from .views import found_lesson, owned_lesson


def play(request, public_id):
    row = found_lesson(public_id)
    return redirect("lessons:step", public_id=row.public_id, number=1)


def step(request, public_id, number):
    row = found_lesson(public_id)
    return render(request, "lessons/step.html", {"lesson": row, "number": number})


def results(request, public_id):
    row = owned_lesson(request, public_id)
    return render(request, "lessons/results.html", {"lesson": row, "results": store.results(row)})
