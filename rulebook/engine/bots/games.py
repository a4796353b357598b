"""The games the computer players know, each a family and its few parameters.

A game is its family's heuristics (``penalty``, ``tarneeb``, ``layout``) with what sets it
apart: how its engine scores a card, and which source each heuristic's tip comes from in that
game's registry file (``source`` None: the site's own advice). Everything else a heuristic
needs (the pass, the exposures, the partners, the trumps, the auction) it reads from the
rules in force (``Rules.knobs()``), so one entry serves every preset and house rule.

Leekha, Hearts and Tarneeb 41 have no registry file and their sources give no advice: every
heuristic is the site's own there.
"""

from collections.abc import Callable
from dataclasses import dataclass, field
from types import ModuleType

from .. import bent_al_sbeet, hearts, leekha, sabaat_al_deemin, tarneeb, tarneeb_41


@dataclass(frozen=True, eq=False)
class Game:
    slug: str  # the site's game slug
    family: str  # "penalty", "tarneeb" or "layout"
    engine: ModuleType
    sources: dict[str, str] = field(default_factory=dict)  # reason code -> registry source key
    # The penalty family: each card's points under the rules with ``exposed`` exposed, asked
    # of the game's own scoring function (a card alone in a trick, the deal not over).
    card_points: Callable | None = None


def _points(score: Callable) -> Callable:
    """Each card's points from ``score(rules, taken, exposed)``."""

    def card_points(rules, exposed: int) -> tuple[int, ...]:
        return tuple(score(rules, [1 << c, 0, 0, 0], exposed)[0] for c in range(52))

    return card_points


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

GAMES = {
    game.slug: game
    for game in (
        Game(
            "bent-al-sbeet",
            "penalty",
            bent_al_sbeet,
            SBEET_SOURCES,
            _points(
                lambda rules, taken, exposed: bent_al_sbeet.score_deal(rules, taken, exposed, False)
            ),
        ),
        Game(
            "leekha",
            "penalty",
            leekha,
            card_points=_points(lambda rules, taken, _: leekha.score_deal(rules, taken, False)),
        ),
        Game(
            "hearts",
            "penalty",
            hearts,
            card_points=_points(lambda rules, taken, _: hearts.score_deal(rules, taken, False)),
        ),
        Game(
            "tarneeb",
            "tarneeb",
            tarneeb,
            {
                "bid_sure_tricks": "squarescores",
                "pass_weak": "squarescores",
                "let_bid_stand": "squarescores",
                "call_trump": "squarescores",
                "draw_trumps": "squarescores",
                "ruff": "squarescores",
                "hold_trump": "squarescores",
            },
        ),
        Game("tarneeb-41", "tarneeb", tarneeb_41),
        # The French rules sheet gives no advice: every heuristic is the site's own.
        Game("sabaat-al-deemin", "layout", sabaat_al_deemin),
    )
}
