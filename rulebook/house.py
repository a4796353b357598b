"""House rules on the site's pages: a variant's rules with the reader's ``rule.<key>`` overrides.

The engine reads and checks the overrides (``engine.house_rules``, ``engine.domains``); this
module reads them as a page's form sends them, says every problem at once (each bad value beside
its rule, a conflict beside every rule it involves), writes the short permalink (only the values
that differ from the variant), and lays out the "your table's rules" form: every rule with its
allowed values in words, grouped by the page's sections.
"""

from dataclasses import dataclass, field
from urllib.parse import urlencode

from cardgames.domains import domains
from cardgames.errors import RuleError
from cardgames.house_rules import PREFIX, overrides_between, with_overrides

from .messages import explain


def given(params) -> dict[str, str]:
    """The ``rule.*`` values a query carries. A card list's checkboxes arrive as one value each
    (after an empty one that stands for "none"): they are joined with commas."""
    out = {}
    for name in params:
        if not name.startswith(PREFIX):
            continue
        values = params.getlist(name) if hasattr(params, "getlist") else [params.get(name)]
        values = [v or "" for v in values]
        out[name[len(PREFIX) :]] = values[0] if len(values) == 1 else ",".join(filter(None, values))
    return out


@dataclass
class House:
    """The rules in force on a page: the variant's (``preset``) with the reader's changes."""

    preset: object
    rules: object
    chosen: dict[str, str]  # what the query said, key by key
    problems: dict[str, str] = field(default_factory=dict)  # rule key -> message (HTML)
    general: list[str] = field(default_factory=list)  # messages tied to no field
    codes: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not (self.problems or self.general)

    @property
    def overrides(self) -> dict[str, str]:
        """The values that differ from the variant's, in the order of the rules."""
        return overrides_between(self.preset, self.rules) if self.ok else {}

    def query(self) -> dict[str, str]:
        return {PREFIX + k: v for k, v in self.overrides.items()}

    def query_string(self) -> str:
        return urlencode(self.query())

    @property
    def canonical(self) -> bool:
        """Whether the query already is the short permalink (so no redirect is needed)."""
        return self.chosen == self.overrides

    def value(self, key: str) -> str:
        """The value a form shows for ``key``: what the reader chose, else the rule in force."""
        if key in self.chosen:
            return self.chosen[key]
        return domains(self.rules)[key].text(getattr(self.rules, key))


def read(spec, variant: str, params, names: dict | None = None) -> House:
    """Read the overrides of ``params`` against the variant, collecting every problem; the
    messages call each rule by its name in ``names`` (key -> name), else by its key."""
    preset = spec.presets[variant]
    chosen = given(params)
    house = House(preset, preset, chosen)
    names = names or {}
    for key, text in chosen.items():
        try:
            with_overrides(preset, {key: text})
        except RuleError as e:
            _note(house, e, spec, names, key)
    if house.ok and chosen:
        try:
            house.rules = with_overrides(preset, chosen)
        except RuleError as e:
            _note(house, e, spec, names)
    return house


def _note(house: House, error: RuleError, spec, names: dict, key: str | None = None):
    details = dict(error.details)
    if error.code != "unknown_rule" and "rule" in details:
        details["rule"] = names.get(details["rule"], details["rule"])
    if "rules" in details:
        details["rules"] = [names.get(k, k) for k in details["rules"]]
    message = explain(error.code, details, game=spec)
    house.codes.append(error.code)
    keys = error.details.get("rules") or ([key] if key else [])
    known = domains(house.preset)
    placed = [k for k in keys if k in known]
    if error.code == "unknown_rule" or not placed:
        house.general.append(message)
        return
    for k in placed:
        house.problems[k] = message


# --- the form -----------------------------------------------------------------------------


def _options(domain, current: str, presets: list[str]) -> list[str]:
    """The values a field offers, as text: a choice's and a flag's own, a number's suggested
    values and every variant's, in order, and the value in force."""
    if domain.kind != "number":
        return list(domain.values())
    numbers = set()
    for text in [*domain.values(), *presets, current]:
        value = domain.read(text)
        if value is not None:
            numbers.add(value)
    return [str(n) for n in sorted(numbers)]


def form(spec, house: House, rule_rows, sections, vocab) -> list[dict]:
    """The form's groups, one per section of the page: each rule with its values in words."""
    from . import pages

    known = domains(house.preset)
    preset_text = {k: d.text(getattr(house.preset, k)) for k, d in known.items()}
    variants_text = [
        {k: d.text(getattr(r, k)) for k, d in known.items()} for r in spec.presets.values()
    ]
    by_section: dict[int, list[dict]] = {}
    for rule in rule_rows:
        domain = known.get(rule.key)
        if domain is None:
            continue
        current = house.value(rule.key)
        view = {
            "key": rule.key,
            "name": rule.name,
            "kind": domain.kind,
            "message": house.problems.get(rule.key),
            "changed": rule.key in house.overrides,
            "preset": pages.label_for(rule, preset_text[rule.key], vocab),
        }
        if domain.kind == "cards":
            chosen = {c.strip().upper() for c in current.split(",") if c.strip()}
            view["cards"] = [
                {"value": code, "label": vocab.card(i), "checked": code in chosen}
                for code, i in zip(domain.values(), domain.options, strict=True)
            ]
        else:
            values = _options(domain, current, [p[rule.key] for p in variants_text])
            options = [
                {
                    "value": v,
                    "label": pages.label_for(rule, v, vocab),
                    "selected": v == current,
                }
                for v in values
            ]
            if current not in values:  # what the reader typed, kept and marked
                options.append({"value": current, "label": f"“{current}”", "selected": True})
            view["options"] = options
        by_section.setdefault(rule.section_id, []).append(view)
    return [
        {"key": s.key, "title": s.title, "fields": by_section[s.pk]}
        for s in sections
        if s.pk in by_section
    ]
