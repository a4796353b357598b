"""Forms read what was typed (whole numbers, a side, a player); the engine judges the game.

An entry form's ``clean`` replays the match with the new row on the game's sheet
(``cardgames.sheet``): a bid, a count of hearts or a double the rules do not allow comes
back as the engine's error code, worded by ``scoresheet.messages`` and shown at the field its
``field`` fact names.
"""

from django import forms
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _

from cardgames import cards
from cardgames.errors import EngineError
from cardgames.games import game as described
from cardgames.sheet import TYPED_LIMIT
from cardgames.table import PARTNERSHIPS

from .lines import NAME_LENGTH, line_keys, lines, side_names, words
from .messages import explain, regional
from .models import Entry, Match
from .rules import PREFIX, house_rule_fields, read_house_rules, variant_choices


def _number(label, **kwargs):
    # A text box, not type=number: what was typed is sent as typed, so the server's message
    # (in the page's language) explains it and the box keeps it. The engine says what a game
    # allows; the field only refuses what is not a whole number at all.
    attrs = {"inputmode": "numeric", "size": 4, "autocomplete": "off"}
    return forms.IntegerField(
        label=label,
        widget=forms.TextInput(attrs=attrs),
        min_value=-TYPED_LIMIT,
        max_value=TYPED_LIMIT,
        **kwargs,
    )


class NewMatchForm(forms.Form):
    """A game's variant, the house rules the sheet scores by, and the players' names."""

    def __init__(self, *args, rows, **kwargs):
        """``rows``: the game's ``GameRows`` (``rulebook.models.game_rows``)."""
        super().__init__(*args, **kwargs)
        self.game = game = rows.slug
        self.fields["variant"] = forms.ChoiceField(
            label=_("Variant"),
            choices=variant_choices(rows),
            # Django's own message repeats the value sent; ours names what to do instead.
            error_messages={"invalid_choice": _("Choose one of the variants offered.")},
        )
        self.house_rules = house_rule_fields(rows)
        self.fields.update(self.house_rules)
        for line in lines(game, []):
            self.fields[f"name_{line.key}"] = forms.CharField(
                label=line.name, required=False, max_length=NAME_LENGTH
            )
        self.name_fields = [self[f"name_{key}"] for key in line_keys(game)]
        self.rule_fields = [self[key] for key in self.house_rules]

    def clean(self):
        cleaned = super().clean()
        if self.errors:
            return cleaned
        try:
            cleaned["house_rules"] = read_house_rules(self.game, cleaned["variant"], self.data)
        except EngineError as error:
            # A rule's error sits by its field and calls the rule by the field's label, never
            # by the engine's key.
            details = dict(error.details)
            field = PREFIX + str(details.get("rule"))
            if field in self.house_rules:
                details["rule"] = str(self.fields[field].label)
            else:
                field = None
            self.add_error(field, explain(error.code, details, game=self.game))
        return cleaned

    def save(self) -> Match:
        data = self.cleaned_data
        names = [data[f"name_{key}"].strip() for key in line_keys(self.game)]
        return Match.objects.create(
            game=self.game,
            variant=data["variant"],
            house_rules=data["house_rules"],
            names=names if any(names) else [],
        )


class EntryForm(forms.Form):
    """A row of one kind, for a match whose sheet is ``sheet`` (replayed up to now)."""

    kind = ""

    def __init__(self, *args, match: Match, sheet, **kwargs):
        super().__init__(*args, **kwargs)
        self.match, self.sheet = match, sheet
        self.lines = lines(match.game, match.names, sheet.grouped if sheet else False)
        self.words = words(match.game)
        self.add_fields()

    def add_fields(self):
        raise NotImplementedError

    def facts(self) -> dict:
        raise NotImplementedError

    def entry(self) -> Entry:
        return Entry(match=self.match, kind=self.kind, facts=self.facts())

    def per_line(self, prefix: str) -> list:
        """The bound fields ``<prefix>_<line>`` with their line, for the template."""
        return [(line, self[f"{prefix}_{line.key}"]) for line in self.lines]

    def clean(self):
        cleaned = super().clean()
        if self.errors:
            return cleaned
        sheet, broken = self.match.replay()
        if broken is None:
            try:
                sheet.enter(self.kind, self.facts())
            except EngineError as error:
                field = error.details.get("field") or _FIELD_OF.get(error.code)
                if error.code == "bad_entry":  # the Tarneeb sheet names the side
                    field = f"points_{error.details.get('side')}"
                field = field if field in self.fields else None
                names = {line.key: line.name for line in self.lines}
                message = explain(error.code, error.details, game=self.match.game, names=names)
                self.add_error(field, message)
        return cleaned


# Engine codes raised without a ``field`` fact (the Tarneeb sheet's), and where they belong.
_FIELD_OF = {"bad_bid": "bid", "bad_tricks": "tricks", "bad_side": "side"}


class PointsForm(EntryForm):
    """The points each line writes, as the table worked them out."""

    kind = "points"
    template = "scoresheet/forms/points.html"

    @property
    def per_line_points(self):
        return self.per_line("points")

    @property
    def keeps_debts(self) -> bool:
        """Whether the game's sheet carries debts (Tarneeb's), which typed points leave alone."""
        return self.sheet is not None and self.sheet.debts is not None

    def add_fields(self):
        for line in self.lines:
            self.fields[f"points_{line.key}"] = _number(line.name)

    def facts(self):
        return {"points": [self.cleaned_data[f"points_{line.key}"] for line in self.lines]}


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
        self.fields["bid"] = _number(_("Bid (tricks)"))
        self.fields["tricks"] = _number(_("Tricks the bidding side took"))
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
            self.fields[f"bid_{line.key}"] = _number(_("Bid"))
            self.fields[f"tricks_{line.key}"] = _number(regional("tricks_taken", region))
        self.legend = regional("bids_legend", region)

    def players(self):
        return [(line, self[f"bid_{line.key}"], self[f"tricks_{line.key}"]) for line in self.lines]

    def facts(self):
        data = self.cleaned_data
        return {
            "bids": [data[f"bid_{line.key}"] for line in self.lines],
            "tricks": [data[f"tricks_{line.key}"] for line in self.lines],
        }


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
                self.fields[f"hearts_{line.key}"] = _number(line.name)
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
        self.fields["aces"] = _number(_("Aces left in the losers’ hands"))
        self.fields["courts"] = _number(_("Kings, queens and jacks left in the losers’ hands"))
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
            self.fields[f"penalties_{key}"] = _number(name, required=False)

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


def entry_forms(game: str) -> dict:
    """``{kind: form class}`` for ``game``: its deal's facts (the ``deal_form`` its description
    names), then typed points."""
    deal = described(game).part("deal_form")
    return {deal.kind: deal, PointsForm.kind: PointsForm}
