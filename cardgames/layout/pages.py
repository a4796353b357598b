"""What positions and rule pages ask of a layout game: its query parameters, the state a position
starts from, the numbers its pages quote, where a match stands after a deal, and the piles."""

from ..cards import parse_card
from ..errors import BadInput
from ..shuffle import deal as seeded_deal
from .deal import Deal, new_deal
from .match import winning_side
from .scoring import hand_of_codes, score_hand
from .sheet import SabaatSheet
from .view import piles


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
    rules, hands, dealer: int, start: str = "play", deal_number: int = 1, match_totals=()
) -> Deal:
    """The state a position's moves replay from: play, the holder of the opening card to act.
    (The deal number and the totals change nothing in the deal; the match reads them.)"""
    return new_deal(rules, hands, dealer, start=start)


def match_over(rules, totals) -> bool:
    """Whether a side's total (``totals``: NS, EW) has already reached the target."""
    return winning_side(rules, totals) is not None


def match_after(rules, state: Deal, totals=(0, 0)) -> dict:
    """Where the match stands once ``state`` (a finished deal) is added to the totals before it:
    the first side to reach the target wins. A redeal scores nothing and leaves the dealer."""
    return SabaatSheet.resumed(rules, totals).record(state)


def describe(rules) -> dict:
    """Numbers the rule pages quote, derived from the rules."""
    return {
        "players": 4,
        "hand_size": rules.hand_size,
        "target": rules.target,
        "penalty_points": rules.penalty_points,
    }


def worked_example(rules) -> dict:
    """Scored by ``score_hand``: the losers keep an ace, a king and a ten."""
    losers = hand_of_codes("AS KH TC")
    nine, seven = parse_card("9H"), parse_card("7C")
    return {
        "example_plain": score_hand(rules, losers, nine, 1),
        "example_seven": score_hand(rules, losers, seven, 1),
        "example_doubled": score_hand(rules, losers, nine, 2),
        "example_tripled": score_hand(rules, losers, nine, 3),
    }


def layout_example(rules, seed: str = "layout-example", moves: int = 14) -> list:
    """The four piles part-way through a seeded deal (first legal card each turn), for the
    rule page's picture: for each suit (S, H, D, C) the cards on its pile, seven first."""
    state = new_deal(rules, seeded_deal(seed, rules.PACK), 0, start="play")
    for _ in range(moves):
        if state.is_over:
            break
        state.push(state.legal_moves()[0])
    return [list(pile) for pile in piles(state.layout, state.low)]
