"""Sab'at Al-Deemin around the deal: the penalties a wrong action incurs, where the match
stands (the score sheet, ``sheets.SabaatSheet``, keeps it: deals until a side reaches the
target), and what positions and rule pages ask of a game module.

The rules, moves, scoring and the deal are :mod:`.sabaat_al_deemin`, which also exports every
name here (the game module is what the apps read).
"""

from dataclasses import dataclass, replace

from ..cards import SEVEN, card, card_code, parse_card
from ..contract import Phase
from ..errors import BadInput, IllegalMove
from ..table import SEATS, next_seat, parse_seat, side_of
from .sabaat_al_deemin import (
    ANNOUNCEMENTS,
    KNOCK,
    PACK,
    SIDES,
    SIGNAL,
    Deal,
    Rules,
    format_move,
    hand_of_codes,
    new_deal,
    parse_move,
    score_hand,
)

# The phases bound once: ``Phase.PLAY`` looks the member up on the enum at every read.
_ANNOUNCE, _PLAY = Phase.ANNOUNCE, Phase.PLAY

# --- Penalties ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Penalty:
    """A penalty: its code, the points it gives, and (once incurred) who gave and who takes."""

    code: str
    points: int
    seat: int | None = None  # the offender
    side: int | None = None  # the side that scores the points: the offender's opponents
    detectable: bool = True  # whether the engine can recognise it from an action

    def to_dict(self) -> dict:
        return {
            "code": self.code,
            "points": self.points,
            "seat": None if self.seat is None else SEATS[self.seat],
            "side": None if self.side is None else SIDES[self.side],
        }


# The source's penalties, in the order penalty_for checks them.
PENALTY_CODES = (
    "out_of_turn",  # a card played out of turn
    "knock_with_playable_card",  # a knock by a player who could have laid a card
    "wrong_card",  # a card of the wrong rank or suit for its pile
    "missing_warning",  # a player left with one card did not warn the table
    "signalling",  # a comment or gesture telling the partner about cards (not in the moves)
)


def penalty_table(rules: Rules, multiplier: int = 1) -> dict[str, Penalty]:
    """Every penalty with its points under ``rules`` (multiplied only if the rules say so)."""
    points = rules.penalty_points * (multiplier if rules.penalty_multiplied else 1)
    return {code: Penalty(code, points, detectable=code != "signalling") for code in PENALTY_CODES}


PENALTIES = penalty_table(Rules())


def penalty_for(deal: "Deal", action, seat: int | str | None = None, *, warned: bool = True):
    """The penalty ``seat`` (default: the player to act) incurs by ``action`` now, or None.

    ``action`` is a move (int or token: a card, ``knock``) or ``SIGNAL``. ``warned`` says
    whether the player warned the table, for a card that leaves them with one card. The
    position itself does not change: a wrong action is corrected and play goes on.
    """
    if isinstance(seat, str):
        seat = parse_seat(seat)
    if seat is None:
        seat = deal.to_act
    rules = deal.rules
    if deal.phase not in (_ANNOUNCE, _PLAY) or seat is None:
        raise IllegalMove("wrong_phase", phase=deal.phase, move=str(action))
    table = penalty_table(rules, deal.multiplier)

    def incurred(code: str) -> Penalty:
        return replace(table[code], seat=seat, side=1 - side_of(seat))

    if action == SIGNAL:
        return incurred("signalling")
    move = parse_move(action) if isinstance(action, str) else action
    format_move(move)  # BadInput for an int that is no move
    if deal.phase != _PLAY or move in ANNOUNCEMENTS:
        raise IllegalMove("wrong_phase", phase=deal.phase, move=format_move(move))
    hand = deal.hands[seat]
    playable = hand & deal._allowed_cards()
    if move == KNOCK:
        if seat == deal.to_act and playable:
            return incurred("knock_with_playable_card")
        return None
    if not hand >> move & 1:
        raise IllegalMove("card_not_in_hand", card=card_code(move), seat=SEATS[seat])
    if seat != deal.to_act:
        return incurred("out_of_turn")
    if not playable >> move & 1:
        return incurred("wrong_card")
    if rules.warning_required and not warned and hand.bit_count() == 2:
        return incurred("missing_warning")
    return None


