"""Issue 30's "Done when", end to end in Chromium: a teacher on a phone in Arabic plays a
practice Hearts deal by tapping, makes a lesson of it (three questions, one with two right
cards, a hint and a sentence for a wrong card), saves and reads the share link; an English
learner on a desktop answers wrong, asks a hint, answers right and finishes; the teacher reads
the counts; an edit reaches a learner mid-way; a stale save is settled both ways; and the
mirror (an English desktop teacher, an Arabic phone learner who taps a card). axe-core checks
the editor, a lesson step and the results in both languages. Screenshots:
tests/artifacts/lesson-journey-*.png."""

import json
import re
import urllib.request

import pytest

from .conftest import ARTIFACTS, WIDE, answered, in_place
from .pages import skip_replies
from .test_lesson_editor import api_lesson, saved_as, watched

pytestmark = pytest.mark.browser

ARABIC_SEATS = {"N": "الشمال", "E": "الشرق", "S": "الجنوب", "W": "الغرب"}
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}


def shot(page, name):
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"lesson-journey-{name}.png"), full_page=True)


def no_serious_axe(page, where: str):
    from axe_playwright_python.sync_playwright import Axe

    found = [
        (v["id"], [n["target"] for n in v["nodes"]][:3])
        for v in Axe().run(page).response["violations"]
        if v["impact"] in ("serious", "critical")
    ]
    assert found == [], where


def fits_the_phone(page):
    assert page.evaluate("document.documentElement.scrollWidth") <= 390, page.url


def small_buttons(page, scope: str) -> list:
    """The visible buttons, links styled as buttons and selects under ``scope`` lower than
    44 px: too small for a finger."""
    return page.evaluate(
        """s => [...document.querySelectorAll(s + ' button, ' + s + ' a.button, ' + s + ' select')]
        .filter(e => e.offsetParent !== null && e.getBoundingClientRect().height < 43.5)
        .map(e => (e.id || e.className || e.tagName) + ':' + e.getBoundingClientRect().height)""",
        scope,
    )


# ------------------------------------------------------------------------------ practice
def play_a_practice_deal_by_tapping(page, site, game="hearts"):
    """A whole deal of a practice match, every move by touch: the passed cards, then the
    first legal card each turn, skipping the replay of the computers' replies."""
    page.goto(f"{site}/ar/{game}/practice/")
    with page.expect_navigation():
        page.locator("form.practice-setup button.start").tap()
    for _ in range(40):
        skip_replies(page)
        if page.locator("#review").count():
            return
        page.locator("#live").wait_for(state="visible")
        confirm = page.locator("#live button.confirm[data-needed]")
        if confirm.count():
            for card in page.locator("#live label.pick").all()[
                : int(confirm.get_attribute("data-needed"))
            ]:
                card_tap(card)
            in_place(page, confirm.tap)
        else:
            in_place(page, lambda: card_tap(page.locator("#live li.legal button.play").first))
    raise AssertionError("the deal did not end")


# ------------------------------------------------------------------------------ the editor
def redrawn(page, act):
    """Do ``act()`` and wait until the editor has drawn the table again from the server's
    answer (the move counter changes before it comes)."""
    page.evaluate("document.querySelector('#felt > *').dataset.was = '1'")
    act()
    page.locator("#felt > :not([data-was])").first.wait_for()


def next_move(page):
    redrawn(page, page.locator("#next-move").tap)


def learner_cards(page, seat: str):
    """The cards the learner may play now (not pass: the questions are about the play)."""
    return page.locator(
        f'#felt .seat-{seat}.to-act li.legal button[name=move]:not([value^="pass:"])'
    )


def to_the_learners_turn(page, seat: str, cards: int):
    """Moves on until the learner is to play a card with at least ``cards`` legal ones."""
    for _ in range(60):
        next_move(page)
        fits_the_phone(page)  # whichever seat is to act, its cards a row of buttons
        if learner_cards(page, seat).count() >= cards:
            return
    raise AssertionError("the learner never had the cards")


def ask_here(page, narration: str):
    """Cut a step at the table's move, write its narration, and make its first move a
    question: that move is its first right answer."""
    steps = page.locator("#step-list li").count()
    redrawn(page, page.locator("#cut").tap)
    assert page.locator("#step-list li").count() == steps + 1
    page.fill("#narration", narration)
    page.locator("#ask").tap()
    page.locator("#question:not([hidden])").wait_for()
    assert page.locator("#accepted .chip").count() == 1


def card_tap(locator):
    locator.page.touchscreen.tap(*point_of(locator))


