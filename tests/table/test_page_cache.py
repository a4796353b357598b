"""Rule pages cached whole for everyone: what a visitor sees of their own is theirs alone, an
edit shows at once, and a warm page costs a bounded number of queries."""

import gzip
import re
import zlib

import pytest
from django.db import OperationalError, connection
from django.db.models import F
from django.test import Client
from django.test.utils import CaptureQueriesContext

from rulebook.models import Game, Rule, rows_of

URL = "/en/bent-al-sbeet/"


def learn_box(html: str) -> str:
    return re.search(r'<nav class="learn".*?</nav>', html, re.S).group(0)


def with_progress() -> tuple[Client, int]:
    """A visitor who has answered a question of a Bent Al Sbeet tutorial (so has a session and
    progress), and the step they are at."""
    from tutorials.models import Tutorial

    visitor = Client()
    question = Tutorial.objects.get(slug="bent-first-deal").steps.filter(question=True).first()
    step = question.number
    assert visitor.post(f"/en/tutorials/bent-first-deal/{step}/", {"hint": "1"}).status_code == 302
    visitor.get(f"/en/tutorials/bent-first-deal/{step + 1}/")
    return visitor, step + 1


def test_one_visitors_progress_never_reaches_another(tutorials):
    first, step = with_progress()
    theirs = learn_box(first.get(URL).content.decode())  # the page is cached by this request
    assert f"resume at step {step}" in theirs
    stranger = Client().get(URL, HTTP_ACCEPT_ENCODING="gzip")
    assert stranger["Content-Encoding"] == "gzip"
    html = gzip.decompress(stranger.content).decode()
    assert "resume at step" not in learn_box(html)
    assert "a guided hand" in learn_box(html)
    # and the visitor with progress still sees theirs from the cached page
    assert f"resume at step {step}" in learn_box(first.get(URL).content.decode())


def test_no_visitor_marker_reaches_a_browser(tutorials):
    from tests.quiz.helpers import start

    for url in (
        URL,
        "/ar/tutorials/bent-first-deal/2/",
        start(Client(), "tarneeb", "classic", "play"),
    ):
        Client().get(url)  # cached from here on
        for encoding in ("gzip", "identity"):
            html = page_text(Client().get(url, HTTP_ACCEPT_ENCODING=encoding))
            assert "<!--visitor:" not in html, url
        assert "<!--visitor:" not in with_progress()[0].get(url).content.decode()


def test_the_cached_page_holds_nothing_of_a_visitor(tutorials):
    response = with_progress()[0].get(URL)
    html = response.content.decode()
    assert "csrfmiddlewaretoken" not in html
    assert "Cookie" in response["Vary"] and "Accept-Encoding" in response["Vary"]


def test_an_edit_shows_at_once_from_the_cached_page(tutorials):
    before = Client().get(URL).content.decode()
    tarneeb = Game.objects.get(slug="tarneeb").revision
    rule = Rule.objects.filter(game__slug="bent-al-sbeet").first()
    assert rule.name in before
    revision = Game.objects.get(slug="bent-al-sbeet").revision
    rule.name = "A rule renamed by an editor"
    rule.save()  # as the admin saves it, in whichever process
    assert Game.objects.get(slug="bent-al-sbeet").revision == revision + 1
    assert "A rule renamed by an editor" in Client().get(URL).content.decode()
    # other games' pages are not thrown away
    assert Game.objects.get(slug="tarneeb").revision == tarneeb


@pytest.mark.parametrize(
    "url",
    [
        "/en/tarneeb/",
        "/ar/bent-al-sbeet/sbeetah/",
        "/fr/sabaat-al-deemin/",
        "/en/bent-al-sbeet/qahwa/?rule.target=101",
    ],
)
def test_a_warm_rule_page_asks_the_database_at_most_three_times(
    tutorials, url, django_assert_max_num_queries
):
    visitor, _step = with_progress()
    visitor.get(url)
    Client().get(url)
    with django_assert_max_num_queries(3):  # the game; nothing more for a visitor without one
        assert Client().get(url).status_code == 200
    with django_assert_max_num_queries(3):  # the game, the session, the visitor's progress
        assert visitor.get(url).status_code == 200


