"""A row of the sheet in words: what the table said about the deal, in the game's words."""

from django.utils.html import conditional_escape, format_html
from django.utils.text import capfirst
from django.utils.translation import gettext as _

from cardgames import cards
from cardtable import kingdoms
from cardtable.words import listing

from .messages import regional


def describe(row, names: dict, vocab) -> str:
    """``row`` (the engine's ``sheets.Row``) in a sentence; ``names``: {line key: name}."""
    facts, kind = row.facts, row.kind
    if "contract" in facts:  # a kingdom's deal (Trix): its contract and its owner
        owner = names.get(facts["owner"], facts["owner"])
        return kingdoms.row_label(facts["contract"], owner, vocab)
    if kind == "points":
        return _("Points written")
    if kind == "bids":
        return format_html(
            regional("bids_said", vocab.region),
            bids=listing(str(b) for b in facts["bids"]),
            tricks=listing(str(t) for t in facts["tricks"]),
        )
    if kind == "cards":
        return _cards(row, names, vocab)
    if "bid" in facts:  # Tarneeb's deal
        side = names.get(facts["side"], facts["side"])
        words = {"side": side, "bid": facts["bid"], "tricks": facts["tricks"]}
        if facts.get("doubled"):
            return format_html(_("{side} bid {bid}, doubled, and took {tricks}"), **words)
        return format_html(_("{side} bid {bid} and took {tricks}"), **words)
    return _sabaat(row, names, vocab)


def _cards(row, names, vocab) -> str:
    facts = row.facts
    text = _("Cards taken")
    if facts.get("exposed"):  # the one fact of the deal the totals do not show
        shown = listing(vocab.card_the(cards.parse_card(c)) for c in facts["exposed"])
        text = capfirst(_("exposed: %(cards)s") % {"cards": shown})
    text = conditional_escape(text)
    moon = row.notes.get("moon")
    if moon:
        said = format_html(_("{player} took every card that scores"), player=names[moon])
        text = format_html("{} ({})", text, said)
    return text


def _sabaat(row, names, vocab) -> str:
    facts = row.facts
    side = names.get(facts["winner"], facts["winner"])
    text = format_html(_("{side} went out"), side=side)
    extras = []
    if facts.get("seven_out"):
        extras.append(_("with a seven"))
    if facts.get("multiplier") == 2:
        extras.append(vocab.term("double_deal", "the"))
    elif facts.get("multiplier") == 3:
        extras.append(vocab.term("triple", "the"))
    penalties = [n for n in facts.get("penalties", []) if n]
    if penalties:
        extras.append(_("penalties"))
    if extras:
        text = format_html("{} ({})", text, listing(extras))
    return text


def line_names(lines) -> dict:
    return {line.key: line.name for line in lines}


def subtotal(row, points, names: dict, the_lines) -> dict:
    """The subtotal the sheet writes after ``row`` (a Trix kingdom's last deal): its label, each
    line's points and whether they add up to zero, said."""
    owner = names.get(row.facts["owner"], row.facts["owner"])
    return {**kingdoms.subtotal(owner, points), "cells": list(points[: len(the_lines)])}
