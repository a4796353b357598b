from django.urls import path

from . import views

app_name = "quiz"
urlpatterns = [
    path("", views.index, name="index"),
    path("start/", views.start, name="start"),
    path("reset/", views.reset, name="reset"),
    path("set/", views.set_start, name="set"),
    path("set/<slug:game>/<slug:variant>/<str:token>/", views.set_end, name="set-end"),
    # <token> is "<seed>.<signature>": see tokens.py
    path("<slug:game>/<slug:variant>/<slug:kind>/<str:token>/", views.question, name="question"),
]
