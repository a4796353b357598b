"""The penalty family's hot path takes shortcuts that must not change the rules.

``playout()`` lays each card without ``push``'s check, since it draws it from the legal cards
itself: it must make, move for move, the play a caller of ``legal_moves`` and ``push`` makes
with the same draws (the ``int(random() * n)``-th of the ``n`` legal moves), under any rule mix
of every game of the family. A rule set's pass targets are worked out for deals 1 to 4 only:
they must be the rule's own (``pass_direction_for``) on every deal of a match."""

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgames import shuffle
from cardgames.errors import BadInput
from cardgames.penalty import bent_al_sbeet, hearts, leekha
from cardgames.penalty.rules import PASS_DIRECTIONS, PASS_TARGET, pass_direction_for

from .test_bent_al_sbeet import RULES as SBEET_RULES
from .test_hearts import OPTIONS as HEARTS_OPTIONS
from .test_hearts import rules as hearts_rules

GAMES = {"bent_al_sbeet": bent_al_sbeet, "hearts": hearts, "leekha": leekha}
PRESETS = [(game, name) for game, module in GAMES.items() for name in sorted(module.PRESETS)]


def _pushed(deal, seed: int):
    draw = random.Random(seed).random
    while deal.to_act is not None:
        legal = deal.legal_moves()
        deal.push(legal[int(draw() * len(legal))])
    return deal


def _same_play(module, rules, hands, dealer, deal_number, seed, totals=(0, 0, 0, 0)):
    drawn = module.new_deal(rules, hands, dealer, deal_number, totals)
    drawn.playout(random.Random(seed).random)
    pushed = _pushed(module.new_deal(rules, hands, dealer, deal_number, totals), seed)
    assert drawn.history == pushed.history
    assert drawn.taken == pushed.taken and drawn.exposed == pushed.exposed
    assert drawn.points() == pushed.points() and drawn.is_over


@pytest.mark.parametrize("game, preset", PRESETS)
@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    dealer=st.integers(0, 3),
    deal_number=st.integers(1, 5),
    totals=st.tuples(*[st.integers(0, 120)] * 4),
)
def test_a_playout_plays_each_preset_as_push_does(game, preset, seed, dealer, deal_number, totals):
    module = GAMES[game]
    hands = shuffle.deal(str(seed), module.PACK)
    rules = module.PRESETS[preset]
    _same_play(module, rules, hands, dealer, deal_number, seed, totals)


@settings(max_examples=40, deadline=None)
@given(rules=SBEET_RULES, seed=st.integers(0, 2**32), deal_number=st.integers(1, 4))
def test_a_playout_plays_any_bent_al_sbeet_rule_mix_as_push_does(rules, seed, deal_number):
    hands = shuffle.deal(str(seed), bent_al_sbeet.PACK)
    _same_play(bent_al_sbeet, rules, hands, seed % 4, deal_number, seed, (5, 0, 9, 0))


@settings(max_examples=40, deadline=None)
@given(options=HEARTS_OPTIONS, seed=st.integers(0, 2**32), deal_number=st.integers(1, 4))
def test_a_playout_plays_any_hearts_rule_mix_as_push_does(options, seed, deal_number):
    hands = shuffle.deal(str(seed), hearts.PACK)
    _same_play(hearts, hearts_rules(**options), hands, seed % 4, deal_number, seed)


@pytest.mark.parametrize("game, preset", PRESETS)
def test_every_deal_of_a_match_passes_as_the_rule_says(game, preset):
    module = GAMES[game]
    hands = shuffle.deal("pass", module.PACK)
    tried = 0
    for direction in PASS_DIRECTIONS:
        try:
            rules = dataclasses.replace(module.PRESETS[preset], pass_direction=direction)
        except (BadInput, ValueError):  # a direction this game's tables do not use
            continue
        tried += 1
        for number in range(1, 14):
            deal = module.new_deal(rules, hands, number % 4, number)
            how = pass_direction_for(rules, number)
            expected = [None] * 4 if how == "none" else [PASS_TARGET[how](s) for s in range(4)]
            assert [deal.pass_target(s) for s in range(4)] == expected, (direction, number)
    assert tried >= 2
