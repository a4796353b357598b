"""Every class route fuzzed (the site's fuzzer, ``tests.fuzz``) as its teacher, a student, a
signed-in stranger and a visitor, with the class's real ids among the hostile ones: never a
server error, and never a 200 for the stranger."""

import logging
import os

import pytest
from django.test import Client

from classes.models import Student
from tests import fuzz
from tests.accounts.helpers import sign_up

from .helpers import add_child, assign, assignment_pk, child, class_code, lesson, new_class, teacher

pytestmark = pytest.mark.django_db
REQUESTS = int(os.environ.get("CLASS_FUZZ_REQUESTS", "600"))


def test_no_class_route_gets_a_server_error(rulebook):
    logging.getLogger("django.request").setLevel(logging.CRITICAL)
    t = teacher()
    cid = new_class(t)
    code = class_code(t, cid)
    kid = child(code, add_child(t, cid, "Layla"))
    assign(t, cid, kind="lesson", lesson=lesson()["id"])
    assign(t, cid, kind="practice", pick="tarneeb:classic", seat="S", level="club")
    stranger = Client()
    sign_up(stranger, "stranger")
    known = {
        "lang": ["ar", "en", "fr"],
        "public_id": [cid],
        "code": [code, code.lower(), "ZZZZZZ"],
        "pk": [str(assignment_pk(cid, "lesson")), str(Student.objects.get().pk), "0", "99"],
    }
    routes = [(r, c) for r, c in fuzz.patterns() if "classes/" in r]
    assert len(routes) >= 16
    fuzzer = fuzz.Fuzzer(20261207, known)
    rng = fuzzer.rng
    clients = {"teacher": t, "student": kid, "stranger": stranger, "visitor": Client()}
    statuses, failures = {}, []
    for _ in range(REQUESTS):
        route, converters = rng.choice(routes)
        who = rng.choice(list(clients))
        url = fuzzer.url(route, converters)
        method = rng.choice(["get", "post", "post", "head"])
        try:
            if method == "post":
                response = clients[who].post(url, fuzzer.data())
            else:
                response = getattr(clients[who], method)(url)
        except Exception as error:  # noqa: BLE001 - an exception escaping a view is a 500
            failures.append((who, method, url, repr(error)))
            continue
        statuses[response.status_code] = statuses.get(response.status_code, 0) + 1
        if response.status_code >= 500:
            failures.append((who, method, url, response.status_code))
        if who == "stranger" and f"/classes/{cid}/" in url and "join" not in url:
            assert response.status_code in (404, 405, 301, 302), (url, response.status_code)
    print(f"\nclass fuzz: {REQUESTS} requests over {len(routes)} routes: {statuses}")
    assert failures == []
    assert statuses.get(200, 0) + statuses.get(303, 0) > REQUESTS / 20  # they reach the pages
