"""The score sheet's forms of a trick-and-bid deal: Tarneeb's contract (the bidding side, its
bid, the tricks it took, the double) and Tarneeb 41's bids (each player's bid and tricks)."""

from django import forms
from django.utils.translation import gettext_lazy as _

from ..entry import EntryForm, number
from ..messages import regional


class TarneebDealForm(EntryForm):
    """Tarneeb: the bidding side, its bid, the tricks it took, the double."""

    kind = "deal"
    template = "scoresheet/forms/tarneeb.html"

    def add_fields(self):
        self.fields["side"] = forms.ChoiceField(
            label=_("Bidding side"),
            choices=[(line.key, line.name) for line in self.lines],
            widget=forms.RadioSelect,
            error_messages={"invalid_choice": _("Choose one of the two sides.")},
        )
        self.fields["bid"] = number(_("Bid (tricks)"))
        self.fields["tricks"] = number(_("Tricks the bidding side took"))
        # Always read, so a double sent under rules without one is refused, not ignored; the
        # page shows the box only where the rules have the double.
        self.fields["doubled"] = forms.BooleanField(
            label=_("Doubled"), required=False, label_suffix=""
        )
        self.double_allowed = self.sheet.rules.double_allowed

    def facts(self):
        data = self.cleaned_data
        return {
            "bid": data["bid"],
            "side": data["side"],
            "tricks": data["tricks"],
            "doubled": bool(data.get("doubled")),
        }


class BidsForm(EntryForm):
    """Tarneeb 41: each player's bid and the tricks each took."""

    kind = "bids"
    template = "scoresheet/forms/bids.html"

    def add_fields(self):
        region = self.words.region
        for line in self.lines:
            self.fields[f"bid_{line.key}"] = number(_("Bid"))
            self.fields[f"tricks_{line.key}"] = number(regional("tricks_taken", region))
        self.legend = regional("bids_legend", region)

    def players(self):
        return [(line, self[f"bid_{line.key}"], self[f"tricks_{line.key}"]) for line in self.lines]

    def facts(self):
        data = self.cleaned_data
        return {
            "bids": [data[f"bid_{line.key}"] for line in self.lines],
            "tricks": [data[f"tricks_{line.key}"] for line in self.lines],
        }


# The forms of a deal's facts, found by the kind of row the game's sheet takes.
FORMS = (TarneebDealForm, BidsForm)
