"""System checks: the registry and the engines must describe the same rules.

They read the versioned registry files, not the database, so they also guard a fresh clone.
"""

import re

from django.core import checks

from cardgames import cards
from cardgames.domains import domain_of
from cardgames.errors import BadInput
from cardtable import words

from . import games, registry
from .regions import region_problems


def _cards_problems(codes, spec) -> list[str]:
    """The cards drawn for the game: a few of its own pack, each named once."""
    if not codes:
        return ["cards: the game names no cards to draw for it"]
    problems = []
    for code in codes:
        try:
            card = cards.parse_card(code)
        except BadInput:
            problems.append(f"cards: {code!r} is not a card")
            continue
        if not getattr(spec.engine, "PACK", cards.PACK_52) >> card & 1:
            problems.append(f"cards: {code} is not in the game's pack")
    if len(set(codes)) != len(codes):
        problems.append("cards: a card is named twice")
    return problems


def _texts_missing(table, where):
    """Every translated table must have all three languages."""
    if not isinstance(table, dict):
        return []
    missing = [lang for lang in registry.LANGUAGES if not str(table.get(lang, "")).strip()]
    return [f"{where}: no {', '.join(missing)} text"] if missing else []


def registry_problems(spec: games.Game) -> list[str]:
    data = registry.read(spec.registry)
    problems = []
    engine_keys = set(games.rule_keys(spec))
    rules = {r["key"]: r for r in data["rules"]}
    for key in sorted(engine_keys - rules.keys()):
        problems.append(f"engine parameter {key!r} has no registry entry")
    for key in sorted(rules.keys() - engine_keys):
        problems.append(f"registry entry {key!r} names no engine parameter")
    variants = {v["slug"] for v in data["variants"]}
    for slug in sorted(set(spec.presets) - variants):
        problems.append(f"engine preset {slug!r} has no registry variant")
    for slug in sorted(variants - set(spec.presets)):
        problems.append(f"registry variant {slug!r} has no engine preset")
    if data.get("default_variant") != spec.default_variant:
        problems.append("the registry's default variant is not the engine's DEFAULT_PRESET")
    sources = {s["key"] for s in data["sources"]}
    sections = {s["key"] for s in data["sections"]}
    for name in ("name", "tagline", "default_reason"):
        problems += _texts_missing(data.get(name), name)
    if data.get("region") not in words.regions():
        problems.append(
            f"region {data.get('region')!r} is not one of the vocabulary's: "
            + ", ".join(words.regions())
        )
    problems += _cards_problems(data.get("cards"), spec)
    for s in data["sources"]:
        problems += _texts_missing(s.get("label"), f"source {s['key']} label")
    for s in data["sections"]:
        problems += _texts_missing(s.get("title"), f"section {s['key']} title")
        problems += _texts_missing(s.get("body"), f"section {s['key']} body")
    for v in data["variants"]:
        problems += _texts_missing(v.get("name"), f"variant {v['slug']} name")
        if re.search("[A-Za-z]", (v.get("name") or {}).get("ar", "")):
            problems.append(f"variant {v['slug']}: its Arabic name is written in Latin letters")
        problems += [
            f"variant {v['slug']}: unknown source {k!r}" for k in v["sources"] if k not in sources
        ]
    for key, r in rules.items():
        if r.get("section") not in sections:
            problems.append(f"rule {key!r}: unknown section {r.get('section')!r}")
        problems += _texts_missing(r.get("name"), f"rule {key} name")
        worded = {v["value"] for v in r.get("values", [])}
        for v in r.get("values", []):
            problems += _texts_missing(v.get("statement"), f"rule {key}={v['value']} statement")
            problems += _texts_missing(v.get("label"), f"rule {key}={v['value']} label")
        if key in engine_keys:
            problems += _unlabelled_values(spec, key, r)
        for c in r.get("claims", []):
            if c["source"] not in sources:
                problems.append(f"rule {key!r}: claim from unknown source {c['source']!r}")
        problems += claim_problems(key, r.get("claims", []))
        if key in engine_keys:
            for slug, rules_obj in spec.presets.items():
                value = games.value_key(getattr(rules_obj, key))
                if value not in worded and "*" not in worded:
                    problems.append(f"rule {key!r}: no wording for value {value!r} ({slug})")
        if key in engine_keys and _disputed(r, spec) and not r.get("default_reason"):
            problems.append(f"rule {key!r}: variants differ but no reason for the site's default")
        problems += _texts_missing(r.get("default_reason"), f"rule {key} default_reason")
    return problems + region_problems(spec)


STATUSES = ("stated", "not_stated", "ambiguous")


