"""The live tables' pages: ``tables:new`` is the game's own ``/<game>/table/new/`` ("table" is
never a variant); the others live under ``/tables/`` ("tables" is never a game)."""

from django.urls import path

from . import views

app_name = "tables"
urlpatterns = [
    path("tables/<slug:public_id>/", views.table, name="table"),
    path("tables/<slug:public_id>/move/", views.move, name="move"),
    path("tables/<slug:public_id>/next/", views.next_deal, name="next"),
    path("tables/<slug:public_id>/hint/", views.hint, name="hint"),
    path("tables/<slug:public_id>/ask/", views.ask, name="ask"),
    path("tables/<slug:public_id>/name/", views.name, name="name"),
    path("tables/<slug:public_id>/invitations/", views.invitations, name="invitations"),
    path("tables/<slug:public_id>/reissue/", views.reissue, name="reissue"),
    path("tables/<slug:public_id>/give/", views.give, name="give"),
    # the invitation: GET shows it, POST takes the place
    path("tables/<slug:public_id>/join/<slug:key>/", views.join, name="join"),
    path("<slug:game>/table/new/", views.new, name="new"),
]
