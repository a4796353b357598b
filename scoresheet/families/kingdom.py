"""The score sheet's form of a Trix deal: the contract the kingdom's owner chose (among those the
owner has not played in the kingdom) and the points each player wrote; the first row also names
the first kingdom's owner. The sheet checks that each kingdom adds up to zero."""

from django import forms
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _

from cardgames.contract import Phase
from cardgames.table import SEATS

from ..entry import EntryForm, number


class KingdomDealForm(EntryForm):
    """A deal of a kingdom: its contract and each player's points."""

    kind = "points"
    template = "scoresheet/forms/kingdom.html"

    def add_fields(self):
        vocab = self.words
        opening = self.sheet.opening() if self.sheet is not None else {}
        players = [(line.key, line.name) for line in self.lines]
        self.owner_seat = opening.get("owner")  # known but on the first row: the rotation's
        self.owner_name = None
        if self.owner_seat is None:
            self.fields["owner"] = forms.ChoiceField(
                label=_("Who owns the first kingdom (who was dealt the seven of hearts)"),
                choices=players,
                widget=forms.RadioSelect,
                error_messages={"invalid_choice": _("Choose one of the players.")},
            )
        else:
            self.owner_name = self.lines[self.owner_seat].name
        used = opening.get("used", ())
        left = [c for c in self.sheet.rules.contracts if c not in used] if self.sheet else []
        self.fields["contract"] = forms.ChoiceField(
            label=_("The contract the owner chose"),
            choices=[(c, capfirst(vocab.move(c, Phase.CHOOSE))) for c in left],
            widget=forms.RadioSelect,
            error_messages={"invalid_choice": _("Choose one of the contracts left.")},
        )
        for line in self.lines:
            self.fields[f"points_{line.key}"] = number(line.name)

    @property
    def per_line_points(self):
        return self.per_line("points")

    def facts(self):
        data = self.cleaned_data
        owner = data["owner"] if self.owner_seat is None else SEATS[self.owner_seat]
        return {
            "owner": owner,
            "contract": data["contract"],
            "points": [data[f"points_{line.key}"] for line in self.lines],
        }


FORMS = (KingdomDealForm,)