def claim_problems(key: str, claims: list) -> list[str]:
    """Every claim says whether its source states the rule, and a reading is never given as a
    source's rule: a ``stated`` claim has the value the source states; an ``ambiguous`` one
    has the site's reading as its value and a note saying what the source does say; a
    ``not_stated`` one has no value at all (the site's reading is then the variant's value,
    shown as the site's). One source states one value per rule, unless it gives another as a
    variant (then a note says so)."""
    problems = []
    per_source: dict[str, list] = {}
    for c in claims:
        where = f"rule {key!r}, claim of {c.get('source')!r}"
        status = c.get("status")
        if status not in STATUSES:
            problems.append(f"{where}: status {status!r} is not one of {', '.join(STATUSES)}")
            continue
        if status == "stated" and not str(c.get("value", "")).strip():
            problems.append(f"{where}: stated, but with no value")
        if status == "not_stated" and "value" in c:
            problems.append(f"{where}: a reading recorded as a value the source does not state")
        if status == "ambiguous":
            if "value" not in c:  # "" is a reading too: the empty set of cards
                problems.append(f"{where}: unclear, but the site's reading is not given")
            problems += _texts_missing(c.get("note") or {"en": ""}, f"{where} (what it says)")
        if status == "stated":
            per_source.setdefault(c["source"], []).append(c)
    for source, stated in per_source.items():
        values = {str(c.get("value")) for c in stated}
        if len(values) > 1 and not all(c.get("note") for c in stated):
            problems.append(f"rule {key!r}: {source!r} states two values without saying why")
    return problems


def _unlabelled_values(spec: games.Game, key: str, rule: dict) -> list[str]:
    """Every value a rule may take needs a label (a form lists them in words): each word of a
    choice and both values of a flag; a number or a card list needs its ``*`` entry."""
    domain = domain_of(spec.engine.Rules, key)
    if domain is None:
        return []
    labelled = {v["value"] for v in rule.get("values", []) if v.get("label")}
    if domain.kind in ("choice", "flag"):
        return [
            f"rule {key!r}: no label for the allowed value {value!r}"
            for value in domain.values()
            if value not in labelled
        ]
    if "*" not in labelled:
        return [f"rule {key!r}: no label for its values (a '*' entry)"]
    return []


def _disputed(rule: dict, spec: games.Game) -> bool:
    """Sources that state different values, or presets that play different ones."""
    stated = {c.get("value") for c in rule.get("claims", []) if c["status"] == "stated"}
    played = {games.value_key(getattr(r, rule["key"])) for r in spec.presets.values()}
    return len(stated) > 1 or len(played) > 1


@checks.register()
def registry_matches_engines(app_configs=None, **kwargs):
    errors = []
    for spec in games.GAMES.values():
        for problem in registry_problems(spec):
            errors.append(checks.Error(f"{spec.slug}: {problem}", id="rulebook.E001"))
    return errors


def _worded(spec: games.Game, key: str) -> tuple[bool, set[str]]:
    """Whether the game's registry names rule ``key`` (a rule, or a ``[fixed]`` table with a
    name), and the values it words for it."""
    data = registry.read(spec.registry)
    rule = next((r for r in data["rules"] if r["key"] == key), None)
    fixed = data.get("fixed", {}).get(key, {})
    values = {v["value"] for v in rule.get("values", [])} if rule else set()
    return bool(rule or fixed.get("name")), values | set(fixed.get("values", {}))


def family_problems(specs) -> list[str]:
    """Two games of a family compared (or two variants): every rule on which their rule sets
    differ must be named, and each value worded, by one of the two registries, as the compare
    page looks them up (``comparing.value_label``); else a rule's key reaches the page."""
    from cardgames.compare import Side, family_parameters, knob_text

    problems = set()
    sides = [(spec, Side(spec.slug, spec.engine, v)) for spec in specs for v in spec.presets]
    for i, (spec_a, a) in enumerate(sides):
        for spec_b, b in sides[i + 1 :]:
            family = getattr(type(spec_a.engine.PRESETS[a.variant]), "KNOB_FAMILY", None)
            if spec_a is not spec_b and (
                family is None or family is not getattr(type(b.rules), "KNOB_FAMILY", None)
            ):
                continue
            pa, pb = family_parameters(a), family_parameters(b)
            for key in (k for k in pa if pa[k] != pb[k]):
                named_a, worded_a = _worded(spec_a, key)
                named_b, worded_b = _worded(spec_b, key)
                if not (named_a or named_b):
                    problems.add(f"{spec_a.slug}, {spec_b.slug}: no registry names rule {key!r}")
                for spec, side, params, own, other in (
                    (spec_a, a, pa, worded_a, worded_b),
                    (spec_b, b, pb, worded_b, worded_a),
                ):
                    text = knob_text(side, key, params[key]).strip(",")
                    if not ({text, "*"} & own or {text, "*"} & other or text.isdigit()):
                        problems.add(f"{spec.slug}: no wording for {key}={text!r}")
    return sorted(problems)


@checks.register()
def families_worded(app_configs=None, **kwargs):
    return [
        checks.Error(problem, id="rulebook.E003")
        for problem in family_problems(games.GAMES.values())
    ]


def reserved_problems(specs) -> list[str]:
    """A game or variant slug that is a reserved word would hide a page (or be hidden by one)."""
    problems = []
    for spec in specs:
        if spec.slug in games.RESERVED:
            problems.append(f"the game slug {spec.slug!r} is a reserved word")
        for slug in spec.presets:
            if slug in games.RESERVED:
                problems.append(f"{spec.slug}: the variant slug {slug!r} is a reserved word")
    return problems


@checks.register()
def no_reserved_slugs(app_configs=None, **kwargs):
    return [
        checks.Error(problem, id="rulebook.E002")
        for problem in reserved_problems(games.GAMES.values())
    ]