def test_a_revision_reads_alike_whether_the_queries_are_watched_or_not(db, rulebook):
    """Unwatched, the content revision goes straight to SQLite; watched (a test counting
    queries, DEBUG's log), through Django's cursor, where it is seen. Both read the same row,
    and an edit made since."""
    unwatched = Game.content_of("tarneeb")
    with CaptureQueriesContext(connection) as watched:
        assert Game.content_of("tarneeb") == unwatched
    assert len(watched) == 1 and "revision" in watched[0]["sql"]
    Game.objects.filter(slug="tarneeb").update(revision=F("revision") + 1)
    edited = Game.content_of("tarneeb")
    assert edited != unwatched
    with CaptureQueriesContext(connection):
        assert Game.content_of("tarneeb") == edited
    assert Game.content_of("poker") is None


def test_a_plain_query_that_fails_raises_djangos_database_error(db):
    for watch in (False, True):
        connection.force_debug_cursor = watch
        try:
            with pytest.raises(OperationalError):
                rows_of("SELECT revision FROM no_such_table")
        finally:
            connection.force_debug_cursor = False


# --- tutorial steps and quiz questions: cached whole, each visitor's parts their own ----------

CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


def page_text(response) -> str:
    if response.get("Content-Encoding") == "gzip":
        return gzip.decompress(response.content).decode()
    return response.content.decode()


def test_a_learners_hint_stays_theirs_on_a_cached_step(tutorials):
    from tutorials.models import Tutorial

    step = Tutorial.objects.get(slug="bent-first-deal").steps.filter(question=True).first()
    url = f"/en/tutorials/bent-first-deal/{step.number}/"
    stranger = Client()
    before = page_text(stranger.get(url, HTTP_ACCEPT_ENCODING="gzip"))  # cached from here on
    learner = Client()
    assert learner.post(url, {"hint": "1"}).status_code == 302
    assert 'id="hint-1"' in learner.get(url).content.decode()
    again = page_text(Client().get(url, HTTP_ACCEPT_ENCODING="gzip"))
    assert again == before.replace(CSRF.search(before).group(1), CSRF.search(again).group(1))
    assert 'id="hint-1"' not in again


def test_each_visitor_of_a_cached_step_gets_their_own_csrf_token(tutorials):
    from tutorials.models import Tutorial

    step = Tutorial.objects.get(slug="bent-first-deal").steps.filter(question=True).first()
    url = f"/en/tutorials/bent-first-deal/{step.number}/"
    one, two = Client(enforce_csrf_checks=True), Client(enforce_csrf_checks=True)
    first, second = one.get(url), two.get(url)
    mine, theirs = (CSRF.search(page_text(r)).group(1) for r in (first, second))
    assert mine != theirs
    # each token goes with its own visitor's cookie: another's is refused, one's own is taken
    assert one.post(url, {"hint": "1", "csrfmiddlewaretoken": theirs}).status_code == 403
    assert one.post(url, {"hint": "1", "csrfmiddlewaretoken": mine}).status_code == 302


def test_an_edit_to_a_step_shows_at_once(tutorials):
    from tutorials.models import Tutorial

    step = Tutorial.objects.get(slug="bent-first-deal").steps.get(number=1)
    url = "/en/tutorials/bent-first-deal/1/"
    assert Client().get(url).status_code == 200
    step.text_en = "A narration rewritten by an editor."
    step.save()
    assert "A narration rewritten by an editor." in Client().get(url).content.decode()


def test_a_warm_step_asks_the_database_once_for_a_visitor_without_a_session(
    tutorials, django_assert_max_num_queries
):
    url = "/ar/tutorials/bent-first-deal/2/"
    Client().get(url)
    with django_assert_max_num_queries(1):
        assert Client().get(url).status_code == 200


def quiz_question(client) -> str:
    from urllib.parse import urlencode

    query = urlencode({"game": "bent-al-sbeet", "variant": "qahwa", "kind": "play"})
    return client.get(f"/en/quiz/start/?{query}")["Location"]


def test_two_visitors_of_a_cached_question_each_answer_with_their_own_form(db, rulebook):
    from tests.quiz.helpers import answer_data, form_token, question_of

    url = quiz_question(Client())
    one, two = Client(), Client()
    first, second = one.get(url), two.get(url)
    assert form_token(first) != form_token(second)
    q = question_of(url)
    for visitor, page in ((one, first), (two, second)):
        data = {"token": form_token(page), **answer_data(q, True, page)}
        assert visitor.post(url, data).status_code == 303
    # the first learner's score is theirs alone; a newcomer sees none
    assert 'data-answered="1"' in one.get(url).content.decode()
    assert "data-answered" not in page_text(Client().get(url))


