"""The lessons' own pages besides the editor and the player: starting a lesson and the edit
link that claims one. A lesson is owned by the browser session that made or claimed it
(``plumbing.ownership``, kind ``lesson``, by its edit key); anyone else gets the 404 an unknown
lesson gets."""

from urllib.parse import urlencode

from django.http import Http404, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from cardgames.errors import EngineError
from cardgames.positions import open_position
from plumbing import capability, limits, ownership
from practice.match import opening
from practice.models import OWNED as PRACTICE
from practice.models import Match as PracticeMatch
from rulebook import games
from rulebook.models import registry_names
from tutorials import content
from tutorials.lesson import BadLesson
from tutorials.script import ScriptError

from . import files, start, store
from .messages import explain, reason, refusal
from .models import OWNED, Lesson


def owned_lesson(request, public_id: str) -> Lesson:
    """The lesson, if this session owns it; else the 404 an unknown lesson gets."""
    row = store.find(public_id)
    if row is None or not ownership.owns(request, OWNED, row.edit_key):
        raise Http404(explain("not_found"))
    return row


def found_lesson(public_id: str) -> Lesson:
    row = store.find(public_id)
    if row is None:
        raise Http404(explain("not_found"))
    return row


def claim(request, public_id, key):
    """The edit link: it gives the lesson to the browser that opens it, then 303 to the
    editor's address, which holds no key (``plumbing.capability``)."""
    row = Lesson.objects.filter(public_id=public_id, edit_key=key).first()
    if row is None:
        raise Http404(explain("not_found"))
    ownership.own(request, OWNED, row.edit_key)
    return capability.claimed(_editor(row))


def _editor(row) -> str:
    return reverse("lessons:edit", args=[row.public_id])


# ------------------------------------------------------------------------------ a new lesson


def _source(request, params) -> tuple[dict, str]:
    """The lesson object the query asks for and one sentence saying where it comes from:
    a finished practice deal (its owner only), a tutorial, a position, or a fresh seed."""
    language = get_language()
    if params.get("practice"):
        return _from_practice(request, params, language)
    if params.get("tutorial"):
        return _from_tutorial(params["tutorial"], language)
    spec = games.get(params.get("game", ""))
    if spec is None:
        raise Http404(explain("unknown_game", {"game": params.get("game", "")}))
    if params.get("deal"):
        position = open_position(spec.engine, params)
        return start.from_position(spec.slug, position, language=language), _(
            "It starts from the position you were looking at: the same deal, the moves played "
            "so far and the same rules. All its moves are in one step; cut it into steps in "
            "the editor."
        )
    variant = params.get("variant") or spec.default_variant
    if variant not in spec.presets:
        raise Http404(explain("unknown_variant", {"variant": variant}))
    obj = start.from_seed(spec.slug, variant, language)
    extra = spec.engine.format_extra(opening(spec.engine)) if spec.engine.STARTS else {}
    game_names, variant_names = registry_names()
    origin = _(
        "It starts from a new deal of %(game)s (%(variant)s), shuffled from a fresh seed that "
        "the site writes into the lesson, so every learner gets the same cards."
    ) % {
        "game": game_names.get(spec.slug, spec.slug),
        "variant": variant_names.get((spec.slug, variant), variant),
    }
    return {**obj, **extra}, origin


def _from_practice(request, params, language):
    found = PracticeMatch.read(params.get("practice", ""))
    if found is None or not ownership.owns(request, PRACTICE, found[0].token):
        raise Http404(explain("not_found"))
    match, deals = found
    try:
        number = int(params.get("deal", ""))
    except ValueError:
        raise Http404(explain("not_found")) from None
    if not 1 <= number <= len(deals):
        raise Http404(explain("not_found"))
    practice = match.replay(deals[:number])
    if not practice.state.is_over or match.sealed:
        # a deal in play never opens its hidden hands, nor a challenge's before it closes
        raise Http404(explain("not_found"))
    position = practice.position()
    obj = start.from_position(match.game, position, learner=practice.seat, language=language)
    origin = _(
        "It starts from deal %(number)s of your practice match, as it was played to its end, "
        "every hand shown as the review shows it. All its moves are in one step; cut it into "
        "steps in the editor."
    ) % {"number": number}
    return obj, origin


