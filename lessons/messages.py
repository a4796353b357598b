"""The lessons' refusals as sentences in the reader's language; the engine's codes (a step
that does not replay) are worded by ``rulebook.messages.explain``, in the game's words."""

from django.utils.translation import gettext_lazy as _

from rulebook import echo
from rulebook.messages import explain as rulebook_explain

MESSAGES = {
    "bad_lesson": _("The lesson cannot be read: %(field)s (%(reason)s)."),
    "lesson_does_not_replay": _("Step %(step)s does not replay:"),
    "lesson_too_large": _("The lesson is too large: it may be at most 256 KB."),
    "stale_version": _(
        "The lesson was saved elsewhere (another tab or another device) since you opened it: "
        "nothing was saved. Its current version is %(version)s."
    ),
    "not_found": _("There is no lesson at this address, or the key does not open it."),
    "bad_body": _("The request’s body must be a JSON object."),
    "bad_version": _("“version” must be the version number the lesson was read at."),
    "bad_format": _("“format” must be json or pbn."),
    # the lesson-level checks the replay makes besides the engine's own refusals
    "not_the_learners_turn": _("the question is asked when it is not the learner’s turn."),
    "question_without_a_move": _("a question needs a move for the learner to find."),
    "answer_not_legal": _("an accepted answer is not a legal move at that point."),
    "played_move_not_an_answer": _("the move the step plays is not one of the accepted answers."),
    "why_for_a_right_answer": _("a sentence for a wrong answer is given to a right one."),
    "deal_over": _("the deal is already over."),
}


# Why a field cannot be read (``tutorials.lesson.BadLesson.reason``); an engine code (``bad_deal``)
# is worded as everywhere else.
REASONS = {
    "not JSON": _("it is not JSON"),
    "not an object": _("it must be an object"),
    "not a text or an object": _("it must be a text or an object"),
    "a text or an object": _("it must be a text or an object"),
    "unknown game": _("there is no such game"),
    "unknown variant": _("there is no such variant for this game"),
    "give either a deal or a seed": _("give either a deal or a seed, not both"),
    "not a deal number": _("it must be a whole number from 1 up"),
    "cannot be read": _("it cannot be read"),
    "one of ar, en, fr": _("it must be ar, en or fr"),
    "a list of at least one step": _("it must be a list of at least one step"),
    "too many steps": _("a lesson has at most 60 steps"),
    "too long": _("a text has at most 2,000 characters"),
    "missing": _("it is missing"),
    "not a text": _("it must be a text"),
    "holds a control character": _(
        "it holds a control character (such as a direction override), which is not allowed"
    ),
    "not a seat (N, E, S, W)": _("it must be a seat: N, E, S or W"),
    "a list of move tokens": _("it must be a list of moves"),
    "not a move of this game": _("it is not a move of this game"),
    'a list of seats or "all"': _("it must be a list of seats, or “all”"),
    "a list of cards and seats": _("it must be a list of cards and seats"),
    "an object of token: text": _("it must pair moves with sentences"),
    "a list, at most one entry a step": _("it must be a list with at most one entry a step"),
    "not the seed's deal": _("it is not the deal its seed deals"),
}


def reason(text: str) -> str:
    """Why a field cannot be read, in the reader's language."""
    if text in REASONS:
        return str(REASONS[text])
    return rulebook_explain(text, {}, html=False)


def explain(code: str, details: dict | None = None, game=None, html: bool = False) -> str:
    """The sentence for ``code``: the lessons' own, else the site's."""
    given = dict(details or {})
    if code not in MESSAGES:
        return rulebook_explain(code, given, game=game, html=html)
    try:
        return echo.fill(MESSAGES[code], given, html=html)
    except (KeyError, TypeError, ValueError):
        return rulebook_explain(code, given, game=game, html=html)


def refusal(error, game=None) -> str:
    """A step's refusal (``ScriptError``): the lessons' own words, else the engine's."""
    inner = error.error
    if isinstance(inner, str):
        return explain(inner, {}, game=game)
    return explain(inner.code, inner.details, game=game)