FORM_TOKEN = re.compile(r'name="token" value="([^"]+)"')


def fresh_streams(body: bytes) -> set[int]:
    """Where, in the text a gzip body holds, a deflate stream starts that needs nothing sent
    before it: each place right after a flushed stream (``00 00 ff ff``) from which a new
    inflater reads the rest of the page."""
    whole = gzip.decompress(body)
    starts = set()
    for m in re.finditer(re.escape(b"\x00\x00\xff\xff"), body):
        try:
            rest = zlib.decompressobj(-zlib.MAX_WBITS).decompress(body[m.end() :])
        except zlib.error:
            continue  # the four bytes happened to be in compressed data
        if rest and whole.endswith(rest):
            starts.add(len(whole) - len(rest))
    return starts


def test_a_learners_question_goes_out_compressed_and_reads_as_its_text(db, rulebook, monkeypatch):
    """A page with a visitor's own parts is compressed from its cached stretches and a stream
    for each part, never whole per request: it reads as the page sent uncompressed, each token
    is a stream of its own (nothing before or after it is compressed with it), and the page is
    hardly bigger than compressed whole."""
    from tests.quiz.helpers import answer_data, question_of

    learner = Client()
    first = quiz_question(learner)
    page = learner.get(first)
    data = {"token": FORM_TOKEN.search(page.content.decode()).group(1)}
    data |= answer_data(question_of(first), False, page)
    assert learner.post(first, data).status_code == 303
    url = quiz_question(learner)
    Client().get(url)  # cached from here on

    def whole_page_compressed(*args, **kwargs):
        raise AssertionError("a cached page was compressed whole for one visitor")

    monkeypatch.setattr("django.middleware.gzip.compress_string", whole_page_compressed)
    zipped = learner.get(url, HTTP_ACCEPT_ENCODING="br, gzip;q=0.8")
    assert zipped["Content-Encoding"] == "gzip"
    text = gzip.decompress(zipped.content).decode()
    plain = learner.get(url, HTTP_ACCEPT_ENCODING="identity")
    assert "Content-Encoding" not in plain
    assert 'data-answered="1"' in text  # the learner's own score is in

    def tokens(html):
        return [token for p in (CSRF, FORM_TOKEN) for token in p.findall(html)]

    def without_tokens(html):
        for token in tokens(html):
            html = html.replace(token, "TOKEN")
        return html

    assert without_tokens(text) == without_tokens(plain.content.decode())
    starts, whole = fresh_streams(zipped.content), gzip.decompress(zipped.content)
    for name in ("csrfmiddlewaretoken", "token"):
        part = re.search(rb'<input type="hidden" name="%s" value="[^"]+">' % name.encode(), whole)
        assert {part.start(), part.end()} <= starts, name
    # each of the visitor's parts starts the next stretch's stream afresh, without the page
    # before it to refer to: measured 1.20 to 1.31 of the whole page's size over the quiz's
    # questions (9 streams); a stream per token or per line would be twice that and more
    assert len(zipped.content) < 1.4 * len(gzip.compress(text.encode()))


def test_a_part_longer_than_a_stored_block_and_a_part_left_out_are_spliced_whole(db):
    from django.http import HttpResponse
    from django.test import RequestFactory

    from plumbing import pagecache

    cached = f"<p>{pagecache.mark('long', 'a')}</p>{pagecache.mark('kept', 'as cached')}<p>end"
    found = pagecache.entry("page:test-splice", 60, lambda: HttpResponse(cached))
    long = "".join(f"<i>{n}</i>" for n in range(20_000))  # past 65,535 bytes
    request = RequestFactory().get("/", HTTP_ACCEPT_ENCODING="gzip")
    response = pagecache.respond(request, found, {"long": long})
    assert response["Content-Encoding"] == "gzip"
    assert gzip.decompress(response.content).decode() == f"<p>{long}</p>as cached<p>end"


def rule_page_keys(url: str) -> tuple[str, str]:
    """The cache keys of a rule page: its head and its body."""
    from django.test import RequestFactory

    from plumbing import pagecache

    key = pagecache.key(RequestFactory().get(url), Game.content_of(url.split("/")[2]))
    return key, key + pagecache.BODY


