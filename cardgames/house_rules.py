"""House rules: a variant's rules with ``rule.<key>=<value>`` overrides, read by the engine.

Values are written as ``/variants`` writes them (``true``/``false``, numbers, words, card lists
comma-separated) and read by each rule's domain (``domains``). Errors are
:class:`~.errors.RuleError` (HTTP 400): ``unknown_rule`` (rule), ``bad_rule_value`` (rule,
value, kind, allowed, and low/high for a number), ``rules_conflict`` (rules, reason).

>>> from cardgames.penalty import bent_al_sbeet
>>> rules = with_overrides(bent_al_sbeet.PRESETS["qahwa"], {"target": "101", "moon": "false"})
>>> rules.target, rules.moon
(101, False)
>>> overrides_between(bent_al_sbeet.PRESETS["qahwa"], rules)
{'moon': 'false', 'target': '101'}
"""

from collections.abc import Mapping
from dataclasses import replace

from .domains import domains, rules_text
from .errors import RuleError

PREFIX = "rule."


def overrides_in(params, prefix: str = PREFIX) -> dict[str, str]:
    """The overrides a query carries: ``{key: text}`` for each ``rule.<key>`` parameter (for a
    key given twice, its last value, as a query's ``get`` reads it)."""
    return {k[len(prefix) :]: params.get(k) or "" for k in params if k.startswith(prefix)}


def with_overrides(rules, overrides: Mapping[str, str]):
    """``rules`` with each override read by its rule's domain; the others stand."""
    known = domains(rules)
    changes = {}
    for key, text in overrides.items():
        domain = known.get(key)
        if domain is None:
            raise RuleError("unknown_rule", rule=key)
        value = domain.read(text)
        if value is None:
            raise domain.refusal(key, text)
        changes[key] = value
    return replace(rules, **changes) if changes else rules


def overrides_between(base, rules) -> dict[str, str]:
    """The overrides that turn ``base`` into ``rules``, as a query writes them."""
    before, after = rules_text(base), rules_text(rules)
    return {key: after[key] for key in after if before.get(key) != after[key]}
