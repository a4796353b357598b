"""The games as the registry and the pages see them: the engine's list of games
(``cardgames.games``) read with what each game's registry file says of it (its region, the
cards drawn where it is introduced), and the words that name pages rather than games.

A game is a ``cardgames.contract.Game``: its registry file is ``game.registry`` (a stem of
``rulebook/registry/``), never its engine module's name, so two games may share an engine
module and each have a registry of its own.
"""

from collections.abc import Mapping
from dataclasses import fields

from cardgames import cards
from cardgames.contract import Game
from cardgames.domains import rules_json, rules_text
from cardgames.games import GAMES as LISTED
from cardgames.table import Direction

from . import registry

# Every game, in the site's order: the engine's own list (a game registered there is here).
GAMES: Mapping[str, Game] = LISTED

# Words that name pages (the positions spec's "Reserved words"): never a game or variant slug.
RESERVED = frozenset(
    (
        *("position", "practice", "compare", "glossary", "print", "sheet", "tutorials", "quiz"),
        *("api", "mine", "lessons", "tables", "table", "accounts", "analysis", "classes"),
        "challenges",
    )
)


def get(slug: str) -> Game | None:
    return GAMES.get(slug)


def region(game: Game) -> str:
    """Whose words the game speaks (``gulf``, ``levant``): its registry file says."""
    return registry.read(game.registry).get("region", "")


def drawn_cards(game: Game) -> list[int]:
    """The cards drawn for the game where it is introduced (the home page): its registry file
    names them (``cards``)."""
    return [cards.parse_card(code) for code in registry.read(game.registry).get("cards", [])]


def rule_keys(game: Game) -> list[str]:
    return [f.name for f in fields(game.engine.Rules)]


def relatives(game: Game) -> list[Game]:
    """The other games of ``game``'s family (Bent Al Sbeet, Leekha and Hearts; Tarneeb and
    Tarneeb 41), in the site's order; none for a game alone."""
    return [other for other in GAMES.values() if other is not game and other.family is game.family]


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
