"""A row of a score sheet as a form reads it (whole numbers, a side, a player), and the typed
points every game's sheet takes; each family's form of a deal's facts is its
``families/<family>.py``, named by the sheet's kinds. The engine judges the row: ``clean``
replays the match with the new row on the game's sheet, and an engine error comes back worded
by ``scoresheet.messages`` at the field its ``field`` fact names.
"""

from django import forms

from cardgames.errors import EngineError
from cardgames.sheet import TYPED_LIMIT

from .lines import lines, words
from .messages import explain
from .models import Entry, Match


def number(label, **kwargs):
    # A text box, not type=number: what was typed is sent as typed, so the server's message
    # (in the page's language) explains it and the box keeps it. The engine says what a game
    # allows; the field only refuses what is not a whole number at all.
    # dir=ltr: a signed number typed in a right-to-left page keeps its minus first (−75, not 75−)
    attrs = {"inputmode": "numeric", "size": 4, "autocomplete": "off", "dir": "ltr"}
    return forms.IntegerField(
        label=label,
        widget=forms.TextInput(attrs=attrs),
        min_value=-TYPED_LIMIT,
        max_value=TYPED_LIMIT,
        **kwargs,
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
                field = error.details.get("field") or FIELD_OF.get(error.code)
                if error.code == "bad_entry":  # the Tarneeb sheet names the side
                    field = f"points_{error.details.get('side')}"
                field = field if field in self.fields else None
                names = {line.key: line.name for line in self.lines}
                message = explain(error.code, error.details, game=self.match.game, names=names)
                self.add_error(field, message)
        return cleaned


# Engine codes raised without a ``field`` fact (the Tarneeb sheet's), and where they belong.
FIELD_OF = {"bad_bid": "bid", "bad_tricks": "tricks", "bad_side": "side"}


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
            self.fields[f"points_{line.key}"] = number(line.name)

    def facts(self):
        return {"points": [self.cleaned_data[f"points_{line.key}"] for line in self.lines]}
