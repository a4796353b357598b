"""The access log masks every private token in every URL shape (issue 44): a crawl of every
URL pattern of the URLconf. Each hole of each pattern is either a private token (its name in
``accesslog.PRIVATE``) or one of the public names below, so a new pattern whose hole is
neither fails here until it is classified; every pattern with a private hole is written into
a log line (gunicorn's request line, path, query and Referer, and uvicorn's access line) and
must come out with the token masked and its public parts kept."""

import logging
import re
import secrets

from diwaniya import accesslog
from tests import fuzz

# names of holes that hold nothing secret: languages, games, variants, public ids, numbers (a
# deal's, in a retry's address: its match is opened by the owner's session, not by the URL), a
# digest that opens nothing by itself (``ref``), a user's id in a reset link, the admin's
PUBLIC = {
    "lang",
    "game",
    "variant",
    "kind",
    "slug",
    "number",
    "deal",
    "public_id",
    "ref",
    "rule",
    "uidb64",
    "app_label",
    "object_id",
    "id",
    "pk",
    "content_type_id",
    "url",
    "path",
    "SlugConverter",
}
HOLE = re.compile(r"<(?:[\w]+:)?(\w+)>")


def holes(route: str) -> list[str]:
    return HOLE.findall(route)


def private_routes() -> list[str]:
    return [route for route, _ in fuzz.patterns() if set(holes(route)) & accesslog.PRIVATE]


def test_every_hole_of_every_pattern_is_classified():
    unknown = {
        (route, name)
        for route, _ in fuzz.patterns()
        for name in holes(route)
        if name not in accesslog.PRIVATE | PUBLIC
    }
    assert not unknown, f"say whether these hold a secret (accesslog.PRIVATE or PUBLIC): {unknown}"


REAL = {
    "lang": "en",
    "game": "tarneeb",
    "variant": "classic",
    "kind": "play",
    "ref": "0123456789abcdef",
}


def filled(route: str) -> tuple[str, list[str], list[str]]:
    """The route as a path its pattern resolves: private holes random tokens, public ones
    real values or plain words (the words to find again in the line)."""
    secret, public = [], []

    def fill(match):
        converter, name = match.group(0)[1:-1].rpartition(":")[0], match.group(1)
        if name in accesslog.PRIVATE:
            secret.append(secrets.token_urlsafe(24))
            return secret[-1]
        if name in REAL:
            return REAL[name]
        if converter == "int":
            return "7"
        public.append(f"pub{len(public)}x")
        return public[-1]

    return "/" + HOLE.sub(fill, route), secret, public


def lines_of(path: str) -> list[str]:
    """The lines a request for ``path`` writes, as gunicorn and uvicorn write them."""
    request_line = f"GET {path}?next=1 HTTP/1.1"
    gunicorn = accesslog.mask(f'127.0.0.1 - - "{request_line}" 200 12 "https://site.example{path}"')
    record = logging.LogRecord(
        "uvicorn.access",
        logging.INFO,
        __file__,
        1,
        '%s - "%s %s HTTP/%s" %d',
        ("127.0.0.1:5000", "POST", path + "?token=abcdefabcdefabcdef", "1.1", 303),
        None,
    )
    accesslog.Masking().filter(record)
    django = logging.LogRecord(
        "django.request", logging.WARNING, __file__, 1, "Not Found: %s", (path,), None
    )
    accesslog.Masking().filter(django)
    return [gunicorn, record.getMessage(), django.getMessage()]


def test_every_pattern_that_carries_a_token_is_masked_in_every_line():
    routes = private_routes()
    # the positive control: the shapes issue 44 names are among them
    for shape in ("sheet/score/", "sheet/view/", "practice/", "/join/", "/edit/<slug:key>"):
        assert any(shape in r for r in routes), shape
    assert len(routes) >= 8
    for route in routes:
        path, secret, public = filled(route)
        resolved = accesslog._route(path)  # masked as its own pattern, not by a known shape
        assert resolved and resolved.split("/", 1)[1] == route.split("/", 1)[1], (route, path)
        for line in lines_of(path):
            for token in secret:
                assert token not in line, (route, line)
            assert accesslog.MASK in line, (route, line)
            for word in public:
                assert word in line, (route, line)  # only the secret is masked
        assert "abcdefabcdefabcdef" not in lines_of(path)[1]  # a token in the query


def test_a_page_s_own_addresses_stay_whole():
    """Every pattern with no secret is logged as it is: ``/practice/<id>/move/`` is the move
    form's address, not a practice match's private link."""
    kept = 0
    for route, _ in fuzz.patterns():
        if set(holes(route)) & accesslog.PRIVATE:
            continue
        path, _secret, _public = filled(route)
        assert accesslog.mask(f"GET {path} HTTP/1.1") == f"GET {path} HTTP/1.1", route
        kept += 1
    assert kept > 100


def test_the_lesson_edit_key_is_masked_before_the_urlconf_is_read(monkeypatch):
    """gunicorn's master writes lines before any URLconf is loaded: the known shapes."""
    monkeypatch.setattr(accesslog, "_route", lambda path: None)
    key = secrets.token_urlsafe(32)
    line = accesslog.mask(f"GET /ar/lessons/Ab12Cd34/edit/{key}/ HTTP/1.1")
    assert key not in line and "/ar/lessons/Ab12Cd34/edit/…/" in line
    assert accesslog.mask("GET /en/lessons/Ab12Cd34/edit/preview/2/") == (
        "GET /en/lessons/Ab12Cd34/edit/preview/2/"
    )
