"""The lessons' pages (``shared/spec/lessons.md``), under ``/<lang>/lessons/``: a lesson's id
and its edit key are URL-safe, slugs."""

from django.urls import path

from . import editor, player, views

app_name = "lessons"
urlpatterns = [
    path("new/", views.new, name="new"),
    path("import/", views.import_file, name="import"),
    path("<slug:public_id>/", player.play, name="play"),
    path("<slug:public_id>/<int:number>/", player.step, name="step"),
    path("<slug:public_id>/results/", player.results, name="results"),
    path("<slug:public_id>/edit/", editor.edit, name="edit"),
    # the private edit link: it gives the lesson to the browser that opens it
    path("<slug:public_id>/edit/<slug:key>/", views.claim, name="claim"),
]
