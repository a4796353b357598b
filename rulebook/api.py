"""The JSON API of the positions spec: /api/<game>/position, /api/<game>/variants and the
analysis of a position or a finished deal (/api/<game>/analysis, /api/<game>/analysis/deal)."""

from django.http import JsonResponse
from django.utils import translation
from django.views.decorators.http import require_GET

from cardgames import analysis
from cardgames.errors import BadInput, IllegalMove
from cardgames.positions import open_position
from cardgames.table import SEATS
from plumbing import limits, pagecache

from . import analyses, games
from .messages import explain
from .models import Variant
from .registry import LANGUAGES


def _language(request) -> str:
    """``?lang=``, else Accept-Language, else English."""
    lang = request.GET.get("lang", "").lower()
    if lang in LANGUAGES:
        return lang
    return translation.get_language_from_request(request, check_path=False) or "en"


def error(code: str, details: dict, status: int, move=None, game=None) -> JsonResponse:
    """An error in JSON, its message naming cards in ``game``'s words."""
    return JsonResponse(
        {
            "error": {
                "code": code,
                "message": explain(code, details, html=False, game=game),
                "move": move,
            }
        },
        status=status,
        json_dumps_params={"ensure_ascii": False},
    )


POSITION_SECONDS = 600  # positions are countless: each is kept a short while


@require_GET
@pagecache.cached(
    lambda request, game: f"api:{_language(request)}",  # the engine's: no row of the database
    POSITION_SECONDS,
    countless=True,
    vary=("Accept-Encoding", "Accept-Language"),
)
def position(request, game):
    """A position's answer depends on its query and language alone: it is cached whole,
    errors aside."""
    with translation.override(_language(request)):
        spec, pos, refused = opened(request, game)
        if refused is not None:
            return refused
        return JsonResponse(pos.to_json(game), json_dumps_params={"ensure_ascii": False})


def opened(request, game):
    """The game and the position a request's query names, or the positions API's error answer
    (404 for no such game, 400 for what cannot be read, 422 with the first refused move):
    ``(spec, position, None)`` or ``(spec, None, error)``. The active language words it."""
    spec = games.get(game)
    if spec is None:
        return None, None, error("unknown_game", {"game": game}, 404)
    try:
        return spec, open_position(spec.engine, request.GET), None
    except BadInput as e:
        return spec, None, error(e.code, e.details, 400, e.move_index, game=spec)
    except IllegalMove as e:
        return spec, None, error(e.code, e.details, 422, e.move_index, game=spec)


# --- analysis -----------------------------------------------------------------------------------


def _busy(game=None) -> JsonResponse:
    """503 ``analysis_busy``: past the budget or no slot free; never a half answer."""
    response = error("analysis_busy", {}, 503, game=game)
    response["Retry-After"] = str(analyses.retry_after())
    return response


def _analysed(request, game, judge) -> JsonResponse:
    """The analysis endpoints' common course: the position and the view read, then
    ``judge(spec, position, view)`` (an answer, or an error answer), its refusals answered as
    errors."""
    with translation.override(_language(request)):
        spec, pos, refused = opened(request, game)
        if refused is not None:
            return refused
        try:
            view = analyses.read_view(request.GET.get("view"))
            answer = judge(spec, pos, view)
        except BadInput as e:
            return error(e.code, e.details, 400, game=spec)
        except analysis.Unavailable as e:
            return error(e.code, {}, 422, game=spec)
        except analysis.Busy:
            return _busy(spec)
        if isinstance(answer, JsonResponse):
            return answer
        return JsonResponse(answer, json_dumps_params={"ensure_ascii": False})


def _limited(request) -> JsonResponse | None:
    """Count one analysis against the client's limits: None to go on, else 429. Counted once
    the query was read, so a typo costs nothing."""
    wait = limits.check(request, limits.ANALYSING)
    if wait is None:
        return None
    response = error("rate_limited", {}, 429)
    response["Retry-After"] = str(wait)
    return response


@require_GET
def analysis_move(request, game):
    """``/api/<game>/analysis``: every legal card of the seat to act (or ``seat``), valued."""

    def judge(spec, pos, view):
        seat = analyses.read_seat(request.GET.get("seat"))
        if seat is not None and seat != pos.state.to_act and pos.state.to_act is not None:
            return error("not_your_turn", {"seat": SEATS[seat]}, 422, game=spec)
        return _limited(request) or analyses.judge(spec.slug, pos, seat, view)

    return _analysed(request, game, judge)


@require_GET
def analysis_deal(request, game):
    """``/api/<game>/analysis/deal``: every card of a finished deal, with its cost."""

    def judge(spec, pos, view):
        if not pos.state.is_over:
            return error("analysis_unavailable", {"reason": "deal_not_over"}, 422, game=spec)
        return _limited(request) or analyses.judge_deal(spec.slug, pos, view)

    return _analysed(request, game, judge)


@require_GET
def variants(request, game):
    with translation.override(_language(request)):
        spec = games.get(game)
        if spec is None:
            return error("unknown_game", {"game": game}, 404)
        rows = {
            v.slug: v for v in Variant.objects.filter(game__slug=game).prefetch_related("sources")
        }
        out = []
        for slug, rules in spec.presets.items():
            row = rows.get(slug)
            out.append(
                {
                    "slug": slug,
                    "default": slug == spec.default_variant,
                    "names": {
                        lang: getattr(row, f"name_{lang}", "") if row else "" for lang in LANGUAGES
                    },
                    "sources": [s.file for s in row.sources.all()] if row else [],
                    "parameters": games.parameters_json(rules),
                }
            )
        return JsonResponse(
            {"game": game, "variants": out}, json_dumps_params={"ensure_ascii": False}
        )
