"""The sheet's pages under a game: ``/<lang>/<game>/sheet/...`` (``diwaniya.urls`` includes
them with the ``game`` slug). ``sheet`` is a reserved word: never a variant's slug
(``scoresheet.checks``)."""

from django.urls import path, register_converter

from . import views


class TokenConverter:
    """A link's token (``secrets.token_urlsafe``): anything else is no page, before any query."""

    regex = "[A-Za-z0-9_-]{16,64}"

    def to_python(self, value):
        return value

    def to_url(self, value):
        return value


register_converter(TokenConverter, "token")


class RefConverter:
    """A token-free address's name for a match (``plumbing.capability.ref``)."""

    regex = "[0-9a-f]{16}"

    def to_python(self, value):
        return value

    def to_url(self, value):
        return value


register_converter(RefConverter, "ref")

app_name = "scoresheet"
urlpatterns = [
    path("", views.match_list, name="list"),
    # the scorer's link: private, it grants writing to the session that opens it, then 303s
    # to the scorer's pages at an address without the token (plumbing.capability); forms
    # sent to the token's addresses before that (an old tab) are still taken
    path("score/<token:token>/", views.score_link, name="score"),
    path("score/<token:token>/undo/", views.undo_link, name="undo"),
    path("score/<token:token>/end/", views.end_link, name="end"),
    path("kept/<ref:ref>/", views.score_page, name="kept"),
    path("kept/<ref:ref>/undo/", views.undo_row, name="kept-undo"),
    path("kept/<ref:ref>/end/", views.end_match, name="kept-end"),
    # the share link: read only; it too is claimed, then 303 to an address without it
    path("view/<token:token>/", views.view_link, name="view"),
    path("seen/<ref:ref>/", views.view_page, name="seen"),
]
