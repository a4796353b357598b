from django.urls import path

from . import views

app_name = "scoresheet"
urlpatterns = [
    path("", views.match_list, name="list"),
    # the scorer's link: private, it grants writing to the session that opens it
    path("score/<str:token>/", views.score_page, name="score"),
    path("score/<str:token>/undo/", views.undo_row, name="undo"),
    path("score/<str:token>/end/", views.end_match, name="end"),
    # the share link: read only
    path("view/<str:token>/", views.view_page, name="view"),
]
