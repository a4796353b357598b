from django.urls import path

from . import views

app_name = "tutorials"
urlpatterns = [
    path("", views.tutorial_list, name="list"),
    path("<slug:slug>/", views.tutorial_start, name="start"),
    path("<slug:slug>/reset/", views.tutorial_reset, name="reset"),
    path("<slug:slug>/<int:number>/", views.step_page, name="step"),
]
