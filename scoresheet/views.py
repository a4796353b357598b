"""The score sheet pages: a list of matches, one match, and ending it.

The views store what was typed and show what the engine's ``Sheet`` makes of it. Entries
carry the row number they expect to add, so a form sent twice (or from a stale tab) is
refused instead of adding the deal twice.
"""

from django.db import IntegrityError, transaction
from django.db.models import Count
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_http_methods, require_POST

from rulebook.engine import tarneeb
from rulebook.engine.table import PARTNERSHIPS
from rulebook.words import signed

from .forms import DealForm, NewMatchForm, PointsForm, variant_name
from .messages import SIDES, explain
from .models import Match

FORMS = {DealForm.kind: DealForm, PointsForm.kind: PointsForm}


@require_http_methods(["GET", "POST"])
def match_list(request):
    form = NewMatchForm(request.POST or None)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            return redirect(form.save())
        status = 400
    matches = Match.objects.annotate(rows=Count("entries")).order_by("-created", "-pk")[:100]
    for match in matches:
        match.variant_name = variant_name(match.variant)
    return render(
        request, "scoresheet/list.html", {"form": form, "matches": matches}, status=status
    )


@require_http_methods(["GET", "POST"])
def match_page(request, pk):
    match = get_object_or_404(Match, pk=pk)
    if request.method == "GET":
        return _render(request, match)
    form_class = FORMS.get(request.POST.get("kind"))
    if form_class is None:
        return _render(request, match, error=explain("row_stale"), status=400)
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=pk)
        expected = match.entries.count() + 1
        try:
            row = int(request.POST.get("row", ""))
        except ValueError:
            row = None
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
                    return redirect(match)
            else:
                return _render(request, match, form=form, status=400)
    # Refused before reading the form: show it again as typed (for the next row, if any).
    typed["row"] = match.entries.count() + 1
    form = form_class(initial=typed, match=match)
    return _render(request, match, form=form, error=error, status=status)


@require_POST
def end_match(request, pk):
    match = get_object_or_404(Match, pk=pk)
    if match.ended is None:
        Match.objects.filter(pk=pk, ended__isnull=True).update(ended=timezone.now())
    return redirect(match)


def _render(request, match, form=None, error=None, status=200):
    rules = match.rules
    entries = list(match.entries.all())
    sheet, broken = match.replay(entries)
    is_open = match.ended is None and sheet.winner is None and broken is None
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
        "show_forms": is_open or form is not None,
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
