from django.urls import path

from . import views

# A match's public id and its token are URL-safe (``secrets.token_urlsafe``): slugs.
app_name = "practice"
urlpatterns = [
    path("check/", views.check, name="check"),
    path("<slug:public_id>/", views.table, name="table"),
    path("<slug:public_id>/move/", views.move, name="move"),
    path("<slug:public_id>/undo/", views.undo, name="undo"),
    path("<slug:public_id>/next/", views.next_deal, name="next"),
    # the private link: it gives the match to the browser that opens it
    path("<slug:public_id>/<slug:token>/", views.claim, name="claim"),
]
