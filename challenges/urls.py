from django.urls import path

from . import views

app_name = "challenges"
urlpatterns = [
    path("", views.index, name="index"),
    path("new/", views.new, name="new"),
    path("me/", views.me, name="me"),
    path("<slug:public_id>/", views.challenge, name="challenge"),
    path("<slug:public_id>/check/", views.check, name="check"),
    path("<slug:public_id>/ranking/", views.ranking, name="ranking"),
    path("<slug:public_id>/deals/<int:number>/", views.deal, name="deal"),
]
