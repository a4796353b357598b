"""The score sheet pages of every game: starting a match, scoring it, undoing a row, ending
it, viewing it (``/<lang>/<game>/sheet/...``).

The views store what was typed and show what the game's sheet (``cardgames.sheet``)
makes of it. Every form carries the row number it expects (the next row to add, the last row
to undo, the rows seen before ending), so a form sent twice or from a stale tab is refused
(409) instead of acting twice. Only a session that owns the match (``plumbing.ownership``) may
write; any other gets 404, as if the match did not exist. Opening the scorer's link makes a
session an owner.
"""

from django.db import IntegrityError, transaction
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_http_methods, require_POST

from cardgames.games import game as described
from cardgames.table import PARTNERSHIPS
from cardtable.words import signed
from plumbing import capability, limits, ownership
from rulebook.messages import explain as rulebook_explain
from rulebook.models import content_of_row, game_rows, with_content

from . import rules as sheet_rules
from .describe import describe, line_names, subtotal
from .forms import NewMatchForm, entry_forms, sheet_games
from .lines import lines, side_names, words
from .messages import explain
from .models import OWNED, VIEWING, Match
from .owned import links, owned_matches, owned_rows


def _game(game: str) -> str:
    if game not in sheet_games():
        raise Http404(rulebook_explain("unknown_game", {"game": game}))
    return game


@require_http_methods(["GET", "HEAD", "POST"])
def match_list(request, game):
    game = _game(game)
    registry = game_rows(game)
    status = 200
    if request.method == "POST":
        form = NewMatchForm(request.POST, rows=registry)
        if form.is_valid():
            wait = limits.creating(request, "sheet")
            if wait is not None:
                return limits.page(request, wait)
            match = form.save()
            ownership.own(request, OWNED, match.scorer)
            return redirect(match.kept_url())
        status = 400
    else:
        # A rule page may link here with its variant and house rules (``rule.<key>``).
        initial = {k: v for k, v in request.GET.items() if k == "variant" or k.startswith("rule.")}
        form = NewMatchForm(initial=initial, rows=registry)
    listed = ownership.listed(owned_rows(request, game))
    mine = owned_matches(request, listed, registry.names())
    context = {"form": form, "matches": mine, "game": game, "game_name": registry.name}
    return render(request, "scoresheet/list.html", context, status=status)


def _owned(request, game: str, token: str) -> Match:
    """The match of a scorer's token, if this session owns it; 404 otherwise."""
    match = with_content(Match.objects.filter(scorer=token, game=game)).first()
    if match is None or not ownership.owns(request, OWNED, token):
        raise Http404(explain("not_yours"))  # the same answer: nothing says it exists
    return match


@require_http_methods(["GET", "HEAD"])
@capability.at_secret_address
def view_link(request, game, token):
    """The share link: this session may see the match from now on, at ``seen_url``."""
    match = get_object_or_404(Match.objects, share=token, game=_game(game))
    ownership.own(request, VIEWING, match.share)
    return capability.claimed(match.seen_url())


@require_http_methods(["GET", "HEAD"])
def view_page(request, game, ref):
    token = capability.owned_token(request, VIEWING, ref, explain("not_yours"))
    match = get_object_or_404(with_content(Match.objects), share=token, game=_game(game))
    return _render(request, match, scorer=ownership.owns(request, OWNED, match.scorer))


@require_http_methods(["GET", "POST"])
@capability.at_secret_address
def score_link(request, game, token):
    """The scorer's link: it grants writing to this session, then 303 to ``kept_url``."""
    if request.method == "POST":  # a form from a page shown before the 303 existed
        return _score(request, _game(game), token)
    match = get_object_or_404(Match.objects, scorer=token, game=_game(game))
    ownership.own(request, OWNED, match.scorer)
    return capability.claimed(match.kept_url())


def _kept(request, ref) -> str:
    return capability.owned_token(request, OWNED, ref, explain("not_yours"))


