"""The score sheet's form of a layout deal: the side that went out, the cards left, the seven,
the double or triple, the penalties."""

from django import forms
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _

from cardgames.table import PARTNERSHIPS

from ..entry import EntryForm, number
from ..lines import side_names


class SabaatDealForm(EntryForm):
    """Sab'at Al-Deemin: the side that went out, the cards left, the seven, the double or
    triple, the penalties."""

    kind = "deal"
    template = "scoresheet/forms/sabaat.html"

    def add_fields(self):
        vocab = self.words
        sides = side_names(self.match.game, self.match.names)
        self.fields["winner"] = forms.ChoiceField(
            label=_("The side that went out"),
            choices=[(key, name) for key, name in sides.items()],
            widget=forms.RadioSelect,
            error_messages={"invalid_choice": _("Choose one of the two sides.")},
        )
        self.fields["aces"] = number(_("Aces left in the losers’ hands"))
        self.fields["courts"] = number(_("Kings, queens and jacks left in the losers’ hands"))
        self.fields["seven_out"] = forms.BooleanField(
            label=_("The last card laid was a seven"), required=False, label_suffix=""
        )
        multipliers = self.sheet.multipliers()
        if len(multipliers) > 1:
            names = {
                1: _("Neither"),
                2: capfirst(vocab.term("double_deal")),
                3: capfirst(vocab.term("triple")),
            }
            self.fields["multiplier"] = forms.TypedChoiceField(
                label=_("Announced before play"),
                choices=[(m, names[m]) for m in multipliers],
                coerce=int,
                initial=1,
                required=False,  # none chosen: no announcement
                empty_value=1,
                widget=forms.RadioSelect,
                error_messages={"invalid_choice": _("Choose one of the announcements offered.")},
            )
        for key, name in sides.items():
            self.fields[f"penalties_{key}"] = number(name, required=False)

    def penalty_fields(self):
        return [self[f"penalties_{key}"] for key in PARTNERSHIPS]

    def facts(self):
        data = self.cleaned_data
        return {
            "winner": data["winner"],
            "aces": data["aces"],
            "courts": data["courts"],
            "seven_out": bool(data["seven_out"]),
            "multiplier": data.get("multiplier") or 1,
            "penalties": [data[f"penalties_{key}"] or 0 for key in PARTNERSHIPS],
        }


FORMS = (SabaatDealForm,)
