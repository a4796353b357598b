"""Load the registry's TOML files into the models, without ever losing an editor's change.

Each row remembers the fingerprint of what the loader wrote (``loaded_digest``). On a reload:
- a row whose content still matches that fingerprint is brought up to date with the file;
- a row whose content no longer matches was edited in the admin: it is kept, and reported;
- a row that is already what the file says is left untouched, so loading twice changes nothing.
"""

import hashlib
import json
from dataclasses import dataclass, field

from django.db import transaction

from . import games, registry
from .models import Claim, Game, Rule, RuleValue, Section, Source, Variant
from .signals import one_revision


@dataclass
class Report:
    created: int = 0
    updated: int = 0
    unchanged: int = 0
    deleted: int = 0
    kept: list[str] = field(default_factory=list)

    def __str__(self):
        text = (
            f"{self.created} created, {self.updated} updated, {self.unchanged} unchanged, "
            f"{self.deleted} deleted"
        )
        if self.kept:
            text += f"; kept {len(self.kept)} edited in the admin: " + ", ".join(self.kept)
        return text


def fingerprint(values: dict) -> str:
    return hashlib.sha256(json.dumps(values, sort_keys=True, default=str).encode()).hexdigest()


def texts(data: dict, name: str) -> dict:
    """``{"name_ar": …, "name_en": …, "name_fr": …}`` from a TOML table ``{ar, en, fr}``."""
    table = data.get(name) or {}
    return {f"{name}_{lang}": table.get(lang, "") for lang in registry.LANGUAGES}


def sync(model, lookup: dict, values: dict, report: Report):
    target = fingerprint(values)
    obj = model.objects.filter(**lookup).first()
    if obj is None:
        report.created += 1
        return model.objects.create(**lookup, **values, loaded_digest=target)
    current = fingerprint({k: getattr(obj, k) for k in values})
    if current == target:
        report.unchanged += 1
        if obj.loaded_digest != target:
            model.objects.filter(pk=obj.pk).update(loaded_digest=target)
        return obj
    if current != obj.loaded_digest:
        report.kept.append(f"{model.__name__} {obj}")
        return obj
    for k, v in values.items():
        setattr(obj, k, v)
    obj.loaded_digest = target
    obj.save()
    report.updated += 1
    return obj


def prune(queryset, keep_ids, report: Report):
    stale = queryset.exclude(pk__in=keep_ids)
    report.deleted += stale.count()
    stale.delete()


@transaction.atomic
def load_game(spec: games.Game, report: Report) -> Game:
    data = registry.read(spec.registry)
    game = sync(
        Game,
        {"slug": spec.slug},
        {
            "engine": spec.registry,  # the stem of its registry file
            "order": data.get("order", 0),
            "default_variant": data["default_variant"],
            "region": data.get("region", ""),
            "registry_version": registry.version(spec.registry),
            **texts(data, "name"),
            **texts(data, "tagline"),
            **texts(data, "default_reason"),
        },
        report,
    )
    sources = {}
    for order, s in enumerate(data["sources"]):
        sources[s["key"]] = sync(
            Source,
            {"game": game, "key": s["key"]},
            {
                "file": s["file"],
                "language": s["language"],
                "order": order,
                "title": s["title"],
                **texts(s, "label"),
                **texts(s, "summary"),
            },
            report,
        )
    prune(game.sources.all(), [s.pk for s in sources.values()], report)

    variants = []
    for order, v in enumerate(data["variants"]):
        variant = sync(
            Variant,
            {"game": game, "slug": v["slug"]},
            {"order": order, **texts(v, "name"), **texts(v, "summary")},
            report,
        )
        variant.sources.set([sources[k] for k in v["sources"]])
        variants.append(variant.pk)
    prune(game.variants.all(), variants, report)

    sections = {}
    for order, s in enumerate(data["sections"]):
        sections[s["key"]] = sync(
            Section,
            {"game": game, "key": s["key"]},
            {"order": order, **texts(s, "title"), **texts(s, "body")},
            report,
        )

    rule_ids, value_ids, claim_ids = [], [], []
    for order, r in enumerate(data["rules"]):
        rule = sync(
            Rule,
            {"game": game, "key": r["key"]},
            {
                "section_id": sections[r["section"]].pk,
                "order": order,
                **texts(r, "name"),
                **texts(r, "default_reason"),
            },
            report,
        )
        rule_ids.append(rule.pk)
        for v in r.get("values", []):
            value_ids.append(
                sync(
                    RuleValue,
                    {"rule": rule, "value": v["value"]},
                    {**texts(v, "label"), **texts(v, "statement")},
                    report,
                ).pk
            )
        for c in r.get("claims", []):
            claim_ids.append(
                sync(
                    Claim,
                    {"rule": rule, "source": sources[c["source"]]},
                    {"status": c["status"], "value": str(c.get("value", "")), **texts(c, "note")},
                    report,
                ).pk
            )
    prune(RuleValue.objects.filter(rule__game=game), value_ids, report)
    prune(Claim.objects.filter(rule__game=game), claim_ids, report)
    prune(game.rules.all(), rule_ids, report)
    prune(game.sections.all(), [s.pk for s in sections.values()], report)
    return game


@one_revision()
def load_all() -> dict[str, Report]:
    reports = {}
    for spec in games.GAMES.values():
        reports[spec.slug] = report = Report()
        load_game(spec, report)
    prune(Game.objects.all(), Game.objects.filter(slug__in=games.GAMES).values("pk"), Report())
    return reports
