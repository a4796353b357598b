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

app_name = "scoresheet"
urlpatterns = [
    path("", views.match_list, name="list"),
    # the scorer's link: private, it grants writing to the session that opens it
    path("score/<token:token>/", views.score_page, name="score"),
    path("score/<token:token>/undo/", views.undo_row, name="undo"),
    path("score/<token:token>/end/", views.end_match, name="end"),
    # the share link: read only
    path("view/<token:token>/", views.view_page, name="view"),
]
