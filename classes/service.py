"""What the classes' pages do besides drawing: making a class and its children's accounts,
their quick-login codes, homework's practice matches, and deleting what only a class holds."""

import secrets

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction

from plumbing import ownership

from . import codes
from .models import Classroom, Student

CHILD = "class-"  # the user names of the accounts a class makes: never typed by anyone


def create_class(teacher, name: str) -> Classroom:
    for _attempt in range(5):  # a class code drawn twice: draw again
        try:
            with transaction.atomic():
                return Classroom.objects.create(teacher=teacher, name=name)
        except IntegrityError:
            continue
    raise RuntimeError("no free class code")


def add_child(classroom: Classroom, real_name: str, display_name: str) -> tuple[Student, str]:
    """A child's account made by the class, with its quick-login code (shown once)."""
    users = get_user_model()
    with transaction.atomic():
        while True:
            username = CHILD + secrets.token_hex(6)
            if not users.objects.filter(username=username).exists():
                break
        user = users(username=username, first_name=display_name[:150])
        user.set_unusable_password()
        user.save()
        student = Student.objects.create(
            classroom=classroom,
            user=user,
            real_name=real_name,
            display_name=display_name,
            by_code=True,
        )
        code = reissue(student)
    return student, code


def reissue(student: Student) -> str:
    """A new quick-login code in place of the old, which opens nothing from now on; the
    sessions signed in with the old one end too (the account's session hash changes)."""
    while True:
        code = codes.new_code()
        found = codes.digest(student.classroom_id, code)
        if not Student.objects.filter(code_digest=found).exists():
            break
    student.code_digest = found
    student.save(update_fields=["code_digest"])
    user = student.user
    user.set_unusable_password()  # a new random mark: Django ends the sessions made before
    user.save(update_fields=["password"])
    return code


def by_code(classroom: Classroom, code: str) -> Student | None:
    if not codes.normal(code):
        return None
    found = codes.digest(classroom.pk, code)
    return (
        Student.objects.select_related("user")
        .filter(classroom=classroom, by_code=True, code_digest=found)
        .first()
    )


def remove(student: Student) -> None:
    """A student out of the class: their work goes with them; a child's account, which is the
    class's, goes whole, with what only it holds."""
    with transaction.atomic():
        if student.by_code:
            ownership.forget([student.user])
            student.user.delete()
        else:
            student.delete()


def delete_class(classroom: Classroom) -> None:
    """The class, its homework and what its students did for it, and the children's accounts
    it made, with what only they hold; the lessons it assigned and every student's own
    account stay."""
    with transaction.atomic():
        children = [s.user for s in classroom.students.filter(by_code=True).select_related("user")]
        ownership.forget(children)
        for user in children:
            user.delete()
        classroom.delete()


def teacher_deleted(sender, instance, **kwargs):
    """``pre_delete`` of an account: the classes it teaches go with it, as ``delete_class``."""
    for classroom in Classroom.objects.filter(teacher=instance):
        delete_class(classroom)
