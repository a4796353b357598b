"""The penalty family's rules: every knob of Bent Al Sbeet, Leekha and Hearts, declared once.

A game's ``Rules`` picks the knobs its tables argue about as fields (``knob(name, default)``,
optionally narrowing the values), fixes the others in ``FIXED``, and leaves the rest at the
family's neutral values (``NEUTRAL``: the feature is absent). :func:`parameters` gives every
knob of a game's rules, which is what the deal, the scoring and the match read, and what two
rule sets of different games are compared on.

The knobs (the values each may take are the domains below):

- ``direction``: play, the pass order and the exposures go round this way.
- ``pass_count`` cards each player passes before play (0: no pass); ``pass_direction``:
  ``alternate`` (left on odd deals, right on even), ``alternate_right_first`` (right, then
  left), ``left``, ``right``, ``across``, ``rotate`` (left, right, across, no pass; again).
- ``keep_last_of_suit``: a player may not pass the last card held in a suit, except the
  cards of ``KEEP_LAST_EXEMPT`` (Q♠ K♠ A♠, 10♦ J♦ Q♦ K♦ A♦).
- ``exposable`` cards may be exposed, asked one seat at a time in ``expose_order`` (from the
  dealer's right, or from the dealer); ``expose_when``: ``before_play`` (after the pass, before
  the first trick) or ``until_played`` (at any of the holder's turns until the card is played);
  ``expose_limit``: ``any`` (one, both or neither) or ``one`` (at most one card a player).
  An exposed card counts ``exposure_multiplier`` times; with both exposed, hearts count double
  when ``hearts_double_when_both_exposed``.
- Card values: ``heart_points`` each heart, ``queen_points`` (Q♠), ``ten_points`` (10♦),
  ``king_of_clubs_points`` (K♣), ``jack_of_diamonds_points`` (J♦, a bonus: negative);
  ``no_trick_points`` to a player who took no trick (a bonus, not with a moon shot).
- Leads: ``opening_lead`` of a match's first deal (``dealer_right``; ``jack_of_hearts``: its
  holder leads it; ``two_of_clubs``: its holder leads it; ``any_club``: the holder of the 2♣
  leads any club); ``later_deal_lead``: ``same``, ``lowest_score`` (the lowest match total leads
  the first trick of each later deal) or ``lowest_score_each_trick`` (in every deal the lowest
  total, match plus this deal so far, leads every trick after the first); a tie for the lowest
  goes to the first tied player counting from ``lowest_score_tie`` (the dealer's right, or the
  dealer), in the direction of play.
- Following: ``points_on_first_trick`` (False: a player who cannot follow to the first trick
  may not throw a card that scores, unless holding nothing else); ``forced_penalty_discard``
  (void in the suit led, holding the Q♠ or the 10♦: throw one); ``talbees`` (the listed cards,
  Q♠ and/or 10♦: once a higher card of its suit is on a trick of that suit, its holder must
  drop it).
- Hearts: ``hearts_must_break`` (no heart led before one has been played, unless the leader
  holds nothing else); ``queen_breaks_hearts`` (the Q♠ played breaks them too).
- ``moon``: one player took every card that scores: 0 for them, the whole deal to the others.
- Trix's contracts: ``penalty_contract`` names the prices a deal plays (``complex``: all of them,
  the neutral value: a game with no prices has nothing to choose); ``king_of_hearts_points`` (the
  K♥), ``each_queen_points`` (each of the four queens), ``diamond_points`` (each diamond),
  ``trick_points`` (each trick taken; ``priced_tricks``: ``every`` trick, or only one
  ``with_penalty_card``); ``ends_early``: the deal stops once every priced card is taken (not while
  tricks are priced). ``doubler_gains``: an exposed ("doubled") card's doubler gains its single
  value from whoever else takes it; ``own_double`` says what a doubler who takes his own card pays
  (``single``, ``by_leader``, ``always_double``: see ``scoring.Values.doubling``);
  ``partner_doubled``: with partners, a card doubled by the taker's partner gains the doubler
  as any other (``doubler_gains``) or gives no bonus (``no_bonus``).
  ``opening_lead="leader"``: the seat the deal is told (the kingdom's owner) leads the first trick.
- The match: ``target`` (checked after a whole deal), ``ties`` (``shared`` or ``play_on``),
  ``partnership`` (``none``; ``individual_scores``: fixed partners, individual totals, the
  side of a player who reaches the target loses; ``points_added``: the partners' totals are
  added and a side reaching the target loses), ``both_sides_over`` (players of both sides
  reach the target in one deal: ``lower_total_wins``, the side with the lower total, or
  ``higher_score_loses``, the side of the highest individual total loses), ``dealer_moves``
  (``right``, ``left``, ``queen_taker``: whoever took the Q♠, ``biggest_taker``: whoever took the
  most points, ties to the first counting from the dealer's right).
"""

from ..domains import Cards, Choice, DirectionChoice, FamilyRules, Flag, KnobFamily, Number
from ..table import Direction, across, left_of, right_of
from .scoring import KH, QS, QUEENS, TD

PASS_DIRECTIONS = ("alternate", "left", "right", "across", "alternate_right_first", "rotate")
_ROTATION = ("left", "right", "across", "none")