def card_click(locator):
    locator.page.mouse.click(*point_of(locator))


def point_of(locator) -> list:
    """Where the card shows (a fanned hand covers most of each card, on the side its
    direction puts the next one): the first point of it that is on top."""
    locator.scroll_into_view_if_needed()
    point = locator.evaluate(
        """b => { const r = b.getBoundingClientRect();
        for (const fy of [0.15, 0.5, 0.85]) for (const fx of [0.1, 0.5, 0.9, 0.3, 0.7]) {
          const x = r.left + fx * r.width, y = r.top + fy * r.height;
          if (b.contains(document.elementFromPoint(x, y))) return [x, y]; }
        return null; }"""
    )
    assert point is not None, "the card is hidden under others"
    return point


# ------------------------------------------------------------------------------ the player
def answer(page, token: str):
    card = page.locator(f'.answer-form button[name=move][value="{token}"]')
    answered(page, lambda: card_click(card))


def go_next(page):
    answered(page, page.locator(".step-nav a.next").click)


def results(site, public_id, key) -> dict:
    request = urllib.request.Request(
        f"{site}/api/lessons/{public_id}/results", headers={"Authorization": f"Bearer {key}"}
    )
    with urllib.request.urlopen(request) as reply:
        return json.loads(reply.read())


def test_a_lesson_from_a_practice_deal_shared_answered_counted_edited_and_saved_twice(
    browser, site
):
    teacher_context = browser.new_context(**PHONE, locale="ar")
    learner_context = browser.new_context(viewport=WIDE, locale="en-GB")
    teacher = watched(teacher_context, site)
    learner = watched(learner_context, site)
    try:
        journey(teacher, learner, teacher_context, site)
    except Exception:
        shot(teacher, "teacher-failed")
        shot(learner, "learner-failed")
        raise
    finally:
        teacher_context.close()
        learner_context.close()


