"""The games the site knows, as the registry and the pages see them: URL slug -> engine module
and registry file, with the region and the cards the registry file gives.

Every game is described once (``rulebook.engine.games``); ``GAMES`` here reads that description,
so a game registered there is served by the views, the loader, the checks and the API.
"""

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, fields
from functools import cache, cached_property
from importlib import import_module

from .engine import cards
from .engine import games as description
from .engine.domains import rules_json, rules_text
from .engine.table import Direction


@dataclass(frozen=True)
class GameSpec:
    slug: str
    engine_name: str  # the engine module, and the registry file's stem

    @cached_property
    def engine(self):
        return import_module(f"{description.__package__}.{self.engine_name}")

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
        *("api", "mine", "lessons", "tables", "table", "accounts", "analysis", "classes"),
        "challenges",
    )
)


@cache
def _spec(described: description.Game) -> GameSpec:
    return GameSpec(described.slug, described.engine_name)


class Described(Mapping):
    """Every described game's spec, in the site's order, read from the description each time:
    a game registered (or unregistered) there is in (or out of) ``GAMES`` at once."""

    def __getitem__(self, slug: str) -> GameSpec:
        return _spec(description.GAMES[slug])

    def __iter__(self) -> Iterator[str]:
        return iter(description.GAMES)

    def __len__(self) -> int:
        return len(description.GAMES)


GAMES: Mapping[str, GameSpec] = Described()


def get(slug: str) -> GameSpec | None:
    return GAMES.get(slug)


def by_engine(engine_name: str) -> GameSpec | None:
    """The game an engine module plays (``tarneeb`` -> the ``tarneeb`` spec)."""
    return next((s for s in GAMES.values() if s.engine_name == engine_name), None)


def family(spec: GameSpec) -> list[GameSpec]:
    """The other games of ``spec``'s family in the description (Bent Al Sbeet, Leekha and
    Hearts; Tarneeb and Tarneeb 41), in the site's order; none for a game alone."""
    mine = description.GAMES.get(spec.slug)
    if mine is None:
        return []
    return [
        GAMES[slug]
        for slug, other in description.GAMES.items()
        if other is not mine and other.family is mine.family
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
