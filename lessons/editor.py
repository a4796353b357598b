"""The lesson editor: the table itself, for the lesson's owner.

The page carries the lesson object, the version it was read at and the edit key (the page is
the owner's only and never cached, and sends no Referer), and ``static/js/editor.js`` edits the
object in the browser and saves it through the JSON API (``PUT /api/lessons/<id>``). The table
at any move of the deal is drawn here (``table``: the felt as HTML, every hand open, each card
of the seat to act a button that says why the engine refuses it). Restoring a saved version,
copying and deleting are plain forms.
"""

from django.conf import settings
from django.http import Http404, HttpResponseRedirect, JsonResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.cache import add_never_cache_headers
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from cardgames import analysis
from cardgames.errors import BadInput
from cardgames.table import SEATS, parse_seat
from cardtable import tables
from cardtable.words import vocabulary
from plumbing import capability, limits, ownership
from rulebook import analyses
from rulebook import costs as cost_words
from rulebook.messages import refusal_words
from rulebook.models import registry_names
from tutorials import lesson as format
from tutorials.script import ScriptError

from . import store
from .messages import explain, refusal
from .models import OWNED, Version
from .views import owned_lesson

MAX_MOVES = 400  # far more than any deal of any game has


def _private(response):
    """The editor's answers hold the edit key or the lesson's draft: never cached, no Referer."""
    return capability.secret_address(response)


def _editor_page(response):
    """The editor's page holds the key in its body, never in its address: never cached, and
    the site's same-origin policy kept, since under ``no-referrer`` Chromium posts a form's
    ``Origin`` as ``null`` and Django's CSRF check refuses the page's own forms."""
    add_never_cache_headers(response)
    return response


def edit(request, public_id):
    row = owned_lesson(request, public_id)
    games, variants = registry_names()
    data = row.data
    context = {
        "lesson": row,
        "game_name": games.get(row.game, row.game),
        "variant_name": variants.get((row.game, row.variant), row.variant),
        "versions": _versions(row),
        "text_languages": [(code, str(name)) for code, name in settings.LANGUAGES],
        "translated_fields": [
            ("title", _("Title")),
            ("summary", _("Summary")),
            ("narration", _("Narration: what happens in this step")),
            ("point", _("The point, shown when the step ends (optional)")),
            ("hint", _("Hint (optional)")),
            ("explain", _("Explanation once answered (optional)")),
        ],
        "cost_views": list(cost_words.VIEW_NAMES.items()),
        "private_url": request.build_absolute_uri(row.private_url()),
        "share_url": request.build_absolute_uri(row.share_url()),
        # the seats as the table names them, in the teacher's language
        "seats": [(letter, vocabulary(row.game).seat(i)) for i, letter in enumerate(SEATS)],
        "editor": {
            "id": row.public_id,
            "version": row.version,
            "key": row.edit_key,
            "lesson": data,
            "api": reverse("api-lesson", args=[row.public_id]) + "?lang=" + get_language(),
            "table": reverse("lessons:edit-table", args=[row.public_id]),
            "costs": reverse("lessons:edit-costs", args=[row.public_id]),
            "preview": reverse("lessons:edit", args=[row.public_id]) + "preview/",
            "words": words(),
        },
    }
    return _editor_page(render(request, "lessons/edit.html", context))


MOVE_COUNTS = range(1, 160)  # a whole deal in one step (its cards, passes and calls) fits


def words() -> dict:
    """The sentences the editor's script shows, in the teacher's language."""
    return {
        "step": _("Step %(n)s"),
        # a count in every language's plural forms: the script picks the step's own
        "moves": {n: ngettext("%(n)s move", "%(n)s moves", n) % {"n": n} for n in MOVE_COUNTS},
        "no_moves": _("no move yet"),
        "question": _("question"),
        "move_count": _("Move %(at)s of %(end)s"),
        "saved": _("Saved: version %(n)s."),
        "version": _("version %(n)s"),
        "saving": _("Saving…"),
        "unsaved": _("Changes not saved yet (kept in this browser)."),
        "failed": _(
            "The lesson could not be saved: the connection failed. "
            "Your changes are kept in this browser."
        ),
        "not_learner": _(
            "It is not the learner’s turn at the start of this step, so it cannot ask a question."
        ),
        "keep_played": _("The move this step plays must stay a right answer."),
        "go_to_start": _(
            "Questions are asked at the start of their step: the table is back there."
        ),
        "play_on": _("Tap a card or a call to play the next move."),
        "drop_later": _("Play this move here instead, and drop the moves after it?"),
        "why_label": _("Your sentence when the learner plays %(card)s"),
        "remove": _("Remove"),
        "right_already": _("This card is a right answer: untick it first."),
        "copied": _("Link copied."),
        "draft_older": _(
            "This browser kept changes made on version %(n)s, which is no longer the current "
            "one: saving them will ask which to keep."
        ),
        "cut_nowhere": _("Move inside a step, or to the end of the deal, to cut it there."),
        "last_step": _("This is the last step: there is nothing to merge it with."),
        "over": _("The deal is over."),
        "costs_busy": _("Working out what each card costs…"),
        "try_again": _("Try again"),
        "restore_confirm": _(
            "Restore version %(n)s? It becomes the newest version, and the others stay in the list."
        ),
    }


def _versions(row):
    return row.versions.only("number", "saved", "lesson_id")[:50]


@require_GET
def versions(request, public_id):
    """The list of saved versions as the editor shows it, to redraw after a save."""
    row = owned_lesson(request, public_id)
    context = {"lesson": row, "versions": _versions(row)}
    return _private(render(request, "lessons/_versions.html", context))


