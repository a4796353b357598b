"""Every page where a learner acts posts, from its own markup, exactly what its view reads: the
buttons and boxes a browser would send (JavaScript off), never a test's idea of the fields. The
first guided hand's pass once sent a ``pass`` list to a step that reads one ``move``."""

import pytest

from practice.models import Match
from quiz import questions
from rulebook import games
from tests.forms import forms, post_form
from tests.practice.test_pages import new_match
from tests.quiz.conftest import _loaded, quiz  # noqa: F401  (the quiz's fixtures)
from tests.quiz.helpers import question_of, start
from tutorials.models import Tutorial


def answer_form(markup):
    found = [f for f in forms(markup) if "answer-form" in f.attrs.get("class", "")]
    assert len(found) == 1
    return found[0]


def tutorial_questions():
    for tutorial in Tutorial.objects.all():
        for step, frame in zip(tutorial.steps.all(), tutorial.frames(), strict=True):
            if step.question:
                yield tutorial, step, frame


def test_every_tutorial_question_is_answered_by_pressing_the_right_card_or_call(client, tutorials):
    passes = 0
    for tutorial, step, frame in tutorial_questions():
        url = f"/en/tutorials/{tutorial.slug}/{step.number}/"
        form = answer_form(client.get(url).content.decode())
        module = frame.before.module
        right = {module.format_move(m) for m in frame.answers()}
        pressed = [b for b in form.buttons() if b.name == "move" and b.value in right]
        assert pressed, (tutorial.slug, step.number, "no button sends the answer")
        # every button sends one move, and nothing else in the form claims to be the answer
        assert all(b.name == "move" for b in form.buttons()), (tutorial.slug, step.number)
        assert not form.boxes("pass")
        if frame.before.state.phase == "pass":
            passes += 1
            assert all(b.value.startswith("pass:") for b in form.buttons())
        response = post_form(client, url, form, pressed[0])
        assert response.status_code == 302, (tutorial.slug, step.number)
        assert 'class="answer feedback right"' in client.get(url).content.decode()
    assert passes >= 1  # the first guided hand opens with its pass


def test_the_first_guided_hand_s_pass_question_takes_the_card_tapped(client, tutorials):
    url = "/en/tutorials/bent-first-deal/2/"
    form = answer_form(client.get(url).content.decode())
    cards = [b for b in form.buttons() if b.value.startswith("pass:")]
    assert len(cards) == 13
    tutorial = Tutorial.objects.get(slug="bent-first-deal")
    frame = tutorial.frames()[1]
    answers = {frame.before.module.format_move(m) for m in frame.answers()}
    wrong = next(b for b in cards if b.value not in answers)
    assert post_form(client, url, form, wrong).status_code == 302
    page = client.get(url).content.decode()
    assert 'class="answer feedback wrong"' in page and "1 wrong try so far" in page


def test_an_empty_answer_is_a_clear_400_in_the_page_s_language(client, tutorials):
    for lang, words in [("en", "Choose"), ("fr", "Choisissez"), ("ar", "اختر")]:
        response = client.post(f"/{lang}/tutorials/bent-first-deal/2/", {})
        assert response.status_code == 400
        body = response.content.decode()
        assert words in body and "&lt;bdi" not in body and "<bdi></bdi>" not in body


@pytest.mark.usefixtures("quiz")
def test_every_quiz_play_question_is_answered_by_pressing_its_button(client):
    for game, kinds in questions.KINDS.items():
        if questions.PLAY not in kinds:
            continue
        url = start(client, game, games.GAMES[game].default_variant, questions.PLAY)
        q = question_of(url)
        form = answer_form(client.get(url).content.decode())
        pressed = [b for b in form.buttons() if b.name == "move" and b.value in q.expected["moves"]]
        assert pressed, game
        response = post_form(client, url, form, pressed[0])
        assert response.status_code in (302, 303), game
        assert "Right" in client.get(response["Location"]).content.decode(), game


@pytest.mark.django_db
def test_the_practice_pass_is_three_ticks_and_the_confirm_and_a_play_is_one_button(
    client, rulebook
):
    url = new_match(client, "bent-al-sbeet", variant="qahwa")
    table = url.split("?")[0]
    form = next(f for f in forms(client.get(url).content.decode()) if f.boxes("pass"))
    boxes = form.boxes("pass")
    assert len(boxes) == 13
    confirm = [b for b in form.buttons() if "confirm" in b.attrs.get("class", "")]
    assert len(confirm) == 1 and confirm[0].name is None  # the ticks are the move
    response = post_form(client, table, form, confirm[0], ticked=boxes[:3])
    assert response.status_code == 303
    match = Match.objects.get(public_id=table.rstrip("/").split("/")[-1])
    practice = match.replay()
    mine = [m for m, s in zip(practice.record.moves, practice.actors, strict=False) if s == 2][:3]
    assert mine == [b.value for b in boxes[:3]]  # each box sends its move's token
    # in the play, a card is one button that sends its own move
    markup = client.get(table).content.decode()
    form = next(f for f in forms(markup) if "move-form" in f.attrs.get("class", ""))
    assert not form.boxes("pass")
    now = match.replay()
    legal = {now.module.format_move(m) for m in now.legal()}
    played = next(b for b in form.buttons() if b.name == "move" and b.value in legal)
    before = match.replay().ply
    assert post_form(client, table, form, played).status_code == 303
    assert match.replay().ply > before