def test_a_visitor_with_nothing_of_their_own_reads_only_the_pages_head(tutorials):
    """With a shared cache every read crosses the network: a visitor without a session reads
    the compressed page alone, never the text kept for visitors with parts of their own."""
    import pickle

    from django.core.cache import cache

    plain = Client().get(URL, HTTP_ACCEPT_ENCODING="gzip")
    head, body = rule_page_keys(URL)
    assert len(pickle.dumps(cache.get(head))) < 1.2 * len(plain.content)
    assert len(cache.get(body)["text"]) > 4 * len(plain.content)
    cache.delete(body)
    again = Client().get(URL, HTTP_ACCEPT_ENCODING="gzip")
    assert again.content == plain.content and cache.get(body) is None  # nor rendered again
    # A visitor with parts of their own needs the body: it is rendered again, and kept.
    visitor, step = with_progress()
    assert f"resume at step {step}" in learn_box(page_text(visitor.get(URL)))
    assert cache.get(body) is not None
    assert Client().get(URL, HTTP_ACCEPT_ENCODING="identity").content.decode() == (
        gzip.decompress(plain.content).decode()
    )


def test_countless_pages_are_bounded_and_never_push_a_rule_page_out(tutorials):
    """Pages made from a query (a question's seed, a position, house rules) have no number:
    they are kept in a bounded cache of their own, so a run of them leaves the rule pages."""
    from django.conf import settings
    from django.core.cache import caches
    from django.http import HttpResponse

    from plumbing import pagecache

    Client().get(URL)
    head, body = rule_page_keys(URL)
    bound = settings.CACHES["countless"]["OPTIONS"]["MAX_ENTRIES"]
    for n in range(bound):  # two entries a page: twice the bound
        pagecache.entry(f"page:test-countless:{n}", 60, lambda: HttpResponse("<p>q"), True)
    countless = caches["countless"]
    assert countless.get("page:test-countless:0") is None  # the first pushed out
    assert countless.get(f"page:test-countless:{bound - 1}") is not None
    assert len(countless._cache) <= bound
    assert caches["default"].get(head) is not None and caches["default"].get(body) is not None


def test_a_page_with_a_form_is_read_from_the_cache_once(db, rulebook, monkeypatch):
    """Every request of a page with a form fills in its own CSRF token, so needs the page's
    text: it is kept under one key, not a head and a body read one after the other."""
    from django.core.cache import caches

    url = quiz_question(Client())
    Client().get(url)
    reads = []
    store = caches["countless"]
    monkeypatch.setattr(store, "get", lambda key, *a, get=store.get: reads.append(key) or get(key))
    for encoding in ("gzip", "identity"):
        assert CSRF.search(page_text(Client().get(url, HTTP_ACCEPT_ENCODING=encoding)))
    assert len(reads) == 2 and not any(key.endswith(":body") for key in reads)


def test_a_page_gone_since_its_head_was_kept_answers_as_it_now_does(db):
    from django.core.cache import cache
    from django.http import HttpResponse, HttpResponseNotFound
    from django.test import RequestFactory

    from plumbing import pagecache

    answers = [HttpResponse(f"<p>{pagecache.mark('own', 'a')}</p>"), HttpResponseNotFound("no")]
    pagecache.entry("page:test-gone", 60, lambda: answers.pop(0))
    cache.delete("page:test-gone" + pagecache.BODY)
    found = pagecache.entry("page:test-gone", 60, lambda: answers.pop(0))
    request = RequestFactory().get("/", HTTP_ACCEPT_ENCODING="gzip")
    assert pagecache.respond(request, found, {"own": "b"}).status_code == 404


def test_a_warm_question_asks_the_database_once_for_a_visitor_without_a_session(
    db, rulebook, django_assert_max_num_queries
):
    url = quiz_question(Client())
    Client().get(url)
    with django_assert_max_num_queries(1):
        assert Client().get(url).status_code == 200


def test_an_edit_to_a_hand_picked_question_raises_its_games_revision(db, rulebook):
    from quiz.loader import load_all
    from quiz.models import HandPicked

    load_all()
    row = HandPicked.objects.first()
    game = Game.objects.get(slug=row.game)
    row.save()
    assert Game.objects.get(pk=game.pk).revision == game.revision + 1


