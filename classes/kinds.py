"""What can be assigned to a class, each kind in one place: how it is named, where a student
does it, its questions, and how a first answer is drawn on the board.

A kind is found by ``Assignment.kind`` in ``KINDS``. A new kind (the quiz's sets of five
questions, when they come) is a ``Kind`` registered here with ``register``: its questions are
numbered from 1, and its answers reach the board through ``record.answered`` (a signal
receiver of its own, as the quiz's and the tutorials' are in ``record``).
"""

import json
from dataclasses import dataclass, field
from functools import lru_cache

from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from cardtable.words import vocabulary


@dataclass
class Question:
    number: int  # the step of a lesson or tutorial, the question of a quiz
    label: str
    frame: object = None  # a lesson's or tutorial's replayed step, which reads its tokens
    extra: dict = field(default_factory=dict)  # what a kind keeps besides (a quiz's seed)


@dataclass
class Drawn:
    """A first answer as the board shows it: cards (``card_view``s), or words."""

    cards: list
    words: str

    @property
    def text(self) -> str:
        return self.words


class Kind:
    key = ""
    name = ""

    def questions(self, assignment) -> list[Question] | None:
        """The questions, in order; None once what it points at is gone."""
        return []

    def game(self, assignment) -> str:
        return assignment.target

    def title(self, assignment) -> str:
        """Its name in the reader's language (a teacher's lesson keeps its own title)."""
        return assignment.title

    def draw(self, assignment, question: Question, first: str) -> Drawn:
        return Drawn([], first)

    def url(self, assignment) -> str | None:
        """Where a student does it directly (None: through the class's own page)."""
        return None


# ------------------------------------------------------------------ lessons and tutorials


def _drawn_move(frame, token: str, vocab) -> Drawn:
    """A move of a question step: a card drawn as the site's card, any other move in words."""
    from cardgames.contract import Phase
    from cardgames.errors import BadInput, EngineError
    from tutorials.player import move_words

    state = frame.before.state
    try:
        move = state.parse_move(token)
    except (BadInput, EngineError):
        return Drawn([], token)
    from django.utils.html import strip_tags

    words = strip_tags(str(move_words(frame, token, vocab)))
    shown = state.move_view(move)  # what the move is, typed: no token's syntax read here
    if shown.kind == "card" and state.phase == Phase.PLAY:
        return Drawn([vocab.card_view(move)], vocab.card(move))
    if shown.card is not None:  # a card passed or shown: the card itself
        return Drawn([vocab.card_view(shown.card)], words)
    return Drawn([], words)


class Steps(Kind):
    """A guided hand: a teacher's lesson or a site tutorial, played by the tutorials' player."""

    def replayed(self, assignment):
        raise NotImplementedError

    def questions(self, assignment):
        found = self.replayed(assignment)
        if found is None:
            return None
        lesson, frames = found
        return [
            Question(n, str(_("Step %(n)s") % {"n": n}), frames[n - 1])
            for n, step in enumerate(lesson.steps, start=1)
            if step.question is not None
        ]

    def draw(self, assignment, question, first):
        return _drawn_move(question.frame, first, vocabulary(self.game(assignment)))


class LessonKind(Steps):
    key = "lesson"
    name = pgettext_lazy("a teacher's", "Lesson")

    def replayed(self, assignment):
        from lessons import store
        from tutorials.lesson import BadLesson
        from tutorials.script import ScriptError

        row = store.find(assignment.target)
        if row is None:
            return None
        try:
            return store.frames(row)
        except (ScriptError, BadLesson):
            return None

    def game(self, assignment):
        return assignment.params.get("game", "")

    def url(self, assignment):
        return reverse("lessons:play", args=[assignment.target])


class TutorialKind(Steps):
    key = "tutorial"
    name = _("Tutorial")

    def replayed(self, assignment):
        from django.http import Http404

        from tutorials.player import played

        try:
            play = played(assignment.target)
        except Http404:
            return None
        return play.lesson, play.frames

    def game(self, assignment):
        return assignment.params.get("game", "")

    def url(self, assignment):
        return reverse("tutorials:start", args=[assignment.target])

    def title(self, assignment):
        from tutorials.models import Tutorial

        found = Tutorial.objects.filter(slug=assignment.target).only("title").first()
        return found.title if found else assignment.title


# ------------------------------------------------------------------ quiz questions


@lru_cache(maxsize=512)
def _quiz_question(game, variant, kind, seed):
    from quiz import questions

    return questions.generate(game, variant, kind, seed)


class QuizKind(Kind):
    """N questions of the quiz, the same for the whole class (their seeds are the
    assignment's). Until the quiz's sets of five land on this branch, a teacher assigns these."""

    key = "quiz"
    name = _("Quiz questions")

    def questions(self, assignment):
        p = assignment.params
        return [
            Question(n, str(_("Question %(n)s") % {"n": n}), extra={"seed": seed})
            for n, seed in enumerate(p.get("seeds", []), start=1)
        ]

    def title(self, assignment):
        from quiz.messages import kind_name
        from rulebook.models import registry_names

        p = assignment.params
        games, variants = registry_names()
        return _("%(count)s × %(kind)s · %(game)s (%(variant)s)") % {
            "count": len(p.get("seeds", [])),
            "kind": kind_name(p.get("kind", ""), assignment.target),
            "game": games.get(assignment.target, assignment.target),
            "variant": variants.get((assignment.target, p.get("variant")), p.get("variant")),
        }

    def question_url(self, assignment, question) -> str:
        from quiz.tokens import question_url

        p = assignment.params
        return question_url(assignment.target, p["variant"], p["kind"], question.extra["seed"])

    def draw(self, assignment, question, first):
        from cardgames import cards
        from quiz import questions
        from quiz.messages import answer_words

        p = assignment.params
        try:
            answer = json.loads(first)
            q = _quiz_question(assignment.target, p["variant"], p["kind"], question.extra["seed"])
            pos = q.position()
            words = answer_words(q, pos, answer)
        except (ValueError, KeyError, TypeError, questions.UnknownQuestion):
            return Drawn([], "")
        vocab = vocabulary(assignment.target)
        shown = []
        if q.kind == questions.LEGAL_SET:
            shown = answer.get("cards", [])
        elif q.kind in (questions.PLAY, questions.BEST_CARD) and isinstance(
            answer.get("move"), str
        ):
            shown = [answer["move"]]
        drawn = []
        for code in shown:
            try:
                drawn.append(vocab.card_view(cards.parse_card(code)))
            except Exception:  # noqa: BLE001 - a move that is no card (a bid): words only
                return Drawn([], str(words))
        return Drawn(drawn, str(words))


# ------------------------------------------------------------------ a practice deal


class PracticeKind(Kind):
    """One deal against the computer, dealt from the assignment's seed for everyone."""

    key = "practice"
    name = _("Practice deal")

    def questions(self, assignment):
        return []

    def title(self, assignment):
        from rulebook.models import registry_names

        games, variants = registry_names()
        variant = assignment.params.get("variant")
        return _("A deal of %(game)s (%(variant)s)") % {
            "game": games.get(assignment.target, assignment.target),
            "variant": variants.get((assignment.target, variant), variant),
        }


KINDS: dict[str, Kind] = {}


def register(kind: Kind) -> None:
    KINDS[kind.key] = kind


for _kind in (LessonKind(), TutorialKind(), QuizKind(), PracticeKind()):
    register(_kind)
