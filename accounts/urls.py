from django.urls import path

from . import views

app_name = "accounts"

urlpatterns = [
    path("", views.account, name="account"),
    path("sign-up/", views.sign_up, name="sign-up"),
    path("sign-in/", views.SignIn.as_view(), name="sign-in"),
    path("sign-out/", views.SignOut.as_view(), name="sign-out"),
    path("code/", views.code, name="code"),
    path("code/new/", views.new_code, name="new-code"),
    path("forgot/", views.recover, name="recover"),
    path("password/", views.PasswordChange.as_view(), name="password"),
    path("password/changed/", views.PasswordChanged.as_view(), name="password-changed"),
    path("reset/", views.ResetByMail.as_view(), name="reset"),
    path("reset/sent/", views.ResetSent.as_view(), name="reset-sent"),
    path("reset/<uidb64>/<token>/", views.ResetConfirm.as_view(), name="reset-confirm"),
    path("reset/done/", views.ResetDone.as_view(), name="reset-done"),
    path("delete/", views.delete, name="delete"),
    path("deleted/", views.deleted, name="deleted"),
]
