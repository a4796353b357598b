"""The card table where a learner acts, used as a person uses it: on a phone held upright
(390x844, 360x740) and on its side (844x390), with touch, in Arabic and English.

- Every tutorial question is answered by tapping its card or call (JavaScript on, each at one
  of the six size-language pairs in turn, and at each pair the two with the longest hint and
  explanation; JavaScript off, each tutorial's first question), and on each, the four seats,
  the trick, every card and call the learner may tap and the whole hand lie inside the first
  screen, each card at least 44 px to touch; its hint, a wrong answer and the right one each
  has its first line in sight with the whole hand (tests/artifacts/sight-*.png).
- A whole deal of each of the six games is started by one tap on the home page's "Play a
  deal" and played by tapping on the practice table, at the fast pace: no page load from the
  first move to the end of the deal (a marker set on ``window`` survives), focus on a legal
  card whenever the learner is to play, and the same
  first-screen check at every phase met, the end of the deal included; the hint asked for and a
  refused card's reason each with its first line in sight beside the whole hand. Its review shows
  each of the learner's cards with its cost, in the learner's language and in the other one
  (Arabic and English for every game), Tarneeb's double-dummy table, and the switch to every
  hand open (tests/artifacts/review-analysis-*.png).
- The pass by three taps and a confirm, in place, on the practice table.
axe-core runs on each phase at each size. Screenshots of each phase at each size go to
tests/artifacts/phone-*.png."""

import contextlib
import itertools

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.waiting import WAIT_MS
from tutorials import content

from .conftest import ARTIFACTS, PHONES, answered, in_place
from .sight import in_sight, narrow_ok

pytestmark = pytest.mark.browser

PAIRS = list(itertools.product(PHONES, ("ar", "en")))
MAX_TURNS = 150
TOUCH = 43.5  # 44 px, less what sub-pixel layout rounds away


FIRST_SCREEN = """() => {
  const W = innerWidth, H = innerHeight, outside = [], small = [];
  const shown = (e) => e.offsetParent !== null || getComputedStyle(e).position === 'fixed';
  const inside = (r) =>
    r.left >= -0.5 && r.top >= -0.5 && r.right <= W + 0.5 && r.bottom <= H + 0.5;
  const name = (e) => e.className + ' ' + (e.dataset.card || e.textContent.trim().slice(0, 24));
  const targets = '.felt .seat, .felt .trick .card, .felt .at-bottom .hand .card, ' +
    '.felt .move:not([disabled]), .felt button.play, .deal-end button, .deal-end a';
  document.querySelectorAll(targets).forEach((e) => {
    if (shown(e) && !inside(e.getBoundingClientRect()))
      outside.push((e.closest('.deal-end') ? 'deal-end: ' : '') + name(e));
  });
  // what shows of each card of the hand: up to the next card in its row, or all of it
  const hand = [...document.querySelectorAll('.felt .at-bottom .hand .card')].filter(shown);
  hand.forEach((card, i) => {
    const r = card.getBoundingClientRect(), next = hand[i + 1];
    const n = next && next.getBoundingClientRect();
    const width = n && Math.abs(n.top - r.top) < 8 ? n.left - r.left : r.width;
    if (width < TOUCH || r.height < TOUCH) small.push(card.dataset.card + ' ' + width);
  });
  const wider = [...document.querySelectorAll('main *')].filter((e) => {
    const r = e.getBoundingClientRect();
    return r.width && (r.right > W + 1 || r.left < -1);
  }).slice(0, 3).map(name);
  // the felt is laid out left to right, but its words read in the page's direction
  const rtl = document.documentElement.dir === 'rtl';
  const reversed = [...document.querySelectorAll('.felt .seat-name, .felt .count')]
    .filter((e) => shown(e) && (getComputedStyle(e).direction === 'rtl') !== rtl).map(name);
  return {outside, small, hand: hand.length, scrollY: scrollY, wider, reversed,
          wide: document.documentElement.scrollWidth - W};
}""".replace("TOUCH", str(TOUCH))


def check_first_screen(page, name, size, lang, hand=True):
    """The first screen holds the table (see FIRST_SCREEN), and axe-core finds nothing on the
    page in this phase. Once the deal is over (``hand`` False: no card is left to hold) it
    holds the deal's end, its points, its next deal and its links; the felt and the review
    follow it down the page."""
    from axe_playwright_python.sync_playwright import Axe

    found = page.evaluate(FIRST_SCREEN)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"phone-{name}-{lang}-{size}.png"))
    where = (name, size, lang)
    assert found["scrollY"] == 0, where
    outside = found["outside"]
    if not hand:
        outside = [o for o in outside if o.startswith("deal-end: ")]
    assert outside == [], where
    assert found["small"] == [], where
    assert found["wide"] <= 0, (where, found["wider"])
    assert found["reversed"] == [], where
    assert found["hand"] > 0 or not hand, where
    if name != "last":  # each phase once per size and language
        violations = Axe().run(page).response["violations"]
        assert [(v["id"], [n["target"] for n in v["nodes"]][:3]) for v in violations] == [], where
    return found


