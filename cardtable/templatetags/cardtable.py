"""The card table's tags: ``{% card %}`` draws a card face, ``{% cardref %}`` a card in running
text, ``{% kept %}`` a fragment drawn once a process, ``{% drawn_table %}`` the whole table from
a context of ``cardtable.tables.table()`` (where a page draws several tables, or the frames of
the computer players' replies)."""

from functools import lru_cache

from django import template
from django.template.loader import render_to_string
from django.utils.safestring import SafeString
from django.utils.translation import get_language

from cardtable import words

register = template.Library()


@register.filter
def signed(value, plus=False):
    """A number that may be negative, with one minus sign, isolated (``words.signed``)."""
    try:
        return words.signed(int(value), plus=bool(plus))
    except (TypeError, ValueError):
        return value


# What ``cardtable/_card.html`` draws of a card (``Vocabulary.card_view``).
CARD_LOOK = (
    *("code", "suit", "rank", "name", "label"),
    *("legal", "marked", "exposed", "times", "chosen", "won", "received"),
)


@register.simple_tag
def card(view):
    """A card face, ``cardtable/_card.html`` of a ``card_view``. A table draws up to a hundred
    (its frames of the computer's replies included), so each look is drawn once a process:
    the template rendered for every card was most of a practice table's time."""
    return _card_face(tuple(view.get(name) for name in CARD_LOOK))


@lru_cache(maxsize=4096)
def _card_face(look: tuple) -> str:
    view = dict(zip(CARD_LOOK, look, strict=True))
    return render_to_string("cardtable/_card.html", {"card": view})


@register.simple_tag
def cardref(view):
    """A card in running text, of a ``card_view`` (``words.card_ref``)."""
    return words.card_ref(view["suit"], view["rank"], view["name"])


KEPT = 1024  # fragments each process keeps: up to ~30 MB (a seat with links is ~15 KB)
_kept: dict = {}


@register.simple_tag
def kept(template_name: str, **context):
    """``template_name`` rendered with ``context`` alone, drawn once a process for each
    context and language (the last ``KEPT`` kept): for fragments a page repeats, such as the
    seats of a practice table and its frames (up to sixteen, most alike) or the finished
    tricks of a deal's record. The fragment must depend on nothing else."""
    key = (template_name, get_language(), _frozen(context))
    html = _kept.get(key)
    if html is None:
        html = render_to_string(template_name, context)
        if len(_kept) >= KEPT:
            _kept.clear()
        _kept[key] = html
    return html


KEYABLE = (str, int, float, bool, type(None), range)
_PLAIN = frozenset({*KEYABLE, SafeString})  # the common types, found by one set lookup


def _frozen(value):
    """``value`` as a key: its dicts and lists as tuples, each plain value with its type (1 and
    True, or text and safe text, draw differently); anything else is refused, as its equality
    need not mean it draws alike. (A seat is some 150 values: the exact types are tried first.)"""
    kind = type(value)
    if kind in _PLAIN:
        return kind, value
    if kind is dict:
        return tuple([(k, _frozen(v)) for k, v in value.items()])
    if kind is list or kind is tuple:
        return tuple([_frozen(v) for v in value])
    if isinstance(value, dict):
        return tuple([(k, _frozen(v)) for k, v in value.items()])
    if isinstance(value, list | tuple):
        return tuple([_frozen(v) for v in value])
    if not isinstance(value, KEYABLE):
        raise TypeError(f"kept: {type(value).__name__} is no plain value")
    return kind, value


@register.inclusion_tag("cardtable/_table.html")
def drawn_table(table):
    """The table component for one position's ``tables.table()`` context, where a page draws
    several positions (the compare page's two sides)."""
    return table


@register.inclusion_tag("cardtable/_felt.html")
def drawn_felt(table):
    """The felt alone for a ``tables.table()`` context: a picture of one moment, such as each
    computer player's reply on the practice table."""
    return table
