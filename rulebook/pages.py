"""Build a rule page from the registry rows and the engine's rules for one variant.

Everything a page states comes from here: the registry's wording with ``{parameter}``
placeholders filled from the engine's ``Rules`` (and the numbers the engine derives from them),
so changing a parameter changes the page.

A placeholder may name a form: ``{target:points}`` is the number with its noun, through
``words.count`` («151 نقطة», «نقطتان»); ``{exposure_multiplier:times}`` says "twice";
``{kaboot_bonus:plus}`` signs a gain. A negative number is always written with one minus
sign and isolated, and a bid (``{lowest_call}``) is written in words.
"""

import re
from dataclasses import dataclass, field
from urllib.parse import urlencode

from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy

from cardgames import cards
from cardgames.domains import domains
from cardgames.house_rules import PREFIX, overrides_between
from cardtable.words import ONE_LETTER_WORD, attach, count, listing, signed, times, vocabulary

from . import differences, games, glossary
from .models import Claim, Game, Rule, Section

# ``{name}`` or ``{name:form}``, after a one-letter Arabic word written onto it («بـ{name}»).
PLACEHOLDER = re.compile(rf"(?:{ONE_LETTER_WORD})?\{{(\w+)(?::(\w+))?\}}")
FORMS = {
    "times": lambda n, region: times(n),
    "plus": lambda n, region: signed(n, plus=True),
}
# Sections the page builds itself rather than from rules.
SPECIAL = {"glance", "example", "differences", "tips", "relatives", "regions"}


def fill(template: str, values: dict, region: str = "gulf") -> str:
    """Replace ``{name}`` (or ``{name:form}``) by its value; unknown names stay visible so an
    editor sees them."""

    def one(m) -> str:
        letter, name, form = m.group(1), m.group(2), m.group(3)
        if name not in values:
            return m.group(0)
        value = values[name]
        if form and isinstance(value, int):
            text = FORMS[form](value, region) if form in FORMS else count(value, form, region)
        elif isinstance(value, int) and not isinstance(value, bool):
            text = signed(value)
        else:
            text = str(value)
        return attach(letter, text) if letter else text

    return PLACEHOLDER.sub(one, template or "")


def paragraphs(text: str) -> list[str]:
    return [p.strip() for p in re.split(r"\n\s*\n", text or "") if p.strip()]


def show_value(text: str, vocab) -> str | int:
    """A registry value as a reader sees it: card lists by name, numbers as numbers (so a
    placeholder may count them), the rest as written."""
    if re.fullmatch(r"-?\d+", text):
        return int(text)
    try:
        return listing(vocab.card(cards.parse_card(p)) for p in text.split(","))
    except Exception:
        return text


def placeholders(spec: games.Game, rules, vocab) -> dict:
    values = {k: show_value(v, vocab) for k, v in games.parameters(rules).items()}
    values["pack_size"] = spec.engine.PACK.bit_count()
    for key, value in spec.engine.describe(rules).items():
        values[key] = vocab.bid(value) if key.endswith("_call") else value
    return values


@dataclass
class RuleView:
    key: str
    name: str
    value: str
    label: str
    statement: str
    disputed: bool = False
    claims: list = field(default_factory=list)
    reason: str = ""
    default_label: str = ""
    kind: str | None = None  # what the difference is (``differences``), None when none
    kind_label: str = ""
    kind_title: str = ""  # the box's title: "Sources differ" only where two sources differ
    house: bool = False  # a house rule: the value differs from the variant's
    alternatives: list = field(default_factory=list)  # house rules offered: label, query
    base_label: str = ""  # the variant's own value, beside a house rule
    reports: list = field(default_factory=list)  # readers' reports an editor accepted
    stated_by: list = field(default_factory=list)  # the sources stating it, when none differs
    by_value: list = field(default_factory=list)  # the claims grouped by what they say


# Past this many sources, the differences table gives each rule one cell of the sources'
# claims grouped by what they say, rather than one column per source: a phone scrolls
# through a few columns, not two dozen.
COLUMNS_OF_SOURCES = 8


