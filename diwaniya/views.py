"""Pages of the site as a whole, beyond one app."""

from django.shortcuts import render

from plumbing import ownership
from practice import views as practice
from rulebook.models import registry_names
from scoresheet import views as scoresheet


def mine(request):
    """What this browser session owns (score sheets, practice matches), with each one's links:
    both kinds read in one query."""
    names = registry_names()
    listed = ownership.listed(scoresheet.owned_rows(request), practice.owned_rows(request))
    context = {
        "matches": scoresheet.owned_matches(request, listed, names),
        "practice_matches": practice.owned_matches(request, listed, names),
        "names": names,
    }
    return render(request, "mine.html", context)
