"""The score sheet pages: starting a match, scoring it, undoing a row, ending it, viewing it.

The views store what was typed and show what the engine's ``Sheet`` makes of it. Every form
carries the row number it expects (the next row to add, the last row to undo, the rows seen
before ending), so a form sent twice or from a stale tab is refused (409) instead of acting
twice. Only a session that owns the match (``diwaniya.ownership``) may write; any other
gets 404, as if the match did not exist. Opening the scorer's link makes a session an owner.
"""

from django.db import IntegrityError, transaction
from django.db.models import Count
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_http_methods, require_POST

from diwaniya import ownership
from diwaniya.links import absolute
from rulebook.engine import tarneeb
from rulebook.engine.table import PARTNERSHIPS
from rulebook.words import signed

from .forms import DealForm, NewMatchForm, PointsForm, variant_name
from .messages import SIDES, explain
from .models import OWNED, Match

FORMS = {DealForm.kind: DealForm, PointsForm.kind: PointsForm}


def owned_matches(request) -> list[Match]:
    """The matches this session owns, newest first, for the lists of one's matches."""
    tokens = ownership.owned(request, OWNED)
    rows = Match.objects.filter(scorer__in=tokens).annotate(rows=Count("entries"))
    matches = {m.scorer: m for m in rows}
    found = [matches[t] for t in tokens if t in matches]
    for match in found:
        match.variant_name = variant_name(match.variant)
        match.links = _links(match)
    return found


@require_http_methods(["GET", "POST"])
def match_list(request):
    form = NewMatchForm(request.POST or None)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            match = form.save()
            ownership.own(request, OWNED, match.scorer)
            return redirect(match.scorer_url())
        status = 400
    return render(
        request,
        "scoresheet/list.html",
        {"form": form, "matches": owned_matches(request)},
        status=status,
    )


def _owned(request, token: str) -> Match:
    """The match of a scorer's token, if this session owns it; 404 otherwise."""
    match = Match.objects.filter(scorer=token).first()
    if match is None or not ownership.owns(request, OWNED, token):
        raise Http404(explain("not_yours"))  # the same answer: nothing says it exists
    return match


@require_http_methods(["GET", "HEAD"])
def view_page(request, token):
    match = get_object_or_404(Match, share=token)
    return _render(request, match, scorer=ownership.owns(request, OWNED, match.scorer))


@require_http_methods(["GET", "POST"])
def score_page(request, token):
    if request.method == "GET":
        match = get_object_or_404(Match, scorer=token)
        ownership.own(request, OWNED, match.scorer)  # the scorer's link grants writing
        return _render(request, match, scorer=True)
    match = _owned(request, token)
    form_class = FORMS.get(request.POST.get("kind"))
    if form_class is None:
        return _render(request, match, scorer=True, error=explain("row_stale"), status=400)
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match.pk)
        expected = match.entries.count() + 1
        row = _row(request)
        typed = request.POST.dict()
        if match.ended is not None:
            error, status = explain("match_ended"), 400
        elif row is not None and row < expected:
            error, status = explain("row_taken", {"row": row}), 409
        elif row != expected:
            error, status = explain("row_stale"), 400
        else:
            form = form_class(request.POST, match=match)
            if form.is_valid():
                entry = form.entry()
                entry.number = expected
                try:
                    with transaction.atomic():
                        entry.save()
                except IntegrityError:  # the same row added by a concurrent request
                    error, status = explain("row_taken", {"row": row}), 409
                else:
                    return redirect(match.scorer_url())
            else:
                return _render(request, match, scorer=True, form=form, status=400)
    # Refused before reading the form: show it again as typed (for the next row, if any).
    typed["row"] = match.entries.count() + 1
    form = form_class(initial=typed, match=match)
    return _render(request, match, scorer=True, form=form, error=error, status=status)


def _row(request) -> int | None:
    try:
        return int(request.POST.get("row", ""))
    except ValueError:
        return None


