"""An analysis's numbers in words: what a card costs and what it keeps, in the family's unit.

The analysis (``cardgames.analysis``) values a card in the family's own terms: tricks
for Tarneeb and Tarneeb 41, penalty points for Bent Al Sbeet, Leekha and Hearts, the chance to
go out first for Sab'at Al-Deemin. Each family's record names its unit (``Family.unit``), worded
here, so the analysis API's pages, the position page, the hint and the review all
say a cost the same way. A sampled value is an average (1.4 tricks): it is written with one
decimal in the language's own way and takes the plural form that language gives a decimal
number.
"""

from dataclasses import dataclass

from django.utils import formats
from django.utils.translation import get_language, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from cardgames import cards
from cardgames.contract import Phase
from cardgames.games import game as described
from cardgames.table import PARTNERSHIPS, SEATS
from cardtable.words import (
    COUNTED,
    ISOLATE,
    MINUS,
    SUIT_CLASSES,
    SYMBOLS,
    count,
    listing,
    vocabulary,
)


def decimal(x: float, places: int = 1) -> tuple[str, int | None]:
    """``x`` as the active language writes it (``1.5``, ``1,5``, ``−2`` kept left to right
    inside Arabic text), and the whole number it is, or None when it has a fraction."""
    rounded = round(float(x), places)
    whole = int(rounded) if rounded == int(rounded) else None
    if whole is not None:
        text = str(abs(whole))
    else:  # a decimal point between digits keeps «1.5» whole inside Arabic text
        text = formats.number_format(abs(rounded), places)
    return (ISOLATE.format(MINUS + text) if rounded < 0 else text), whole


def plural_of_fraction(x: float) -> int:
    """The number whose plural form a decimal number takes: French counts below two as one
    ("1,5 pli"); English and Arabic give a decimal their general form, the one of 100."""
    if (get_language() or "en").startswith("fr"):
        return 1 if x < 2 else 2
    return 100


def counted(x: float, noun: str, region: str) -> str:
    """``x`` of a counted noun (``count``'s nouns), a fraction included: «1,5 pli»."""
    text, whole = decimal(x)
    # Arabic writes one and two as words («لمّتان»): a signed number takes a form with digits
    n = whole if whole is not None and whole >= 0 else plural_of_fraction(abs(x))
    return COUNTED[noun](n, region) % {"n": text}


def percent(x: float) -> str:
    """A chance, 0 to 1, as a percentage, kept left to right inside Arabic text."""
    n = round(float(x) * 100)
    return ISOLATE.format(pgettext("percentage", "%(n)s%%") % {"n": n})


@dataclass(frozen=True)
class Unit:
    """How one family's analysis numbers read. ``noun``: the counted noun of ``count`` (its
    object form), or None for a chance."""

    key: str  # "tricks", "points", "chance"
    noun: str | None
    ends: object  # a value in a sentence: "9 tricks by the end of the deal"

    def amount(self, x: float, region: str, subject: bool = False) -> str:
        """A value or a cost: «2 tricks», «1,5 points», «23%». ``subject``: the noun's form
        after a label, as a subject («الكلفة: نقطتان»), not after a verb («تكلّف نقطتين»)."""
        if self.noun is None:
            return percent(x)
        return counted(x, self.noun.removesuffix("_obj") if subject else self.noun, region)

    def outcome(self, x: float, region: str) -> str:
        return self.ends % {"value": self.amount(x, region)}


# Beyond its small endings the analysis plays a deal out with the club player, not with best
# play: the value says where the deal ends, not how.
BY_THE_END = _("%(value)s by the end of the deal")
TRICKS = Unit("tricks", "tricks_obj", BY_THE_END)
POINTS = Unit("points", "points_obj", BY_THE_END)
CHANCE = Unit("chance", None, _("a %(value)s chance of going out first, with best play"))


# Each unit an analysis counts in, by the family's own word for it (``Family.unit``).
UNITS = {unit.key: unit for unit in (TRICKS, POINTS, CHANCE)}


def unit(game: str) -> Unit:
    """The unit ``game``'s analysis counts in (its family's ``unit``)."""
    return UNITS[described(game).family.unit]


# --- an analysis answer, drawn ----------------------------------------------------------------


def move_words(vocab, token: str) -> str:
    """A move of card play in words: a card by name, a knock as the table says it."""
    return vocab.move(token, Phase.PLAY)