def tutorial_questions():
    """(slug, step number, phase, the tokens that answer it, the length of its hint and
    explanation in each language) of every shipped question."""
    for data in content.read_all():
        for step, frame in zip(data["steps"], content.frames_of(data), strict=True):
            if frame.step.question:
                module = frame.before.module
                answers = [module.format_move(m) for m in frame.answers()]
                words = step["question"]
                length = {
                    lang: len(words["hint"].get(lang, "")) + len(words["explain"].get(lang, ""))
                    for lang in ("ar", "en")
                }
                yield data["slug"], frame.number, frame.before.state.phase, answers, length


QUESTIONS = list(tutorial_questions())


def questions_of(size, lang):
    """A pair's share of the questions (each question at one pair, in turn), and the two with
    the longest hint and explanation in its language, where an answer is longest."""
    mine = [q for i, q in enumerate(QUESTIONS) if PAIRS[i % len(PAIRS)] == (size, lang)]
    longest = sorted(QUESTIONS, key=lambda q: -q[4][lang])[:2]
    return mine + [q for q in longest if q not in mine]


def tap_move(page, token):
    """Tap the answer form's button that sends ``token`` (a bid: its number first)."""
    button = page.locator(f'.answer-form button[name="move"][value="{token}"]')
    if not button.is_visible():  # a bid: its number first, then its strain
        digits = "".join(ch for ch in token if ch.isdigit())
        page.locator(".bid-numbers button", has_text=digits).tap()
    in_place(page, button.tap)


def a_wrong_move(page, answers):
    """A move the question offers that is not its answer: a card of the hand, or a call."""
    offered = page.locator('.answer-form button[name="move"]').evaluate_all(
        "bs => bs.map(b => b.value)"
    )
    return next((v for v in offered if v not in answers), None)


@pytest.mark.parametrize("size,lang", PAIRS)
def test_every_tutorial_question_is_answered_by_a_tap_in_one_screen(phone, size, lang):
    """Each question: the table in the first screen; then a hint, a wrong answer and the right
    one, each answer's first line in sight with the whole hand (tests/artifacts/sight-*)."""
    page = phone(size)
    phases = set()
    for slug, number, phase, answers, _length in questions_of(size, lang):
        where = (slug, number, size, lang)
        page.goto(page.base + f"/{lang}/tutorials/{slug}/{number}/")
        first = phase not in phases
        check_first_screen(page, f"tutorial-{phase}" if first else "last", size, lang)
        phases.add(phase)
        assert page.locator(f'.answer-form button[name="move"][value="{answers[0]}"]').count() == 1
        assert page.locator(".answer-form input[name=pass]").count() == 0
        shot = f"tutorial-{phase}-{size}-{lang}" if first else "last"
        in_place(page, page.locator(".hint-form button").tap)
        in_sight(page, ".answer.hint", f"hint-{shot}")
        wrong = a_wrong_move(page, answers)
        if wrong is not None:
            tap_move(page, wrong)
            assert page.locator("#feedback.wrong").count() == 1, where
            in_sight(page, "#feedback", f"wrong-{shot}")
        tap_move(page, answers[0])
        assert page.locator("#feedback.right").is_visible(), where
        in_sight(page, "#feedback", f"right-{shot}")
        # answered: the question no longer says whether it counts
        assert "still counts" not in page.locator(".strip").inner_text(), where
    assert page.failed == []


def test_each_tutorial_s_first_question_is_answered_by_a_tap_without_javascript(phone):
    page = phone("upright", javascript=False)
    seen = set()
    for slug, number, _phase, answers, _length in QUESTIONS:
        if slug in seen:
            continue
        seen.add(slug)
        page.goto(page.base + f"/en/tutorials/{slug}/{number}/")
        answered(page, page.locator(f'.answer-form button[name="move"][value="{answers[0]}"]').tap)
        assert page.locator(".feedback.right").is_visible(), (slug, number)
    assert len(seen) == len(content.read_all()) and page.failed == []  # each has a question


