"""The live tables' JSON API (spec: tables.md): ``POST /api/<game>/tables`` creates a table
and answers 201 with its keys; ``GET /api/tables/<id>``, ``POST …/move`` and ``…/next`` send
a key (``Authorization: Bearer <key>``) and answer what that key's holder may see. A wrong or
missing key is 404, the same answer as for no table. Errors are practice's shape."""

from django.http import JsonResponse
from django.urls import reverse
from django.utils import translation
from django.utils.cache import add_never_cache_headers
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_POST

from cardgames import analysis as searching
from cardgames.errors import BadInput, IllegalMove
from plumbing import jsonbody, limits
from plumbing.links import absolute
from practice import advice, costs
from practice import service as practice
from practice.match import Conflict
from practice.models import Match
from rulebook import analyses
from rulebook.api import _language

from . import live, service
from .messages import explain

BEARER = "Bearer "


def _answer(data: dict, status: int = 200) -> JsonResponse:
    """Every answer is a key's holder's (a hand, a hint) or carries keys: never stored by a
    cache, the browser's included."""
    response = JsonResponse(data, status=status, json_dumps_params={"ensure_ascii": False})
    add_never_cache_headers(response)
    return response


def error(code: str, details: dict, status: int, move=None, game=None) -> JsonResponse:
    message = explain(code, details, game=game)
    return _answer({"error": {"code": code, "message": message, "move": move}}, status)


def failure(e: Exception, game=None) -> JsonResponse:
    """A refusal: 403 (not this place's to do), 409, 422 or 400."""
    if isinstance(e, service.Refused):
        return error(e.code, e.details, 403, game=game)
    if isinstance(e, Conflict):
        return error(e.code, e.details, 409, game=game)
    status = 422 if isinstance(e, IllegalMove) else 400
    return error(e.code, e.details, status, e.move_index, game=game)


def _body(request) -> dict:
    try:
        return jsonbody.read(request)
    except jsonbody.BodyError as e:
        raise BadInput(e.code) from None


def _place(request, public_id: str):
    header = request.headers.get("Authorization", "")
    key = header[len(BEARER) :].strip() if header.startswith(BEARER) else ""
    return service.by_key(public_id, key)


def urls(table, keys: dict, lang: str) -> dict:
    """Each key's invitation, and the table's own address."""
    out = {
        name: absolute(reverse("tables:join", args=[table.public_id, key]))
        for name, key in keys.items()
    }
    out["table"] = absolute(table.get_absolute_url())
    return out


@csrf_exempt  # authorised by its keys, never by a cookie
@require_POST
def create(request, game):
    lang = _language(request)
    with translation.override(lang):
        try:
            body = _body(request)
            table, keys = None, None
            service.players_from(body.get("seats"))  # refused before anything is counted
            wait = limits.creating(request, "table", page=False)
            if wait is not None:
                response = error("rate_limited", {}, 429)
                response["Retry-After"] = str(wait)
                return response
            table, keys = service.create(game, body)
        except BadInput as e:
            status = 404 if e.code == "unknown_game" else 400
            return error(e.code, e.details, status, game=None if status == 404 else game)
        return _answer({"id": table.public_id, "keys": keys, "urls": urls(table, keys, lang)}, 201)


def _show(table, place, practice_match=None):
    match, deals = service.read(table)
    if practice_match is None:
        practice_match = match.replay(deals)
    return _answer(service.match_json(table, match, practice_match, place))


@require_GET
def show(request, public_id):
    with translation.override(_language(request)):
        place = _place(request, public_id)
        if place is None:
            return error("not_found", {}, 404)
        if service.overdue(place.table):  # a turn ran out with no socket open to see it
            live.changed(public_id)
        return _show(place.table, place)


def _change(request, public_id, act, what="moves"):
    with translation.override(_language(request)):
        place = _place(request, public_id)
        if place is None:
            return error("not_found", {}, 404)
        table = place.table
        try:
            practice_match = act(table, place, _body(request))
        except service.NotHost:
            return error("not_found", {}, 404)
        except service.ERRORS as e:
            return failure(e, game=table.match.game)
        except Match.DoesNotExist:
            return error("not_found", {}, 404)
        live.changed(table.public_id, what)
        return _show(table, place, practice_match)


def _move(table, place, body):
    ply = practice.whole_number(body.get("ply"), "bad_ply")
    if ply is None:
        raise BadInput("bad_ply")
    move = body.get("move")
    if not isinstance(move, str) or not move.split():
        raise BadInput("bad_move", move="" if move is None else str(move)[:20])
    number = practice.whole_number(body.get("deal_number"), "bad_ply")
    return service.move(table, place, move.split()[:13], ply, number)


