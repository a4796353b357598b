"""The classes' forms. Names are plain text (no markup, no control character), codes are
typed left to right and never corrected by a phone (``accounts.forms.Typed``)."""

import re

from django import forms
from django.utils.translation import gettext_lazy as _

from accounts.forms import AUTOCOMPLETE, Typed

MARKUP = re.compile(r"[<>\x00-\x1f\x7f\u202a-\u202e\u2066-\u2069]")
AUTOCOMPLETE.setdefault("class_code", "off")


def _plain(value: str) -> str:
    text = " ".join((value or "").split())
    if MARKUP.search(text):
        raise forms.ValidationError(_("Write it as plain text, without < > or control characters."))
    return text


class PlainForm(forms.Form):
    """Every text field read as plain text."""

    def clean(self):
        data = super().clean()
        for name, value in list(data.items()):
            if isinstance(value, str) and name not in ("code", "class_code"):
                try:
                    data[name] = _plain(value)
                except forms.ValidationError as e:
                    self.add_error(name, e)
        return data


class ClassForm(PlainForm):
    name = forms.CharField(label=_("Name of the class"), max_length=80)


class StudentForm(PlainForm):
    real_name = forms.CharField(
        label=_("Real name"), max_length=80, help_text=_("Seen by the teacher only.")
    )
    display_name = forms.CharField(
        label=_("Name shown to classmates"),
        max_length=40,
        required=False,
        help_text=_("A first name or a nickname. Left empty: the first word of the real name."),
    )

    def clean(self):
        data = super().clean()
        if not data.get("display_name") and data.get("real_name"):
            data["display_name"] = data["real_name"].split()[0][:40]
        return data


class QuickLoginForm(Typed, forms.Form):
    class_code = forms.CharField(label=_("Class code"), max_length=20)
    code = forms.CharField(label=_("Your code"), max_length=20)


class DueForm(forms.Form):
    due = forms.DateField(
        label=_("Due date (optional)"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}),
    )
