"""The games the computer players know, each a family and its parameters.

A game is its family's heuristics (``penalty``, ``tarneeb``, ``layout``) with the few facts
that set it apart: how its engine scores a card, writes a pass or reads a call, a trump fixed by
the rules, and which source each heuristic's tip comes from in that game's registry file
(``source`` None: the site's own advice). Leekha and Hearts join the penalty family, Tarneeb 41
the Tarneeb family, each by one more entry here.
"""

from collections.abc import Callable
from dataclasses import dataclass, field
from types import ModuleType

from .. import bent_al_sbeet, sabaat_al_deemin, tarneeb


@dataclass(frozen=True, eq=False)
class Game:
    slug: str  # the site's game slug
    family: str  # "penalty", "tarneeb" or "layout"
    engine: ModuleType
    sources: dict[str, str] = field(default_factory=dict)  # reason code -> registry source key
    # The penalty family: each card's points given the rules and the exposed cards, and the
    # move that chooses a card to pass.
    card_points: Callable | None = None
    pass_move: Callable | None = None
    # The Tarneeb family: a trump the rules fix (None: the declarer names it), and a call read
    # as (tricks, strain): strain a suit 0-3, 4 for no trumps, None for a number-only bid.
    fixed_trump: int | None = None
    call_parts: Callable | None = None

    def bid_level(self, call: int) -> int:
        return self.call_parts(call)[0]

    def bid_strain(self, call: int) -> int | None:
        return self.call_parts(call)[1]


def _sbeet_points(rules, exposed: int) -> tuple[int, ...]:
    """Each card's points, asked of the engine's one scoring function."""
    score = bent_al_sbeet.score_deal
    return tuple(score(rules, [1 << c, 0, 0, 0], exposed, False)[0] for c in range(52))


def _tarneeb_call(call: int) -> tuple[int, int | None]:
    """A bid's tricks and strain, read from its token (``8``, ``8S``, ``13NT``)."""
    token = tarneeb.format_move(call)
    digits = token.rstrip("SHDCNT")
    strain = token[len(digits) :]
    return int(digits), (tarneeb.STRAINS.index(strain) if strain else None)


GAMES = {
    game.slug: game
    for game in (
        Game(
            "bent-al-sbeet",
            "penalty",
            bent_al_sbeet,
            sources={
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
            },
            card_points=_sbeet_points,
            pass_move=lambda c: bent_al_sbeet.PASS + c,
        ),
        Game(
            "tarneeb",
            "tarneeb",
            tarneeb,
            sources={
                "bid_sure_tricks": "squarescores",
                "pass_weak": "squarescores",
                "let_bid_stand": "squarescores",
                "call_trump": "squarescores",
                "draw_trumps": "squarescores",
                "ruff": "squarescores",
                "hold_trump": "squarescores",
            },
            call_parts=_tarneeb_call,
        ),
        # The French rules sheet gives no advice: every heuristic is the site's own.
        Game("sabaat-al-deemin", "layout", sabaat_al_deemin),
    )
}
