"""The games the site knows: URL slug -> engine module and registry file.

The engines list them (``rulebook.engine.ENGINES``); views, the loader, checks and the API
read them here.
"""

from dataclasses import dataclass, fields
from functools import cached_property

from .engine import ENGINES, cards
from .engine import engine as engine_of
from .engine.domains import rules_json, rules_text
from .engine.table import Direction


@dataclass(frozen=True)
class GameSpec:
    slug: str
    engine_name: str

    @cached_property
    def engine(self):
        return engine_of(self.slug)

    @property
    def presets(self) -> dict:
        return self.engine.PRESETS

    @property
    def default_variant(self) -> str:
        return self.engine.DEFAULT_PRESET

    @property
    def region(self) -> str:
        """Whose words the game speaks (``gulf``, ``levant``): its registry file says."""
        from . import registry

        return registry.read(self.engine_name).get("region", "")

    @property
    def cards(self) -> list[int]:
        """The cards drawn for the game where it is introduced (the home page): its registry
        file names them (``cards``)."""
        from . import registry

        return [cards.parse_card(code) for code in registry.read(self.engine_name).get("cards", [])]

    def rule_keys(self) -> list[str]:
        return [f.name for f in fields(self.engine.Rules)]


# Words that name pages (the positions spec's "Reserved words"): never a game or variant slug.
RESERVED = frozenset(
    (
        *("position", "practice", "compare", "glossary", "print", "sheet", "tutorials", "quiz"),
        *("api", "mine", "lessons", "tables", "table", "accounts", "analysis"),
    )
)

# The engines name every game (rulebook.engine.ENGINES), in the site's order.
GAMES = {slug: GameSpec(slug, module) for slug, module in ENGINES.items()}


def get(slug: str) -> GameSpec | None:
    return GAMES.get(slug)


def by_engine(engine_name: str) -> GameSpec | None:
    """The game an engine module plays (``tarneeb`` -> the ``tarneeb`` spec)."""
    return next((s for s in GAMES.values() if s.engine_name == engine_name), None)


def family(spec: GameSpec) -> list[GameSpec]:
    """The other games of ``spec``'s engine family (Bent Al Sbeet, Leekha and Hearts; Tarneeb and
    Tarneeb 41), in the site's order; none for a game alone."""
    mine = getattr(spec.engine.Rules, "FAMILY", None)
    if mine is None:
        return []
    return [
        other
        for other in GAMES.values()
        if other is not spec and getattr(other.engine.Rules, "FAMILY", None) is mine
    ]


def value_key(value) -> str:
    """An engine rule value as the registry writes it: ``13``, ``true``, ``right``, ``QS,TD``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Direction):
        return value.value
    if isinstance(value, tuple):
        return ",".join(cards.card_code(c) if isinstance(c, int) else str(c) for c in value)
    return str(value)


def parameters(rules) -> dict[str, str]:
    """Every rule of a ``Rules`` object as registry text, in field order (as an override
    ``rule.<key>=<value>`` writes it)."""
    return rules_text(rules)


def parameters_json(rules) -> dict:
    """Every rule with a JSON value: numbers and booleans as such, card lists as codes."""
    return rules_json(rules)
