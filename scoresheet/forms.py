"""Forms read what was typed (whole numbers, a side); the engine judges the game.

An entry form's ``clean`` replays the match with the new row on the engine's ``Sheet``: a
bid, a number of tricks or a double the variant does not allow comes back as the engine's
error code, worded by ``scoresheet.messages``.
"""

from django import forms
from django.utils.translation import gettext_lazy as _

from rulebook.engine import tarneeb
from rulebook.engine.errors import EngineError

from .messages import SIDES, explain
from .models import TARGETS, Entry, Match


def variant_name(slug: str) -> str:
    """The variant's name from the rules registry, in the current language."""
    from rulebook.models import Variant

    row = Variant.objects.filter(game__slug="tarneeb", slug=slug).first()
    return row.name if row else slug


def _number(label, **kwargs):
    # A text box, not type=number: what was typed is sent as typed, so the server's message
    # (in the page's language) explains it and the box keeps it.
    attrs = {"inputmode": "numeric", "size": 4, "autocomplete": "off"}
    return forms.IntegerField(label=label, widget=forms.TextInput(attrs=attrs), **kwargs)


class NewMatchForm(forms.Form):
    variant = forms.ChoiceField(
        label=_("Variant"),
        choices=lambda: [(slug, variant_name(slug)) for slug in tarneeb.PRESETS],
        initial=tarneeb.DEFAULT_PRESET,
        # Django's own message repeats the value sent; ours names what to do instead.
        error_messages={"invalid_choice": _("Choose one of the variants offered.")},
    )
    target = forms.TypedChoiceField(
        label=_("Target"),
        choices=[(t, str(t)) for t in TARGETS],
        coerce=int,
        required=False,
        empty_value=None,
        initial=tarneeb.PRESETS[tarneeb.DEFAULT_PRESET].target,
        error_messages={"invalid_choice": _("Choose one of the targets offered.")},
    )

    def save(self) -> Match:
        variant = self.cleaned_data["variant"]
        target = self.cleaned_data["target"] or tarneeb.PRESETS[variant].target
        return Match.objects.create(variant=variant, target=target)


class EntryForm(forms.Form):
    kind = None
    # engine error code -> the field it belongs to (None: the whole form)
    error_fields = {}

    def __init__(self, *args, match: Match, **kwargs):
        super().__init__(*args, **kwargs)
        self.match = match

    def entry(self) -> Entry:
        raise NotImplementedError

    def clean(self):
        cleaned = super().clean()
        if self.errors:
            return cleaned
        sheet, broken = self.match.replay()
        if broken is None:
            try:
                self.entry().apply(sheet, self.match.rules)
            except EngineError as error:
                field = self.error_fields.get(error.code)
                if callable(field):
                    field = field(error)
                self.add_error(field, explain(error.code, error.details))
        return cleaned


class PointsForm(EntryForm):
    kind = Entry.POINTS
    ns = _number(_("North–South writes"), max_value=999)
    ew = _number(_("East–West writes"), max_value=999)
    error_fields = {"bad_entry": lambda error: error.details.get("side", "").lower() or None}

    def entry(self) -> Entry:
        data = self.cleaned_data
        return Entry(match=self.match, kind=self.kind, ns=data["ns"], ew=data["ew"])


class DealForm(EntryForm):
    kind = Entry.DEAL
    side = forms.ChoiceField(
        label=_("Bidding side"),
        choices=list(SIDES.items()),
        widget=forms.RadioSelect,
        error_messages={"invalid_choice": _("Choose North–South or East–West.")},
    )
    bid = _number(_("Bid (tricks)"))
    tricks = _number(_("Tricks the bidding side took"))
    doubled = forms.BooleanField(label=_("Doubled"), required=False)
    error_fields = {"bad_bid": "bid", "bad_tricks": "tricks", "bad_side": "side"}

    def entry(self) -> Entry:
        data = self.cleaned_data
        return Entry(
            match=self.match,
            kind=self.kind,
            bid=data["bid"],
            side=data["side"],
            tricks=data["tricks"],
            doubled=data["doubled"],
        )
