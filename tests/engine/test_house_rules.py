"""House rules: every rule of every game has a declared domain; ``rule.<key>=<value>`` reads
onto a preset, with ``unknown_rule``, ``bad_rule_value`` and ``rules_conflict`` for what
cannot be played; positions carry the rules in force."""

import dataclasses

import pytest

from cardgames import shuffle
from cardgames.cards import format_deal
from cardgames.domains import domains, rules_json, rules_text
from cardgames.errors import BadInput, RuleError
from cardgames.games import GAMES as DESCRIBED
from cardgames.games import game as described
from cardgames.house_rules import overrides_between, overrides_in, with_overrides
from cardgames.layout import sabaat_al_deemin
from cardgames.penalty import bent_al_sbeet, hearts
from cardgames.positions import open_position
from cardgames.trickbid import tarneeb, tarneeb_41

GAMES = {slug: described(slug).engine for slug in DESCRIBED}
PRESETS = [(slug, preset) for slug, m in GAMES.items() for preset in m.PRESETS]


@pytest.mark.parametrize("slug", GAMES)
def test_every_rule_has_a_domain_that_accepts_its_presets(slug):
    module = GAMES[slug]
    known = domains(module.Rules)
    assert list(known) == [f.name for f in dataclasses.fields(module.Rules)]
    for rules in module.PRESETS.values():
        for key, text in rules_text(rules).items():
            assert known[key].read(text) == getattr(rules, key), (key, text)


@pytest.mark.parametrize("slug", GAMES)
def test_every_listed_value_reads_back_and_is_playable(slug):
    """Each value a form would offer (every choice, both flags, a number's suggestions)
    reads, writes back the same, and makes a rule set the engine accepts on its own."""
    module = GAMES[slug]
    base = module.PRESETS[module.DEFAULT_PRESET]
    for key, domain in domains(module.Rules).items():
        described = domain.describe()
        assert described["kind"] in {"choice", "flag", "number", "cards", "card"}
        if described["kind"] == "number":
            assert described["low"] <= described["high"]
        for text in domain.values():
            value = domain.read(text)
            assert value is not None and domain.text(value) == text, (key, text)
            try:
                with_overrides(base, {key: text})
            except RuleError as e:
                assert e.code == "rules_conflict", (key, text)


def test_overrides_change_only_what_they_name():
    qahwa = bent_al_sbeet.PRESETS["qahwa"]
    rules = with_overrides(
        qahwa, {"target": "101", "moon": "FALSE", "pass_direction": "left", "exposable": "td"}
    )
    assert (rules.target, rules.moon, rules.pass_direction) == (101, False, "left")
    assert rules.exposable == (bent_al_sbeet.TD,)
    assert rules.queen_points == qahwa.queen_points
    assert overrides_between(qahwa, rules) == {
        "pass_direction": "left",
        "exposable": "TD",
        "moon": "false",
        "target": "101",
    }
    assert with_overrides(qahwa, overrides_between(qahwa, rules)) == rules
    assert with_overrides(qahwa, {"exposable": ""}).exposable == ()
    assert with_overrides(qahwa, {}) is qahwa


def test_the_seeds_house_rules_are_suggested():
    assert {"101", "151", "201"} <= set(domains(bent_al_sbeet.Rules)["target"].values())
    assert set(domains(tarneeb.Rules)["target"].values()) == {"31", "41", "51", "61"}
    for key in ("forced_penalty_discard", "hearts_must_break", "moon"):
        assert domains(bent_al_sbeet.Rules)[key].values() == ("true", "false")


