"""Headers on every kind of page: the Content-Security-Policy (no inline script or style, so
none is allowed), a Permissions-Policy and Django's own; and no page carries inline code."""

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests.quiz.helpers import answer, start

from .test_sheet import new_match, points

pytestmark = pytest.mark.django_db

INLINE = [
    (re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.I), "an inline script"),
    (re.compile(r"<style\b", re.I), "a style element"),
    (re.compile(r"\sstyle\s*=", re.I), "a style attribute"),
    (re.compile(r"\son[a-z]+\s*=", re.I), "an event handler attribute"),
    (re.compile(r"javascript:", re.I), "a javascript: link"),
]


@pytest.fixture
def pages(rulebook):
    """(address, status, client) for one page of every kind."""
    from quiz.loader import load_all as load_quiz
    from tutorials.loader import load_all as load_tutorials

    load_tutorials()
    load_quiz()
    visitor = Client()
    url = new_match(visitor)
    points(visitor, url, 1, 3, 4)
    from scoresheet.models import Match

    match = Match.objects.get()
    reader = Client()
    assert reader.get(match.share_url()).status_code == 303  # the share link, claimed
    question = start(visitor, "tarneeb", "classic", "next-leader")
    _, result = answer(visitor, question)
    editor = Client()
    editor.force_login(User.objects.create_superuser("editor", "e@example.org", "pw"))
    from tutorials.models import Tutorial

    tutorial = Tutorial.objects.first()
    return [
        ("/en/", 200, visitor),
        ("/ar/tarneeb/", 200, visitor),
        ("/fr/bent-al-sbeet/sbeetah/", 200, visitor),
        (
            "/en/bent-al-sbeet/position/?variant=qahwa&dealer=N&deal=N:AKQJ.T98.765.432"
            "+T98.765.432.AKQJ+765.432.AKQJ.T98+432.AKQJ.T98.765",
            200,
            visitor,
        ),
        ("/en/bent-al-sbeet/position/?deal=x", 400, visitor),
        ("/en/tutorials/", 200, visitor),
        ("/ar/tutorials/sabaat-knock/5/", 200, visitor),
        ("/en/quiz/", 200, visitor),
        (question, 200, visitor),
        (result.wsgi_request.get_full_path(), 200, visitor),
        ("/en/quiz/tarneeb/classic/play/abc.forged/", 400, visitor),
        ("/en/tarneeb/sheet/", 200, visitor),
        (url, 200, visitor),
        (url + "end/", 200, visitor),
        (match.seen_url(), 200, reader),
        ("/en/mine/", 200, visitor),
        ("/en/no-such-page/at-all/", 404, visitor),
        ("/admin/login/", 200, Client()),
        ("/admin/", 200, editor),
        (f"/admin/tutorials/tutorial/{tutorial.pk}/change/", 200, editor),
        ("/admin/tutorials/tutorial/", 200, editor),
        ("/api/tarneeb/variants", 200, visitor),
    ]


def test_every_kind_of_page_has_the_headers_and_no_inline_code(pages):
    for address, status, client in pages:
        response = client.get(address)
        assert response.status_code == status, address
        policy = response["Content-Security-Policy"]
        for directive in (
            "default-src 'self'",
            "script-src 'self'",
            "style-src 'self'",
            "object-src 'none'",
            "base-uri 'self'",
            "form-action 'self'",
            "frame-ancestors 'none'",
        ):
            assert directive in policy, (address, directive)
        assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
        assert "geolocation=()" in response["Permissions-Policy"]
        assert response["X-Frame-Options"] == "DENY"
        assert response["X-Content-Type-Options"] == "nosniff"
        assert response["Referrer-Policy"] == "same-origin"
        body = response.content.decode()
        for pattern, what in INLINE:
            found = pattern.search(body)
            assert not found, f"{address}: {what}: {body[found.start() - 80 : found.end() + 80]}"


def test_a_bad_host_gets_the_400_page_with_the_headers(client, rulebook):
    response = client.get("/en/", HTTP_HOST="bad host name")
    assert response.status_code == 400
    assert "default-src 'self'" in response["Content-Security-Policy"]
    assert 'rel="alternate"' not in response.content.decode()


# --- the policy built once (plumbing.headers) -----------------------------------------------


def _through_middleware(view, path="/en/"):
    """The response of ``view`` through the site's CSP middleware alone."""
    from django.test import RequestFactory

    from plumbing.headers import CSPMiddleware

    request = RequestFactory().get(path)
    middleware = CSPMiddleware(view)
    middleware.process_request(request)
    return middleware.process_response(request, view(request))


def _directives(policy: str) -> set[str]:
    return {part.strip() for part in policy.split(";")}


def test_the_policy_kept_is_the_one_django_csp_builds():
    from csp.utils import build_policy
    from django.http import HttpResponse

    response = _through_middleware(lambda request: HttpResponse("page"))
    assert _directives(response["Content-Security-Policy"]) == _directives(build_policy())
    assert "Content-Security-Policy-Report-Only" not in response  # the site sets none


def test_a_view_with_its_own_policy_or_a_nonce_still_gets_it(settings):
    from csp.constants import NONCE, SELF
    from csp.decorators import csp_exempt, csp_update
    from django.http import HttpResponse

    settings.CONTENT_SECURITY_POLICY = {
        "DIRECTIVES": {"default-src": [SELF], "script-src": [NONCE]}
    }

    @csp_update({"img-src": ["data:"]})
    def with_images(request):
        return HttpResponse("page")

    @csp_exempt()
    def exempt(request):
        return HttpResponse("page")

    def with_nonce(request):
        return HttpResponse(f"<script nonce='{request.csp_nonce}'></script>")

    assert "img-src data:" in _through_middleware(with_images)["Content-Security-Policy"]
    assert "Content-Security-Policy" not in _through_middleware(exempt)
    response = _through_middleware(with_nonce)
    nonce = re.search(r"nonce='([^']+)'", response.content.decode())[1]
    assert f"'nonce-{nonce}'" in response["Content-Security-Policy"]


def test_a_changed_policy_is_built_again(settings):
    from django.http import HttpResponse

    def page(request):
        return HttpResponse("page")

    assert "frame-ancestors 'none'" in _through_middleware(page)["Content-Security-Policy"]
    settings.CONTENT_SECURITY_POLICY = {
        "DIRECTIVES": {"default-src": ["'self'"]},
        "EXCLUDE_URL_PREFIXES": ["/admin/"],
    }
    assert _through_middleware(page)["Content-Security-Policy"] == "default-src 'self'"
    assert "Content-Security-Policy" not in _through_middleware(page, "/admin/login/")