def a_paced_step():
    """A step that plays several moves, one at a time: (slug, number, how many)."""
    for data in content.read_all():
        for frame in content.frames_of(data):
            done = frame.after.moves[len(frame.before.moves) :]
            cards_played = sum(1 for m in done if m < 52)  # as the step page paces them
            paced = cards_played > 1 and frame.after.state.phase != "pass"
            if paced and len(done) >= 3 and not frame.step.question:
                return data["slug"], frame.number, len(done)
    raise AssertionError("no step plays three moves")


def test_play_the_rest_runs_a_step_s_moves_at_the_pace_without_a_page_load(phone):
    slug, number, count = a_paced_step()
    page = phone("upright")
    page.goto(page.base + f"/en/tutorials/{slug}/{number}/?move=1")
    assert f"move 1 of {count}" in page.locator("#step-count").inner_text()
    page.evaluate("window.__samePage = true")
    page.locator(".play-rest").tap()
    page.locator(f"#step-count:has-text('move {count} of {count}')").wait_for()
    assert page.locator(".play-rest").count() == 0  # the step's end: nothing left to play
    assert page.evaluate("window.__samePage === true") and page.failed == []
    assert page.url.endswith(f"/{number}/")


QUIZ = [("bent-al-sbeet", "qahwa"), ("tarneeb", "classic"), ("hearts", "openspiel")]


@pytest.mark.parametrize("size,lang", PAIRS)
def test_quiz_questions_are_answered_by_tapping_in_one_screen(phone, size, lang):
    """A play question and a select-all question, one game per pair in turn: the table in
    the first screen, the answer by taps, the verdict in place."""
    game, variant = QUIZ[PAIRS.index((size, lang)) % len(QUIZ)]
    page = phone(size)
    for kind in ("play", "legal-set"):
        page.goto(page.base + f"/{lang}/quiz/start/?game={game}&variant={variant}&kind={kind}")
        check_first_screen(page, f"quiz-{kind}", size, lang)
        if kind == "play":
            in_place(page, page.locator(".answer-form .felt button[name=move]:visible").first.tap)
        else:
            page.locator(".answer-form .felt label.pick").first.tap()
            in_place(page, page.locator(".answer-form button.check").tap)
        assert page.locator("#verdict").is_visible(), (game, kind)
        assert page.evaluate("document.activeElement.id") == "verdict"
    assert page.failed == []


# --- the practice table ------------------------------------------------------------------------

GAMES = [
    ("bent-al-sbeet", "upright", "ar"),
    ("tarneeb", "narrow", "en"),
    ("sabaat-al-deemin", "sideways", "ar"),
    ("leekha", "upright", "en"),
    ("tarneeb-41", "narrow", "ar"),
    ("hearts", "sideways", "en"),
]


def start_match(page, lang, game, touch=True):
    """As a first-time visitor does: one tap on the game's "Play a deal" on the home page."""
    page.goto(page.base + f"/{lang}/")
    start = page.locator(f"#{game} form.play-deal button.start")
    with page.expect_navigation():
        start.tap() if touch else start.click()
    assert "/practice/" in page.url
    page.evaluate("window.__samePage = true")


def settled(page):
    page.locator("#live").wait_for(state="visible")


def a_call(page):
    """The call a patient learner makes: pass where it may, keep its cards, else the first."""
    for token in ("pass", "keep"):
        found = page.locator(f'#live .felt .move[name="move"][value="{token}"]')
        if found.count():
            return found
    return page.locator("#live .felt .move[name='move']:not([disabled])").first


