"""The score sheet's form of a penalty deal: the hearts each player took, who took each other
card that scores, the cards exposed, who took no trick (as the rules ask)."""

from django import forms
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _

from cardgames import cards

from ..entry import EntryForm, number
from ..messages import regional


class CardsForm(EntryForm):
    """Bent Al Sbeet, Leekha, Hearts: the hearts each player took, who took each other card
    that scores, the cards exposed, who took no trick (as the rules ask)."""

    kind = "cards"
    template = "scoresheet/forms/cards.html"

    @property
    def per_line_hearts(self):
        return self.per_line("hearts")

    def add_fields(self):
        asks = self.sheet.asks()
        self.asks = asks
        vocab, region = self.words, self.words.region
        players = [(line.key, line.name) for line in self.lines]
        if asks["hearts"]:
            for line in self.lines:
                self.fields[f"hearts_{line.key}"] = number(line.name)
            self.hearts_legend = regional("hearts_legend", region)
        self.card_fields = []
        for name, code in asks["cards"].items():
            self.fields[name] = forms.ChoiceField(
                label=capfirst(
                    _("Who took %(card)s") % {"card": vocab.card_the(cards.parse_card(code))}
                ),
                choices=players,
                widget=forms.RadioSelect,
                error_messages={"invalid_choice": _("Choose one of the players.")},
            )
            self.card_fields.append(self[name])
        if asks["exposable"]:
            self.fields["exposed"] = forms.MultipleChoiceField(
                label=_("Exposed before play"),
                choices=[
                    (code, capfirst(vocab.card(cards.parse_card(code))))
                    for code in asks["exposable"]
                ],
                widget=forms.CheckboxSelectMultiple,
                required=False,
                error_messages={"invalid_choice": _("Choose among the cards offered.")},
            )
        if asks["no_trick"]:
            self.fields["no_trick"] = forms.MultipleChoiceField(
                label=regional("no_trick", region),
                choices=players,
                widget=forms.CheckboxSelectMultiple,
                required=False,
                error_messages={"invalid_choice": _("Choose one of the players.")},
            )

    def facts(self):
        data = self.cleaned_data
        facts = {}
        if self.asks["hearts"]:
            facts["hearts"] = [data[f"hearts_{line.key}"] for line in self.lines]
        for name in self.asks["cards"]:
            facts[name] = data[name]
        if self.asks["exposable"]:
            facts["exposed"] = list(data.get("exposed") or [])
        if self.asks["no_trick"]:
            facts["no_trick"] = list(data.get("no_trick") or [])
        return facts


FORMS = (CardsForm,)
