"""The step player: a step of a tutorial or of a teacher's lesson rendered as the learner sees it
(the table, the narration, the question and its hints, the moves so far, the pace of a step
that plays several cards), and an answer or a hint taken. The tutorials' pages
(``tutorials.views``) and the lessons' (``lessons.player``) play their steps with it."""

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from urllib.parse import urlencode

from django.core.cache import cache
from django.http import Http404, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.html import conditional_escape, escape
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from cardgames import cards
from cardgames.contract import Phase
from cardgames.errors import BadInput, EngineError, IllegalMove
from cardgames.positions import offered_calls, open_position
from cardgames.table import parse_seat
from cardgames.trickbid import score_sheet
from cardtable import tables
from cardtable.scorecard import scorecard
from cardtable.words import PROCLITIC, isolate_signed, vocabulary
from plumbing import pagecache
from rulebook import echo, matchview
from rulebook.messages import explain, refusal_words
from rulebook.models import Game, Section, Variant

from . import content, signals
from . import lesson as format
from . import progress as learner
from .models import Tutorial, as_script, problems_of
from .progress import ANSWER_RUNG
from .script import ScriptError


@dataclass
class Play:
    """What a player page renders: a lesson (``tutorials.lesson.Lesson``), its steps replayed
    (``frames``), its texts in the reader's language (``Lesson.texts``: ``lang`` says which
    language they are in), and the site around it: the game's row, variants and rule
    sections, the progress key (``slug``) and each step's address (``url``). A site tutorial
    and a teacher's lesson are both played from one."""

    lesson: format.Lesson
    frames: list
    texts: dict
    game: Game
    slug: str
    url: Callable[[int], str]
    variants: dict
    sections: dict
    tutorial: Tutorial | None = None  # a site tutorial's row
    following: Tutorial | None = None  # the game's next tutorial
    extra: dict = field(default_factory=dict)  # what the page adds (a lesson's links)

    @property
    def total(self) -> int:
        return len(self.lesson.steps)


def text_dir(lang: str) -> str:
    """The direction of a text in ``lang``."""
    return "rtl" if lang == "ar" else "ltr"


def render_step(request, play: Play, number: int, progress, template="tutorials/step.html"):
    """Step ``number`` of ``play`` as ``progress`` sees it (the player's one page)."""
    frame = play.frames[number - 1]
    context = _context(play, number, frame, progress, request.GET.get("move"))
    context.update(_step_links(play, number, context["pace"], context["waiting"]))
    context.update(play.extra)
    response = render(request, template, context)
    question = play.lesson.steps[number - 1].question is not None
    return pagecache.note(response, question=question, last=number == play.total)


def _paced(frame) -> bool:
    """A step that plays more than one card is shown one move at a time, so a learner never
    sees several cards land at once."""
    done = frame.after.moves[len(frame.before.moves) :]
    return sum(1 for m in done if m < 52) > 1 and frame.after.state.phase != Phase.PASS


def _partway(frame, text) -> int | None:
    """Which move of the step the page stands at (``?move=k``), None for its end."""
    count = len(frame.after.moves) - len(frame.before.moves)
    try:
        k = int(text)
    except (TypeError, ValueError):
        return None
    return k if _paced(frame) and 1 <= k < count else None


def _after(frame, k: int):
    """The position after the first ``k`` moves of the step, replayed by the engine."""
    return open_position(frame.after.module, frame.after.query(upto=len(frame.before.moves) + k))


def _step_links(play: Play, number: int, pace: dict | None, waiting: bool) -> dict:
    """Previous and next, a move at a time through a paced step: arrow keys follow them. The
    next step opens on its first move when it is paced, the previous one on its end."""

    frames = play.frames

    def url(n: int, move: int | None = None) -> str:
        return play.url(n) + (f"?move={move}" if move else "")

    def start(n: int) -> str:
        return url(n, 1 if _paced(frames[n - 1]) else None)

    at, count = (pace["at"], pace["count"]) if pace and not waiting else (1, 1)
    prev_url = url(number, at - 1) if at > 1 else url(number - 1) if number > 1 else None
    if at + 1 < count:
        next_url = url(number, at + 1)
    elif at + 1 == count:
        next_url = url(number)  # the step's last move: its own page
    else:
        next_url = start(number + 1) if number < len(frames) else None
    inside = bool(pace) and not waiting and at < count
    return {"prev_url": prev_url, "next_url": next_url, "next_in_step": inside}


