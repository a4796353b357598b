"""Where the sources differ: which rules a game's page lists, and what each difference is.

Every label is derived from the claims and the presets, never written by hand:

- ``disagree``: two sources state different values (the only kind titled "Sources differ");
- ``regional``: a variant plays a value that its own source states otherwise (the source gives
  it as a regional form of the game, as the Tarneeb guide does);
- ``variants``: every source that states the rule agrees, and the variants still play it
  differently (each as its own source or its own table has it);
- ``open``: a source leaves the point unclear or unsaid while another states it, and the site
  takes a reading (given beside the rule);
- ``site``: no source states it at all: the reading is the site's own, and the other values
  are offered as house rules.

Rows that are ``open`` or ``site`` offer the rule's other values as house rules (links into
the page's form with that value).
"""

from django.utils.translation import gettext_lazy

from . import games
from .models import Claim

DISAGREE, REGIONAL, VARIANTS, OPEN, SITE = "disagree", "regional", "variants", "open", "site"

LABELS = {
    DISAGREE: gettext_lazy("The sources disagree"),
    REGIONAL: gettext_lazy("A regional variant"),
    OPEN: gettext_lazy("A source leaves it open: the site’s reading"),
    VARIANTS: gettext_lazy("The variants play it differently"),
    SITE: gettext_lazy("No source says: the site’s own reading"),
}

# The title of a rule's box on its page, by kind: "Sources differ" only where two sources do.
TITLES = {
    DISAGREE: gettext_lazy("Sources differ"),
    REGIONAL: gettext_lazy("Variants differ"),
    VARIANTS: gettext_lazy("Variants differ"),
    OPEN: gettext_lazy("The site’s reading"),
    SITE: gettext_lazy("The site’s reading"),
}


def played(spec) -> dict[str, dict[str, str]]:
    """Every preset's rules as text, by variant slug."""
    return {slug: games.parameters(r) for slug, r in spec.presets.items()}


def kind(rule, claims: list, spec, variant_sources: dict[str, set[int]]) -> str | None:
    """What the difference on ``rule`` is (None when there is none: every source states the
    value every variant plays)."""
    stated = {c.value for c in claims if c.status == Claim.STATED}
    if sources_disagree(claims):
        return DISAGREE
    for slug, params in played(spec).items():
        own = [c for c in claims if c.source_id in variant_sources.get(slug, ())]
        if any(c.status == Claim.STATED and c.value != params[rule.key] for c in own):
            return REGIONAL
    if not stated and not any(c.status == Claim.AMBIGUOUS for c in claims):
        return SITE
    values = {p[rule.key] for p in played(spec).values()}
    if any(c.status != Claim.STATED for c in claims):
        return OPEN
    if len(values) > 1:
        return VARIANTS
    return None


def sources_disagree(claims: list) -> bool:
    """Two different sources state two different values (one source's regional forms do not
    count: they are its variants)."""
    by_source: dict = {}
    for c in claims:
        if c.status == Claim.STATED:
            by_source.setdefault(c.source_id, set()).add(c.value)
    return len({v for values in by_source.values() for v in values}) > 1 and len(by_source) > 1


def alternatives(domain, value: str) -> list[str]:
    """The other values a table may play as a house rule (a number's suggested values)."""
    if domain is None or domain.kind not in ("choice", "flag", "number"):
        return []
    return [v for v in domain.values() if v != value]