def _next(table, place, body):
    number = practice.whole_number(body.get("deal_number"), "bad_ply")
    return service.next_deal(table, place, number)


@csrf_exempt
@require_POST
def move(request, public_id):
    return _change(request, public_id, _move)


@csrf_exempt
@require_POST
def next_deal(request, public_id):
    return _change(request, public_id, _next, "places")  # "waiting_for" may have changed


@csrf_exempt
@require_POST
def name(request, public_id):
    """``{"name": "<text>"}``: the name of the key's seat, shown to everyone in ``seats``."""
    return _change(
        request, public_id, lambda t, p, body: service.rename(p, body.get("name")), "places"
    )


@csrf_exempt
@require_POST
def give(request, public_id):
    """The host's: ``{"seat": "E", "level": "<level>"}`` gives a person's seat to a computer
    player. Anyone else's key: 404."""
    return _change(
        request,
        public_id,
        lambda t, p, body: service.give(t, p, body.get("seat"), body.get("level")),
        "places",
    )


@csrf_exempt
@require_POST
def reissue(request, public_id):
    """The host's: ``{"seat": "E" | "coach"}`` revokes that place's invitation and answers the
    new one, once: ``{"key", "url"}``. Anyone else's key: 404."""
    with translation.override(_language(request)):
        place = _place(request, public_id)
        if place is None:
            return error("not_found", {}, 404)
        table = place.table
        try:
            key = service.reissue(table, place, _body(request).get("seat"))
        except service.NotHost:
            return error("not_found", {}, 404)
        except service.ERRORS as e:
            return failure(e, game=table.match.game)
        live.changed(table.public_id, "places")
        url = absolute(reverse("tables:join", args=[table.public_id, key]))
        return _answer({"key": key, "url": url})


def _helped(request, public_id, answer):
    """The computer help of the key's seat (the table's ``help`` on): ``answer(table, place,
    learner)`` with the match as that seat's learner sees it; counted as an analysis is
    (``limits.ANALYSING``), and a search past its budget is 503 ``analysis_busy``."""
    with translation.override(_language(request)):
        place = _place(request, public_id)
        if place is None:
            return error("not_found", {}, 404)
        table = place.table
        game = table.match.game
        try:
            match, deals = service.read(table)
            mine = service.learner(table, place, match.replay(deals))
            wait = limits.check(request, limits.ANALYSING)
            if wait is not None:
                response = error("rate_limited", {}, 429)
                response["Retry-After"] = str(wait)
                return response
            return _answer(answer(table, place, mine))
        except service.ERRORS as e:
            return failure(e, game=game)
        except Match.DoesNotExist:
            return error("not_found", {}, 404)
        except searching.Busy:
            response = error("analysis_busy", {}, 503, game=game)
            response["Retry-After"] = str(analyses.retry_after())
            return response


@require_GET
def hint(request, public_id):
    """The hint, on the key's seat's turn, as the practice table gives it: the legal moves,
    what the club player would play and why (from this seat's view only), and in card play
    each legal card's cost from this seat's view (``costs``: the analysis's moves, or null;
    ``busy`` when it could not be judged in time). Not its turn: 409 ``not_your_turn``."""

    def answer(table, place, mine):
        if not mine.learner_to_act or mine.deal_over:
            raise Conflict("not_your_turn", seat=service.you(place))
        decision = mine.advice()
        judged = costs.hint(mine)
        return {
            "hint": {
                "legal": [mine.module.format_move(m) for m in mine.legal()],
                "club": {
                    "move": mine.module.format_move(decision.move),
                    "reason": decision.reason.code,
                    "text": advice.sentence(mine.game, decision.reason),
                },
                "costs": judged["answer"]["moves"] if judged and not judged["busy"] else None,
                "busy": bool(judged and judged["busy"]),
            }
        }

    return _helped(request, public_id, answer)


@require_GET
def analysis(request, public_id):
    """Once the deal is over, each card the key's seat played with its cost and the best
    cards there (``?view=seat``, its own view then, by default; ``open``: every hand open),
    as ``/api/<game>/analysis/deal`` answers it. While it is played: 409 ``deal_in_play``."""

    def answer(table, place, mine):
        if not mine.deal_over:
            raise Conflict("deal_in_play")
        view = analyses.read_view(request.GET.get("view"))
        position = mine.position()
        try:
            judged = analyses.judge_deal(mine.game, position, view, seats=(place.seat,))
        except searching.Unavailable:
            judged = {"view": view, "moves": []}  # a deal with no card play
        return {"analysis": judged}

    return _helped(request, public_id, answer)