def _context(play: Play, number: int, frame, progress, move=None) -> dict:
    """A step's page; its previous and next links are the caller's (``_step_links``)."""
    lesson, total = play.lesson, play.total
    step, texts = lesson.steps[number - 1], play.texts["steps"][number - 1]
    q = progress.question(number) if step.question else None
    waiting = bool(q and not q["solved"])
    k = None if waiting else _partway(frame, move)
    position = frame.before if waiting else frame.after if k is None else _after(frame, k)
    state = position.state
    seat = parse_seat(lesson.learner)
    if step.open == "all" or state.is_over:
        open_seats = range(4)
    else:
        open_seats = sorted({seat, *(parse_seat(s) for s in step.open)})
    table = tables.table(
        position,
        play="button" if waiting else None,
        # a step that asks nothing shows no move as the learner's to make
        mark_legal=waiting and q["hints"] >= 2,
        open_seats=open_seats,
        marked=[] if waiting else list(step.mark),  # pointing would give the answer away
        calls=offered_calls(position.module, state) if waiting else None,
        # once the hint has marked the allowed cards, a refused one says why on a tap
        why=refusal_words(play.game) if waiting and q["hints"] >= 2 else None,
    )
    section = step.section or lesson.section
    vocab = vocabulary(play.game)
    return {
        "tutorial": play.tutorial,
        "title": play.texts["title"],
        "summary": play.texts["summary"],
        "title_lang": play.texts["title_lang"],
        "title_dir": text_dir(play.texts["title_lang"]),
        **{f"{key}_lang": texts["langs"][key] for key in format.STEP_TEXTS},
        **{f"{key}_dir": text_dir(texts["langs"][key]) for key in format.STEP_TEXTS},
        "number": number,
        "total": total,
        "game": play.game,
        "narration": narrate(texts["narration"], vocab),
        "point": narrate(texts["point"], vocab) if texts["point"] and not waiting else None,
        "question": q,
        "waiting": waiting,
        "hint": narrate(texts["hint"], vocab) if q and q["hints"] >= 1 else None,
        "answer": _answer_words(frame, vocab) if q and q["hints"] >= ANSWER_RUNG else None,
        "explanation": narrate(texts["explain"], vocab) if q and q["solved"] else None,
        "counts": progress.counts(number) if q else None,
        "feedback": _feedback(q, play.game, texts, vocab) if q else None,
        "played": _played(frame, open_seats, k) if step.moves and not waiting else [],
        "pace": _pace(frame, k) if not waiting and _paced(frame) else None,
        "rule_url": reverse("rules-variant", args=[play.game.slug, position.variant])
        + (f"#{section}" if section else ""),
        "position_url": reverse("position", args=[play.game.slug])
        + "?"
        + urlencode(position.query()),
        "make_lesson_url": _make_lesson_url(play, position),
        "sheet": _sheet(position, vocab),
        "match": matchview.context(position, vocab),
        "restarted": bool(step.variant) and frame.before.moves == [],
        "variant": play.variants.get(position.variant),
        # the summary once the hand is over: never over a last question still to answer
        "finish": _finish(play, progress)
        if number == total and k is None and not waiting
        else None,
        "step_map": _step_map(lesson, number, progress),
        **table,
    }


def _make_lesson_url(play: Play, position) -> str:
    """A new lesson from this step: a site tutorial copied whole; a teacher's lesson (which
    has no tutorial to copy) from the position the step stands at."""
    if play.tutorial is not None:
        query = {"tutorial": play.tutorial.slug}
    else:
        query = {"game": play.game.slug, **position.query()}
    return reverse("lessons:new") + "?" + urlencode(query)


