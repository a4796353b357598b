"""The accounts' forms: Django's own where they fit."""

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import SetPasswordMixin, UserCreationForm
from django.contrib.auth.hashers import make_password
from django.db import transaction
from django.utils.translation import gettext_lazy as _

from .models import Recovery


class SignUpForm(UserCreationForm):
    """A user name and a password (Django's validators), and an e-mail if one wants it."""

    class Meta(UserCreationForm.Meta):
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
        self.fields["username"].widget.attrs["autocomplete"] = "username"
        email.widget.attrs["autocomplete"] = "email"


class RecoverForm(SetPasswordMixin, forms.Form):
    """A forgotten password: the user name, the recovery code and a new password."""

    error_messages = {
        **SetPasswordMixin.error_messages,
        "no_match": _("This user name and recovery code do not go together."),
    }
    username = forms.CharField(
        label=_("User name"), widget=forms.TextInput(attrs={"autocomplete": "username"})
    )
    code = forms.CharField(
        label=_("Recovery code"),
        max_length=60,
        widget=forms.TextInput(attrs={"autocomplete": "off", "spellcheck": "false"}),
    )
    new_password1, new_password2 = SetPasswordMixin.create_password_fields(
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


class ConfirmPasswordForm(forms.Form):
    """The account's password, asked again before something that cannot be undone."""

    password = forms.CharField(
        label=_("Your password"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
    )

    def __init__(self, user, *args, **kwargs):
        self.user = user
        super().__init__(*args, **kwargs)

    def clean_password(self):
        password = self.cleaned_data["password"]
        if not self.user.check_password(password):
            raise forms.ValidationError(_("This is not your password."), code="wrong")
        return password