@require_http_methods(["GET", "POST"])
def score_page(request, game, ref):
    return _score(request, _game(game), _kept(request, ref))


def _score(request, game, token):
    match = _owned(request, game, token)
    if request.method == "GET":
        return _render(request, match, scorer=True)
    form_class = entry_forms(game).get(request.POST.get("kind"))
    if form_class is None:
        return _render(request, match, scorer=True, error=explain("row_stale"), status=400)
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match.pk)
        expected = match.entries.count() + 1
        row = _row(request)
        typed = request.POST.dict()
        sheet, broken = match.replay()
        if match.ended is not None:
            error, status = explain("match_ended"), 400
        elif broken is not None:  # a row changed outside the site: the page says which
            error, status = explain("bad_row_facts"), 400
        elif row is not None and row < expected:
            error, status = explain("row_taken", {"row": row}), 409
        elif row != expected:
            error, status = explain("row_stale"), 400
        else:
            form = form_class(request.POST, match=match, sheet=sheet)
            if form.is_valid():
                entry = form.entry()
                entry.number = expected
                try:
                    with transaction.atomic():
                        entry.save()
                except IntegrityError:  # the same row added by a concurrent request
                    error, status = explain("row_taken", {"row": row}), 409
                else:
                    return redirect(match.kept_url())
            else:
                return _render(request, match, scorer=True, form=form, status=400)
    # Refused before reading the form: show it again as typed (for the next row, if any).
    typed["row"] = match.entries.count() + 1
    return _render(
        request, match, scorer=True, typed=(form_class, typed), error=error, status=status
    )


def _row(request) -> int | None:
    try:
        return int(request.POST.get("row", ""))
    except ValueError:
        return None


@require_POST
def undo_row(request, game, ref):
    return _undo(request, game, _kept(request, ref))


@require_POST
@capability.at_secret_address
def undo_link(request, game, token):
    return _undo(request, game, token)


def _undo(request, game, token):
    """Take back the last row; ``row`` must name it, so a stale form undoes nothing."""
    match = _owned(request, _game(game), token)
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
            return redirect(match.kept_url())
    return _render(request, match, scorer=True, error=error, status=status)


@require_http_methods(["GET", "POST"])
def end_match(request, game, ref):
    return _end(request, game, _kept(request, ref))


@require_http_methods(["GET", "POST"])
@capability.at_secret_address
def end_link(request, game, token):
    return _end(request, game, token)


def _end(request, game, token):
    """GET asks for confirmation; POST ends the match if no row was added since."""
    match = _owned(request, _game(game), token)
    rows = match.entries.count()
    if match.ended is not None:
        return redirect(match.kept_url())
    if request.method == "GET":
        return _render(request, match, scorer=True, confirm_end=True)
    row = _row(request)
    if row is None:
        return _render(request, match, scorer=True, error=explain("row_stale"), status=400)
    if row != rows:
        error = explain("end_stale")
        return _render(request, match, scorer=True, confirm_end=True, error=error, status=409)
    Match.objects.filter(pk=match.pk, ended__isnull=True).update(ended=timezone.now())
    return redirect(match.kept_url())


# --- the page -----------------------------------------------------------------------------------