def _step_map(lesson, number: int, progress) -> list[dict]:
    """Each step as the map draws it: done, the current one, or to come; a question's state."""
    out = []
    for n, step in enumerate(lesson.steps, start=1):
        # behind the reader is done (a visit is kept only once a session is), ahead to come
        state = "current" if n == number else "done" if n < number or n <= progress.seen else "todo"
        q = progress.question(n) if step.question else None
        out.append(
            {
                "number": n,
                "state": state,
                "question": q is not None,
                "solved": bool(q and q["solved"]),
            }
        )
    return out


def _finish(play: Play, progress) -> dict:
    """The last step: what the hand taught (the rule sections it played out, each linked), how
    many questions were found alone, and where to go next: the game's next tutorial not yet
    finished, else its quiz."""
    lesson, sections, game = play.lesson, play.sections, play.game
    keys = list(dict.fromkeys(s.section or lesson.section for s in lesson.steps))
    rules_url = reverse("rules-variant", args=[game.slug, lesson.variant])
    taught = [
        {"title": sections[k].title, "url": f"{rules_url}#{k}"} for k in keys if k in sections
    ]
    questions = [n for n, s in enumerate(lesson.steps, start=1) if s.question]
    first_try = progress.first_try(questions)
    found_alone = progress.found_alone(questions)
    return {
        "taught": taught,
        # an honest tally: right at the first try without a hint, then found with help, then shown
        "found_alone": found_alone,
        "first_try": first_try,
        "helped": found_alone - first_try,
        "shown": sum(1 for n in questions if not progress.counts(n)),
        "stars": progress.tutorial_stars(questions),
        "questions": len(questions),
        "next_tutorial": play.following,
        "quiz_url": reverse("quiz:set") + f"?game={game.slug}&variant={lesson.variant}",
    }


def _played(frame, open_seats, k=None) -> list[dict]:
    """The step's moves so far as a score card, so the narration's events are also listed;
    a pass the open seats may not know stays hidden (it is counted, not named)."""
    shown = frame.after if k is None else _after(frame, k)
    return scorecard(shown, since=len(frame.before.moves), seen=open_seats)


def _pace(frame, k: int | None) -> dict:
    """Where a paced step stands: move ``at`` of ``count``."""
    count = len(frame.after.moves) - len(frame.before.moves)
    return {"at": count if k is None else k, "count": count}


def _move_words(vocab, module, move: int, phase: str):
    if move < 52 and phase == Phase.PLAY:
        return vocab.card_html(move)
    return vocab.move(module.format_move(move), phase)


def move_words(frame, token: str, vocab):
    """A move of a question step (a token as the engine writes it) in the reader's words: a
    card drawn as a card; the token itself, escaped, if it no longer reads."""
    before = frame.before
    state, module = before.state, before.module
    try:
        move = state.parse_move(token)
        return _move_words(vocab, module, move, state.phase)
    except (BadInput, EngineError):
        return escape(token)


def _answer_words(frame, vocab):
    before = frame.before
    return mark_safe(
        _(" or ").join(
            str(conditional_escape(_move_words(vocab, before.module, m, before.state.phase)))
            for m in frame.answers()
        )
    )


def _sheet(position, vocab):
    """A finished deal played for a side's contract (Tarneeb) as a fresh paper sheet writes it
    (the debt included)."""
    state = position.state
    if not state.is_over or state.table_view().contract is None:
        return None
    sheet = score_sheet.Sheet.for_rules(position.rules)
    row = sheet.enter_result(state)
    if row is None:
        return None
    return [
        {
            "side": vocab.side(side),
            "score": row.scores[side],
            "entry": row.entries[side],
            "line": row.lines[side],
            "debt": row.debts[side],
        }
        for side in (0, 1)
    ]


