"""Readers' reports ("my table plays it differently"): the form beside every rule, and the
reports an editor accepted, shown beside their rule.

A report is sent by POST to the rule page (CSRF-protected), capped in length, and rate-limited
per browser session and per address (``plumbing.limits``: in the database, or the shared
cache); it is never shown until an editor
accepts it in the admin.
"""

from django import forms
from django.http import HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from plumbing import limits
from plumbing.ownership import session_key

from . import lookup
from .models import ReaderReport, Rule

SHOWN = 5  # accepted reports shown beside a rule


class ReportForm(forms.Form):
    rule = forms.CharField(max_length=64, widget=forms.HiddenInput)
    region = forms.CharField(label=_("Region or town"), max_length=ReaderReport.REGION_MAX)
    text = forms.CharField(
        label=_("How your table plays it"),
        max_length=ReaderReport.TEXT_MAX,
        widget=forms.Textarea(attrs={"rows": 3}),
    )
    source = forms.CharField(
        label=_("A source (optional)"), max_length=ReaderReport.SOURCE_MAX, required=False
    )


def accepted(game) -> dict[str, list[ReaderReport]]:
    """The accepted reports of ``game``, newest first, by rule key."""
    out: dict[str, list[ReaderReport]] = {}
    for report in ReaderReport.objects.filter(game=game, status=ReaderReport.ACCEPTED):
        out.setdefault(report.rule, [])
        if len(out[report.rule]) < SHOWN:
            out[report.rule].append(report)
    return out


def allowed(request) -> int | None:
    """Count one report from this session and this address: None if both may send it, else
    the seconds to wait. The counts are the database's or the shared cache's
    (``plumbing.limits``), so every worker, a restart and every machine see them. A report
    is kept with a session, so the reader's next one counts against it; a client that drops
    its cookie is held by its address."""
    session_key(request, create=True)
    return limits.check(request, limits.REPORTS)


def submit(request, game, variant):
    """Store a report on one rule of the page, then back to the rule (303)."""
    spec, game_row, variant_row = lookup.variant(game, variant)
    form = ReportForm(request.POST)
    rule = Rule.objects.filter(game=game_row, key=request.POST.get("rule", "")[:64]).first()
    if rule is None or not form.is_valid():
        return _again(request, game_row, variant_row, form, rule, 400)
    wait = allowed(request)
    if wait is not None:
        form.add_error(None, _("You have sent several reports in a short time: please try later."))
        response = _again(request, game_row, variant_row, form, rule, 429)
        response["Retry-After"] = str(wait)
        return response
    ReaderReport.objects.create(
        game=game_row,
        rule=rule.key,
        variant=variant_row.slug,
        region=form.cleaned_data["region"],
        text=form.cleaned_data["text"],
        source=form.cleaned_data["source"],
        language=get_language(),
    )
    url = reverse("rules-variant", args=[game_row.slug, variant_row.slug])
    to = f"{url}?{urlencode({'reported': rule.key})}#rule-{rule.key}"
    return HttpResponseRedirect(to, status=303)


def page(request, game, variant, rule):
    """The report form for one rule (the rule page links to it, so the page itself carries no
    form and no CSRF token, and is the same for every visitor)."""
    _spec, game_row, variant_row = lookup.variant(game, variant)
    rule_row = get_object_or_404(Rule, game=game_row, key=rule)
    if request.method == "POST":
        return submit(request, game, variant)
    return _again(request, game_row, variant_row, ReportForm(), rule_row, 200)


def _again(request, game_row, variant_row, form, rule, status):
    """The form again with what the reader wrote and what is wrong with it."""
    return render(
        request,
        "rulebook/report.html",
        {"game": game_row, "variant": variant_row, "form": form, "rule": rule, "noindex": True},
        status=status,
    )
