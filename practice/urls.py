from django.urls import path, register_converter

from . import views


class PublicIdConverter:
    """A match's public id (``secrets.token_urlsafe``): anything else is no page."""

    regex = "[A-Za-z0-9_-]{16,32}"

    def to_python(self, value):
        return value

    def to_url(self, value):
        return value


class TokenConverter(PublicIdConverter):
    regex = "[A-Za-z0-9_-]{32,64}"


register_converter(PublicIdConverter, "match_id")
register_converter(TokenConverter, "match_token")

app_name = "practice"
urlpatterns = [
    path("check/", views.check, name="check"),
    path("<match_id:public_id>/", views.table, name="table"),
    path("<match_id:public_id>/move/", views.move, name="move"),
    path("<match_id:public_id>/undo/", views.undo, name="undo"),
    path("<match_id:public_id>/next/", views.next_deal, name="next"),
    # the private link: it gives the match to the browser that opens it
    path("<match_id:public_id>/<match_token:token>/", views.claim, name="claim"),
]
