"""The lesson editor: the table itself, for the lesson's owner."""

from django.shortcuts import render

from .views import owned_lesson


def edit(request, public_id):
    row = owned_lesson(request, public_id)
    return render(request, "lessons/edit.html", {"lesson": row})