def journey(teacher, learner, teacher_context, site):
    # 1. the teacher: a practice deal to its end, then a lesson of it
    play_a_practice_deal_by_tapping(teacher, site)
    shot(teacher, "practice-over")
    make = teacher.locator("#review a.make-lesson, .deal-end a.make-lesson").first
    with teacher.expect_navigation():
        make.tap()
    with teacher.expect_navigation():
        teacher.locator("main form button[type=submit]").tap()
    teacher.wait_for_url(re.compile(r"/ar/lessons/[\w-]+/edit/$"))
    public_id = teacher.url.rstrip("/").split("/")[-2]
    teacher.locator("#felt .seat").first.wait_for()
    seat = teacher.input_value("#learner")
    # the seats are named as the table names them, in Arabic
    assert teacher.locator("#learner option:checked").inner_text() == ARABIC_SEATS[seat]
    assert teacher.locator("#open-seats bdi").all_inner_texts() == list(ARABIC_SEATS.values())

    # three questions: the first with two right cards, a hint and a sentence for a wrong card
    to_the_learners_turn(teacher, seat, 3)
    ask_here(teacher, "سؤال أول: العب ورقة منخفضة.")
    legal = learner_cards(teacher, seat)
    tokens = [legal.nth(i).get_attribute("value") for i in range(legal.count())]
    first = teacher.evaluate(
        "() => [...document.querySelectorAll('#felt button.accepted')].map(b => b.value)"
    )
    second, wrong = [t for t in tokens if t not in first][:2]
    card_tap(teacher.locator(f'#felt button[name=move][value="{second}"]'))
    teacher.locator(f'#felt button[value="{second}"].accepted').wait_for()
    teacher.locator("label:has(input[name=tap][value=wrong])").tap()
    card_tap(teacher.locator(f'#felt button[name=move][value="{wrong}"]'))
    teacher.locator(f'.whys input[data-token="{wrong}"]').fill("هذه الورقة تأخذ الأكلة.")
    teacher.fill("#hint", "العب أصغر ورقة في اللون.")
    wrong_words = teacher.locator(f'#felt button[value="{wrong}"] .card').get_attribute("title")
    assert teacher.locator("#accepted .chip").count() == 2
    shot(teacher, "editor-question")
    to_the_learners_turn(teacher, seat, 1)
    ask_here(teacher, "سؤال ثانٍ.")
    to_the_learners_turn(teacher, seat, 1)
    ask_here(teacher, "سؤال ثالث.")
    assert small_buttons(teacher, "#editor") == []
    fits_the_phone(teacher)
    teacher.locator("#save").tap()
    saved_as(teacher, "2")
    assert teacher.locator("#lead-version").inner_text() == "الإصدار 2"  # the heading follows
    no_serious_axe(teacher, "editor ar")
    share = teacher.input_value("#share-url")
    saved = api_lesson(site, public_id)
    questions = [(n, s["question"]) for n, s in enumerate(saved["steps"], 1) if s["question"]]
    assert [n for n, _q in questions] == [2, 3, 4] and len(saved["steps"]) == 4
    q1 = questions[0][1]
    assert sorted(q1["accept"]) == sorted([*first, second])
    assert q1["why"] == {wrong: "هذه الورقة تأخذ الأكلة."}
    assert q1["hint"] == "العب أصغر ورقة في اللون."
    key = teacher.evaluate("JSON.parse(document.getElementById('editor-data').textContent).key")

    # 2. the learner, in English: the link opens the lesson in the learner's language
    learner.goto(share)
    assert "/en/lessons/" in learner.url, learner.url
    assert learner.locator(".finish").count() == 0
    go_next(learner)  # step 1 plays the moves before the first question
    assert learner.locator("#step-count").inner_text().startswith("Step 2 of 4")
    answer(learner, wrong)
    feedback = learner.locator("#feedback")
    assert feedback.inner_text() == "هذه الورقة تأخذ الأكلة."
    assert feedback.get_attribute("lang") == "ar" and feedback.get_attribute("dir") == "rtl"
    answered(learner, learner.locator(".hint-form button[name=hint]").click)
    assert "العب أصغر ورقة في اللون." in learner.locator("#hint-1").inner_text()
    answer(learner, second)
    assert learner.locator("#feedback").inner_text() == "Right."
    assert learner.locator(".finish").count() == 0
    no_serious_axe(learner, "lesson step en")
    shot(learner, "learner-answered")

    # 4. the teacher changes the next step's narration while the learner is mid-way: the
    # learner's next step is read from the lesson as saved now
    teacher.locator("#step-list li button").nth(2).tap()
    teacher.fill("#narration", "سؤال ثانٍ، بعد التعديل.")
    teacher.locator("#save").tap()
    saved_as(teacher, "3")
    go_next(learner)
    assert learner.locator("#narration").inner_text() == "سؤال ثانٍ، بعد التعديل."
    assert learner.locator("#step-count").inner_text().startswith("Step 3 of 4")
    assert learner.locator(".finish").count() == 0
    right = api_lesson(site, public_id)["steps"][2]["question"]["accept"][0]
    answer(learner, right)
    assert learner.locator(".finish").count() == 0
    go_next(learner)
    right = api_lesson(site, public_id)["steps"][3]["question"]["accept"][0]
    assert learner.locator(".finish").count() == 0  # not before the last question is answered
    answer(learner, right)
    finish = learner.locator(".finish")
    assert finish.count() == 1
    assert finish.locator(".first-try").inner_text().startswith("2 of the 3 questions")
    shot(learner, "learner-finished")

    # "Make a lesson of this" on a lesson's own step opens a new lesson, not a 404
    with learner.expect_navigation() as made:
        learner.locator("a.make-lesson").click()
    assert made.value.status == 200 and learner.locator("main form button").count() == 1

    # 3. the teacher's results: reached, right at the first try, first answers by card
    teacher.goto(f"{site}/ar/lessons/{public_id}/results/")
    counted = results(site, public_id, key)["questions"]
    assert [(q["reached"], q["answered"], q["right_first"]) for q in counted] == [
        (1, 1, 0),
        (1, 1, 1),
        (1, 1, 1),
    ]
    assert counted[0]["first_answers"] == {wrong: 1}
    first_q = teacher.locator("#step-2")
    assert first_q.locator(".reached").inner_text() == "وصل إليه: متعلّم واحد"
    assert "لا أحد" in first_q.locator(".right-first").inner_text()  # no one
    assert first_q.locator(".first-answers li.wrong").count() == 1
    assert wrong_words in first_q.locator(".first-answers li.wrong").inner_text()
    assert first_q.locator(".first-answers li.right").count() == 0
    assert teacher.locator("#step-3 .first-answers li.right").count() == 1
    fits_the_phone(teacher)
    no_serious_axe(teacher, "results ar")
    shot(teacher, "results")

    # 5. a stale save, settled both ways
    teacher.goto(f"{site}/ar/lessons/{public_id}/edit/")
    teacher.locator("#felt .seat").first.wait_for()
    other = watched(teacher_context, site)
    other.goto(teacher.url)
    other.locator("#felt .seat").first.wait_for()
    fits_the_phone(other)
    other.fill("#title", "عنوان التبويب الآخر")
    other.locator("#save").tap()
    saved_as(other, "4")
    teacher.bring_to_front()  # the tab in front: a tab behind gets no animation frames
    teacher.fill("#title", "عنواني")
    teacher.locator("#save").tap()
    teacher.locator("#stale[open]").wait_for()
    shot(teacher, "stale")
    teacher.locator("#take-theirs").tap()
    assert teacher.input_value("#title") == "عنوان التبويب الآخر"
    assert teacher.locator("#lead-version").inner_text() == "الإصدار 4"
    assert api_lesson(site, public_id)["version"] == 4
    other.bring_to_front()
    other.fill("#summary", "ملخص آخر")
    other.locator("#save").tap()
    saved_as(other, "5")
    teacher.bring_to_front()
    teacher.fill("#title", "عنواني أنا")
    teacher.locator("#save").tap()
    teacher.locator("#stale[open]").wait_for()
    teacher.locator("#keep-mine").tap()
    saved_as(teacher, "6")
    now = api_lesson(site, public_id)
    assert now["version"] == 6 and now["title"] == "عنواني أنا"
    assert now["summary"] == ""  # mine whole: the other tab's summary is not merged in
    assert now["steps"][2]["narration"] == "سؤال ثانٍ، بعد التعديل."
    assert teacher.failed == [] and learner.failed == [] and other.failed == []


