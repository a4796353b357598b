from django.urls import path

from . import views

app_name = "scoresheet"
urlpatterns = [
    path("", views.match_list, name="list"),
    path("<int:pk>/", views.match_page, name="match"),
    path("<int:pk>/end/", views.end_match, name="end"),
]
