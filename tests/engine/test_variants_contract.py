"""The `/api/<game>/variants` parameters of the existing presets are a public contract.

The positions spec: "The keys and values of `/variants` are a public contract: new keys may be
added, existing ones are never renamed or removed." These are the keys and values every existing
preset had when the contract was written down; a refactor of the engines must keep each of them
(an added key is allowed, a changed or missing one fails here).
"""

import pytest

from rulebook import games

QAHWA = {
    "direction": "right",
    "pass_count": 3,
    "pass_direction": "alternate",
    "exposable": ["QS", "TD"],
    "expose_order": "dealer_right",
    "exposure_multiplier": 2,
    "queen_points": 13,
    "ten_points": 10,
    "heart_points": 1,
    "hearts_double_when_both_exposed": False,
    "opening_lead": "dealer_right",
    "later_deal_lead": "same",
    "forced_penalty_discard": True,
    "hearts_must_break": True,
    "moon": True,
    "target": 151,
    "ties": "shared",
    "dealer_moves": "right",
}
SBEETAH = {
    "direction": "right",
    "pass_count": 3,
    "pass_direction": "right",
    "exposable": ["QS", "TD"],
    "expose_order": "dealer_right",
    "exposure_multiplier": 2,
    "queen_points": 12,
    "ten_points": 10,
    "heart_points": 1,
    "hearts_double_when_both_exposed": True,
    "opening_lead": "jack_of_hearts",
    "later_deal_lead": "lowest_score",
    "forced_penalty_discard": False,
    "hearts_must_break": False,
    "moon": False,
    "target": 152,
    "ties": "play_on",
    "dealer_moves": "right",
}
TARNEEB_CLASSIC = {
    "direction": "right",
    "deal_style": "one_at_a_time",
    "min_bid": 7,
    "max_bid": 13,
    "auction": "classic",
    "dealer_may_match": True,
    "dealer_forced": False,
    "throw_in_same_dealer": True,
    "no_trumps": True,
    "kaboot_bonus": 3,
    "grand_made_points": 26,
    "grand_missed_cost": 16,
    "grand_missed_defender_multiplier": 2,
    "double_allowed": False,
    "double_multiplier": 2,
    "double_defenders": False,
    "target": 31,
}
SABAAT_CLASSIC = {
    "direction": "right",
    "hand_size": 8,
    "opening_card": "7D",
    "redeal_on_three": True,
    "redeal_dealer": "same",
    "double_allowed": True,
    "triple_allowed": True,
    "ace_points": 20,
    "court_points": 10,
    "seven_out_bonus": 200,
    "seven_out_bonus_mode": "adds",
    "penalty_points": 100,
    "penalty_multiplied": False,
    "warning_required": True,
    "target": 500,
}

CONTRACT = {
    ("bent-al-sbeet", "qahwa"): QAHWA,
    ("bent-al-sbeet", "sbeetah"): SBEETAH,
    ("tarneeb", "classic"): TARNEEB_CLASSIC,
    ("tarneeb", "egyptian"): {**TARNEEB_CLASSIC, "auction": "egyptian", "double_allowed": True},
    ("tarneeb", "clockwise"): {**TARNEEB_CLASSIC, "direction": "clockwise"},
    ("tarneeb", "one-bid"): {**TARNEEB_CLASSIC, "auction": "one_bid"},
    ("tarneeb", "lebanese"): {**TARNEEB_CLASSIC, "auction": "one_bid"},  # since issue 48
    ("tarneeb", "dealer-forced"): {**TARNEEB_CLASSIC, "dealer_forced": True},
    ("sabaat-al-deemin", "classic"): SABAAT_CLASSIC,
}


def test_every_existing_preset_is_still_offered():
    offered = {(slug, p) for slug, spec in games.GAMES.items() for p in spec.presets}
    assert set(CONTRACT) <= offered


@pytest.mark.parametrize("game, preset", sorted(CONTRACT))
def test_variants_parameters_keep_their_keys_and_values(game, preset):
    parameters = games.parameters_json(games.get(game).presets[preset])
    pinned = CONTRACT[(game, preset)]
    assert {key: parameters.get(key, "<missing>") for key in pinned} == pinned
    # The JSON types are part of the contract too: a number stays a number, a flag a boolean.
    for key, value in pinned.items():
        assert type(parameters[key]) is type(value), key


@pytest.mark.parametrize("game, preset", sorted(CONTRACT))
def test_the_existing_keys_come_first_in_their_order(game, preset):
    """New rules are added after the existing ones, so a client reading the map in order sees
    the old keys where they were."""
    keys = list(games.parameters_json(games.get(game).presets[preset]))
    assert keys[: len(CONTRACT[(game, preset)])] == list(CONTRACT[(game, preset)])
