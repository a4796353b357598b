"""Every game the site plays, described once (as python-chess lists its ``VARIANTS``).

A game is its family's shared parts and its own few differences. The description names each
part once: the engine module, the registry file, the score sheet, the computer players, and
the module each app keeps for the family (the quiz's questions, the practice review's
sentences, the score sheet's deal form). Apps above the engine are named by dotted path, as
Django's settings name them, so the engine imports none of them; each app asks
``game.part("quiz")`` and never keeps a table keyed by a game's slug.

A new game of an existing family is one :class:`Game` here (and its engine module and registry
file); a new family is one :class:`Family` and a module in each app it names
(``docs/adding-a-game.md``).
"""

from dataclasses import dataclass, field, replace
from functools import cache, cached_property
from importlib import import_module
from types import ModuleType
from typing import Any

from .errors import BadInput


@cache  # the apps ask on every move (the computer players): resolve each path once
def _resolve(dotted: str) -> Any:
    """``"pkg.module"`` -> the module; ``"pkg.module:Name"`` -> that attribute of it."""
    module, _, name = dotted.partition(":")
    found = import_module(module)
    return getattr(found, name) if name else found


@dataclass(frozen=True)
class Family:
    """What the games of one family share. ``parts`` maps each app's part to a dotted path."""

    name: str  # "penalty", "trickbid", "layout"
    parts: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True, eq=False)
class Game:
    """One game: its slug (the URL's), its engine module under ``cardgames``, its family,
    and the parts where it differs from its family (``parts`` overrides ``family.parts``)."""

    slug: str
    engine_name: str
    family: Family
    registry: str = ""  # the registry file's stem; the engine's name unless set
    parts: dict[str, str] = field(default_factory=dict)
    # The computer players' tips a source gives: reason code -> the registry source's key
    # (a code not named is the site's own advice).
    sources: dict[str, str] = field(default_factory=dict)

    @cached_property
    def engine(self) -> ModuleType:
        return import_module(f"{__package__}.{self.family.name}.{self.engine_name}")

    @property
    def registry_name(self) -> str:
        return self.registry or self.engine_name

    def part(self, name: str) -> Any:
        """The module or object this game uses for ``name`` (``"quiz"``, ``"sheet"`` ...)."""
        dotted = self.parts.get(name) or self.family.parts.get(name)
        if dotted is None:
            raise KeyError(f"{self.slug} names no {name!r} part")
        return _resolve(dotted)

    def but(self, **changes) -> "Game":
        """This game with some fields changed (a test's game under a new slug)."""
        return replace(self, **changes)


# Each family's parts, each named once:
# - ``sheet``: the score sheet and the match model (``sheets``: totals, the end, the next dealer);
# - ``players``: the computer players' heuristics (``bots``); ``card_points`` where they price
#   a card by the game's own scoring;
# - ``deal_form``: the score sheet's form for a deal's facts (``scoresheet.forms``);
# - ``review``: what a practice deal's review says of its points (``practice.review``);
# - ``sentences``: the computer players' reasons in words (``practice.advice``);
# - ``costs``: the unit an analysis values a card in, in words (``rulebook.costs``).
PENALTY = Family(
    "penalty",
    {
        "quiz": "quiz.families.penalty",
        "sheet": "cardgames.sheet:PenaltySheet",
        "players": "cardgames.penalty.players",
        "card_points": "cardgames.penalty.players:card_points",
        "deal_form": "scoresheet.forms:CardsForm",
        "review": "practice.review:penalty_points",
        "sentences": "practice.advice:PENALTY",
        "costs": "rulebook.costs:POINTS",
    },
)
TRICKBID = Family(
    "trickbid",
    {
        "quiz": "quiz.families.trickbid",
        "sheet": "cardgames.sheet:TarneebSheet",
        "players": "cardgames.trickbid.players",
        "deal_form": "scoresheet.forms:TarneebDealForm",
        "review": "practice.review:contract_points",
        "sentences": "practice.advice:TRICKBID",
        "costs": "rulebook.costs:TRICKS",
    },
)
LAYOUT = Family(
    "layout",
    {
        "quiz": "quiz.families.layout",
        "quiz_match": "quiz.match_kind",
        "sheet": "cardgames.sheet:SabaatSheet",
        "players": "cardgames.layout.players",
        "deal_form": "scoresheet.forms:SabaatDealForm",
        "review": "practice.review:layout_points",
        "sentences": "practice.advice:LAYOUT",
        "costs": "rulebook.costs:CHANCE",
    },
)
# The quiz asks "who wins the match?" of the games whose description names this part.
MATCH_QUIZ = {"quiz_match": "quiz.match_kind"}

# Bent Al Sbeet's registry sources give tips; Leekha, Hearts and Tarneeb 41 have none, and
# the French rules sheet of Sab'at Al-Deemin gives no advice: the site's own there.
SBEET_SOURCES = {
    "pass_penalty_card": "sbeetah",
    "pass_catcher": "sbeetah",
    "pass_to_void": "qahwa",
    "pass_high_card": "sbeetah",
    "expose_safe": "qahwa",
    "keep_unexposed": "qahwa",
    "discard_penalty": "qahwa",
    "duck": "sbeetah",
    "lead_short": "qahwa",
    "lead_low": "sbeetah",
}
TARNEEB_SOURCES = {
    "bid_sure_tricks": "squarescores",
    "pass_weak": "squarescores",
    "let_bid_stand": "squarescores",
    "call_trump": "squarescores",
    "draw_trumps": "squarescores",
    "ruff": "squarescores",
    "hold_trump": "squarescores",
}
# Tarneeb 41: every player bids and scores alone, so its sheet and its deal form are its own.
TARNEEB_41 = {
    "sheet": "cardgames.sheet:Tarneeb41Sheet",
    "deal_form": "scoresheet.forms:BidsForm",
}

# The site's order: the three games the sources describe first, then their relatives.
GAMES: dict[str, Game] = {
    game.slug: game
    for game in (
        Game("bent-al-sbeet", "bent_al_sbeet", PENALTY, sources=SBEET_SOURCES, parts=MATCH_QUIZ),
        Game("tarneeb", "tarneeb", TRICKBID, sources=TARNEEB_SOURCES, parts=MATCH_QUIZ),
        Game("sabaat-al-deemin", "sabaat_al_deemin", LAYOUT),
        Game("leekha", "leekha", PENALTY),
        Game("tarneeb-41", "tarneeb_41", TRICKBID, parts=TARNEEB_41),
        Game("hearts", "hearts", PENALTY),
    )
}


def game(slug: str) -> Game:
    """The game ``slug`` (``BadInput("unknown_game")`` for any other)."""
    found = GAMES.get(slug)
    if found is None:
        raise BadInput("unknown_game", game=str(slug))
    return found


def register(new: Game) -> None:
    """Add a game to the site (a test's game; every app reads ``GAMES``)."""
    GAMES[new.slug] = new


def unregister(slug: str) -> None:
    GAMES.pop(slug, None)