@pytest.mark.parametrize("game,size,lang", GAMES)
def test_a_whole_deal_is_played_by_tapping_without_a_page_load(phone, game, size, lang):
    page = phone(size)
    start_match(page, lang, game)
    phases, moves, shot = set(), 0, False
    hinted = refused = False
    for _ in range(MAX_TURNS):
        settled(page)
        if page.locator("#review").count():
            if "play" in phases:
                break
            in_place(page, page.locator("button.next-deal").tap)  # thrown in: the next deal
            continue
        phase = page.locator(".meta-line .phase").get_attribute("data-phase")
        picks = page.locator("#live .at-bottom label.pick")
        legal = page.locator("#live .at-bottom li.legal button.play")
        # focus on a legal card whenever one may be played (checked before any screenshot:
        # taking one moves the focus off the page)
        if legal.count() and not shot:
            focused = page.evaluate("document.activeElement.closest('li.legal') !== null")
            assert focused, (game, phase, moves, "focus is not on a legal card")
        if phase not in phases:
            check_first_screen(page, f"practice-{game}-{phase}", size, lang)
            phases.add(phase)
        shot = False
        if phase == "play" and legal.count() and not hinted:
            # the hint, asked for: its first line (the club player's move) in sight with the hand
            in_place(page, page.locator("a.hint-link").tap)
            in_sight(page, "#hint .club-move", f"practice-hint-{game}-{size}-{lang}")
            hinted, shot = True, True
            continue
        why = page.locator("#live .at-bottom button.play[data-why]")
        if why.count() and not refused:
            # a card the rules refuse says why on a tap, in sight with the hand
            why.first.tap()
            page.locator(".why-not").wait_for()
            in_sight(page, ".why-not", f"practice-refused-{game}-{size}-{lang}")
            refused, shot = True, True
        if picks.count():
            needed = int(page.locator("#live button.confirm").get_attribute("data-needed"))
            for k in range(needed):
                picks.nth(k).tap()
            in_place(page, page.locator("#live button.confirm").tap)
        elif legal.count():
            in_place(page, legal.first.tap)
        else:
            in_place(page, a_call(page).tap)
        moves += 1
    assert page.locator("#review").count() == 1, (game, "the deal did not end")
    if page.locator("#analysis.forced").count():  # no move of the learner's was a choice: again
        assert page.locator("#analysis.forced .forced-count").is_visible()
        return test_a_whole_deal_is_played_by_tapping_without_a_page_load(phone, game, size, lang)
    check_first_screen(page, f"practice-{game}-over", size, lang, hand=False)
    assert page.locator("#seed-check").count() == 1
    assert page.evaluate("window.__samePage === true"), "a move loaded the page"
    assert "play" in phases and hinted and page.failed == []
    review_costs(page, game, lang)


# --- the review's costs, after the whole deal above ----------------------------------------

ANALYSIS = """() => {
  const W = innerWidth, box = document.querySelector('#analysis');
  const wider = [...document.querySelectorAll('main *')].filter((e) => {
    const r = e.getBoundingClientRect();
    return r.width && (r.right > W + 1 || r.left < -1);
  }).slice(0, 3).map((e) => e.className || e.tagName);
  const small = [...box.querySelectorAll('.view-switch a, .view-switch span, .cost-list a')]
    .filter((e) => e.getBoundingClientRect().height < TOUCH)
    .map((e) => e.textContent.trim().slice(0, 20));
  // a line of the list in sight that something else (the felt, the deal's end) covers
  const covered = [...box.querySelectorAll('.cost-list li')].filter((li) => {
    const r = li.getBoundingClientRect(), y = r.top + Math.min(r.height / 2, 12);
    if (y < 0 || y >= innerHeight - 1) return false;  // on the screen's very edge: not in sight
    const hit = document.elementFromPoint(r.left + r.width / 2, y);
    li.coveredBy = hit && !li.contains(hit) ? (hit.className || hit.tagName) : null;
    return !(hit && li.contains(hit));
  }).map((li) => li.textContent.trim().slice(0, 20) + ' under ' + li.coveredBy);
  // a word of the double-dummy table split over two lines ("Spa/des"), or a cell that
  // clips its number; the names a screen reader hears (.sr-only) are not drawn
  const split = (cell) => {
    const walk = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node; (node = walk.nextNode());) {
      if (node.parentElement.closest('.sr-only')) continue;
      for (const word of node.data.matchAll(/[^\\s\u2013-]+/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width)
          .map((r) => Math.round(r.top)));
        if (tops.size > 1) return true;
      }
    }
    return false;
  };
  const cells = [...box.querySelectorAll('table.dd th, table.dd td')];
  const broken = cells.filter((c) => split(c) || c.scrollWidth > c.clientWidth + 1)
    .map((c) => c.textContent.trim());
  return {wide: document.documentElement.scrollWidth - W, wider, small, covered, broken,
          cells: cells.length, dir: getComputedStyle(box).direction};
}""".replace("TOUCH", str(TOUCH))