def test_the_mirror_an_english_desktop_teacher_and_an_arabic_phone_learner(browser, site):
    teacher_context = browser.new_context(viewport=WIDE, locale="en-GB")
    learner_context = browser.new_context(**PHONE, locale="ar")
    teacher = watched(teacher_context, site)
    learner = watched(learner_context, site)
    teacher.goto(f"{site}/en/lessons/new/")
    teacher.select_option("#pick", "hearts:pagat")
    with teacher.expect_navigation():
        teacher.locator("form.new-lesson button[type=submit]").click()
    teacher.wait_for_url(re.compile(r"/en/lessons/[\w-]+/edit/$"))
    public_id = teacher.url.rstrip("/").split("/")[-2]
    teacher.locator("#felt .seat").first.wait_for()
    assert teacher.locator("#learner option:checked").inner_text() == "South"
    for _ in range(30):
        if learner_cards(teacher, "S").count():
            break
        click_a_legal_move(teacher)
    teacher.locator("#cut").click()
    teacher.wait_for_function("() => document.querySelectorAll('#step-list li').length === 2")
    teacher.fill("#narration", "Which card do you play?")
    teacher.locator("#ask").click()
    teacher.locator("#question:not([hidden])").wait_for()
    # the step is new, at the end of the moves: the card marked right is its move too
    right = learner_cards(teacher, "S").first.get_attribute("value")
    card_click(learner_cards(teacher, "S").first)
    teacher.locator(f'#felt button[value="{right}"].accepted').wait_for()
    teacher.locator("#save").click()
    saved_as(teacher, "2")
    no_serious_axe(teacher, "editor en")
    share = teacher.input_value("#share-url")
    assert api_lesson(site, public_id)["steps"][1]["question"]["accept"] == [right]

    # the learner taps the right card on the phone, inside the lesson player, in Arabic
    learner.goto(share)
    assert "/ar/lessons/" in learner.url
    answered(learner, learner.locator(".step-nav a.next").tap)
    assert learner.locator("html").get_attribute("dir") == "rtl"
    fits_the_phone(learner)
    assert small_buttons(learner, ".strip") == []
    no_serious_axe(learner, "lesson step ar")
    shot(learner, "phone-question")
    card = learner.locator(f'.answer-form button[name=move][value="{right}"]')
    answered(learner, lambda: card_tap(card))
    assert learner.locator("#feedback.right").count() == 1
    fits_the_phone(learner)
    shot(learner, "phone-answered")

    teacher.goto(f"{site}/en/lessons/{public_id}/results/")
    assert "Reached by 1 learner" in teacher.locator("#step-2 .reached").inner_text()
    assert "1 right at the first try" in teacher.locator("#step-2 .right-first").inner_text()
    assert teacher.locator("#step-2 .first-answers li.right").count() == 1
    no_serious_axe(teacher, "results en")
    assert teacher.failed == [] and learner.failed == []
    teacher_context.close()
    learner_context.close()


def click_a_legal_move(page):
    card = page.locator("#felt .seat.to-act li.legal button[name=move]")
    target = card.first if card.count() else page.locator("#felt .actions button[name=move]").first
    redrawn(page, lambda: card_click(target))
