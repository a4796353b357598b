"""Links built from the path and SITE_URL, never from the request's host; what a visitor typed
is repeated capped and isolated, so right-to-left overrides cannot reorder a message."""

import json
import re

import pytest
from django.utils import translation

from rulebook import echo
from rulebook.messages import explain

RLO = "\u202e"  # right-to-left override
TYPED = RLO + "gnp.exe" + "x" * 60


def test_a_path_that_looks_like_another_host_links_only_to_this_site(client, rulebook):
    response = client.get("/", PATH_INFO="//evil.example/en/")  # as a raw request line sends it
    assert response.status_code == 404
    html = response.content.decode()
    assert "evil.example" not in html
    switcher = re.search(r'<nav aria-label="Language" class="switcher">(.*?)</nav>', html, re.S)[1]
    assert re.findall(r'href="([^"]+)"', switcher) == ["/ar/", "/fr/"]
    assert 'rel="alternate"' not in html  # no hreflang on an error page


def test_hreflang_links_are_absolute_from_site_url_not_the_host(client, rulebook, settings):
    settings.SITE_URL = "https://diwaniya.example"
    settings.ALLOWED_HOSTS = ["evil.example", "testserver"]
    html = client.get("/fr/tarneeb/classic/", HTTP_HOST="evil.example").content.decode()
    alternates = re.findall(r'<link rel="alternate" hreflang="([\w-]+)" href="([^"]+)">', html)
    # the default variant's page is the game's page: its twin names the game's address
    assert alternates == [
        ("ar", "https://diwaniya.example/ar/tarneeb/"),
        ("en", "https://diwaniya.example/en/tarneeb/"),
        ("fr", "https://diwaniya.example/fr/tarneeb/"),
        ("x-default", "https://diwaniya.example/tarneeb/"),
    ]
    assert "evil.example" not in html


@pytest.mark.parametrize(
    "url", ["/en/no-such-game/", "/en/tarneeb/sheet/view/nothing/", "/fr/quiz/start/?game=x"]
)
def test_error_pages_have_no_hreflang(client, rulebook, url):
    response = client.get(url)
    assert response.status_code == 404
    assert 'rel="alternate"' not in response.content.decode()


def test_the_helper_caps_and_isolates():
    assert echo.cap("a" * 40) == "a" * 40
    assert echo.cap("a" * 41) == "a" * 39 + "…"
    html = echo.fill("“%(move)s” is not a move.", {"move": "<b>" + TYPED})
    assert html == f"“<bdi>&lt;b&gt;{RLO}gnp.exe{'x' * 28}…</bdi>” is not a move."
    text = echo.fill("“%(move)s” is not a move.", {"move": TYPED}, html=False)
    assert text == f"“\u2068{TYPED[:39]}…\u2069” is not a move."
    # what the message turned into its own words is not the visitor's: left as it is
    with translation.override("en"):  # an earlier test's request may leave another language on
        said = explain("card_not_in_hand", {"seat": "N", "card": "QS"})
    assert said == "North does not hold the queen of spades."


def _isolated(html: str) -> list[str]:
    return re.findall(r"<bdi>([^<]*)</bdi>", html)


def test_a_typed_variant_is_isolated_on_the_position_page(client, rulebook):
    response = client.get("/en/bent-al-sbeet/position/", {"variant": TYPED, "deal": ""})
    assert response.status_code == 400
    html = response.content.decode()
    assert f"<bdi>{TYPED[:39]}…</bdi>" in html
    assert TYPED[:45] not in html


def test_the_api_isolates_with_unicode_controls(client, rulebook):
    response = client.get("/api/tarneeb/position", {"variant": TYPED})
    assert response.status_code == 400
    message = json.loads(response.content)["error"]["message"]
    assert f"\u2068{TYPED[:39]}…\u2069" in message and "<bdi>" not in message


def test_a_typed_move_is_isolated_in_a_tutorial(client, rulebook):
    from tutorials.loader import load_all
    from tutorials.models import Step

    load_all()
    step = Step.objects.filter(question=True).select_related("tutorial").first()
    url = f"/ar/tutorials/{step.tutorial.slug}/{step.number}/"
    response = client.post(url, {"move": TYPED})
    assert response.status_code == 400
    assert _isolated(response.content.decode()) == [TYPED[:39] + "…"]


def test_a_typed_quiz_kind_is_isolated(client, rulebook):
    response = client.get(
        "/fr/quiz/start/", {"game": "tarneeb", "variant": "classic", "kind": TYPED}
    )
    assert response.status_code == 404
    assert _isolated(response.content.decode()) == [TYPED[:39] + "…"]


def test_a_long_unknown_game_is_capped(client, rulebook):
    html = client.get("/en/" + "g" * 300 + "/").content.decode()
    message = re.search(r'<p class="error" role="alert">(.*?)</p>', html, re.S)[1]
    assert _isolated(message) == ["g" * 39 + "…"]