# --- The match (kept on the score sheet, ``sheets.SabaatSheet``, which asks these) ---------


def next_dealer(rules: Rules, deal: "Deal") -> int:
    """The deal passes on in the direction of play, except after a redeal by the same dealer."""
    if deal.redealt and rules.redeal_dealer == "same":
        return deal.dealer
    return next_seat(deal.dealer, rules.direction)


def winning_side(rules: Rules, totals) -> int | None:
    """The side (0 NS, 1 EW) whose total has reached the target, the higher if both have."""
    reached = [s for s in (0, 1) if totals[s] >= rules.target]
    return max(reached, key=lambda s: totals[s]) if reached else None


# --- Positions and pages -----------------------------------------------------------------------


def parse_extra(params) -> dict:
    """Query parameters beyond the spec's: ``start=announce`` (an extension) replays the
    announcements too; by default a position starts at play, as the spec's moves do."""
    start = (params.get("start") or "play").lower()
    if start not in ("play", "announce"):
        raise BadInput("bad_move", move=f"start={start}")
    return {"start": "announce"} if start == "announce" else {}


def format_extra(extra: dict) -> dict:
    return {"start": "announce"} if extra.get("start") == "announce" else {}


TOTALS = "sides"  # a match's totals are the two sides'
STARTS = ("announce", "play")  # a position may start with the announcements or at play


def position_start(
    rules: Rules, hands, dealer: int, start: str = "play", deal_number: int = 1, match_totals=()
) -> "Deal":
    """The state a position's moves replay from: play, the holder of the opening card to act.
    (The deal number and the totals change nothing in the deal; the match reads them.)"""
    return new_deal(rules, hands, dealer, start=start)


def match_over(rules: Rules, totals) -> bool:
    """Whether a side's total (``totals``: NS, EW) has already reached the target."""
    return winning_side(rules, totals) is not None


def match_after(rules: Rules, state: "Deal", totals=(0, 0)) -> dict:
    """Where the match stands once ``state`` (a finished deal) is added to the totals before it:
    the first side to reach the target wins. A redeal scores nothing and leaves the dealer."""
    from ..sheet import SabaatSheet

    return SabaatSheet.resumed(rules, totals).record(state)


def describe(rules: Rules) -> dict:
    """Numbers the rule pages quote, derived from the rules."""
    return {
        "players": 4,
        "hand_size": rules.hand_size,
        "target": rules.target,
        "penalty_points": rules.penalty_points,
    }


def worked_example(rules: Rules) -> dict:
    """Scored by ``score_hand``: the losers keep an ace, a king and a ten."""
    losers = hand_of_codes("AS KH TC")
    nine, seven = parse_card("9H"), parse_card("7C")
    return {
        "example_plain": score_hand(rules, losers, nine, 1),
        "example_seven": score_hand(rules, losers, seven, 1),
        "example_doubled": score_hand(rules, losers, nine, 2),
        "example_tripled": score_hand(rules, losers, nine, 3),
    }


def layout_example(rules: Rules, seed: str = "layout-example", moves: int = 14) -> list:
    """The four piles part-way through a seeded deal (first legal card each turn), for the
    rule page's picture: for each suit (S, H, D, C) the cards on its pile, seven first."""
    from ..shuffle import deal as seeded_deal

    state = new_deal(rules, seeded_deal(seed, PACK), 0, start="play")
    for _ in range(moves):
        if state.is_over:
            break
        state.push(state.legal_moves()[0])
    return piles(state.layout)


def piles(layout) -> list[list[int]]:
    """The cards on each suit's pile (S, H, D, C), seven first, from the layout's top cards."""
    return [
        [] if top is None else [card(r, suit) for r in range(SEVEN, top % 13 + 1)]
        for suit, top in enumerate(layout)
    ]
