"""A sheet's rules: the variants a game offers and the house rules its sheet scores by, named
as the rules registry names them, read by the engine (``house_rules.with_overrides``).

A house rule is posted as ``rule.<key>=<value>``, the way a rule page's links write it; blank
means "as the variant plays it". Only the rules the game's sheet reads are offered (``READS``
of the sheet its description names); the match stores the overrides that differ from its
variant.
"""

from django import forms
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from cardgames.domains import Cards, Number, domains
from cardgames.games import game as described
from cardgames.house_rules import PREFIX, overrides_between, overrides_in, with_overrides
from cardtable.words import listing
from rulebook.pages import house_rules_in_words, value_label

from .lines import words

AS_THE_VARIANT = gettext_lazy("As the variant plays it")


def variant_name(rows, slug: str) -> str:
    """The variant's name from the rules registry (``rows``: the game's ``GameRows``), in the
    current language."""
    row = rows.variants.get(slug)
    return row.name if row else slug


def variant_choices(rows) -> list[tuple[str, str]]:
    module = described(rows.slug).engine
    slugs = [module.DEFAULT_PRESET, *(s for s in module.PRESETS if s != module.DEFAULT_PRESET)]
    return [(slug, variant_name(rows, slug)) for slug in slugs]


def _values(domain) -> list[str]:
    """The values a select offers: a card set's every subset, else the domain's values."""
    return list(domain.subsets() if isinstance(domain, Cards) else domain.values())


def offered(game: str) -> dict:
    """The rules a start form offers: {key: domain}, in the Rules' order."""
    known = domains(described(game).engine.Rules)
    reads = described(game).sheet.READS
    return {key: d for key, d in known.items() if key in reads}


def house_rule_fields(rows) -> dict:
    """A form field per offered rule, named ``rule.<key>`` (``rows``: the game's
    ``GameRows``)."""
    game = rows.slug
    vocab = words(game)
    fields = {}
    for key, domain in offered(game).items():
        rule = rows.rules.get(key)
        label = rule.name if rule is not None else key
        if isinstance(domain, Number):
            help_text = ""
            if domain.suggested:
                suggested = [value_label(rule, str(v), vocab) for v in domain.suggested]
                help_text = ngettext(
                    "The usual value: %(values)s.",
                    "The usual values: %(values)s.",
                    len(suggested),
                ) % {"values": listing(suggested, "or")}
            fields[PREFIX + key] = forms.CharField(
                label=label,
                required=False,
                help_text=help_text,
                widget=forms.TextInput(
                    attrs={"inputmode": "numeric", "size": 5, "autocomplete": "off", "dir": "ltr"}
                ),
            )
        else:
            choices = [("", AS_THE_VARIANT)]
            choices += [(v, value_label(rule, v, vocab)) for v in _values(domain)]
            fields[PREFIX + key] = forms.ChoiceField(label=label, choices=choices, required=False)
    return fields


def read_house_rules(game: str, variant: str, data) -> dict[str, str]:
    """The overrides ``data`` carries (blanks dropped), checked by the engine; only those that
    differ from the variant are kept. ``RuleError`` for a rule the engine cannot play."""
    base = described(game).engine.PRESETS[variant]
    typed = {k: v.strip() for k, v in overrides_in(data).items() if v and v.strip()}
    return overrides_between(base, with_overrides(base, typed))


def shown(match, rows) -> list[str]:
    """The match's house rules in words: "Target: 101" (``rows``: the game's ``GameRows``)."""
    return [
        format_html(
            _("{rule}: {value}"), rule=r["name"], value=format_html("<bdi>{}</bdi>", r["value"])
        )
        for r in house_rules_in_words(rows, match.house_rules, words(match.game))
    ]
