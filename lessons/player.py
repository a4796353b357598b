"""A lesson for learners, played by the tutorials' step player (``tutorials.player``: the same
context, the same page); and the teacher's results.

A learner's progress is kept as a tutorial's is (``tutorials.progress``, under the key
``lesson-<public_id>``); what the teacher sees is counted apart (``store.reached`` and
``store.answered``: counts, never who). A lesson's pages are never indexed and never cached:
a learner's answers change them.
"""

from django.http import Http404, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from cardtable.words import vocabulary
from plumbing import jsonbody, ownership, pagecache
from rulebook.models import Game, Section, Variant
from tutorials import lesson as format
from tutorials import progress as learner
from tutorials.lesson import BadLesson
from tutorials.player import Play, answer, move_words, narrate, render_step, text_dir
from tutorials.progress import Progress
from tutorials.script import ScriptError

from . import store
from .messages import explain, reason, refusal
from .models import OWNED
from .views import found_lesson, owned_lesson


class Gone(Exception):
    """A lesson the engine no longer replays (a rule changed since it was saved)."""


def no_step(total: int, number: int) -> str:
    return ngettext(
        "This lesson has %(total)s step: there is no step %(number)s.",
        "This lesson has %(total)s steps: there is no step %(number)s.",
        total,
    ) % {"total": total, "number": number}


def progress_slug(row) -> str:
    return f"lesson-{row.public_id}"  # 7 + at most 32 characters: within the slug's 50


def preview_slug(row) -> str:
    return f"preview-{row.public_id}"  # the teacher's own tries, apart from a learner's


DRAFT = "lesson-preview:"  # the session's key of the draft a lesson's teacher previews


def _step_url(row, number: int) -> str:
    return reverse("lessons:step", args=[row.public_id, number])


def _replayed(row):
    try:
        return store.frames(row)
    except (ScriptError, BadLesson):
        raise Gone from None


def _play(request, row, replayed=None) -> Play:
    """The lesson played: as saved, or (``replayed``: a draft's lesson and frames) as its
    teacher previews it, at the preview's own addresses and progress, counted nowhere."""
    lesson, frames = replayed or _replayed(row)
    game = Game.objects.filter(slug=lesson.game).first()
    if game is None:
        raise Gone
    language = get_language()
    if replayed:
        url = lambda n: reverse("lessons:preview", args=[row.public_id, n])  # noqa: E731
        slug, start, results_url = preview_slug(row), url(1), None
    else:
        url = lambda n: _step_url(row, n)  # noqa: E731
        slug, start = progress_slug(row), reverse("lessons:play", args=[row.public_id])
        owner = ownership.owns(request, OWNED, row.edit_key)
        results_url = reverse("lessons:results", args=[row.public_id]) if owner else None
    return Play(
        lesson=lesson,
        frames=frames,
        texts=lesson.texts(language),
        game=game,
        slug=slug,
        url=url,
        variants={v.slug: v for v in Variant.objects.filter(game=game)},
        sections={s.key: s for s in Section.objects.filter(game=game)},
        extra={
            "noindex": True,
            "lesson_row": row,
            "lesson_start_url": start,
            "lesson_results_url": results_url,
            "lesson_preview": bool(replayed),
        },
    )


def _gone(request):
    message = _(
        "This lesson can no longer be played: a rule of its game changed since it was written, "
        "and one of its steps is now refused. Its author can open it in the editor and mend it."
    )
    response = render(request, "error.html", {"message": message, "status": 410}, status=410)
    response["X-Robots-Tag"] = "noindex"
    return response


@never_cache
def play(request, public_id):
    """Where to begin: the step the learner left off at, or the first."""
    row = found_lesson(public_id)
    try:
        lesson, _frames = _replayed(row)
    except Gone:
        return _gone(request)
    last = learner.read(request, progress_slug(row)).last
    return HttpResponseRedirect(_step_url(row, min(max(last, 1), len(lesson.steps))))


@never_cache
@require_http_methods(["GET", "HEAD", "POST"])
def step(request, public_id, number):
    """Step ``number``: a question is answered by a POST and a redirect, as a tutorial's is.
    A learner's reaching a question is counted once they keep a session (never made on a
    plain read), and their first answer, right or not."""
    row = found_lesson(public_id)
    try:
        play = _play(request, row)
    except Gone:
        return _gone(request)
    if not 1 <= number <= play.total:
        raise Http404(no_step(play.total, number))
    is_question = play.lesson.steps[number - 1].question is not None
    if request.method == "POST":

        def record(kind, token, right):
            key = ownership.session_key(request)
            if key is None or not is_question:
                return
            who = store.learner_of(row, key)
            if kind == "answer":
                store.answered(row, who, number, token, right)
            else:
                store.reached(row, who, number)

        return answer(request, play, number, record=record)
    progress = learner.read(request, play.slug) if ownership.session_key(request) else None
    if progress is not None:
        if progress.visit(number):
            with learner.updating(request, play.slug, create=False) as stored:
                if stored is not None:
                    stored.visit(number)
        if is_question:
            store.reached(row, store.learner_of(row, ownership.session_key(request)), number)
    response = render_step(request, play, number, progress or Progress(), "lessons/step.html")
    return pagecache.unmarked(response)


