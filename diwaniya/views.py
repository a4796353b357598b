"""Pages of the site as a whole, beyond one app."""

from django.shortcuts import render

from scoresheet.views import owned_matches


def mine(request):
    """What this browser session owns (score sheets now), with each one's links."""
    return render(request, "mine.html", {"matches": owned_matches(request)})
