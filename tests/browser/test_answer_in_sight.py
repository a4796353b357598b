"""The answer in sight, as a learner meets it on a phone (390x844, 360x740, 844x390, touch) in
Arabic and English: every kind of quiz question with its submit control inside the first
screen and, once answered, its verdict's first line in sight beside the whole hand; the
quiz's set of five questions ended on its score; "Play a deal" keeping a house-rule page's
rules; and at 360 px, the pages this checks draw no table that breaks a word, no badge over a
rank, no seat name ending on a lone dot, no blank gap over the felt. axe-core on each page.
Screenshots: tests/artifacts/sight-*.png, quiz-set-end-*.png."""

import itertools
import re

import pytest

from .conftest import ARTIFACTS, PHONES, answered
from .sight import in_sight, narrow_ok

pytestmark = pytest.mark.browser

PAIRS = list(itertools.product(PHONES, ("ar", "en")))

# Every kind of question the quiz asks, each in a game that has it.
KINDS = [
    ("bent-al-sbeet", "qahwa", "play"),
    ("bent-al-sbeet", "qahwa", "legal-set"),
    ("bent-al-sbeet", "qahwa", "next-leader"),
    ("bent-al-sbeet", "qahwa", "trick-points"),
    ("bent-al-sbeet", "qahwa", "deal-points"),
    ("bent-al-sbeet", "qahwa", "match"),
    ("tarneeb", "classic", "sheet"),
    ("sabaat-al-deemin", "classic", "knock"),
    ("tarneeb-41", "classic", "deal-points"),  # each player's bid scored: signed points
]

# The controls a question needs before it can be answered.
SUBMIT = ".answer-bar button:not([hidden]), .answer-bar input:not([type=hidden])"


# the gap between the strip's last line and the felt, where the felt follows the strip
GAP = """() => {
  const felt = [...document.querySelectorAll('.board .felt')].find((f) => f.offsetParent);
  const stage = document.querySelector('.stage');
  if (!felt || !stage) return null;
  const top = felt.getBoundingClientRect().top;
  // what starts above the felt: where the strip is longer than the screen leaves it, its end
  // goes under the (sticky) felt, and the "gap" is that overlap, negative
  const above = [...stage.querySelectorAll('*')]
    .filter((e) => e.offsetParent !== null && !felt.contains(e) && !e.contains(felt))
    .map((e) => e.getBoundingClientRect())
    .filter((r) => r.height && r.top < top)
    .map((r) => r.bottom);
  return top - Math.max(...above, stage.getBoundingClientRect().top);
}"""


def axe_clean(page, where):
    from axe_playwright_python.sync_playwright import Axe

    violations = Axe().run(page).response["violations"]
    assert [(v["id"], [n["target"] for n in v["nodes"]][:3]) for v in violations] == [], where


def answer(page, kind):
    """Answer the question on the page as a hurried learner does, by touch: right or wrong
    does not matter here, only where the verdict lands."""
    if kind == "play":
        page.locator(".answer-form .felt button[name=move]:visible").first.tap()
        return
    if kind == "legal-set":
        page.locator(".answer-form .felt label.pick").first.tap()
    elif kind == "next-leader":
        page.locator(".answer-bar button[name=seat]").first.tap()
        return
    elif kind == "match":
        page.locator('.answer-bar input[value="none"]').tap()
    elif kind == "knock":
        page.locator("#cost").fill("0")
        page.locator('.answer-bar button[name=may][value="no"]').tap()
        return
    else:  # numbers: a player's points, or a side's row on the sheet
        for field in page.locator(".answer-bar input[type=text]").all():
            field.fill("0")
    page.locator(".answer-bar button.check").tap()


@pytest.mark.parametrize("size,lang", PAIRS)
def test_every_quiz_kind_s_controls_and_verdict_are_in_sight(phone, size, lang):
    page = phone(size)
    for game, variant, kind in KINDS:
        where = (game, kind, size, lang)
        page.goto(page.base + f"/{lang}/quiz/start/?game={game}&variant={variant}&kind={kind}")
        name = f"quiz-{game}-{kind}-{size}-{lang}"
        in_sight(page, "#prompt", f"{name}-question", line=400)  # the question, all of it
        if size == "narrow":  # 360 px: no table breaks a word, no gap opens over the felt
            narrow_ok(page, where)
            gap = page.evaluate(GAP)
            assert gap is not None and gap <= 24, (where, gap)
        if kind != "play":  # a play question's controls are the hand's cards
            in_sight(page, SUBMIT, f"{name}-form", line=44)
        answered(page, lambda kind=kind: answer(page, kind))
        page.locator("#verdict").wait_for()
        in_sight(page, ".verdict", f"{name}-verdict", line=30)
        if (size, lang) == ("narrow", "ar"):  # each kind's verdict once, where space is least
            axe_clean(page, where)
    assert page.failed == []