@never_cache
def results(request, public_id):
    """The teacher's results: per question, how many reached it, answered it, were right at
    the first try, and the first answers by card (counts only)."""
    row = owned_lesson(request, public_id)
    try:
        lesson, frames = _replayed(row)
        counted = store.results(row)
    except Gone:
        return _gone(request)
    game = Game.objects.filter(slug=lesson.game).first()
    vocab = vocabulary(game or lesson.game)
    texts = lesson.texts(get_language())
    questions = []
    for q in counted["questions"]:
        n = q["step"]
        frame = frames[n - 1]
        answers = []
        for token, count in q["first_answers"].items():
            answers.append(
                {
                    "words": move_words(frame, token, vocab),
                    "count": count,
                    "right": _is_right(frame, token),
                }
            )
        questions.append(
            {
                **q,
                "excerpt": narrate(_excerpt(texts["steps"][n - 1]["narration"]), vocab),
                "lang": texts["steps"][n - 1]["langs"]["narration"],
                "dir": text_dir(texts["steps"][n - 1]["langs"]["narration"]),
                "answers": answers,
            }
        )
    context = {
        "lesson": row,
        "title": texts["title"],
        "title_lang": texts["title_lang"],
        "title_dir": text_dir(texts["title_lang"]),
        "learners": counted["learners"],
        "questions": questions,
        "noindex": True,
        "start_url": reverse("lessons:play", args=[row.public_id]),
    }
    return render(request, "lessons/results.html", context)


def _excerpt(text: str, length: int = 140) -> str:
    """The start of a narration: its first paragraph, cut at a word near ``length``."""
    first = (text or "").strip().split("\n\n")[0]
    if len(first) <= length:
        return first
    cut = first[:length].rsplit(" ", 1)[0]
    return cut.rstrip(" ,.;:") + "…"


def _is_right(frame, token: str) -> bool:
    state = frame.before.state
    try:
        move = state.parse_move(token)
    except Exception:  # a token stored by an older version of the lesson
        return False
    return move in frame.answers()


# ------------------------------------------------------------------------------ preview


@never_cache
@require_http_methods(["GET", "HEAD", "POST"])
def preview(request, public_id, number):
    """The editor's unsaved lesson as a learner will see it, for its teacher only.

    A POST carrying ``lesson`` (the editor's lesson object as JSON) is checked by the engine
    (422 naming the step and the reason, in the page's language) and kept in the session as
    the draft this preview plays, from a fresh start; without it, the saved lesson. Its
    answers and hints post back here: they move the teacher's own preview progress and are
    never counted among the learners' answers (``store.answered`` is not called)."""
    row = owned_lesson(request, public_id)
    if request.method == "POST" and "lesson" in request.POST:
        text = request.POST["lesson"]
        if text:
            try:
                obj = jsonbody.loads(text.encode(), max_bytes=store.MAX_BYTES)
                store.checked(obj)
            except jsonbody.BodyError as e:
                if e.code == "body_too_large":
                    return _refused(request, explain("lesson_too_large"), 413)
                return _refused(request, explain("bad_body"), 400)
            except BadLesson as e:
                details = {"field": e.field, "reason": reason(e.reason)}
                return _refused(request, explain("bad_lesson", details), 400)
            except store.TooLarge:
                return _refused(request, explain("lesson_too_large"), 413)
            except ScriptError as e:
                message = f"{explain('lesson_does_not_replay', {'step': e.step})} {refusal(e)}"
                return _refused(request, message, 422)
            ownership.session_key(request, create=True)
            request.session[DRAFT + row.public_id] = obj
        else:
            request.session.pop(DRAFT + row.public_id, None)
        learner.reset(request, preview_slug(row))
        return _preview_step(request, row, number)
    if request.method == "POST":
        try:
            play = _preview_play(request, row)
        except Gone:  # an answer posted to a preview the engine no longer replays
            return _gone(request)
        _in_range(play, number)
        return answer(request, play, number)  # no ``record``: a preview counts for no one
    return _preview_step(request, row, number)


def _preview_play(request, row) -> Play:
    draft = request.session.get(DRAFT + row.public_id)
    try:
        replayed = store.checked(draft)[0] if draft else format.read(row.data)
        return _play(request, row, (replayed, format.check(replayed)))
    except (BadLesson, ScriptError, store.TooLarge):
        raise Gone from None


def _in_range(play: Play, number: int) -> None:
    if not 1 <= number <= play.total:
        raise Http404(no_step(play.total, number))


def _preview_step(request, row, number: int):
    try:
        play = _preview_play(request, row)
    except Gone:
        return _gone(request)
    _in_range(play, number)
    progress = learner.read(request, play.slug) if ownership.session_key(request) else None
    response = render_step(request, play, number, progress or Progress(), "lessons/step.html")
    return pagecache.unmarked(response)  # same-origin policy kept: its forms post here


def _refused(request, message: str, status: int):
    response = render(request, "error.html", {"message": message, "status": status}, status=status)
    response["X-Robots-Tag"] = "noindex"
    return response
