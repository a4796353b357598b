"""The form that starts a match: the variant, house rules (``rule.<key>``, every rule of the
game with the values its domain allows, worded as the rule page words them), the seat and the
computer players' level. A house rule left on "as the variant plays it" is no override."""

from django.utils.translation import gettext_lazy as _

from cardgames.domains import domains, rules_text
from cardgames.house_rules import PREFIX
from cardtable.words import vocabulary
from rulebook.models import Rule
from rulebook.pages import value_label

AS_VARIANT = _("Unchanged: %(value)s")


def rule_fields(game_row, spec, variant: str, chosen: dict) -> list[dict]:
    """Every rule of ``variant`` as a form field: its name, the value the variant plays, and
    the values a table may choose instead (a number: its range)."""
    rules = spec.presets[variant]
    vocab = vocabulary(spec)
    rows = {r.key: r for r in Rule.objects.filter(game=game_row).prefetch_related("values")}
    played = rules_text(rules)
    fields = []
    for key, domain in domains(rules).items():
        rule = rows.get(key)
        field = {
            "name": PREFIX + key,
            "key": key,
            "title": rule.name if rule else key,
            "kind": domain.kind,
            "value": chosen.get(key, ""),
            "default": AS_VARIANT % {"value": value_label(rule, played[key], vocab)},
        }
        if domain.kind == "number":
            field.update(low=domain.low, high=domain.high, placeholder=played[key])
        else:
            values = domain.subsets() if domain.kind == "cards" else domain.values()
            field["options"] = [
                {"value": v, "label": value_label(rule, v, vocab)}
                for v in values
                if v.strip(",") != played[key]
            ]
            if not field["options"]:
                continue  # nothing a table could choose instead
        fields.append(field)
    return fields