def test_a_quiz_set_ends_on_its_score_in_five_answers(phone):
    """From the home page's learn box, five questions of one game, of mixed kinds, each saying
    where it stands in the set, then the score: stars as the tutorials give them, and the
    questions to look at again."""
    for lang, size in (("en", "upright"), ("ar", "narrow")):
        page = phone(size)
        page.goto(page.base + f"/{lang}/")
        with page.expect_navigation():
            page.locator("#bent-al-sbeet .learn-steps a[href*='/quiz/set/']").tap()
        kinds = []
        for n in range(1, 6):
            assert re.search(rf"\b{n}\b.*\b5\b", page.locator(".set-place").inner_text()), n
            kinds.append(page.url.split("/quiz/")[1].split("/")[2])
            answered(page, lambda page=page, kind=kinds[-1]: answer(page, kind))
            page.locator("#verdict").wait_for()
            assert page.locator(".answer-bar").count() == 0
            link = page.locator(".verdict .next-links a.next")
            answered(page, link.tap)
        assert len(set(kinds)) >= 4, kinds  # mixed kinds
        assert "/quiz/set/" in page.url
        stars = int(page.locator(".set-end .stars").get_attribute("data-stars"))
        right = int(page.locator(".set-score").get_attribute("data-right"))
        assert 0 <= stars <= 3 and stars == right * 3 // 5
        assert page.locator(".again-list li").count() == 5 - right
        assert page.locator(".set-list li").count() == 5
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"quiz-set-end-{lang}.png"), full_page=True)
        axe_clean(page, ("set end", lang))
        # "another set" starts a new one; the endless stream is still there
        assert page.locator("a.another").get_attribute("href").startswith(f"/{lang}/quiz/set/")
        assert page.failed == []


def test_play_a_deal_keeps_a_house_rule_page_s_rules(phone, site):
    page = phone("narrow")
    page.goto(page.base + "/en/tarneeb/classic/?rule.target=41")
    button = page.locator("form.play-deal button.start")
    assert "these rules" in button.inner_text()
    axe_clean(page, "house-rule page")
    with page.expect_navigation():
        button.tap()
    assert "/practice/" in page.url
    page.locator("details.house-rules-list summary").tap()
    assert "41" in page.locator("details.house-rules-list").inner_text()
    assert page.failed == []


# --- a phone of 360 px: what no table on these pages may do -------------------------------------
@pytest.mark.parametrize("lang", ["ar", "en"])
def test_at_360_px_tables_keep_their_words_and_no_gap_opens_over_the_felt(phone, lang):
    page = phone("narrow")
    # Tarneeb's score sheet on a finished deal (a tutorial's last step, in its drawer); the
    # practice review's sheet, double-dummy table and list of costs: test_phone_table
    from tutorials import content

    last = next(len(d["steps"]) for d in content.read_all() if d["slug"] == "tarneeb-missed-bid")
    page.goto(page.base + f"/{lang}/tutorials/tarneeb-missed-bid/{last}/")
    assert page.locator("#sheet").count() == 1
    narrow_ok(page, "tutorial sheet")
    axe_clean(page, "tutorial sheet")
    # (every kind of quiz question: test_every_quiz_kind_s_controls_and_verdict_are_in_sight)
    # a practice table of Sab'at Al-Deemin, its piles on the felt
    page.goto(page.base + f"/{lang}/")
    with page.expect_navigation():
        page.locator("#sabaat-al-deemin form.play-deal button.start").tap()
    page.locator("#live").wait_for()
    narrow_ok(page, "sabaat practice")
    gap = page.evaluate(GAP)
    assert gap is not None and gap <= 24, ("sabaat practice", gap)
    assert page.failed == []


def test_a_trix_quiz_set_is_answered_by_tapping_in_arabic(phone):
    """From the home page's Trix box: five questions of Trix's trick contracts (which cards may
    be played, the card to play, who leads next), each answered by a tap on a phone held
    upright, its verdict in sight in Arabic, then the set's score."""
    page = phone("upright")
    page.goto(page.base + "/ar/")
    with page.expect_navigation():
        page.locator("#trix .learn-steps a[href*='/quiz/set/']").tap()
    kinds = []
    for n in range(1, 6):
        kinds.append(page.url.split("/quiz/")[1].split("/")[2])
        assert "/quiz/trix/" in page.url, page.url
        in_sight(page, "#prompt", f"quiz-trix-{n}-question", line=400)
        answered(page, lambda: answer(page, kinds[-1]))
        page.locator("#verdict").wait_for()
        in_sight(page, ".verdict", f"quiz-trix-{n}-verdict", line=30)
        said = page.locator(".verdict").inner_text()
        assert any("\u0600" <= ch <= "\u06ff" for ch in said), said
        if n == 1:
            axe_clean(page, "trix quiz verdict")
        answered(page, page.locator(".verdict .next-links a.next").tap)
    assert set(kinds) <= {"legal-set", "play", "next-leader", "best-card"}, kinds
    assert "/quiz/set/" in page.url and page.locator(".set-end .stars").count() == 1
    assert page.failed == []


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_a_trix_owner_s_choice_is_answered_by_a_tap_with_every_contract_s_cost(phone, lang):
    """From the home page to the quiz's list, then a Trix "best contract" question: the owner's
    hand alone, a button for each contract left, and once tapped the verdict in sight with
    what each contract costs."""
    page = phone("upright")
    page.goto(page.base + f"/{lang}/")
    with page.expect_navigation():
        page.locator("header a[href$='/quiz/']").first.tap()
    with page.expect_navigation():
        page.locator("ul.picked a[href*='/best-contract/']").first.tap()
    in_sight(page, "#prompt", f"quiz-trix-contract-{lang}-question", line=400)
    contracts = page.locator(".answer-form button[name=move]:visible")
    offered = contracts.count()
    assert 2 <= offered <= 5
    in_sight(page, ".answer-form button[name=move]", f"quiz-trix-contract-{lang}-form", line=40)
    assert page.locator(".seat.open").count() == 1  # the owner's own hand, no other
    answered(page, contracts.first.tap)
    page.locator("#verdict").wait_for()
    in_sight(page, ".verdict", f"quiz-trix-contract-{lang}-verdict", line=30)
    costs = page.locator(".verdict .move-costs li")
    assert costs.count() == offered  # every contract the owner could choose, costed
    assert page.locator(".verdict .move-costs li.best").count() == 1
    axe_clean(page, ("trix best contract", lang))
    assert page.failed == []