def card_of(token: str):
    """The card a move token plays, or None (a knock)."""
    try:
        return cards.parse_card(token)
    except Exception:
        return None


def moves(game: str, answer: dict) -> list[dict]:
    """An analysis answer's moves (``analyses.judge``), best first, each with its card (for
    ``cardref``), its name, and its cost and value in words."""
    vocab = vocabulary(game)
    measure = unit(game)
    out = []
    for i, m in enumerate(answer["moves"]):
        card = card_of(m["move"])
        out.append(
            {
                "token": m["move"],
                "card": vocab.card_view(card) if card is not None else None,
                "name": move_words(vocab, m["move"]),
                "best": m["cost"] == 0,
                "top": i == 0,  # the best card; the others of cost 0 are about as good
                "cost": measure.amount(m["cost"], vocab.region),
                "value": measure.outcome(m["value"], vocab.region),
                "numbers": {"cost": m["cost"], "value": m["value"]},
            }
        )
    return out


def either(vocab, tokens) -> str:
    """Moves named in a sentence, the last two joined by "or"."""
    return listing((move_words(vocab, t) for t in tokens), "or")


# --- the two views, as every page names them ------------------------------------------------

VIEW_NAMES = {
    "seat": pgettext_lazy("analysis view", "From the seat’s own view"),
    "open": pgettext_lazy("analysis view", "With every hand open"),
}
VIEW_NOTES = {
    "seat": _(
        "Each card is judged from what the seat could see when it played: the hidden hands "
        "are dealt in many ways that fit every card seen so far, and each card’s result is "
        "averaged over them."
    ),
    "open": _(
        "Each card is judged as if every player could see all the cards (double dummy). A card "
        "that was the best chance with what the seat could see, such as a finesse that failed, "
        "may show a cost here and still not be a mistake from the seat’s view."
    ),
}


def views(current: str, link) -> list[dict]:
    """The switch between the two views: each view's name, its note, and ``link(view)``
    (None for the one shown)."""
    return [
        {"view": v, "name": VIEW_NAMES[v], "link": None if v == current else link(v)}
        for v in VIEW_NAMES
    ]


# --- the double-dummy table of Tarneeb and Tarneeb 41 -----------------------------------------

COULD_TAKE = _("With every hand open, %(who)s could take %(tricks)s in %(strain)s.")
NO_TRUMPS_SHORT = pgettext_lazy("no trumps, on a bidding box", "NT")


def _head(vocab, strain: str) -> dict:
    """A column of the table: the suit's symbol (or the bidding box's "NT") as it is seen, so
    five columns fit a 360 px phone without a word broken, and its name for a screen reader."""
    if strain == "NT":
        return {"mark": NO_TRUMPS_SHORT, "name": vocab.strain(strain), "suit": None}
    suit = cards.SUITS.index(strain)
    return {"mark": SYMBOLS[suit], "name": vocab.strain(strain), "suit": SUIT_CLASSES[suit]}


def _named(vocab, key: str) -> str:
    """A row of the table: a side (``NS``) or a seat (``N``), as the site names them."""
    if key in PARTNERSHIPS:
        return vocab.side(PARTNERSHIPS.index(key))
    return vocab.seat(SEATS.index(key))


def table_words(game: str, tricks: dict, who: str | None = None, strain: str | None = None):
    """The analysis's table (``{"NS": {"S": 9, ...}}``, or Tarneeb 41's ``{"N": 4, ...}``, its
    trumps always hearts) as rows and columns named in the game's words, and the sentence for
    ``who`` (a side or a seat) in ``strain`` where both are given."""
    vocab = vocabulary(game)
    rows = {k: v if isinstance(v, dict) else {"H": v} for k, v in tricks.items()}
    strains = list(next(iter(rows.values()), {}))
    out = {
        "heads": [_head(vocab, s) for s in strains],
        "rows": [
            {"who": _named(vocab, key), "cells": [cells.get(s) for s in strains]}
            for key, cells in rows.items()
        ],
        "sentence": None,
    }
    if who in rows and strain in rows[who]:
        out["sentence"] = COULD_TAKE % {
            "who": _named(vocab, who),
            "tricks": count(rows[who][strain], "tricks_obj", vocab.region),
            "strain": vocab.strain(strain),
        }
    return out
