"""Driving the classes' pages as a teacher and students would."""

import re

from django.test import Client

from tests.accounts.helpers import sign_up
from tests.lessons.helpers import post, two_answers


def teacher(name="samira", lang="en") -> Client:
    client = Client()
    sign_up(client, name, lang=lang)
    return client


def new_class(client, name="5B", lang="en") -> str:
    made = client.post(f"/{lang}/classes/new/", {"name": name})
    assert made.status_code == 303, made.content.decode()[-1500:]
    return made["Location"].rstrip("/").rsplit("/", 1)[1]


def class_code(client, public_id, lang="en") -> str:
    page = client.get(f"/{lang}/classes/{public_id}/").content.decode()
    return re.search(r'class="class-code">([A-Z0-9]+)<', page).group(1)


def add_child(client, public_id, real, display="", lang="en") -> str:
    """A child's account made by the class: the code shown once."""
    shown = client.post(
        f"/{lang}/classes/{public_id}/students/new/", {"real_name": real, "display_name": display}
    )
    assert shown.status_code == 201, shown.content.decode()[-1500:]
    return code_of(shown)


def code_of(response) -> str:
    return re.search(
        r'id="student-code" class="student-code">([A-Z0-9-]+)<', response.content.decode()
    ).group(1)


def quick_login(client, class_code, code, lang="en"):
    return client.post(f"/{lang}/classes/code/", {"class_code": class_code, "code": code})


def child(class_code, code, lang="en") -> Client:
    client = Client()
    signed = quick_login(client, class_code, code, lang)
    assert signed.status_code == 303, signed.content.decode()[-1500:]
    return client


def lesson() -> dict:
    """A lesson (the first deal's, its pass question accepting the queen of spades or the ace
    of hearts) made through the API: its id and edit key."""
    return post(Client(), two_answers()).json()


def assign(client, public_id, lang="en", **fields):
    made = client.post(f"/{lang}/classes/{public_id}/assign/", fields)
    assert made.status_code == 303, made.content.decode()[-1500:]
    return made


def assignment_pk(public_id, kind):
    from classes.models import Assignment

    return Assignment.objects.filter(classroom__public_id=public_id, kind=kind).latest("pk").pk
