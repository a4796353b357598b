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
    # the editor's own calls (before the edit link, whose key is a slug too)
    path("<slug:public_id>/edit/table/", editor.table, name="edit-table"),
    path("<slug:public_id>/edit/costs/", editor.costs, name="edit-costs"),
    path("<slug:public_id>/edit/restore/", editor.restore, name="restore"),
    path("<slug:public_id>/edit/versions/", editor.versions, name="versions"),
    path("<slug:public_id>/edit/preview/<int:number>/", player.preview, name="preview"),
    path("<slug:public_id>/edit/copy/", editor.copy, name="copy"),
    path("<slug:public_id>/edit/delete/", editor.delete, name="delete"),
    # the private edit link: it gives the lesson to the browser that opens it
    path("<slug:public_id>/edit/<slug:key>/", views.claim, name="claim"),
]