def check_analysis(page, game, lang, view):
    """The review's analysis in ``view``, once judged: each card the learner chose with its
    cost (or "about as good as the best"), in the page's direction, nothing wider than the
    screen, every link 44 px tall, no line in sight covered by the felt or the deal's end."""
    name = f"{game}-{lang}-{view}"
    page.wait_for_function(  # the review judges its cards a request at a time (htmx polls);
        # a request waits for a free analysis slot, which a busy machine's other tests hold
        "() => document.querySelector('#analysis')?.dataset.pending === '0'",
        timeout=240000,
    )
    box = page.locator("#analysis")
    every = box.locator("details.all-cards")
    if every.count() and every.get_attribute("open") is None:
        every.locator("summary").tap()  # every card chosen, beside the mistakes told in words
    box.scroll_into_view_if_needed()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"review-analysis-{name}.png"))  # as the phone shows it
    assert box.get_attribute("data-view") == view, name
    items = box.locator(".cost-list li")
    assert items.count() > 0, name
    assert box.locator(".busy").count() == 0, name
    for i in range(items.count()):
        text = items.nth(i).inner_text()
        assert text.strip() and "·" in text, (name, text)
    # the deal's end settles (its announcement, the felt leaving the screen's edge) as the
    # replies' pace allows: wait for the lines to be free, then assert everything at once
    free = f"() => ({ANALYSIS})().covered.length === 0"
    with contextlib.suppress(PlaywrightTimeout):
        page.wait_for_function(free, timeout=WAIT_MS)
    found = page.evaluate(ANALYSIS)
    assert found["wide"] <= 0, (name, found["wider"])
    assert found["small"] == [], name
    assert found["covered"] == [], name  # the review reads free of the table once it is over
    assert found["broken"] == [], name  # no word of the double-dummy table broken
    assert found["dir"] == ("rtl" if lang == "ar" else "ltr"), name
    return box


def review_costs(page, game, lang):
    """The finished deal's review, in the learner's language and then in the other one (the
    same match, its page in the other language): the costs from the seat's view, Tarneeb's
    double-dummy table, and the switch to every hand open (a plain link, followed by a tap)."""
    other = "en" if lang == "ar" else "ar"
    check_analysis(page, game, lang, "seat")
    page.goto(page.url.replace(f"/{lang}/", f"/{other}/", 1).split("#")[0])
    box = check_analysis(page, game, other, "seat")
    if game == "tarneeb":
        assert box.locator("table.dd").count() == 1
        assert box.locator(".dd-sentence").count() <= 1
        assert page.evaluate(ANALYSIS)["cells"] > 0  # the words checked above were there
    if page.viewport_size["width"] <= 360:  # the sheet, the double-dummy table, the costs
        narrow_ok(page, (game, other, "review"))
    with page.expect_navigation():
        box.locator("a.view-open").tap()
    check_analysis(page, game, other, "open")
    assert page.failed == []


def test_an_illegal_card_says_why_on_a_tap_without_a_page_load(phone):
    page = phone("upright")
    start_match(page, "en", "hearts")
    for _ in range(40):
        settled(page)
        refused = page.locator("#live .at-bottom button.play[data-why]")
        if refused.count():
            break
        picks = page.locator("#live .at-bottom label.pick")
        if picks.count():
            for k in range(3):
                picks.nth(k).tap()
            in_place(page, page.locator("#live button.confirm").tap)
        else:
            in_place(page, page.locator("#live .at-bottom li.legal button.play").first.tap)
    why = refused.first.get_attribute("data-why")
    assert why
    refused.first.tap()
    assert page.locator(".why-not").inner_text() == why
    assert page.evaluate("window.__samePage === true")


def test_the_keyboard_alone_plays_arrows_between_legal_cards_and_enter(browser, site):
    """On a desktop keyboard: focus on the first legal card, arrows move between the legal
    cards only, Enter plays the focused one in place, "h" opens the hint."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_init_script("try { localStorage.setItem('diwaniya.pace', 'fast') } catch {}")
    page = context.new_page()
    page.base = site
    start_match(page, "en", "hearts", touch=False)
    for _ in range(20):  # past the pass, to a turn with at least two legal cards
        settled(page)
        picks = page.locator("#live .at-bottom label.pick")
        legal = page.locator("#live .at-bottom li.legal button.play")
        if not picks.count() and legal.count() >= 2:
            break
        if picks.count():
            for k in range(3):
                picks.nth(k).click()
            in_place(page, page.locator("#live button.confirm").click)
        else:
            in_place(page, lambda: page.keyboard.press("Enter"))
    codes = [b.get_attribute("data-card") for b in legal.all()]
    focused = "document.activeElement.dataset.card"
    assert page.evaluate(focused) == codes[0]
    page.keyboard.press("ArrowRight")
    assert page.evaluate(focused) == codes[1]  # the next legal card, skipping refused ones
    page.keyboard.press("ArrowLeft")
    assert page.evaluate(focused) == codes[0]
    in_place(page, lambda: page.keyboard.press("Enter"))
    settled(page)
    assert codes[0] not in [
        c.get_attribute("data-card") for c in page.locator("#live .at-bottom .hand .card").all()
    ]
    page.keyboard.press("h")
    page.locator("#hint").wait_for()
    assert page.evaluate("window.__samePage === true")
    context.close()
