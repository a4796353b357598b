"""The practice table's JSON API (spec: practice.md).

``POST /api/<game>/practice`` starts a match and answers 201 with the match object and its
``token``; every other call sends that token (``Authorization: Bearer <token>``), and an
unknown match or a wrong token is 404, the same answer. Errors are the positions API's shape,
``{"error": {"code", "message", "move"}}``, the message in ``?lang=``, else Accept-Language,
else English. Bodies are JSON objects.
"""

from django.http import JsonResponse
from django.utils import translation
from django.utils.cache import add_never_cache_headers
from django.utils.crypto import constant_time_compare
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_POST

from cardgames.errors import BadInput, IllegalMove
from plumbing import jsonbody, limits
from rulebook.api import _language

from . import service
from .match import Conflict
from .messages import explain
from .models import Match

BEARER = "Bearer "


def _answer(data: dict, status: int = 200) -> JsonResponse:
    """Every answer is the token's holder's (the learner's hand) or carries the token: never
    stored by a cache, the browser's included."""
    response = JsonResponse(data, status=status, json_dumps_params={"ensure_ascii": False})
    add_never_cache_headers(response)
    return response


def error(code: str, details: dict, status: int, move=None, game=None) -> JsonResponse:
    message = explain(code, details, game=game, html=False)
    return _answer({"error": {"code": code, "message": message, "move": move}}, status)


def failure(e: Exception, game=None) -> JsonResponse:
    """The answer to an engine or practice refusal: 400, 422 or 409."""
    if isinstance(e, Conflict):
        return error(e.code, e.details, 409, game=game)
    status = 422 if isinstance(e, IllegalMove) else 400
    return error(e.code, e.details, status, e.move_index, game=game)


def _body(request) -> dict:
    """The JSON object a request sends (an empty body is an empty object), read by the site's
    one reader with its size and depth limits (``plumbing.jsonbody``)."""
    try:
        return jsonbody.read(request)
    except jsonbody.BodyError as e:
        raise BadInput(e.code) from None


def _match(request, public_id: str) -> tuple[Match, list] | None:
    """The match and its deals, if the request carries its token."""
    header = request.headers.get("Authorization", "")
    token = header[len(BEARER) :].strip() if header.startswith(BEARER) else ""
    found = Match.read(public_id)
    if found is None or not token or not constant_time_compare(token, found[0].token):
        return None
    return found


def _not_found() -> JsonResponse:
    return error("not_found", {}, 404)


@csrf_exempt  # authorised by its token, never by a cookie
@require_POST
def create(request, game):
    with translation.override(_language(request)):
        try:
            setup = service.setup_from(game, _body(request))
        except BadInput as e:
            status = 404 if e.code == "unknown_game" else 400
            return error(e.code, e.details, status, game=None if status == 404 else game)
        wait = limits.creating(request, "practice", page=False)
        if wait is not None:
            response = error("rate_limited", {}, 429)
            response["Retry-After"] = str(wait)
            return response
        match, practice = service.start(setup)
        return _answer({**practice.to_json(match.public_id), "token": match.token}, 201)


@require_GET
def show(request, public_id):
    with translation.override(_language(request)):
        found = _match(request, public_id)
        if found is None:
            return _not_found()
        match, deals = found
        return _answer(match.replay(deals).to_json(match.public_id))


def _change(request, public_id, act):
    with translation.override(_language(request)):
        found = _match(request, public_id)
        if found is None:
            return _not_found()
        match, deals = found
        try:
            practice = act(match, deals, _body(request))
        except (BadInput, IllegalMove, Conflict) as e:
            return failure(e, game=match.game)
        except Match.DoesNotExist:
            return _not_found()
        return _answer(practice.to_json(match.public_id))


def _move(match, deals, body):
    ply = service.whole_number(body.get("ply"), "bad_ply")
    if ply is None:
        raise BadInput("bad_ply")
    move = body.get("move")
    if not isinstance(move, str) or not move.split():
        raise BadInput("bad_move", move="" if move is None else str(move))
    deal_number = service.whole_number(body.get("deal_number"), "bad_ply")
    return service.move(match, move.split(), ply, deals, deal_number=deal_number)


def _undo(match, deals, body):
    ply = service.whole_number(body.get("ply"), "bad_ply")
    return service.undo(match, ply, deals)


def _next(match, deals, body):
    number = service.whole_number(body.get("deal_number"), "bad_ply")
    return service.next_deal(match, number, deals)


@csrf_exempt
@require_POST
def move(request, public_id):
    return _change(request, public_id, _move)


@csrf_exempt
@require_POST
def undo(request, public_id):
    return _change(request, public_id, _undo)


@csrf_exempt
@require_POST
def next_deal(request, public_id):
    return _change(request, public_id, _next)