def _from_tutorial(slug: str, language: str):
    """A copy of a site tutorial: its texts in the reader's language, the others kept as
    translations."""
    path = content.DATA / f"{slug}.toml"
    if not slug.replace("-", "").isalnum() or not path.is_file():
        raise Http404(explain("not_found"))
    data = content.read(path)
    if data.get("slug") != slug:
        raise Http404(explain("not_found"))
    title = (data.get("title") or {}).get(language) or slug
    origin = _(
        "It starts as your own copy of the site’s tutorial “%(title)s”, with its steps, "
        "questions and texts in every language; the tutorial itself does not change."
    ) % {"title": title}
    return content.as_lesson(data, language), origin


def _choices() -> list[dict]:
    """Every game and its variants, named in the reader's language."""
    game_names, variant_names = registry_names()
    return [
        {
            "slug": g.slug,
            "name": game_names.get(g.slug, g.slug),
            "default": g.default_variant,
            "variants": [{"slug": v, "name": variant_names.get((g.slug, v), v)} for v in g.presets],
        }
        for g in games.GAMES.values()
    ]


@require_http_methods(["GET", "HEAD", "POST"])
def new(request):
    """GET: what the lesson will start from, and a button (a link's preview creates nothing);
    POST: the lesson, made and owned, then its editor."""
    params = request.POST if request.method == "POST" else request.GET
    if params.get("pick"):  # the form's choice of a game and a variant, as "game:variant"
        game, _sep, variant = params["pick"].partition(":")
        params = params.copy()
        params.update({"game": game, "variant": variant})
        del params["pick"]
    if not any(k in params for k in ("game", "practice", "tutorial")):
        return render(request, "lessons/new.html", {"choose": _choices()})
    try:
        obj, origin = _source(request, params)
    except EngineError as e:
        return _bad(request, explain(e.code, e.details))
    if request.method != "POST":
        return render(
            request,
            "lessons/new.html",
            {"origin": origin, "query": urlencode(params), "lesson": obj},
        )
    wait = limits.creating(request, "lesson")
    if wait is not None:
        return limits.page(request, wait)
    try:
        row = store.create(obj)
    except (BadLesson, ScriptError, store.TooLarge) as e:
        message = refusal(e) if isinstance(e, ScriptError) else str(e)
        return _bad(request, message)
    ownership.own(request, OWNED, row.edit_key)
    return HttpResponseRedirect(_editor(row), status=303)


def _bad(request, message: str, status: int = 400):
    return render(request, "error.html", {"message": message, "status": status}, status=status)


@require_http_methods(["GET", "HEAD", "POST"])
def import_file(request):
    """GET: a form to upload a lesson file (``.lesson.json`` or ``.pbn``); POST: the lesson,
    made and owned by this browser, then its editor (303)."""
    if request.method != "POST":
        return render(request, "lessons/import.html", {})
    upload = request.FILES.get("file")
    if upload is None:
        return _import_refused(request, _("Choose a lesson file to import."))
    if upload.size > store.MAX_BYTES:
        return _import_refused(request, explain("lesson_too_large"), status=413)
    wait = limits.creating(request, "lesson")
    if wait is not None:
        return limits.page(request, wait)
    try:
        row = store.create(files.read_file(upload.read()))
    except BadLesson as e:
        return _import_refused(
            request, explain("bad_lesson", {"field": e.field, "reason": reason(e.reason)})
        )
    except ScriptError as e:
        message = f"{explain('lesson_does_not_replay', {'step': e.step})} {refusal(e)}"
        return _import_refused(request, message, status=422)
    except store.TooLarge:
        return _import_refused(request, explain("lesson_too_large"), status=413)
    ownership.own(request, OWNED, row.edit_key)
    return HttpResponseRedirect(_editor(row), status=303)


def _import_refused(request, message: str, status: int = 400):
    return render(request, "lessons/import.html", {"error": message}, status=status)
