"""The trick-and-bid family's rules: every knob of Tarneeb and Tarneeb 41, declared once.

As in the penalty family, a game's ``Rules`` offers some knobs as fields (``knob``), fixes
others in ``FIXED``, and leaves the rest ``NEUTRAL``; :func:`parameters` gives them all.

- ``direction``: bidding, play and the deal go round this way; ``deal_style`` and
  ``first_dealer`` (chosen at random, or by the highest or the lowest card drawn, itself a
  random choice) are recorded only.
- The auction (``auction``): ``classic`` (a number of tricks, a pass is final, over when three
  have passed), ``egyptian`` (number and strain; over after a circuit without a bid),
  ``one_bid`` (each seat speaks once, a bid beats the last; ``dealer_may_match``), ``each``
  (every player bids once, for themselves, any number from ``min_bid``; no pass). Bids run
  from ``min_bid`` to ``max_bid``. ``dealer_forced``: when the first three pass the dealer
  must bid ``min_bid``. ``throw_in_same_dealer``: after a throw-in the same dealer deals again.
  ``strain_order``: how the Egyptian auction ranks the suits at one number: ``spades_high``
  (no trumps, spades, hearts, diamonds, clubs) or ``diamonds_high`` (no trumps where played,
  then diamonds, hearts, spades, clubs).
  ``min_total_bids``: under ``each``, bids adding up to less than this throw the hand in.
- The double (Egyptian): ``double_allowed`` (an opponent's last bid, once), multiplying by
  ``double_multiplier`` what the bidding side wins or loses (``double_defenders``: also what
  the other side scores on a miss); the bidding goes on after a double, and ``after_double``
  says what a new bid does to it: ``new_bid_cancels`` or ``double_kept`` (the hand stays
  doubled, whatever the final bid); ``redouble_allowed``: the bidding side may double a doubled
  bid once more (a redouble: the multiplier again).
- Trumps (``trumps``): ``called`` by the declarer (``no_trumps`` allowed or not) or always
  ``hearts``. The first lead (``first_lead``): the ``declarer``, the ``dealer`` or the player on
  the ``dealer_right``.
- Scoring (``scoring``): ``contract`` (the bidding side makes or misses its bid: kaboot and the
  13, ``kaboot_bonus``, ``grand_*``; a made bid under 13 scores the ``tricks_taken`` or the
  ``bid`` (``made_scores``), and ``defenders_score_made``: the other side scores its own tricks
  on a made bid too) or ``each_bid`` (every player scores or loses their own
  bid, bids from ``double_from`` up counting double).
- The match: ``target``; under ``each_bid`` a player reaching it wins for their side when the
  partner's total is ``above_zero`` or ``not_negative`` (``partner_condition``), and when both
  sides get there in one deal the higher total wins (``both_sides_over``).
"""

from functools import lru_cache

from ..domains import Choice, Conflict, DirectionChoice, FamilyRules, Flag, KnobFamily, Number
from ..table import Direction

KNOBS = {
    "direction": DirectionChoice(tuple(d.value for d in Direction)),
    "deal_style": Choice(("one_at_a_time", "all_at_once")),
    "first_dealer": Choice(("random", "highest_card", "lowest_card")),
    "min_bid": Number(1, 13, (7,)),
    "max_bid": Number(1, 13, (13,)),
    "auction": Choice(("classic", "egyptian", "one_bid", "each")),
    "strain_order": Choice(("spades_high", "diamonds_high")),
    "dealer_may_match": Flag(),
    "dealer_forced": Flag(),
    "throw_in_same_dealer": Flag(),
    "no_trumps": Flag(),
    "made_scores": Choice(("tricks_taken", "bid")),
    "defenders_score_made": Flag(),
    "kaboot_bonus": Number(0, 100, (3,)),
    "grand_made_points": Number(0, 100, (26,)),
    "grand_missed_cost": Number(0, 100, (16,)),
    "grand_missed_defender_multiplier": Number(1, 10, (2,)),
    "double_allowed": Flag(),
    "double_multiplier": Number(1, 10, (2,)),
    "double_defenders": Flag(),
    "after_double": Choice(("new_bid_cancels", "double_kept")),
    "redouble_allowed": Flag(),
    "trumps": Choice(("called", "hearts")),
    "first_lead": Choice(("declarer", "dealer", "dealer_right")),
    "min_total_bids": Number(0, 52, (0, 11)),
    "scoring": Choice(("contract", "each_bid")),
    "double_from": Number(1, 14, (7,)),
    "target": Number(1, 1000, (31, 41, 51, 61)),
    "partner_condition": Choice(("above_zero", "not_negative")),
    "both_sides_over": Choice(("higher_total_wins",)),
}

# Tarneeb's values, and for what Tarneeb lacks, the feature absent.
NEUTRAL = {
    "direction": Direction.RIGHT,
    "deal_style": "one_at_a_time",
    "first_dealer": "random",
    "min_bid": 7,
    "max_bid": 13,
    "auction": "classic",
    "strain_order": "spades_high",
    "dealer_may_match": True,
    "dealer_forced": False,
    "throw_in_same_dealer": True,
    "no_trumps": True,
    "made_scores": "tricks_taken",
    "defenders_score_made": False,
    "kaboot_bonus": 3,
    "grand_made_points": 26,
    "grand_missed_cost": 16,
    "grand_missed_defender_multiplier": 2,
    "double_allowed": False,
    "double_multiplier": 2,
    "double_defenders": False,
    "after_double": "new_bid_cancels",
    "redouble_allowed": False,
    "trumps": "called",
    "first_lead": "declarer",
    "min_total_bids": 0,
    "scoring": "contract",
    "double_from": 14,
    "target": 31,
    "partner_condition": "above_zero",
    "both_sides_over": "higher_total_wins",
}

# Combinations the engine cannot play, for every game of the family.
CONFLICTS = (
    Conflict(("min_bid", "max_bid"), "min_above_max", lambda p: p["min_bid"] > p["max_bid"]),
    Conflict(
        ("double_allowed", "auction"),
        "double_needs_egyptian_auction",
        lambda p: p["double_allowed"] and p["auction"] != "egyptian",
    ),
    Conflict(
        ("redouble_allowed", "double_allowed"),
        "redouble_needs_double",
        lambda p: p["redouble_allowed"] and not p["double_allowed"],
    ),
)


KNOB_FAMILY = KnobFamily(KNOBS, NEUTRAL)
knob = KNOB_FAMILY.knob
parameters = KNOB_FAMILY.parameters


class TrickRules(FamilyRules):
    """Base of the family's game Rules."""

    KNOB_FAMILY = KNOB_FAMILY
    CONFLICTS = CONFLICTS


@lru_cache(maxsize=256)
def table(rules) -> dict:
    """The family parameters of a rule set, worked out once per Rules."""
    return parameters(rules)
