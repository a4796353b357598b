"""The JSON API of the positions spec: /api/<game>/position and /api/<game>/variants."""

from django.http import JsonResponse
from django.utils import translation
from django.views.decorators.http import require_GET

from plumbing import pagecache

from . import games
from .engine.errors import BadInput, IllegalMove
from .engine.positions import open_position
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
        spec = games.get(game)
        if spec is None:
            return error("unknown_game", {"game": game}, 404)
        try:
            pos = open_position(spec.engine, request.GET)
        except BadInput as e:
            return error(e.code, e.details, 400, e.move_index, game=spec)
        except IllegalMove as e:
            return error(e.code, e.details, 422, e.move_index, game=spec)
        return JsonResponse(pos.to_json(game), json_dumps_params={"ensure_ascii": False})


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