def _render(
    request, match, *, scorer, form=None, typed=None, error=None, status=200, confirm_end=False
):
    """The sheet; with ``scorer``, the forms and links of the session that keeps the score.
    ``form`` is a bound form refused by its own checks; ``typed`` a form class and the values
    of a form refused before it was read (shown again as typed)."""
    game = match.game
    entries = list(match.entries.all())
    sheet, broken = match.replay(entries)
    standing = sheet.standing if sheet is not None else None
    grouped = sheet.grouped if sheet is not None else False
    the_lines = lines(game, match.names, grouped)
    names = {**line_names(the_lines), **side_names(game, match.names)}
    vocab = words(game)
    over = standing is not None and standing.over
    is_open = scorer and match.ended is None and not over and broken is None
    forms = _forms(match, sheet, form, typed) if sheet is not None else {}
    next_row = len(entries) + 1
    if typed is not None:
        next_row = typed[1].get("row", next_row)
    rows = []
    if sheet is not None:
        subtotals = sheet.subtotals()
        for i, (entry, row) in enumerate(zip(entries, sheet.rows, strict=False)):
            after = subtotals.get(i)
            rows.append(
                {
                    "number": entry.number,
                    "said": describe(row, names, vocab),
                    "lines": [
                        [(col, row.columns[col][n]) for col in sheet.COLUMNS]
                        for n in range(len(the_lines))
                    ],
                    "after": subtotal(row, after, names, the_lines) if after else None,
                }
            )
    # The game's rows by the content revision read with the match (a row re-read under its
    # lock was not: one query more).
    registry = game_rows(game, content_of_row(match) if hasattr(match, "game_revision") else None)
    context = {
        "match": match,
        # the scorer's forms and links, at addresses without the token
        "kept": {
            "page": match.kept_url(),
            "undo": match.kept_url("kept-undo"),
            "end": match.kept_url("kept-end"),
        },
        "game_name": registry.name,
        "variant_name": sheet_rules.variant_name(registry, match.variant),
        "house_rules": sheet_rules.shown(match, registry),
        "target": sheet.target if sheet is not None else None,
        "lines": the_lines,
        "columns": sheet.COLUMNS if sheet is not None else (),
        "now_columns": sheet.NOW if sheet is not None else (),
        "now": _now(sheet, the_lines) if sheet is not None else [],
        "sides": _sides(sheet, names) if grouped else [],
        "rows": rows,
        "winners": _winners(standing, names),
        "tie": standing.tie if standing is not None else None,
        "broken": explain(broken.code, broken.details, game=game) if broken else None,
        "broken_row": broken.move_index + 1 if broken else None,
        "is_open": is_open,
        "scorer": scorer,
        "confirm_end": confirm_end,
        "can_undo": scorer and match.ended is None and bool(entries),
        "links": links(match) if scorer else None,
        "show_forms": bool(forms)
        and (is_open or form is not None or typed is not None)
        and not confirm_end,
        "forms": forms,
        "active_kind": form.kind if form is not None else (typed[0].kind if typed else None),
        "next_row": next_row,
        "error": error,
        # The paper sheet with its debts is explained by the source's worked example.
        "example": _paper_example(game, sheet) if _keeps_debts(sheet) else None,
    }
    return render(request, "scoresheet/match.html", context, status=status)


def _forms(match, sheet, form, typed) -> list:
    """Each kind's form: the refused one as it was sent, the others empty."""
    out = []
    for kind, cls in entry_forms(match.game).items():
        if form is not None and form.kind == kind:
            out.append(form)
        elif typed is not None and typed[0].kind == kind:
            out.append(cls(initial=typed[1], match=match, sheet=sheet))
        else:
            out.append(cls(match=match, sheet=sheet))
    return out


def _now(sheet, the_lines) -> list[dict]:
    figures = sheet.now
    return [
        {"line": line, "cells": [(col, figures[col][i]) for col in sheet.NOW]}
        for i, line in enumerate(the_lines)
    ]


def _sides(sheet, names) -> list[dict]:
    return [
        {"key": key, "name": names[key], "total": total}
        for key, total in zip(PARTNERSHIPS, sheet.side_totals, strict=True)
    ]


def _winners(standing, names) -> list[str]:
    if standing is None or not standing.over:
        return []
    return [names.get(key, key) for key in standing.winners]


def _keeps_debts(sheet) -> bool:
    """Whether the sheet is a paper sheet that carries debts (Tarneeb's)."""
    return sheet is not None and sheet.debts is not None


def _paper_example(game: str, sheet) -> dict:
    """The source's three deals under the match's rules, for the page's explanation."""
    example = described(game).engine.worked_example(sheet.rules)
    return {**example, "minus_cost": signed(-example["example_missed_cost"])}
