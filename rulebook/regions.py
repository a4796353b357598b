"""A game by place: the registry's ``[[regions]]``, in the reader's language.

A region names a rule set (``side``, ``<game>:<variant>``) only where a source ties a way of
playing to the place; elsewhere its text says what the sources give, and it names none, so no
page invents a region. The data is the registry file's (as ``[fixed]`` is): the loader keeps
no rows of it, and ``manage.py check`` (``region_problems``) guards it.
"""

from dataclasses import dataclass

from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from . import games, registry

EVIDENCE = {
    "rules": _("The sources tie a way of playing to this place"),
    "common": _("The sources place the common game here, with no rule of its own"),
    "none": _("Thin evidence: no source ties a rule to this place"),
}


@dataclass(frozen=True)
class Cited:
    title: str
    language: str
    label: str


@dataclass(frozen=True)
class Region:
    key: str
    name: str
    paragraphs: tuple[str, ...]
    evidence: str
    game: str | None  # the rule set it names, None where the evidence is thin
    variant: str | None
    sources: tuple[Cited, ...]

    @property
    def evidence_label(self) -> str:
        return str(EVIDENCE[self.evidence])

    @property
    def side(self) -> str | None:
        return f"{self.game}:{self.variant}" if self.game else None


def _language() -> str:
    lang = (get_language() or "en")[:2]
    return lang if lang in registry.LANGUAGES else "en"


def of_game(spec: games.Game) -> list[Region]:
    """The places the game's registry describes, in its order."""
    data = registry.read(spec.registry)
    lang = _language()
    sources = {s["key"]: s for s in data.get("sources", [])}
    out = []
    for r in data.get("regions", []):
        game, _sep, variant = r.get("side", "").partition(":")
        cited = tuple(
            Cited(sources[k]["title"], sources[k]["language"], sources[k]["label"][lang])
            for k in r.get("sources", [])
        )
        text = r["text"][lang]
        out.append(
            Region(
                key=r["key"],
                name=r["name"][lang],
                paragraphs=tuple(p.strip() for p in text.split("\n\n") if p.strip()),
                evidence=r["evidence"],
                game=game or None,
                variant=variant or None,
                sources=cited,
            )
        )
    return out


def named_by_mechanics(spec: games.Game) -> set[str]:
    """The variants of a game described by place that no place names (nor is the default):
    the forms named by how they work, which the rule page lists apart. None for a game with
    no regions."""
    placed = {r.variant for r in of_game(spec) if r.game == spec.slug}
    if not placed:
        return set()
    return set(spec.presets) - placed - {spec.default_variant}


def with_rules() -> list[Region]:
    """Every region of every game that names a rule set: the ones a table can compare."""
    return [r for spec in games.GAMES.values() for r in of_game(spec) if r.side]


def region_problems(spec: games.Game) -> list[str]:
    """A region's evidence is one of ``EVIDENCE``; it names a rule set (a listed game's preset)
    exactly when the sources tie a rule or the common game to it; its sources are the
    registry's; its name and text are in every language."""
    data = registry.read(spec.registry)
    sources = {s["key"] for s in data.get("sources", [])}
    problems = []
    for r in data.get("regions", []):
        where = f"region {r.get('key')!r}"
        evidence = r.get("evidence")
        if evidence not in EVIDENCE:
            problems.append(f"{where}: evidence {evidence!r} is not one of {', '.join(EVIDENCE)}")
        side = r.get("side")
        if side:
            game, _sep, variant = side.partition(":")
            other = games.get(game)
            if other is None or variant not in other.presets:
                problems.append(f"{where}: {side!r} is no game's preset")
        if bool(side) != (evidence in ("rules", "common")):
            problems.append(f"{where}: names a rule set only where the sources give one")
        problems += [
            f"{where}: unknown source {k!r}" for k in r.get("sources", []) if k not in sources
        ]
        for name in ("name", "text"):
            table = r.get(name) or {}
            missing = [lang for lang in registry.LANGUAGES if not str(table.get(lang, "")).strip()]
            if missing:
                problems.append(f"{where}: no {', '.join(missing)} {name}")
    return problems
