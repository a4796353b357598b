"""The practice table's pages, one namespace: ``practice:start`` is the game's own
``/<game>/practice/`` ("practice" is never a variant), the others live under ``/practice/``
("practice" is never a game). A match's public id and token are URL-safe: slugs."""

from django.urls import path

from . import views

app_name = "practice"
urlpatterns = [
    path("practice/check/", views.check, name="check"),
    path("practice/<slug:public_id>/", views.table, name="table"),
    path("practice/<slug:public_id>/move/", views.move, name="move"),
    path("practice/<slug:public_id>/undo/", views.undo, name="undo"),
    path("practice/<slug:public_id>/next/", views.next_deal, name="next"),
    path("practice/<slug:public_id>/retry/<int:deal>/", views.retry, name="retry"),
    # the private link: it gives the match to the browser that opens it
    path("practice/<slug:public_id>/<slug:token>/", views.claim, name="claim"),
    path("<slug:game>/practice/play/", views.play, name="play"),
    path("<slug:game>/practice/", views.choose, name="start"),
]
