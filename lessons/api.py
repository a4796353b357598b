"""The lessons' JSON API (``shared/spec/lessons.md``).

A lesson is read by anyone with its id; it is changed, listed by version, and its results read
only with its edit key (``Authorization: Bearer <edit key>``). An unknown lesson and a wrong
key are the same 404. Errors are the positions API's object, the message in ``?lang=``, else
Accept-Language, else English; ``bad_lesson`` also names the ``field``, and
``lesson_does_not_replay`` the ``step`` and the engine's code (``engine_code``).
"""

from django.http import HttpResponse, JsonResponse
from django.urls import reverse
from django.utils import translation
from django.utils.cache import add_never_cache_headers
from django.utils.crypto import constant_time_compare
from django.utils.http import content_disposition_header
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from cardgames.errors import EngineError
from plumbing import jsonbody, limits
from rulebook.api import _language
from tutorials.lesson import BadLesson
from tutorials.script import ScriptError

from . import files, store
from .messages import explain, reason, refusal

BEARER = "Bearer "


def _answer(data: dict, status: int = 200) -> JsonResponse:
    return JsonResponse(data, status=status, json_dumps_params={"ensure_ascii": False})


def _private(data: dict, status: int = 200) -> JsonResponse:
    """An answer for the edit key's holder (or carrying the key): never stored by a cache,
    the browser's included."""
    response = _answer(data, status)
    add_never_cache_headers(response)
    return response


def error(
    code: str, status: int, details: dict | None = None, top=None, why="", **extra
) -> JsonResponse:
    """The error object (``extra``: more facts in it; ``top``: beside it, as a 409's lesson;
    ``why``: a sentence the message ends with, the engine's own)."""
    message = " ".join(filter(None, [explain(code, details or {}), why]))
    body = {"error": {"code": code, "message": message, "move": None, **extra}, **(top or {})}
    return _answer(body, status)


def _not_found() -> JsonResponse:
    return error("not_found", 404)


def _refused(e: Exception) -> JsonResponse:
    """A lesson that cannot be stored: 400, 413 or 422."""
    if isinstance(e, store.TooLarge):
        return error("lesson_too_large", 413)
    if isinstance(e, BadLesson):
        details = {"field": e.field, "reason": reason(e.reason)}
        return error("bad_lesson", 400, details, field=e.field)
    return error(
        "lesson_does_not_replay",
        422,
        {"step": e.step},
        step=e.step,
        why=refusal(e),
        engine_code=e.code,
        token=e.token,
    )


def _body(request):
    """The lesson object sent: ``(object, None)`` or ``(None, the error answer)``."""
    try:
        return jsonbody.read(request, max_bytes=store.MAX_BYTES, empty=None), None
    except jsonbody.BodyError as e:
        if e.code == "body_too_large":
            return None, error("lesson_too_large", 413)
        return None, error(
            "bad_lesson", 400, {"field": "body", "reason": "not a JSON object"}, field="body"
        )


def _keyed(request, public_id: str):
    """The lesson, if the request carries its edit key."""
    header = request.headers.get("Authorization", "")
    key = header[len(BEARER) :].strip() if header.startswith(BEARER) else ""
    row = store.find(public_id)
    if row is None or not key or not constant_time_compare(key, row.edit_key):
        return None
    return row


def urls(row) -> dict:
    """Where the lesson is, in the language of the request."""
    return {
        "lesson": reverse("lessons:play", args=[row.public_id]),
        "edit": row.private_url(),
        "results": reverse("lessons:results", args=[row.public_id]),
        "api": reverse("api-lesson", args=[row.public_id]),
    }


def lesson_json(row) -> dict:
    return {**row.data, "id": row.public_id, "version": row.version}


def _created(row) -> JsonResponse:
    body = {
        "id": row.public_id,
        "edit_key": row.edit_key,
        "version": row.version,
        "urls": urls(row),
    }
    return _private(body, 201)


def _limited(request):
    wait = limits.creating(request, "lesson", page=False)
    if wait is None:
        return None
    response = error("rate_limited", 429)
    response["Retry-After"] = str(wait)
    return response