def test_the_position_api_answers_from_the_cache_what_the_engine_says(db, monkeypatch):
    import json
    from urllib.parse import urlencode

    from cardgames.penalty import bent_al_sbeet
    from cardgames.positions import open_position

    query = {
        "variant": "qahwa",
        "dealer": "N",
        "deal": "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765",
        "moves": "2S",
    }
    url = "/api/bent-al-sbeet/position?" + urlencode(query)
    engine = json.loads(json.dumps(open_position(bent_al_sbeet, query).to_json("bent-al-sbeet")))
    assert Client().get(url).json() == engine

    def engine_asked_again(*args):
        raise AssertionError("the engine was asked again")

    with monkeypatch.context() as patch:
        patch.setattr("rulebook.api.open_position", engine_asked_again)
        cached = Client().get(url, HTTP_ACCEPT_ENCODING="gzip")
    assert cached["Content-Encoding"] == "gzip"
    assert json.loads(gzip.decompress(cached.content)) == engine
    assert "Accept-Language" in cached["Vary"]
    # an error is worded in each asker's language: never kept for the next one
    bad = url.replace("2S", "ZZ")
    english = Client().get(bad, HTTP_ACCEPT_LANGUAGE="en")
    french = Client().get(bad, HTTP_ACCEPT_LANGUAGE="fr")
    assert english.status_code == french.status_code == 400
    assert english.json()["error"]["message"] != french.json()["error"]["message"]


# --- every page a reader opens: a bounded number of queries, warm ---------------------------

PAGES = [
    "/en/",
    "/ar/",
    "/en/tutorials/",
    "/fr/tutorials/bent-first-deal/1/",
    "/en/quiz/",
    "/en/compare/",
    "/fr/compare/?a=bent-al-sbeet%3Aqahwa&b=bent-al-sbeet%3Asbeetah",
    "/ar/tarneeb/practice/",
    "/en/bent-al-sbeet/practice/?variant=sbeetah",
    "/en/mine/",
]


def test_every_warm_page_asks_the_database_at_most_three_times(tutorials):
    """Whatever the page lists (games, variants, tutorials, steps), a warm page asks at most
    the content's revision, the session and the visitor's own rows."""
    visitor, _step = with_progress()
    for url in PAGES:
        for client in (Client(), visitor):
            assert client.get(url).status_code == 200
            with CaptureQueriesContext(connection) as queries:
                assert client.get(url).status_code == 200
            assert len(queries) <= 3, (url, [q["sql"] for q in queries])


def test_a_learners_step_visit_writes_only_when_their_place_moves(
    tutorials, django_assert_max_num_queries
):
    from tutorials.models import TutorialProgress

    visitor, step = with_progress()
    url = f"/en/tutorials/bent-first-deal/{step}/"
    with django_assert_max_num_queries(3):  # read again: the revision, the session, the progress
        visitor.get(url)
    visitor.get(f"/en/tutorials/bent-first-deal/{step + 1}/")  # a step further: written
    row = TutorialProgress.objects.get(slug="bent-first-deal")
    assert (row.data["seen"], row.data["last"]) == (step + 1, step + 1)
    visitor.get(url)  # back a step: the place moves back, the furthest step stays
    row.refresh_from_db()
    assert (row.data["seen"], row.data["last"]) == (step + 1, step)


def test_an_edit_to_a_tutorial_or_a_variant_shows_at_once_on_every_page_listing_it(tutorials):
    from rulebook.models import Variant
    from tutorials.models import Tutorial

    pages = ["/en/", "/en/tutorials/", "/en/bent-al-sbeet/"]
    tutorial = Tutorial.objects.get(slug="bent-first-deal")
    for url in pages:
        assert tutorial.title in Client().get(url).content.decode(), url
    tutorial.title = "A tutorial renamed by an editor"
    tutorial.save()
    for url in pages:
        assert "A tutorial renamed by an editor" in Client().get(url).content.decode(), url
    compare = "/en/compare/?a=bent-al-sbeet%3Aqahwa&b=bent-al-sbeet%3Asbeetah"
    variant = Variant.objects.get(game__slug="bent-al-sbeet", slug="sbeetah")
    assert variant.name in Client().get(compare).content.decode()
    assert variant.name in Client().get("/en/quiz/").content.decode()
    variant.name = "A variant renamed by an editor"
    variant.save()
    for url in (compare, "/en/quiz/", "/en/bent-al-sbeet/practice/"):
        assert "A variant renamed by an editor" in Client().get(url).content.decode(), url


