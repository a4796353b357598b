"""The accounts' forms: Django's own where they fit."""

from django import forms
from django.contrib.auth import forms as auth
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from django.db import transaction
from django.utils.translation import gettext_lazy as _

from .models import Recovery

# What a browser may fill in for each field; the rest is the widget's own.
AUTOCOMPLETE = {
    "username": "username",
    "email": "email",
    "password": "current-password",
    "old_password": "current-password",
    "password1": "new-password",
    "password2": "new-password",
    "new_password1": "new-password",
    "new_password2": "new-password",
    "code": "off",
}


class Typed:
    """User names, passwords, codes and e-mail addresses are typed as they are written: left
    to right on an Arabic page too, and never capitalised or corrected by a phone's
    keyboard."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for name, field in self.fields.items():
            if name in AUTOCOMPLETE:
                field.widget.attrs.update(
                    dir="ltr",
                    autocapitalize="none",
                    spellcheck="false",
                    autocomplete=AUTOCOMPLETE[name],
                )


class SignInForm(Typed, auth.AuthenticationForm):
    pass


class PasswordChangeForm(Typed, auth.PasswordChangeForm):
    pass


class ResetForm(Typed, auth.PasswordResetForm):
    pass


class SetPasswordForm(Typed, auth.SetPasswordForm):
    pass


class SignUpForm(Typed, auth.UserCreationForm):
    """A user name and a password (Django's validators), and an e-mail if one wants it."""

    class Meta(auth.UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username", "email")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        email = self.fields["email"]
        email.required = False
        email.label = _("E-mail (optional)")
        email.help_text = _(
            "Only to reset your password by e-mail. Without one, your recovery code does it."
        )


class RecoverForm(Typed, auth.SetPasswordMixin, forms.Form):
    """A forgotten password: the user name, the recovery code and a new password."""

    error_messages = {
        **auth.SetPasswordMixin.error_messages,
        "no_match": _("This user name and recovery code do not go together."),
    }
    username = forms.CharField(label=_("User name"))
    code = forms.CharField(label=_("Recovery code"), max_length=60)
    new_password1, new_password2 = auth.SetPasswordMixin.create_password_fields(
        label1=_("New password"), label2=_("New password confirmation")
    )

    user = None

    def clean(self):
        data = super().clean()
        name, code = data.get("username"), data.get("code")
        if name and code:
            users = get_user_model()._default_manager
            user = users.filter(username=name).select_related("recovery").first()
            recovery = getattr(user, "recovery", None) if user else None
            if recovery is None:
                make_password(code)  # as long as a check: the time tells no name apart
            if recovery is None or not recovery.matches(code):
                raise forms.ValidationError(self.error_messages["no_match"], code="no_match")
            self.user = user
        self.validate_passwords("new_password1", "new_password2")
        if self.user is not None:
            self.validate_password_for_user(self.user, "new_password2")
        return data

    def save(self) -> str | None:
        """Set the new password and a new code in place of the one used: the new code; None
        if the code was used meanwhile (two resets at once: one wins)."""
        with transaction.atomic():
            recovery = Recovery.objects.select_for_update().filter(user=self.user).first()
            if recovery is None or not recovery.matches(self.cleaned_data["code"]):
                return None
            self.set_password_and_save(self.user, "new_password1")
            return Recovery.renew(self.user)


class ConfirmPasswordForm(Typed, forms.Form):
    """The account's password, asked again before something that cannot be undone."""

    password = forms.CharField(label=_("Your password"), strip=False, widget=forms.PasswordInput)

    def __init__(self, user, *args, **kwargs):
        self.user = user
        super().__init__(*args, **kwargs)

    def clean_password(self):
        password = self.cleaned_data["password"]
        if not self.user.check_password(password):
            raise forms.ValidationError(_("This is not your password."), code="wrong")
        return password