def _position(row, moves: list[str]):
    """The position of the lesson's deal after ``moves``: one step holding them, replayed."""
    obj = {k: v for k, v in row.data.items() if k not in ("steps", "translations")}
    obj["steps"] = [{"moves": moves, "narration": ""}]
    lesson = format.read(obj)
    return format.check(lesson)[0].after


@require_GET
def table(request, public_id):
    """The felt after the moves ``?moves=`` (space separated), every hand open, ``bottom``
    the learner's seat: ``{"html", "to_act", "legal", "over"}``; 422 with the engine's
    reason, in the page's language, if a move does not replay."""
    row = owned_lesson(request, public_id)
    moves = request.GET.get("moves", "").split()[:MAX_MOVES]
    bottom = request.GET.get("bottom", "S")
    try:
        position = _position(row, moves)
        seat = parse_seat(bottom) if bottom in SEATS else 2
    except format.BadLesson as e:
        return _private(JsonResponse({"error": str(e)}, status=422))
    except ScriptError as e:
        return _private(JsonResponse({"error": refusal(e)}, status=422))
    state = position.state
    context = tables.table(
        position,
        play="button",
        mark_legal=True,
        open_seats=range(4),
        bottom=seat,
        calls=None,
        why=refusal_words(row.game),
    )
    module = position.module
    legal = sorted(state.legal_moves()) if state.to_act is not None else []
    body = {
        "html": render_to_string("lessons/_felt.html", context, request=request),
        "to_act": None if state.to_act is None else SEATS[state.to_act],
        "legal": [module.format_move(m) for m in legal],
        "over": bool(state.is_over),
    }
    return _private(JsonResponse(body, json_dumps_params={"ensure_ascii": False}))


def _refused(code: str, status: int, game: str, wait: int | None = None, details=None):
    """An error of the costs call: its code and a sentence in the teacher's language."""
    response = JsonResponse(
        {"error": {"code": code, "message": explain(code, details or {}, game=game)}},
        status=status,
        json_dumps_params={"ensure_ascii": False},
    )
    if wait is not None:
        response["Retry-After"] = str(wait)
    return _private(response)


@require_GET
def costs(request, public_id):
    """What each legal card of the learner costs at ``?moves=`` (a question's moment), from
    ``view``: ``seat`` (what a learner at that seat knows, the default) or ``open`` (every hand
    open). The analysis is the site's (``rulebook.analyses``: its 2 s budget, slots and
    cache), counted against the client's limit like the analysis API. A GET that changes
    nothing, so no CSRF token is needed. ``{"view", "exact", "samples", "moves": [{"move",
    "cost"}], "free": [tokens of cost 0], "html"}``; 400 for a bad view or seat, 422
    outside the learner's card play, 429 past the limit, 503 past the budget."""
    row = owned_lesson(request, public_id)
    moves = request.GET.get("moves", "").split()[:MAX_MOVES]
    try:
        view = analyses.read_view(request.GET.get("view"))
        seat = analyses.read_seat(request.GET.get("seat"))
    except BadInput as e:
        return _refused(e.code, 400, row.game, details=e.details)
    try:
        position = _position(row, moves)
    except (format.BadLesson, ScriptError):  # the editor's table says why
        return _refused("analysis_unavailable", 422, row.game)
    wait = limits.check(request, limits.ANALYSING)
    if wait is not None:
        return _refused("rate_limited", 429, row.game, wait)
    try:
        answer = analyses.judge(row.game, position, seat, view)
    except analysis.Unavailable:
        return _refused("analysis_unavailable", 422, row.game)
    except analysis.Busy:
        return _refused("analysis_busy", 503, row.game, analyses.retry_after())
    context = {
        "moves": cost_words.moves(row.game, answer),
        "view_name": cost_words.VIEW_NAMES[view],
        "answer": answer,
    }
    body = {
        **answer,
        "free": [m["move"] for m in answer["moves"] if m["cost"] == 0],
        "html": render_to_string("lessons/_costs.html", context, request=request),
    }
    return _private(JsonResponse(body, json_dumps_params={"ensure_ascii": False}))


@require_POST
def restore(request, public_id):
    """A version saved again as the newest, once confirmed: the editor's script asks on the
    tap itself; without it, this answers a page that asks."""
    row = owned_lesson(request, public_id)
    try:
        number = int(request.POST.get("number", ""))
        if request.POST.get("confirm") != "yes":
            row.versions.get(number=number)
            response = render(request, "lessons/restore.html", {"lesson": row, "number": number})
            add_never_cache_headers(response)
            return response
        store.restore(row, number)
    except (ValueError, Version.DoesNotExist):
        raise Http404 from None
    except store.Stale:
        pass  # saved elsewhere meanwhile: the editor shows the lesson as it is now
    except (format.BadLesson, ScriptError, store.TooLarge):
        raise Http404 from None  # a version the engine no longer replays is not restored
    return HttpResponseRedirect(reverse("lessons:edit", args=[row.public_id]), status=303)


@require_POST
def copy(request, public_id):
    row = owned_lesson(request, public_id)
    try:
        new = store.copy(row)
    except (format.BadLesson, ScriptError, store.TooLarge):
        raise Http404 from None
    ownership.own(request, OWNED, new.edit_key)
    return HttpResponseRedirect(reverse("lessons:edit", args=[new.public_id]), status=303)


@require_POST
def delete(request, public_id):
    row = owned_lesson(request, public_id)
    if request.POST.get("confirm") != "yes":
        response = render(request, "lessons/delete.html", {"lesson": row})
        add_never_cache_headers(response)
        return response
    row.delete()
    return HttpResponseRedirect(reverse("mine"), status=303)