def by_value(claims: list) -> list[dict]:
    """The claims that say something (stated or unclear), grouped by what they say, in the
    order first said: ``{"text", "sources": [ClaimView]}``."""
    groups: dict[str, dict] = {}
    for c in claims:
        if c.status != Claim.NOT_STATED:
            groups.setdefault(c.text, {"text": c.text, "sources": []})["sources"].append(c)
    return list(groups.values())


def wording(rule: Rule, value: str):
    """The RuleValue for ``value``: the exact one, else the ``*`` one."""
    values = {v.value: v for v in rule.values.all()}
    return values.get(value) or values.get("*")


def label_for(rule: Rule, value: str, vocab) -> str:
    w = wording(rule, value)
    shown = show_value(value, vocab)
    if w and w.label:
        return fill(w.label, {rule.key: shown}, vocab.region)
    return signed(shown) if isinstance(shown, int) else shown


NO_CARDS = pgettext_lazy("a set of cards", "none")


def value_label(rule: Rule | None, value: str, vocab) -> str:
    """A value a table may play a rule with, as a form offers it and a table lists it: as the
    rule page words it, the empty card set (written ",") "none" where the page has no word."""
    text = value.strip(",")
    shown = label_for(rule, text, vocab) if rule is not None else text
    return shown or NO_CARDS


def house_rules_in_words(rows, overrides: dict, vocab) -> list[dict]:
    """A table's house rules (``{key: text}``) in words, as the rule page words them: each
    rule's ``name`` and the ``value`` it is played with (``rows``: the game's ``GameRows``)."""
    out = []
    for key, value in (overrides or {}).items():
        rule = rows.rules.get(key)
        name = rule.name if rule is not None else key
        out.append({"name": name, "value": value_label(rule, value, vocab)})
    return out


@dataclass
class ClaimView:
    source: str
    status: str
    text: str
    note: str
    language: str = ""  # the source's own language, and its title translated for the reader
    label: str = ""


def claim_view(rule: Rule, claim: Claim, vocab) -> ClaimView:
    if claim.status == Claim.STATED:
        text = label_for(rule, claim.value, vocab)
    elif claim.status == Claim.AMBIGUOUS:
        text = _("unclear; read as: %(reading)s") % {"reading": label_for(rule, claim.value, vocab)}
    else:
        text = _("not stated")
    source = claim.source
    return ClaimView(source.title, claim.status, text, claim.note, source.language, source.label)


def _offered(rule: Rule, domain, rules, base, vocab, side: str) -> list[dict]:
    """The other values of a rule whose reading is the site's, each as the query of the page
    under that house rule (the reader's other house rules kept), and as the comparison of the
    rules in force with that house rule (``side``: ``<game>:<variant>``)."""
    now = games.parameters(rules)[rule.key]
    kept = overrides_between(base, rules)
    out = []
    for value in differences.alternatives(domain, now):
        query = {**kept, rule.key: value}
        if value == games.parameters(base)[rule.key]:
            del query[rule.key]
        compare = {"a": side, **{f"a.{PREFIX}{k}": v for k, v in kept.items()}, "b": side}
        compare.update({f"b.{PREFIX}{k}": v for k, v in query.items()})
        out.append(
            {
                "value": value,
                "label": label_for(rule, value, vocab),
                "query": urlencode({PREFIX + k: v for k, v in query.items()}),
                "compare": urlencode(compare),
            }
        )
    return out


