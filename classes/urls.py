"""The classes' pages, under ``/<lang>/classes/`` ("classes" is never a game). A class's
public id is URL-safe (a slug); a class code is letters and digits."""

from django.urls import path

from . import views

app_name = "classes"
urlpatterns = [
    path("", views.index, name="index"),
    path("new/", views.create, name="create"),
    path("code/", views.quick_login, name="quick-login"),
    path("join/<slug:code>/", views.join, name="join"),
    path("<slug:public_id>/", views.classroom, name="class"),
    path("<slug:public_id>/students/new/", views.add_student, name="add-student"),
    path("<slug:public_id>/students/<int:pk>/code/", views.reissue, name="reissue"),
    path("<slug:public_id>/students/<int:pk>/remove/", views.remove_student, name="remove-student"),
    path("<slug:public_id>/leave/", views.leave, name="leave"),
    path("<slug:public_id>/delete/", views.delete, name="delete"),
    path("<slug:public_id>/assign/", views.assign, name="assign"),
    path("<slug:public_id>/work/<int:pk>/", views.work, name="work"),
    path("<slug:public_id>/work/<int:pk>/remove/", views.unassign, name="unassign"),
    path("<slug:public_id>/board/", views.board_page, name="board"),
    path("<slug:public_id>/board.csv", views.board_csv, name="board-csv"),
    path("<slug:public_id>/table/", views.class_table, name="table"),
]
