"""Computer players play whole matches of every game and preset, and of house rules, at both
levels: every move legal, every reason a listed code with its source and facts, every match
over."""

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from rulebook.engine import bent_al_sbeet, bots, sabaat_al_deemin, tarneeb
from rulebook.engine.domains import domains
from rulebook.engine.table import Direction

from .helpers import MODULES, PRESETS, play_match

levels = st.lists(st.sampled_from(bots.LEVELS), min_size=4, max_size=4)
seeds = st.text(alphabet="abcdefghij0123456789", min_size=1, max_size=8)


@pytest.mark.parametrize("game,preset", PRESETS)
@settings(max_examples=30, deadline=None)
@given(levels=levels, seed=seeds)
def test_whole_matches_of_every_preset_end_with_legal_moves(game, preset, levels, seed):
    deals = play_match(game, MODULES[game].PRESETS[preset], levels, seed)
    assert deals >= 1


def _values(key: str) -> list:
    """The values a Bent Al Sbeet rule may take, as its engine declares them."""
    return list(domains(bent_al_sbeet.Rules)[key].describe()["values"])


SBEET_RULES = st.builds(
    bent_al_sbeet.Rules,
    direction=st.sampled_from(list(Direction)),
    pass_count=st.integers(0, 4),
    pass_direction=st.sampled_from(_values("pass_direction")),
    exposable=st.sampled_from([(), (bent_al_sbeet.QS,), (bent_al_sbeet.QS, bent_al_sbeet.TD)]),
    expose_order=st.sampled_from(_values("expose_order")),
    opening_lead=st.sampled_from(_values("opening_lead")),
    later_deal_lead=st.sampled_from(_values("later_deal_lead")),
    forced_penalty_discard=st.booleans(),
    hearts_must_break=st.booleans(),
    hearts_double_when_both_exposed=st.booleans(),
    moon=st.booleans(),
    target=st.integers(20, 80),
    ties=st.sampled_from(_values("ties")),
)
TARNEEB_RULES = st.one_of(
    st.builds(
        tarneeb.Rules,
        direction=st.sampled_from(list(Direction)),
        auction=st.sampled_from(["classic", "one_bid"]),
        min_bid=st.integers(7, 9),
        dealer_forced=st.booleans(),
        dealer_may_match=st.booleans(),
        no_trumps=st.booleans(),
        target=st.integers(10, 41),
    ),
    st.builds(
        tarneeb.Rules,
        auction=st.just("egyptian"),
        min_bid=st.integers(7, 9),
        dealer_forced=st.booleans(),
        double_allowed=st.booleans(),
        no_trumps=st.booleans(),
        target=st.integers(10, 41),
    ),
)
SABAAT_RULES = st.builds(
    sabaat_al_deemin.Rules,
    direction=st.sampled_from(list(Direction)),
    opening_card=st.sampled_from(["7D", "7S", "7H", "7C"]),
    redeal_on_three=st.booleans(),
    redeal_dealer=st.sampled_from(["same", "next"]),
    double_allowed=st.booleans(),
    triple_allowed=st.booleans(),
    seven_out_bonus_mode=st.sampled_from(["adds", "replaces"]),
    target=st.integers(50, 300),
)


@pytest.mark.parametrize(
    "game,rules",
    [
        ("bent-al-sbeet", SBEET_RULES),
        ("tarneeb", TARNEEB_RULES),
        ("sabaat-al-deemin", SABAAT_RULES),
    ],
)
@settings(max_examples=60, deadline=None)
@given(data=st.data(), levels=levels, seed=seeds)
def test_whole_matches_under_house_rules_end_with_legal_moves(game, rules, data, levels, seed):
    drawn = data.draw(rules)
    # Random players bidding eight or more miss nearly every bid, and the debts they run up
    # keep their line from ever reaching the target: unless one side plays for its line, such
    # a match never ends, by the rules.
    partnership = levels[0] == levels[2] == "club" or levels[1] == levels[3] == "club"
    assume(game != "tarneeb" or drawn.min_bid == 7 or partnership)
    assert play_match(game, drawn, levels, seed) >= 1


@pytest.mark.parametrize("game", MODULES)
def test_club_players_give_most_of_their_reasons_over_a_few_matches(game):
    seen = set()
    module = MODULES[game]
    for preset, rules in module.PRESETS.items():
        for i in range(3):
            play_match(game, rules, ["club"] * 4, f"reasons-{preset}-{i}", seen)
            play_match(game, rules, ["club", "beginner"] * 2, f"mixed-{preset}-{i}", seen)
    # Whole matches use the bulk of each game's heuristics (the rest are tested on
    # constructed positions); none is dead code that no deal ever reaches.
    family = bots.FAMILIES[bots.GAMES[game].family]
    assert len(seen & set(family.CODES)) >= len(family.CODES) * 2 // 3, sorted(seen)
