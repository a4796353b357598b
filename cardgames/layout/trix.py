"""The Trix contract (تركس): the layout family's game on 52 cards, built from the jacks.

Sources (keys of ``rulebook/registry/trix.toml``, from the site's notes on Trix): four rows, one
per suit, each opened by its jack and built up to the ace and down to the two [WP, J-TX, J-TC,
KT, TH, MB]; a legal card is a jack or a card next to an end of its suit's row [KT, J-TC, TH,
NU, MB], one a turn [KT]; the kingdom's owner plays first [TH, NU, MB]; turns go to the right
[TH, MB]; a seat passes only when it has no card to lay [J-TX, J-TC, KT, TH, NU, MB]. Places in
the order of going out score 200, 150, 100, 50 [SD, AND, MB, TIR]; the deal ends when three
seats are out, the fourth taking the last place [MB].

The twos face up (``twos_face_up``) is a table's choice the sources give three ways: never (the
site's default: most sources say nothing of it), after every player's first turn [WP via GMS],
at the start when the twos are split between the sides, partnerships only [MB]. It changes what
the table shows, never what is legal.

The family's pass is its ``knock`` move (token ``knock``); the pages word it as Trix players do.
"""

from dataclasses import dataclass
from typing import ClassVar

from .. import domains
from ..cards import JACK, PACK_52, TWO, card
from ..domains import RuleSet
from ..table import Direction, side_of

TWOS = sum(1 << card(TWO, s) for s in range(4))


@dataclass(frozen=True)
class Rules(RuleSet):
    """The Trix contract's rules; the layout deal reads the class attributes as the family's."""

    PACK: ClassVar[int] = PACK_52
    OPENING_RANK: ClassVar[int] = JACK  # a jack opens its suit's row
    BUILDS_DOWN: ClassVar[bool] = True  # rows go down to the two as well as up to the ace
    PLACES: ClassVar[bool] = True  # play goes on until three seats are out
    # The rule steps as Trix names them: rows opened by a jack, and a pass, not a knock.
    CODES: ClassVar[dict[str, str]] = {
        "starts_pile": "starts_row",
        "next_on_pile": "next_in_row",
        "must_knock": "must_pass",
        "cannot_knock": "cannot_pass",
    }
    # No opening card, no announcements, no warning: the family's Sab'at rules, absent.
    opening_card: ClassVar[None] = None
    announcements: ClassVar[bool] = False
    redeal_on_three: ClassVar[bool] = False
    double_allowed: ClassVar[bool] = False
    triple_allowed: ClassVar[bool] = False
    warning_required: ClassVar[bool] = False
    redeal_dealer: ClassVar[str] = "same"

    direction: Direction = domains.direction(Direction.RIGHT)
    first_out_points: int = domains.number(200, 0, 1000, 200)
    second_out_points: int = domains.number(150, 0, 1000, 150)
    third_out_points: int = domains.number(100, 0, 1000, 100)
    last_points: int = domains.number(50, 0, 1000, 50)
    twos_face_up: str = domains.choice("never", "never", "after_first_turns", "at_start_if_split")

    @property
    def place_points(self) -> tuple[int, int, int, int]:
        return (
            self.first_out_points,
            self.second_out_points,
            self.third_out_points,
            self.last_points,
        )

    def place_score(self, out: list[int]) -> list[int]:
        """Each seat's points for the places taken so far (``out``: seats in the order they
        went out)."""
        points = [0, 0, 0, 0]
        for place, seat in enumerate(out):
            points[seat] = self.place_points[place]
        return points


def twos_shown(rules: Rules, hands: list[int], turns: int, partners: bool) -> int:
    """The twos the table shows face up in their holders' hands under ``twos_face_up``:
    ``turns`` moves made so far, ``partners`` whether the seats play as two sides."""
    held = (hands[0] | hands[1] | hands[2] | hands[3]) & TWOS
    if rules.twos_face_up == "after_first_turns":
        return held if turns >= 4 else 0
    if rules.twos_face_up == "at_start_if_split" and partners:
        sides = {side_of(s) for s in range(4) if hands[s] & TWOS}
        return held if len(sides) == 2 else 0
    return 0
