"""Pages of the site as a whole, beyond one app."""

from django.shortcuts import render

from practice.views import owned_matches as owned_practice
from rulebook.models import registry_names
from scoresheet.views import owned_matches


def mine(request):
    """What this browser session owns (score sheets, practice matches), with each one's links."""
    names = registry_names()
    context = {
        "matches": owned_matches(request, names),
        "practice_matches": owned_practice(request, names),
        "names": names,
    }
    return render(request, "mine.html", context)