@pytest.mark.parametrize(
    "module, overrides, code, details",
    [
        (bent_al_sbeet, {"colour": "red"}, "unknown_rule", {"rule": "colour"}),
        (
            bent_al_sbeet,
            {"pass_direction": "up"},
            "bad_rule_value",
            {
                "rule": "pass_direction",
                "value": "up",
                "kind": "choice",
                "allowed": ["alternate", "left", "right", "across"],
            },
        ),
        (
            bent_al_sbeet,
            {"target": "lots"},
            "bad_rule_value",
            {
                "rule": "target",
                "value": "lots",
                "kind": "number",
                "allowed": ["101", "151", "152", "201"],
                "low": 1,
                "high": 1000,
            },
        ),
        (bent_al_sbeet, {"target": "0"}, "bad_rule_value", None),
        (bent_al_sbeet, {"moon": "yes"}, "bad_rule_value", None),
        (bent_al_sbeet, {"exposable": "QS,AS"}, "bad_rule_value", None),
        (sabaat_al_deemin, {"opening_card": "8D"}, "bad_rule_value", None),
        (hearts, {"pass_direction": "alternate"}, "bad_rule_value", None),
        (
            tarneeb,
            {"min_bid": "9", "max_bid": "8"},
            "rules_conflict",
            {"rules": ["min_bid", "max_bid"], "reason": "min_above_max"},
        ),
        (
            tarneeb,
            {"double_allowed": "true"},
            "rules_conflict",
            {"rules": ["double_allowed", "auction"], "reason": "double_needs_egyptian_auction"},
        ),
        (
            tarneeb,
            {"redouble_allowed": "true"},
            "rules_conflict",
            {"rules": ["redouble_allowed", "double_allowed"], "reason": "redouble_needs_double"},
        ),
        (
            tarneeb_41,
            {"min_bid": "9", "max_bid": "8"},
            "rules_conflict",
            {"rules": ["min_bid", "max_bid"], "reason": "min_above_max"},
        ),
    ],
)
def test_what_cannot_be_played_is_refused(module, overrides, code, details):
    with pytest.raises(RuleError) as info:
        with_overrides(module.PRESETS[module.DEFAULT_PRESET], overrides)
    assert info.value.code == code and isinstance(info.value, BadInput)
    if details is not None:
        assert info.value.details == details


def test_constructing_rules_refuses_the_same_way():
    with pytest.raises(RuleError) as info:
        tarneeb.Rules(auction="egyptian", double_allowed=False, redouble_allowed=True)
    assert info.value.details["reason"] == "redouble_needs_double"
    with pytest.raises(ValueError):  # a RuleError is a ValueError, as before
        bent_al_sbeet.Rules(ties="never")


def test_overrides_in_a_query():
    params = {"variant": "qahwa", "rule.target": "101", "rule.moon": "false", "deal": "x"}
    assert overrides_in(params) == {"target": "101", "moon": "false"}


DEAL = format_deal(shuffle.deal("house-rules"))


def test_a_position_reads_the_overrides_and_carries_every_rule():
    params = {"variant": "qahwa", "deal": DEAL, "rule.target": "101", "rule.moon": "false"}
    pos = open_position(bent_al_sbeet, params)
    answer = pos.to_json("bent-al-sbeet")
    assert answer["rules"] == {
        **rules_json(bent_al_sbeet.PRESETS["qahwa"]),
        "target": 101,
        "moon": False,
    }
    assert pos.query()["rule.target"] == "101" and pos.query()["rule.moon"] == "false"
    again = open_position(bent_al_sbeet, pos.query())
    assert again.rules == pos.rules
    # Explicit overrides win over the query's.
    pos = open_position(bent_al_sbeet, params, overrides={"target": "201"})
    assert pos.rules.target == 201


@pytest.mark.parametrize("slug, preset", PRESETS)
def test_every_preset_reports_its_rules_as_variants_lists_them(slug, preset):
    module = GAMES[slug]
    deal = format_deal(shuffle.deal("house-rules", module.PACK))
    pos = open_position(module, {"variant": preset, "deal": deal})
    assert pos.to_json(slug)["rules"] == rules_json(module.PRESETS[preset])
    assert not any(k.startswith("rule.") for k in pos.query())


def test_a_bad_override_in_a_position_is_bad_input():
    with pytest.raises(RuleError) as info:
        open_position(tarneeb, {"deal": DEAL, "rule.auction": "bridge"})
    assert info.value.code == "bad_rule_value"