def _feedback(q: dict, game, texts=None, vocab=None):
    feedback = q.get("feedback")
    if not feedback:
        return None
    if feedback["kind"] == "right":
        return {"right": True, "message": _("Right.")}
    if feedback["kind"] == "why":
        sentence = ((texts or {}).get("why") or {}).get(feedback["token"])
        if sentence:  # the teacher's own words for this wrong answer, in their language
            lang = texts["why_langs"].get(feedback["token"], texts["langs"]["narration"])
            message = narrate(sentence, vocab)
            return {
                "right": False,
                "teacher": True,
                "message": message,
                "lang": lang,
                "dir": text_dir(lang),
            }
        return {"right": False, "message": _not_the_one()}
    if feedback["kind"] == "illegal":
        return {
            "right": False,
            "message": explain(feedback["code"], feedback["details"], game=game),
        }
    return {"right": False, "message": _not_the_one()}


def _not_the_one():
    return _(
        "That move is allowed by the rules, but it is not the one this lesson is after. Try again."
    )


# ------------------------------------------------------------------------------ answers
def answer(request, play: Play, number: int, record=None):
    """A posted answer or hint to step ``number``, then back to the step. ``record(kind,
    token, right)`` hears each ("hint" or "answer": a lesson counts them for its teacher)."""
    here = HttpResponseRedirect(play.url(number))
    step, frame = play.lesson.steps[number - 1], play.frames[number - 1]
    if step.question is None:
        return _bad(request, _("This step asks no question."), 400)
    if request.POST.get("hint"):
        with learner.updating(request, play.slug) as progress:
            q = progress.question(number)
            if not q["solved"]:
                hints = min(q["hints"] + 1, ANSWER_RUNG)
                q = progress.update_question(number, hints=hints, feedback=None)
        if record:
            record("hint", None, False)
        _heard(request, play, number, "hint", None, False, q)
        return here
    state, module = frame.before.state, frame.before.module
    token = request.POST.get("move", "").strip()
    if not token:
        return _bad(request, _("Choose your move first: tap one of your cards or a call."), 400)
    try:
        move = state.parse_move(token)
    except BadInput:
        return _bad(request, explain("bad_move", {"move": token}, game=play.game), 400)
    if move < 64 and not state.hands[state.to_act] >> move & 1:
        return _bad(request, _("That card is not in the hand you are playing."), 400)
    right = move in frame.answers()
    with learner.updating(request, play.slug) as progress:
        q = progress.question(number)
        if q["solved"]:
            pass  # already found: a second answer changes nothing
        elif right:
            q = progress.update_question(number, solved=True, feedback={"kind": "right"})
        else:
            wrong = _named(step, state, module, move) or _wrong(state, move)
            q = progress.update_question(number, tries=q["tries"] + 1, feedback=wrong)
    if record:
        record("answer", module.format_move(move), right)
    _heard(request, play, number, "answer", module.format_move(move), right, q)
    return here


def _heard(request, play: Play, number: int, kind: str, token, right: bool, question: dict):
    """Tell who listens (a class's homework) of an answer or a hint, and where the learner's
    question now stands (``question``: its tries, hints, solved)."""
    signals.answered.send(
        sender=Play,
        request=request,
        play=play,
        number=number,
        kind=kind,
        token=token,
        right=right,
        question=question,
    )


def _named(step, state, module, move: int) -> dict | None:
    """A wrong answer the lesson's teacher wrote a sentence for (``question.why``)."""
    for token in step.question.why:
        try:
            if state.parse_move(token) == move:
                return {"kind": "why", "token": token}
        except BadInput:
            continue
    return None


def _wrong(state, move: int) -> dict:
    try:
        state.play(move)
    except IllegalMove as e:
        return {"kind": "illegal", "code": e.code, "details": e.details}
    return {"kind": "legal"}


def _bad(request, message: str, status: int):
    return render(request, "error.html", {"message": message, "status": status}, status=status)


def narrate(text: str, vocab):
    """A narration as HTML: paragraphs (blank lines), ``*word*`` emphasised, and each ``{QS}``
    drawn as the card it names, in the game's words for screen readers. Nothing else of the
    text passes as HTML: it is escaped first, then only those three are added."""
    if not text:
        return ""
    html = []
    for para in filter(None, (p.strip() for p in text.split("\n\n"))):
        escaped = _EMPHASIS.sub(r"<em>\1</em>", str(escape(isolate_signed(para))))
        html.append("<p>" + _cards_in(escaped, vocab) + "</p>")
    return mark_safe("".join(html))


