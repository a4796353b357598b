"""Accounts' pages: sign up, in and out, the recovery code, forgotten and changed passwords,
deleting the account. Django's own views where they fit; the limits against guessing and
mass sign-ups are the site's (``plumbing.limits``)."""

from django.contrib import auth
from django.contrib.auth import views as django
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.urls import reverse_lazy
from django.utils.decorators import method_decorator
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from plumbing import limits, ownership

from .forms import (
    ConfirmPasswordForm,
    PasswordChangeForm,
    RecoverForm,
    ResetForm,
    SetPasswordForm,
    SignInForm,
    SignUpForm,
)
from .models import Recovery

CODE = "recovery_code"  # the session's key for a recovery code until it is shown, once
PRIVATE = {"noindex": True}


def _status(form) -> int:
    """A form sent back with its errors is refused input: 400, as everywhere on the site."""
    return 400 if form.errors else 200


class Refused:
    """Django's form views, answering 400 with a form sent back with its errors."""

    def form_invalid(self, form):
        response = super().form_invalid(form)
        response.status_code = 400
        return response


def _limited(view):
    """A sign-in form limited against guessing: refused (429) while the user name or the
    address has used up its wrong tries (``limits.SIGNING_IN``), and a wrong try counted."""

    def post(self, request, *args, **kwargs):
        name = request.POST.get("username", "")[:150]
        wait = limits.reached(request, limits.SIGNING_IN, name=name)
        if wait:
            return limits.page(request, wait, "signin")
        return view(self, request, *args, **kwargs)

    return post


class SignIn(Refused, django.LoginView):
    template_name = "accounts/sign_in.html"
    form_class = SignInForm
    extra_context = PRIVATE

    post = _limited(django.LoginView.post)

    def form_invalid(self, form):
        name = form.data.get("username", "")[:150]
        limits.check(self.request, limits.SIGNING_IN, name=name)
        return super().form_invalid(form)


class SignOut(django.LogoutView):
    http_method_names = ["post", "options"]

    def post(self, request, *args, **kwargs):
        # Signing out is no way around the limits: the next session is the same browser.
        who = limits.browser(request)
        response = super().post(request, *args, **kwargs)
        limits.keep_browser(request, who)
        return response


def _show_code(request, code: str, reset: bool = False):
    """Keep ``code`` for the next page only, which shows it once."""
    ownership.session_key(request, create=True)
    request.session[CODE] = {"code": code, "reset": reset}
    return redirect("accounts:code")


@never_cache
@require_http_methods(["GET", "POST"])
def sign_up(request):
    if ownership.account(request) is not None:
        return redirect("accounts:account")
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        wait = limits.creating(request, "account")
        if wait:
            return limits.page(request, wait, "accounts")
        user = form.save()
        code = Recovery.renew(user)
        # Signing in adopts what this browser session had (``menu.adopt``).
        auth.login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return _show_code(request, code)
    return render(request, "accounts/sign_up.html", {"form": form, **PRIVATE}, status=_status(form))


@never_cache
@require_http_methods(["GET"])
def code(request):
    """The recovery code, shown once: the page is made from the session, which forgets it."""
    shown = request.session.pop(CODE, None) if ownership.session_key(request) else None
    return render(request, "accounts/code.html", {"shown": shown, **PRIVATE})


@never_cache
@require_http_methods(["GET", "POST"])
def recover(request):
    """A forgotten password: user name, recovery code, new password; a new code is shown."""
    form = RecoverForm(request.POST or None)
    if request.method == "POST":
        name = request.POST.get("username", "")[:150]
        wait = limits.reached(request, limits.SIGNING_IN, name=name)
        if wait:
            return limits.page(request, wait, "signin")
        if form.is_valid():
            new = form.save()
            if new is not None:
                return _show_code(request, new, reset=True)
            form.add_error(None, form.error_messages["no_match"])
        if form.has_error("__all__", "no_match"):
            limits.check(request, limits.SIGNING_IN, name=name)
    return render(request, "accounts/recover.html", {"form": form, **PRIVATE}, status=_status(form))


@never_cache
@login_required
def account(request):
    return render(request, "accounts/account.html", PRIVATE)


def _confirmed(request, template: str, then):
    """A page that asks for the password before ``then(request)``; wrong tries count as
    signing in's, by the account's name."""
    user = request.user
    form = ConfirmPasswordForm(user, request.POST or None)
    if request.method == "POST":
        wait = limits.reached(request, limits.SIGNING_IN, name=user.get_username())
        if wait:
            return limits.page(request, wait, "signin")
        if form.is_valid():
            return then(request)
        limits.check(request, limits.SIGNING_IN, name=user.get_username())
    return render(request, template, {"form": form, **PRIVATE}, status=_status(form))


def _new_code(request):
    return _show_code(request, Recovery.renew(request.user))


@never_cache
@login_required
@require_http_methods(["GET", "POST"])
def new_code(request):
    return _confirmed(request, "accounts/new_code.html", _new_code)


def _delete(request):
    """The account, its things that no one else holds and its progress; then signed out."""
    user = request.user
    ownership.release(request, user)
    auth.logout(request)
    user.delete()
    return redirect("accounts:deleted")


@never_cache
@login_required
@require_http_methods(["GET", "POST"])
def delete(request):
    return _confirmed(request, "accounts/delete.html", _delete)


@never_cache
def deleted(request):
    return render(request, "accounts/deleted.html", PRIVATE)


class PasswordChange(Refused, django.PasswordChangeView):
    template_name = "accounts/password_change.html"
    form_class = PasswordChangeForm
    success_url = reverse_lazy("accounts:password-changed")
    extra_context = PRIVATE


class PasswordChanged(django.PasswordChangeDoneView):
    template_name = "accounts/password_changed.html"
    extra_context = PRIVATE


@method_decorator(never_cache, name="dispatch")
class ResetByMail(Refused, django.PasswordResetView):
    """Django's reset by e-mail, for an account that gave one; limited per session and
    address, as every e-mail sent costs."""

    template_name = "accounts/reset.html"
    form_class = ResetForm
    email_template_name = "accounts/reset_email.txt"
    subject_template_name = "accounts/reset_subject.txt"
    success_url = reverse_lazy("accounts:reset-sent")
    extra_context = PRIVATE

    def form_valid(self, form):
        ownership.session_key(self.request, create=True)
        wait = limits.check(self.request, limits.MAILING)
        if wait:
            return limits.page(self.request, wait, "mail")
        return super().form_valid(form)


class ResetSent(django.PasswordResetDoneView):
    template_name = "accounts/reset_sent.html"
    extra_context = PRIVATE


class ResetConfirm(Refused, django.PasswordResetConfirmView):
    """Django's link from the e-mail; one used, too old or made up is a 404 page that says
    so and offers the ways left."""

    template_name = "accounts/reset_confirm.html"
    form_class = SetPasswordForm
    success_url = reverse_lazy("accounts:reset-done")
    extra_context = PRIVATE

    def dispatch(self, *args, **kwargs):
        response = super().dispatch(*args, **kwargs)
        if not self.validlink and response.status_code == 200:  # not the redirect of a good one
            response.status_code = 404
        return response


class ResetDone(django.PasswordResetCompleteView):
    template_name = "accounts/reset_done.html"
    extra_context = PRIVATE
