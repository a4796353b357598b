"""What positions and rule pages ask of a penalty game: its query parameters, the state a
position starts from, the numbers its pages quote and where a match stands after a deal."""

from ..cards import card_code, cards_in, parse_card
from ..errors import BadInput
from .deal import HAND_SIZE, new_deal
from .match import outcome
from .rules import parameters, pass_direction_for
from .scoring import Values
from .sheet import PenaltySheet

TOTALS = "seats"  # a penalty game's match totals are kept per seat
STARTS = ("deal", "play")  # a position may start from the deal (the pass) or at trick play


def parse_extra(params) -> dict:
    """The query parameters a penalty position adds to the spec's common ones.

    ``exposed=QS,TD``: the cards exposed before trick play. ``start=deal`` (an extension): the
    deal is the hands as dealt and the moves begin with the pass.
    """
    extra = {}
    text = (params.get("exposed") or "").replace(" ", ",")
    exposed = 0
    for code in filter(None, text.split(",")):
        bit = 1 << parse_card(code)
        if exposed & bit:  # a card is exposed once: a repeat is a mistake, not a no-op
            raise BadInput("bad_deal", reason="repeated_card", card=card_code(parse_card(code)))
        exposed |= bit
    if exposed:
        extra["exposed"] = exposed
    start = (params.get("start") or "play").lower()
    if start not in ("play", "deal"):
        raise BadInput("bad_move", move=f"start={start}")
    if start == "deal":
        extra["start"] = "deal"
    return extra


def format_extra(extra: dict) -> dict:
    out = {}
    if extra.get("exposed"):
        out["exposed"] = ",".join(card_code(c) for c in cards_in(extra["exposed"]))
    if extra.get("start") == "deal":
        out["start"] = "deal"
    return out


def position_start(
    rules,
    hands,
    dealer: int,
    exposed: int = 0,
    start: str = "play",
    deal_number: int = 1,
    match_totals=(0, 0, 0, 0),
):
    """The state a position's moves are replayed from (trick play, unless ``start="deal"``)."""
    return new_deal(rules, hands, dealer, deal_number, match_totals, start=start, exposed=exposed)


def describe(rules) -> dict:
    """Numbers the rule pages quote, derived from the rules."""
    p = parameters(rules)
    values = Values(p)
    everything = sum(1 << c for c in p["exposable"])
    hearts, queen, ten = values.with_exposed(everything)
    return {
        "players": 4,
        "hand_size": HAND_SIZE,
        "hearts_count": 13,
        "hearts_total": 13 * p["heart_points"],
        "queen_points": p["queen_points"],
        "ten_points": p["ten_points"],
        "heart_points": p["heart_points"],
        "king_of_clubs_points": p["king_of_clubs_points"],
        "jack_of_diamonds_points": p["jack_of_diamonds_points"],
        "no_trick_points": p["no_trick_points"],
        "queen_exposed_points": p["queen_points"] * p["exposure_multiplier"],
        "ten_exposed_points": p["ten_points"] * p["exposure_multiplier"],
        "heart_points_doubled": p["heart_points"]
        * (2 if p["hearts_double_when_both_exposed"] else 1),
        "deal_total_plain": values.deal_value(0),
        "deal_total_max": values.deal_value(everything),
        "pass_count": p["pass_count"],
        "pass_direction_odd_deal": pass_direction_for(p, 1),
        "pass_direction_even_deal": pass_direction_for(p, 2),
        "target": p["target"],
    }


def match_over(rules, totals) -> bool:
    """Whether a match with these totals (by seat) is already over."""
    return outcome(rules, totals).over


def match_after(rules, state, totals=None) -> dict:
    """Where the match stands once ``state`` (a finished deal) is added to the totals before it
    (by seat; the deal's own ``match_totals`` by default), as the family's score sheet, the one
    match model, says (``sheet.GameSheet.record``)."""
    before = state.match_totals if totals is None else totals
    return PenaltySheet.resumed(rules, before).record(state)