_EMPHASIS = re.compile(r"\*([^*\s](?:[^*\n]*[^*\s])?)\*")


def _cards_in(text: str, vocab) -> str:
    out, rest = [], text
    while "{" in rest:
        head, _brace, tail = rest.partition("{")
        code, close, after = tail.partition("}")
        joined = PROCLITIC.search(head) if close else None
        out.append(head[: joined.start()] if joined else head)
        letter = joined[1] if joined else ""
        try:
            out.append(
                str(vocab.card_html(cards.parse_card(code), letter)) if close else "{" + tail
            )
        except BadInput:
            out.append(head[len(out[-1]) :] + "{" + code + close)
        rest = after if close else ""
    return "".join(out) + rest


# --- a site tutorial, loaded to be played -----------------------------------------------------

STEP_PAGE_SECONDS = 3600


def tutorial_or_404(slug: str):
    tutorial = Tutorial.objects.select_related("game").filter(slug=slug).first()
    if tutorial is None:
        raise Http404(echo.fill(_("There is no tutorial called “%(slug)s”."), {"slug": slug}))
    return tutorial


def step_url(slug: str, number: int) -> str:
    return reverse("tutorials:step", args=[slug, number])


@dataclass
class Rows:
    """What a tutorial's pages read from the database: the tutorial, its steps, its game's
    variants and rule sections (by slug and key), and the game's next tutorial. Cached by the
    game's content revision, so a page rendered for one learner reads none of it again."""

    tutorial: Tutorial
    steps: list
    variants: dict
    sections: dict
    following: Tutorial | None


def _rows(slug: str, content: str | None) -> Rows:
    def read():
        tutorial = tutorial_or_404(slug)
        game = tutorial.game
        return Rows(
            tutorial,
            list(tutorial.steps.all()),
            {v.slug: v for v in Variant.objects.filter(game=game)},
            {s.key: s for s in Section.objects.filter(game=game)},
            Tutorial.objects.filter(game=game, order__gt=tutorial.order)
            .order_by("order", "slug")
            .first(),
        )

    if content is None:
        return read()  # no such tutorial: its 404
    return cache.get_or_set(f"tutorials:rows:{slug}:{content}", read, STEP_PAGE_SECONDS)


def played(slug: str) -> Play:
    """A site tutorial as its player plays it (404 for none), its texts in the reader's
    language."""
    return load(slug, 1)


def tutorial_lesson(tutorial, steps, language: str) -> format.Lesson:
    """Stored rows (which an editor may have changed) as the lesson they are, its own texts
    in ``language``."""
    return format.read(content.as_lesson(as_script(tutorial, steps), language))


def load(slug: str, number: int, content: str | None = None) -> Play:
    """The tutorial as a lesson and the replayed frames of its steps (404 if there is no step
    ``number``)."""
    rows = _rows(slug, content if content is not None else Tutorial.content_of(slug))
    steps = rows.steps
    if not 1 <= number <= len(steps):
        raise Http404(
            _("This tutorial has %(total)s steps: there is no step %(number)s.")
            % {"total": len(steps), "number": number}
        )
    language = get_language()
    try:
        if problems_of(rows.tutorial, steps):
            raise ValueError
        frames = rows.tutorial.frames(steps)
        lesson = tutorial_lesson(rows.tutorial, steps, language)
    except (ScriptError, EngineError, ValueError, format.BadLesson):
        # Only a row changed outside the admin gets here: the admin and the check refuse it.
        raise Http404(_("This tutorial cannot be shown while it is being revised.")) from None
    return Play(
        lesson=lesson,
        frames=frames,
        texts=lesson.texts(language),
        game=rows.tutorial.game,
        slug=slug,
        url=lambda n: step_url(slug, n),
        variants=rows.variants,
        sections=rows.sections,
        tutorial=rows.tutorial,
        following=rows.following,
    )
