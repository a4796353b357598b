"""An outside check of the Hearts engine: OpenSpiel's Hearts plays the same deals.

Each seeded deal is dealt into OpenSpiel through its chance actions, and both engines are given
the same passes and the same plays (chosen at random among the legal moves); at every step
both must offer the same legal moves, and at the end both must give the same points. This runs
for the site's default rules and for each OpenSpiel option the site offers as a house rule.

How the two engines line up:

- Seats: OpenSpiel's players 0, 1, 2, 3 are North, East, South, West, play going 0 → 1 → 2 →
  3, which is our seat order (N=0, E=1, S=2, W=3) going clockwise, Hearts' direction.
- Cards: ours are ``suit * 13 + rank`` with suits S, H, D, C; OpenSpiel's ``rank * 4 + suit``
  with suits C, D, H, S (ranks 2..A as 0..12 in both): ``os = rank * 4 + (3 - suit)``.
- The pass: OpenSpiel's first chance action is the direction, 0 no pass, 1 left (to player
  ``p + 1``), 2 across, 3 right (``p + 3``); our ``left_of`` is the clockwise neighbour
  (``s + 1``) and ``right_of`` ``s - 1``, so they agree. Our rotation gives deal 1 left, 2 right,
  3 across, 4 none; the check sets OpenSpiel's direction from the deal number.
- The deal: OpenSpiel's k-th chance action gives a card to player ``k % 4``.
- Who passes first: OpenSpiel always North, East, South, West, three cards each; ours start
  after the dealer in the direction of play, so the dealer is West here.
- Points: OpenSpiel returns ``26 - points`` for each player.
"""

import random

import pyspiel
import pytest

from cardgames import shuffle
from cardgames.cards import card_code, cards_in
from cardgames.penalty import hearts
from cardgames.penalty.hearts import PASS, Rules
from cardgames.table import W

PAGAT = hearts.PRESETS["pagat"]
# Our house rule -> the OpenSpiel parameter it is, beside the pagat defaults.
OPTIONS = {
    "default": ({}, {}),
    "any club leads": ({"opening_lead": "any_club"}, {"can_lead_any_club": True}),
    "the queen breaks hearts": ({"queen_breaks_hearts": True}, {"qs_breaks_hearts": True}),
    "J♦ -10": ({"jack_of_diamonds_points": -10}, {"jd_bonus": True}),
    "-5 for no trick": ({"no_trick_points": -5}, {"avoid_all_tricks_bonus": True}),
    "no pass": ({"pass_count": 0}, {"pass_cards": False}),
    "points on the first trick": (
        {"points_on_first_trick": True},
        {"no_pts_on_first_trick": False},
    ),
    "hearts need not break": ({"hearts_must_break": False}, {"must_break_hearts": False}),
    "every option": (
        {
            "opening_lead": "any_club",
            "queen_breaks_hearts": True,
            "jack_of_diamonds_points": -10,
            "no_trick_points": -5,
        },
        {
            "can_lead_any_club": True,
            "qs_breaks_hearts": True,
            "jd_bonus": True,
            "avoid_all_tricks_bonus": True,
        },
    ),
}
# OpenSpiel's own defaults differ from pagat's in one place: the queen breaks hearts.
PAGAT_IN_OPENSPIEL = {"qs_breaks_hearts": False}
OS_PASS = {"none": 0, "left": 1, "across": 2, "right": 3}
DEALS = 150


def to_os(c: int) -> int:
    return (c % 13) * 4 + (3 - c // 13)


def from_os(a: int) -> int:
    return (3 - a % 4) * 13 + a // 4


def test_the_card_mapping_is_a_bijection_matching_names():
    assert sorted(to_os(c) for c in range(52)) == list(range(52))
    assert all(from_os(to_os(c)) == c for c in range(52))
    game = pyspiel.load_game("hearts")
    state = game.new_initial_state()
    state.apply_action(0)  # no pass, then the deal
    for c in (0, 10, 13, 25, 39, 51):
        assert state.action_to_string(to_os(c)) == card_code(c)


def play_both(rules: Rules, params: dict, seed: int) -> int:
    """Play one seeded deal through both engines; returns the number of moves compared."""
    rng = random.Random(seed)
    deal_number = 1 + seed % 4  # the rotation: left, right, across, none
    hands = shuffle.deal(f"openspiel-{seed}")
    ours = hearts.new_deal(rules, hands, W, deal_number=deal_number)
    theirs = pyspiel.load_game("hearts", {**PAGAT_IN_OPENSPIEL, **params}).new_initial_state()
    direction = hearts.pass_direction_for(rules, deal_number)
    theirs.apply_action(OS_PASS[direction])
    dealt = [cards_in(h) for h in hands]
    for k in range(52):
        theirs.apply_action(to_os(dealt[k % 4][k // 4]))
    steps = 0
    while not ours.is_over:
        assert not theirs.is_terminal()
        assert theirs.current_player() == ours.to_act, (seed, steps)
        legal = ours.legal_moves()
        cards = sorted(m - PASS if ours.phase == "pass" else m for m in legal)
        assert cards == sorted(from_os(a) for a in theirs.legal_actions()), (seed, steps)
        move = rng.choice(legal)
        card = move - PASS if ours.phase == "pass" else move
        ours.push(move)
        theirs.apply_action(to_os(card))
        steps += 1
    assert theirs.is_terminal()
    points = [round(26 - r) for r in theirs.returns()]
    assert ours.points() == points, (seed, ours.points(), points)
    return steps


@pytest.mark.parametrize("option", list(OPTIONS))
def test_openspiel_plays_the_same_deals(option):
    ours, params = OPTIONS[option]
    rules = Rules(**{**PAGAT.as_dict(), **ours})
    steps = [play_both(rules, params, seed) for seed in range(DEALS)]
    passes = 0 if rules.pass_count == 0 else 12
    assert min(steps) >= 52 and max(steps) == 52 + passes


def test_the_openspiel_preset_is_openspiels_defaults():
    rules = hearts.PRESETS["openspiel"]
    for seed in range(40):
        assert play_both(rules, {"qs_breaks_hearts": True}, seed) >= 52