def _create(request, obj):
    """A lesson read from a request made and stored: 201, or why not (counted as a creation
    only once it could be read)."""
    limited = _limited(request)
    if limited:
        return limited
    try:
        row = store.create(obj)
    except (BadLesson, ScriptError, store.TooLarge) as e:
        return _refused(e)
    return _created(row)


@csrf_exempt  # authorised by a key, never by a cookie
@require_POST
def create(request):
    with translation.override(_language(request)):
        obj, refused = _body(request)
        if refused:
            return refused
        return _create(request, obj)


@csrf_exempt
@require_http_methods(["GET", "HEAD", "PUT", "DELETE"])
def lesson(request, public_id):
    with translation.override(_language(request)):
        if request.method in ("GET", "HEAD"):
            row = store.find(public_id)
            return _not_found() if row is None else _answer(lesson_json(row))
        row = _keyed(request, public_id)
        if row is None:
            return _not_found()
        if request.method == "DELETE":
            row.delete()
            return HttpResponse(status=204)
        return _put(request, row)


def _put(request, row):
    obj, refused = _body(request)
    if refused:
        return refused
    version = obj.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        return error("bad_version", 400, field="version")
    try:
        saved = store.save(row, obj, version)
    except store.Stale as e:
        now = e.row
        top = {"lesson": lesson_json(now), "version": now.version}
        return error("stale_version", 409, {"version": now.version}, top, version=now.version)
    except (BadLesson, ScriptError, store.TooLarge) as e:
        return _refused(e)
    return _private({"id": saved.public_id, "version": saved.version, "urls": urls(saved)})


@require_GET
def versions(request, public_id):
    with translation.override(_language(request)):
        row = _keyed(request, public_id)
        if row is None:
            return _not_found()
        listed = [
            {"version": v.number, "saved": v.saved.isoformat(), "title": v.data.get("title", "")}
            for v in row.versions.all()
        ]
        return _private({"id": row.public_id, "versions": listed})


@csrf_exempt
@require_POST
def copy(request, public_id):
    with translation.override(_language(request)):
        row = store.find(public_id)
        if row is None:
            return _not_found()
        limited = _limited(request)
        if limited:
            return limited
        try:
            new = store.copy(row)
        except (BadLesson, ScriptError, store.TooLarge) as e:
            return _refused(e)  # a lesson the engine no longer replays is not copied broken
        return _created(new)


@require_GET
def results(request, public_id):
    with translation.override(_language(request)):
        row = _keyed(request, public_id)
        if row is None:
            return _not_found()
        try:
            return _private(store.results(row))
        except (BadLesson, ScriptError) as e:
            return _refused(e)


@require_GET
def export(request, public_id):
    """The lesson as a file to download: ``?format=json`` (the lesson object, by default) or
    ``?format=pbn`` (its deal and moves, ``lessons.files``)."""
    with translation.override(_language(request)):
        row = store.find(public_id)
        if row is None:
            return _not_found()
        kind = request.GET.get("format", "json")
        if kind == "json":
            body, suffix, mime = files.json_of(row.data), ".lesson.json", "application/json"
        elif kind == "pbn":
            try:
                body = files.to_pbn(row.data)
            except (EngineError, KeyError, ValueError) as e:
                return _refused(BadLesson("deal", getattr(e, "code", "cannot be read")))
            suffix, mime = ".pbn", "application/x-pbn"
        else:
            return error("bad_format", 400, field="format")
        response = HttpResponse(body.encode(), content_type=f"{mime}; charset=utf-8")
        response["Content-Disposition"] = content_disposition_header(
            True, files.filename(row.title, suffix)
        )
        return response


def _raw(request) -> bytes | None:
    """The body, or None past the lesson's size."""
    try:
        return jsonbody.raw(request, max_bytes=store.MAX_BYTES)
    except jsonbody.BodyError:
        return None


@csrf_exempt  # creates a lesson as POST /api/lessons does: owned by the key it answers
@require_POST
def import_(request):
    """A lesson file (the lesson object as JSON, or PBN) made a new lesson: 201 as create."""
    with translation.override(_language(request)):
        raw = _raw(request)
        if raw is None:
            return error("lesson_too_large", 413)
        try:
            obj = files.read_file(raw)  # a file that cannot be read counts no creation
        except BadLesson as e:
            return _refused(e)
        return _create(request, obj)
