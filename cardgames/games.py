"""Every game the site plays, listed once (as python-chess lists its ``VARIANTS``).

A game is its engine module (which names its family: ``engine.FAMILY``), the stem of its
registry file, and where it differs from its family: the sources of its computer players'
tips, whether the quiz asks who wins its match, a score sheet of its own. Every app reads this
list (``game(slug)``, ``GAMES``) and the typed records it holds; none keeps a table keyed by a
game's slug or a family's name.

A new game of an existing family is one line here, its engine module and its registry file
(``docs/adding-a-game.md``); a new family adds its package beside ``penalty``, ``trickbid`` and
``layout`` and a module in each app that words its games (``<app>/families/<family>.py``).
"""

from . import trix
from .contract import Family, Game
from .errors import BadInput
from .layout import sabaat_al_deemin
from .layout.family import FAMILY as LAYOUT
from .penalty import bent_al_sbeet, hearts, leekha
from .penalty.family import FAMILY as PENALTY
from .trickbid import tarneeb, tarneeb_41
from .trickbid.family import FAMILY as TRICKBID
from .trickbid.sheet import Tarneeb41Sheet

__all__ = ["FAMILIES", "GAMES", "Family", "Game", "game", "register", "sheet_for", "unregister"]

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

FAMILIES: tuple[Family, ...] = (PENALTY, TRICKBID, LAYOUT, trix.FAMILY)

# The site's order: the three games the sources describe first, then their relatives.
GAMES: dict[str, Game] = {
    game.slug: game
    for game in (
        Game("bent-al-sbeet", bent_al_sbeet, "bent_al_sbeet", SBEET_SOURCES, match_quiz=True),
        Game("tarneeb", tarneeb, "tarneeb", TARNEEB_SOURCES, match_quiz=True),
        Game("sabaat-al-deemin", sabaat_al_deemin, "sabaat_al_deemin", match_quiz=True),
        Game("leekha", leekha, "leekha"),
        # Every player bids and scores alone: a sheet of its own.
        Game("tarneeb-41", tarneeb_41, "tarneeb_41", sheet_class=Tarneeb41Sheet),
        Game("hearts", hearts, "hearts"),
        # Four kingdoms, the owner naming each deal's contract: its match is the kingdom.
        Game("trix", trix, "trix", sheet_class=trix.Kingdom),
    )
}


def game(slug: str) -> Game:
    """The game ``slug`` (``BadInput("unknown_game")`` for any other)."""
    found = GAMES.get(slug) if isinstance(slug, str) else None
    if found is None:
        raise BadInput("unknown_game", game=str(slug))
    return found


def sheet_for(slug: str, rules):
    """A new score sheet of the game ``slug`` under ``rules`` (``game(slug).sheet(rules)``)."""
    return game(slug).sheet(rules)


def register(new: Game) -> None:
    """Add a game to the site (a test's game; every app reads ``GAMES``)."""
    GAMES[new.slug] = new


def unregister(slug: str) -> None:
    GAMES.pop(slug, None)