def test_a_visitors_own_match_pages_ask_at_most_three_times_and_show_edits_at_once(tutorials):
    """The score sheet, its list and the practice table read the game's registry rows from the
    cache, by the content revision read with the match itself."""
    from rulebook.models import Variant

    visitor = Client()
    sheet = visitor.post("/en/tarneeb/sheet/", {"variant": "classic"})["Location"]
    table = visitor.post(
        "/en/tarneeb/practice/", {"variant": "classic", "seat": "S", "level": "club"}
    )["Location"].split("?")[0]
    pages = [sheet, table, "/en/tarneeb/sheet/"]
    for url in pages:
        assert visitor.get(url).status_code == 200
        with CaptureQueriesContext(connection) as queries:
            assert visitor.get(url).status_code == 200
        assert len(queries) <= 3, (url, [q["sql"] for q in queries])
    with CaptureQueriesContext(connection) as queries:  # the session, the names, both kinds
        mine = visitor.get("/en/mine/")
    assert len(queries) <= 3, [q["sql"] for q in queries]
    listed = mine.content.decode()
    assert listed.count('<li class="match"') == 2
    assert f'href="{sheet}"' in listed and f'href="{table}"' in listed
    variant = Variant.objects.get(game__slug="tarneeb", slug="classic")
    variant.name = "A variant renamed by an editor"
    variant.save()
    for url in pages:
        assert "A variant renamed by an editor" in visitor.get(url).content.decode(), url


def test_a_tutorial_moved_to_another_game_leaves_the_first_games_pages(tutorials):
    from tutorials.models import Tutorial

    tutorial = Tutorial.objects.get(slug="bent-first-deal")
    assert tutorial.title in learn_box(Client().get("/en/bent-al-sbeet/").content.decode())
    before = {g.slug: g.revision for g in Game.objects.all()}
    tutorial.game = Game.objects.get(slug="tarneeb")
    tutorial.save()
    after = {g.slug: g.revision for g in Game.objects.all()}
    assert after["bent-al-sbeet"] == before["bent-al-sbeet"] + 1
    assert after["tarneeb"] == before["tarneeb"] + 1
    assert after["hearts"] == before["hearts"]
    assert tutorial.title not in learn_box(Client().get("/en/bent-al-sbeet/").content.decode())


def test_views_declare_the_page_cache_and_never_splice_it():
    """One mechanism: views declare ``pagecache.cached``; none reads or fills the cache."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    inner = re.compile(r"pagecache\.(entry|respond|key|has_session|BODY)\b")
    spliced = [
        str(path.relative_to(root))
        for top in ("rulebook", "tutorials", "quiz", "practice", "scoresheet", "diwaniya")
        for path in (root / top).rglob("*.py")
        if inner.search(path.read_text())
    ]
    assert spliced == []


def test_a_declared_page_is_kept_by_address_and_revision_and_a_post_never(db):
    from django.http import HttpResponse
    from django.test import RequestFactory

    from plumbing import pagecache

    rendered = []
    revision = ["r1"]

    @pagecache.cached(lambda request: revision[0], 60)
    def view(request):
        rendered.append(request.method)
        return HttpResponse(f"<p>{len(rendered)}")

    factory = RequestFactory()
    first = view(factory.get("/en/declared/")).content
    assert view(factory.get("/en/declared/")).content == first
    assert view(factory.get("/fr/declared/")).content != first  # the language is its address
    revision[0] = "r2"  # an edit: a new key, nothing stale
    assert view(factory.get("/en/declared/")).content != first
    assert view(factory.post("/en/declared/")).content == b"<p>4"
    assert rendered == ["GET", "GET", "GET", "POST"]


def test_htmx_gets_the_page_content_only_and_the_cache_keeps_the_two_apart(tutorials):
    url = "/en/tutorials/bent-first-deal/2/"
    page = page_text(Client().get(url))  # the whole page, cached from here on
    part = Client().get(url, HTTP_HX_REQUEST="true")  # as htmx asks after a move
    assert "HX-Request" in part["Vary"]
    content = page_text(part)
    assert content.lstrip().startswith("<title>")
    assert "<html" not in content and "<main" not in content and "<footer" not in content
    assert '<div class="stage">' in content

    # the whole page again for a page load, and for any other value of the header
    def tokenless(html):  # each visitor's form token is their own
        return re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "", html)

    for again in (Client().get(url), Client().get(url, HTTP_HX_REQUEST="1")):
        assert tokenless(page_text(again)) == tokenless(page)
    main = re.search(r"<main [^>]*>", page).group(0)
    assert 'hx-target="#main"' in main and 'hx-swap="morph:innerHTML settle:0ms"' in main
    # the step links push the address; the answer's form replaces it (main's default)
    assert re.search(r'<a rel="next"[^>]*hx-boost="true" hx-push-url="true"', page)
