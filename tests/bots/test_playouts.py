"""Computer players play whole matches of every game and preset, and of house rules, at both
levels: every move legal, every reason a listed code with its source and facts, every match
over."""

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from cardgames import bots
from cardgames.domains import domains
from cardgames.penalty.scoring import QS, TD
from cardgames.table import Direction

from .helpers import MODULES, PRESETS, QUICK_LEVELS, play_match

levels = st.lists(st.sampled_from(QUICK_LEVELS), min_size=4, max_size=4)
seeds = st.text(alphabet="abcdefghij0123456789", min_size=1, max_size=8)


def ends_surely(game, rules, levels) -> bool:
    """Whether a match of these players ends within the helpers' bound, by the rules.

    Tarneeb: random players bidding eight or more miss nearly every bid, and the debts they
    run up (doubled, where doubles are played) keep their line from reaching the target for
    a thousand deals or more unless one side plays for its line.
    Tarneeb 41: a random player's total wanders round zero or below, so a player reaching the
    target with a random partner may wait for ever for the partner's total to be above zero,
    as the rules require. Even club partnerships wander below zero for ever where the dealer is
    forced to bid nine or more and the forced bid can be doubled (18 lost each time)."""
    partnership = levels[0] == levels[2] == "club" or levels[1] == levels[3] == "club"
    if game == "tarneeb":
        forced_doubled = rules.dealer_forced and rules.min_bid >= 9 and rules.double_allowed
        return (rules.min_bid == 7 and not rules.double_allowed) or (
            partnership and not forced_doubled
        )
    if game == "tarneeb-41":
        return partnership
    return True


@pytest.mark.parametrize("game,preset", PRESETS)
@settings(max_examples=30, deadline=None)
@given(levels=levels, seed=seeds)
def test_whole_matches_of_every_preset_end_with_legal_moves(game, preset, levels, seed):
    rules = MODULES[game].PRESETS[preset]
    assume(ends_surely(game, rules, levels))
    assert play_match(game, rules, levels, seed) >= 1


def _values(game: str, key: str) -> list:
    """The values a rule may take, as the game's engine declares them."""
    return list(domains(MODULES[game].Rules)[key].describe()["values"])


def _choices(game: str, *keys: str) -> dict:
    return {key: st.sampled_from(_values(game, key)) for key in keys}


SBEET_RULES = st.builds(
    MODULES["bent-al-sbeet"].Rules,
    direction=st.sampled_from(list(Direction)),
    pass_count=st.integers(0, 4),
    exposable=st.sampled_from([(), (QS,), (QS, TD)]),
    hearts_must_break=st.booleans(),
    hearts_double_when_both_exposed=st.booleans(),
    forced_penalty_discard=st.booleans(),
    moon=st.booleans(),
    target=st.integers(20, 80),
    **_choices(
        "bent-al-sbeet",
        "pass_direction",
        "expose_order",
        "opening_lead",
        "later_deal_lead",
        "ties",
        "expose_when",
        "expose_limit",
    ),
)
LEEKHA_RULES = st.builds(
    MODULES["leekha"].Rules,
    keep_last_of_suit=st.booleans(),
    king_of_clubs_points=st.sampled_from([0, 14]),
    forced_penalty_discard=st.booleans(),
    talbees=st.sampled_from([(), (QS,), (QS, TD)]),
    target=st.integers(20, 80),
    **_choices(
        "leekha", "pass_direction", "partnership", "both_sides_over", "ties", "dealer_moves"
    ),
)
HEARTS_RULES = st.builds(
    MODULES["hearts"].Rules,
    pass_count=st.sampled_from([0, 3]),
    jack_of_diamonds_points=st.sampled_from([0, -10]),
    no_trick_points=st.sampled_from([0, -5]),
    points_on_first_trick=st.booleans(),
    hearts_must_break=st.booleans(),
    queen_breaks_hearts=st.booleans(),
    moon=st.booleans(),
    target=st.integers(20, 80),
    **_choices("hearts", "pass_direction", "opening_lead", "dealer_moves"),
)
TARNEEB_RULES = st.one_of(
    st.builds(
        MODULES["tarneeb"].Rules,
        direction=st.sampled_from(list(Direction)),
        auction=st.sampled_from(["classic", "one_bid"]),
        min_bid=st.integers(7, 9),
        dealer_forced=st.booleans(),
        dealer_may_match=st.booleans(),
        no_trumps=st.booleans(),
        target=st.integers(10, 41),
    ),
    st.builds(
        MODULES["tarneeb"].Rules,
        auction=st.just("egyptian"),
        min_bid=st.integers(7, 9),
        dealer_forced=st.booleans(),
        double_allowed=st.booleans(),
        no_trumps=st.booleans(),
        target=st.integers(10, 41),
    ),
)
TARNEEB_41_RULES = st.builds(
    MODULES["tarneeb-41"].Rules,
    direction=st.sampled_from(list(Direction)),
    throw_in_same_dealer=st.booleans(),
    target=st.integers(11, 61),
    **_choices("tarneeb-41", "first_lead", "partner_condition"),
)
SABAAT_RULES = st.builds(
    MODULES["sabaat-al-deemin"].Rules,
    direction=st.sampled_from(list(Direction)),
    opening_card=st.sampled_from(["7D", "7S", "7H", "7C"]),
    redeal_on_three=st.booleans(),
    redeal_dealer=st.sampled_from(["same", "next"]),
    double_allowed=st.booleans(),
    triple_allowed=st.booleans(),
    seven_out_bonus_mode=st.sampled_from(["adds", "replaces"]),
    target=st.integers(50, 300),
)
WRITTEN = {
    "bent-al-sbeet": SBEET_RULES,
    "leekha": LEEKHA_RULES,
    "hearts": HEARTS_RULES,
    "tarneeb": TARNEEB_RULES,
    "tarneeb-41": TARNEEB_41_RULES,
    "sabaat-al-deemin": SABAAT_RULES,
}


def from_domains(game: str):
    """A game with no strategy written here (a game added since, as ``tests/test_new_game.py``
    adds one): each of its rules drawn from the values its engine offers for it."""
    rules = MODULES[game].Rules
    drawn = {
        key: st.sampled_from([domain.read(value) for value in domain.values()])
        for key, domain in domains(rules).items()
    }
    return st.builds(rules, **drawn)


HOUSE_RULES = {game: WRITTEN[game] if game in WRITTEN else from_domains(game) for game in MODULES}


def test_every_game_has_its_house_rules_drawn():
    assert HOUSE_RULES.keys() == MODULES.keys() == bots.GAMES.keys()
    assert WRITTEN.keys() <= HOUSE_RULES.keys()


@pytest.mark.parametrize("game", HOUSE_RULES)
@settings(max_examples=60, deadline=None)
@given(data=st.data(), levels=levels, seed=seeds)
def test_whole_matches_under_house_rules_end_with_legal_moves(game, data, levels, seed):
    drawn = data.draw(HOUSE_RULES[game])
    assume(ends_surely(game, drawn, levels))
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
    family = bots.GAMES[game].family.players
    assert len(seen & set(family.CODES)) >= len(family.CODES) // 2, sorted(seen)
