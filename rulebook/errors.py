"""Error pages in the reader's language (the URL's language prefix is already active)."""

from django.shortcuts import render
from django.utils.translation import gettext as _


def not_found(request, exception=None):
    message = ""
    if exception is not None and exception.args and isinstance(exception.args[0], str):
        message = exception.args[0]
    if not message or message.startswith("No ") or "matching query" in message:
        message = _("There is no page at this address.")
    return render(request, "error.html", {"status": 404, "message": message}, status=404)


def bad_request(request, exception=None):
    return render(
        request,
        "error.html",
        {"status": 400, "message": _("The request could not be read.")},
        status=400,
    )


def server_error(request):
    return render(
        request,
        "error.html",
        {"status": 500, "message": _("Something went wrong on our side. Please try again.")},
        status=500,
    )