@require_POST
def undo_row(request, token):
    """Take back the last row; ``row`` must name it, so a stale form undoes nothing."""
    match = _owned(request, token)
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match.pk)
        last = match.entries.order_by("number").last()
        row = _row(request)
        if match.ended is not None:
            error, status = explain("match_ended"), 400
        elif row is None:
            error, status = explain("row_stale"), 400
        elif last is None or row != last.number:
            error, status = explain("undo_stale", {"row": row}), 409
        else:
            last.delete()
            return redirect(match.scorer_url())
    return _render(request, match, scorer=True, error=error, status=status)


@require_http_methods(["GET", "POST"])
def end_match(request, token):
    """GET asks for confirmation; POST ends the match if no row was added since."""
    match = _owned(request, token)
    rows = match.entries.count()
    if match.ended is not None:
        return redirect(match.scorer_url())
    if request.method == "GET":
        return _render(request, match, scorer=True, confirm_end=True)
    row = _row(request)
    if row is None:
        return _render(request, match, scorer=True, error=explain("row_stale"), status=400)
    if row != rows:
        error = explain("end_stale")
        return _render(request, match, scorer=True, confirm_end=True, error=error, status=409)
    Match.objects.filter(pk=match.pk, ended__isnull=True).update(ended=timezone.now())
    return redirect(match.scorer_url())


def _render(request, match, *, scorer, form=None, error=None, status=200, confirm_end=False):
    """The sheet; with ``scorer``, the forms and links of the session that keeps the score."""
    rules = match.rules
    entries = list(match.entries.all())
    sheet, broken = match.replay(entries)
    is_open = scorer and match.ended is None and sheet.winner is None and broken is None
    forms = {
        kind: (form if form is not None and form.kind == kind else cls(match=match))
        for kind, cls in FORMS.items()
    }
    next_row = len(entries) + 1
    if form is not None and not form.is_bound:
        next_row = form.initial.get("row", next_row)
    rows = [
        {
            "number": entry.number,
            "entry": entry,
            "side_name": SIDES.get(entry.side, entry.side),
            "sides": [
                {
                    "score": row.scores[i],
                    "entry": row.entries[i],
                    "line": row.lines[i],
                    "debt": row.debts[i],
                    "total": row.totals[i],
                }
                for i in (0, 1)
            ],
        }
        for entry, row in zip(entries, sheet.rows, strict=False)
    ]
    sides = [
        {
            "key": key.lower(),
            "name": SIDES[key],
            "line": sheet.lines[i],
            "debt": sheet.debts[i],
            "total": sheet.totals[i],
        }
        for i, key in enumerate(PARTNERSHIPS)
    ]
    context = {
        "match": match,
        "variant_name": variant_name(match.variant),
        "rules": rules,
        "rows": rows,
        "sides": sides,
        "winner": SIDES[sheet.winner] if sheet.winner else None,
        "broken": explain(broken.code, broken.details) if broken else None,
        "broken_row": broken.move_index + 1 if broken else None,
        "is_open": is_open,
        "scorer": scorer,
        "confirm_end": confirm_end,
        "can_undo": scorer and match.ended is None and bool(entries),
        "links": _links(match) if scorer else None,
        "show_forms": (is_open or form is not None) and not confirm_end,
        "deal_form": forms[DealForm.kind],
        "points_form": forms[PointsForm.kind],
        "active_kind": form.kind if form is not None else None,
        "next_row": next_row,
        "error": error,
        "example": {
            **tarneeb.worked_example(rules),
            "minus_cost": signed(-tarneeb.worked_example(rules)["example_missed_cost"]),
        },
    }
    return render(request, "scoresheet/match.html", context, status=status)


def _links(match) -> dict:
    """The two links, and each in full to copy and send (from SITE_URL, never the request)."""
    scorer, share = match.scorer_url(), match.share_url()
    return {
        "scorer": scorer,
        "scorer_full": absolute(scorer),
        "share": share,
        "share_full": absolute(share),
    }