def build(game: Game, spec: games.Game, variant_slug: str, rules, base=None) -> dict:
    """The page as data: sections with their paragraphs and rules, and the differences, under
    ``rules`` (the variant's, or the reader's house rules on ``base``, the variant's rules).
    Rule texts are HTML: each term links to the glossary the first time it appears."""
    vocab = vocabulary(spec)
    region = vocab.region
    linked = set()
    base = rules if base is None else base

    def text(template: str):
        return glossary.link_terms(fill(template, values, region), vocab, spec.slug, linked)

    values = placeholders(spec, rules, vocab)
    values.update(spec.engine.worked_example(rules))
    params = games.parameters(rules)
    base_params = games.parameters(base)
    default_params = games.parameters(spec.presets[spec.default_variant])
    known = domains(rules)
    rule_rows = (
        Rule.objects.filter(game=game)
        .select_related("section")
        .prefetch_related("values", "claims__source")
    )
    sources_of = {
        v.slug: {s.pk for s in v.sources.all()} for v in game.variants.prefetch_related("sources")
    }
    by_section: dict[int, list[RuleView]] = {}
    differing = []
    for rule in rule_rows:
        value = params[rule.key]
        w = wording(rule, value)
        claims = list(rule.claims.all())
        kind = differences.kind(rule, claims, spec, sources_of)
        view = RuleView(
            key=rule.key,
            name=rule.name,
            value=value,
            label=label_for(rule, value, vocab),
            statement=text(w.statement if w else ""),
            disputed=kind is not None,
            claims=(views := [claim_view(rule, c, vocab) for c in claims]),
            by_value=by_value(views),
            reason=rule.default_reason or _("Every variant plays it this way."),
            default_label=label_for(rule, default_params[rule.key], vocab),
            kind=kind,
            kind_label=str(differences.LABELS[kind]) if kind else "",
            kind_title=str(differences.TITLES[kind]) if kind else "",
            house=value != base_params[rule.key],
            base_label=label_for(rule, base_params[rule.key], vocab),
            stated_by=[
                format_html('<bdi lang="{}">{}</bdi>', c.source.language, c.source.title)
                for c in claims
                if c.status == Claim.STATED
            ],
        )
        if kind in (differences.OPEN, differences.SITE):
            side = f"{spec.slug}:{variant_slug}"
            view.alternatives = _offered(rule, known.get(rule.key), rules, base, vocab, side)
        by_section.setdefault(rule.section_id, []).append(view)
        if view.disputed:
            differing.append(view)
    sections = []
    section_rows = list(Section.objects.filter(game=game))
    for section in section_rows:
        sections.append(
            {
                "key": section.key,
                "title": section.title,
                "paragraphs": [text(p) for p in paragraphs(section.body)],
                "rules": by_section.get(section.pk, []),
            }
        )
    names = {v.slug: v.name for v in game.variants.all()}
    return {
        "sections": sections,
        "differences": differing,
        "is_default": variant_slug == spec.default_variant,
        "default_name": names.get(spec.default_variant, ""),
        "sources": (sources := list(game.sources.all())),
        "columns_of_sources": len(sources) <= COLUMNS_OF_SOURCES,
        "values": values,
        "side_by_side": side_by_side(rule_rows, spec, names, vocab),
        "house_rules": [v for s in sections for v in s["rules"] if v.house],
        "rule_rows": list(rule_rows),
        "section_rows": section_rows,
        **game_extras(spec, rules, vocab),
    }


def side_by_side(rule_rows, spec: games.Game, names: dict, vocab) -> dict:
    """Every rule under every variant, with the rules that differ from the default marked."""
    presets = {slug: games.parameters(r) for slug, r in spec.presets.items()}
    base = presets[spec.default_variant]
    rows = []
    for rule in rule_rows:
        cells = [
            {
                "label": label_for(rule, p[rule.key], vocab),
                "differs": p[rule.key] != base[rule.key],
            }
            for p in presets.values()
        ]
        rows.append({"key": rule.key, "name": rule.name, "cells": cells})
    return {"variants": [names.get(slug, slug) for slug in presets], "rows": rows}


def game_extras(spec: games.Game, rules, vocab) -> dict:
    """Pictures and tables a game's page draws from its engine (piles, penalties)."""
    from cardtable.words import penalty_name

    extras = {}
    family = spec.family
    if family.layout_example is not None:
        extras["piles"] = [
            [vocab.card_view(c) for c in pile] for pile in family.layout_example(rules)
        ]
    if family.penalty_table is not None:
        extras["penalties"] = [
            {"name": penalty_name(code), "points": p.points}
            for code, p in family.penalty_table(rules).items()
        ]
    return extras