KNOBS = {
    "direction": DirectionChoice(tuple(d.value for d in Direction)),
    "pass_count": Number(0, 13, (0, 3)),
    "pass_direction": Choice(PASS_DIRECTIONS),
    "keep_last_of_suit": Flag(),
    "exposable": Cards(tuple(sorted({QS, TD, KH, *QUEENS}))),
    "expose_order": Choice(("dealer_right", "dealer", "leader")),
    "expose_when": Choice(("before_play", "until_played")),
    "expose_limit": Choice(("any", "one")),
    "exposure_multiplier": Number(1, 10, (2,)),
    "queen_points": Number(0, 100, (12, 13)),
    "ten_points": Number(0, 100, (0, 10)),
    "heart_points": Number(0, 10, (1,)),
    "king_of_clubs_points": Number(0, 100, (0, 14)),
    "jack_of_diamonds_points": Number(-100, 0, (0, -10)),
    "no_trick_points": Number(-100, 0, (0, -5)),
    "hearts_double_when_both_exposed": Flag(),
    "opening_lead": Choice(
        ("dealer_right", "jack_of_hearts", "two_of_clubs", "any_club", "leader")
    ),
    "later_deal_lead": Choice(("same", "lowest_score", "lowest_score_each_trick")),
    "lowest_score_tie": Choice(("dealer_right", "dealer")),
    "points_on_first_trick": Flag(),
    "forced_penalty_discard": Flag(),
    "talbees": Cards((QS, TD)),
    "hearts_must_break": Flag(),
    "queen_breaks_hearts": Flag(),
    "moon": Flag(),
    "penalty_contract": Choice(("complex", "king_of_hearts", "queens", "diamonds", "tricks")),
    "king_of_hearts_points": Number(0, 1000, (0, 75)),
    "each_queen_points": Number(0, 1000, (0, 25)),
    "diamond_points": Number(0, 1000, (0, 10, 15)),
    "trick_points": Number(0, 1000, (0, 10, 15)),
    "priced_tricks": Choice(("every", "with_penalty_card")),
    "ends_early": Flag(),
    "doubler_gains": Flag(),
    "own_double": Choice(("single", "by_leader", "always_double")),
    "partner_doubled": Choice(("doubler_gains", "no_bonus")),
    "target": Number(1, 1000, (51, 100, 101, 151, 152, 201)),
    "ties": Choice(("shared", "play_on")),
    "partnership": Choice(("none", "individual_scores", "points_added")),
    "both_sides_over": Choice(("lower_total_wins", "higher_score_loses")),
    "dealer_moves": Choice(("right", "left", "queen_taker", "biggest_taker")),
}

# A knob a game neither offers nor fixes: the feature is absent (or, where it always exists,
# takes Bent Al Sbeet's value).
NEUTRAL = {
    "direction": Direction.RIGHT,
    "pass_count": 3,
    "pass_direction": "alternate",
    "keep_last_of_suit": False,
    "exposable": (),
    "expose_order": "dealer_right",
    "expose_when": "before_play",
    "expose_limit": "any",
    "exposure_multiplier": 2,
    "queen_points": 13,
    "ten_points": 10,
    "heart_points": 1,
    "king_of_clubs_points": 0,
    "jack_of_diamonds_points": 0,
    "no_trick_points": 0,
    "hearts_double_when_both_exposed": False,
    "opening_lead": "dealer_right",
    "later_deal_lead": "same",
    "lowest_score_tie": "dealer_right",
    "points_on_first_trick": True,
    "forced_penalty_discard": False,
    "talbees": (),
    "hearts_must_break": False,
    "queen_breaks_hearts": False,
    "moon": False,
    "penalty_contract": "complex",
    "king_of_hearts_points": 0,
    "each_queen_points": 0,
    "diamond_points": 0,
    "trick_points": 0,
    "priced_tricks": "every",
    "ends_early": False,
    "doubler_gains": False,
    "own_double": "by_leader",
    "partner_doubled": "doubler_gains",
    "target": 101,
    "ties": "shared",
    "partnership": "none",
    "both_sides_over": "lower_total_wins",
    "dealer_moves": "right",
}


KNOB_FAMILY = KnobFamily(KNOBS, NEUTRAL)
knob = KNOB_FAMILY.knob
parameters = KNOB_FAMILY.parameters


class PenaltyRules(FamilyRules):
    """Base of the family's game Rules."""

    KNOB_FAMILY = KNOB_FAMILY
    # Whether the game's move tokens include ``expose:QS`` and ``keep`` (its module's
    # ``parse_move``); Hearts and Leekha read no such token.
    EXPOSE_TOKENS = True


def pass_direction_for(rules, deal_number: int) -> str:
    """Where the cards go on deal ``deal_number``: "left", "right", "across" or "none"."""
    p = rules if isinstance(rules, dict) else parameters(rules)
    if p["pass_count"] == 0:
        return "none"
    how = p["pass_direction"]
    if how == "alternate":
        return "left" if deal_number % 2 == 1 else "right"
    if how == "alternate_right_first":
        return "right" if deal_number % 2 == 1 else "left"
    if how == "rotate":
        return _ROTATION[(deal_number - 1) % len(_ROTATION)]
    return how


PASS_TARGET = {"left": left_of, "right": right_of, "across": across}
