"""Forms read what was typed (whole numbers, a side, a player); the engine judges the game.

The new match's form, and the forms a game's sheet takes a row with: typed points
(``entry.PointsForm``) and its family's forms of a deal's facts (``families/<family>.py``).
An entry form's ``clean`` replays the match with the new row on the game's sheet
(``cardgames.sheet``): a bid, a count of hearts or a double the rules do not allow comes
back as the engine's error code, worded by ``scoresheet.messages`` and shown at the field its
``field`` fact names.
"""

from django import forms
from django.utils.translation import gettext_lazy as _

from cardgames.errors import EngineError
from cardgames.games import game as described
from plumbing import families
from rulebook import games

from .entry import PointsForm
from .lines import NAME_LENGTH, line_keys, lines
from .messages import explain
from .models import Match
from .rules import PREFIX, house_rule_fields, read_house_rules, variant_choices


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


def sheet_games() -> list[str]:
    """The games whose sheet is kept on paper here: those of the families it has forms for."""
    return [slug for slug, g in games.GAMES.items() if families.serves("scoresheet", g.family)]


def entry_forms(game: str) -> dict:
    """``{kind: form class}`` for ``game``: its deal's facts (its family's form of each kind
    its sheet takes), then typed points (unless the family has its own form of them)."""
    found = described(game)
    kinds = found.sheet.KINDS
    deal = {form.kind: form for form in families.of("scoresheet", found.family).FORMS}
    # a family's own form of a kind comes first (a Trix row names its contract with its points)
    found = {kind: deal[kind] for kind in kinds if kind in deal}
    found.setdefault(PointsForm.kind, PointsForm)
    return found
