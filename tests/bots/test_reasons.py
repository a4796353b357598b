"""The reason codes: every one listed with its facts, every source a source of that game's
registry, every code of a family reachable in every game of that family."""

import pytest

from cardgames import bots
from rulebook.games import GAMES as SITE_GAMES
from rulebook.registry import read


@pytest.mark.parametrize("game", SITE_GAMES)
def test_every_source_named_is_a_source_of_the_games_registry(game):
    keys = {source["key"] for source in read(SITE_GAMES[game].registry)["sources"]}
    named = {source for source in bots.REASONS[game].values() if source is not None}
    assert named <= keys


@pytest.mark.parametrize("game", sorted(set(bots.GAMES) - set(SITE_GAMES)))
def test_a_game_without_a_registry_file_gives_only_the_sites_own_advice(game):
    # Leekha, Hearts and Tarneeb 41: their sources (relatives.md) state rules, no tips.
    assert set(bots.REASONS[game].values()) == {None}


def test_the_sources_tips_are_credited_and_the_rest_is_the_sites_own():
    assert bots.REASONS["bent-al-sbeet"]["discard_penalty"] == "qahwa"
    assert bots.REASONS["bent-al-sbeet"]["duck"] == "sbeetah"
    assert bots.REASONS["bent-al-sbeet"]["shoot_moon"] is None
    assert bots.REASONS["tarneeb"]["draw_trumps"] == "squarescores"
    assert bots.REASONS["tarneeb"]["no_overtake"] is None
    # A heuristic the family shares keeps its source in the game whose registry names it.
    assert bots.REASONS["leekha"]["discard_penalty"] is None
    assert bots.REASONS["tarneeb-41"]["draw_trumps"] is None
    # The French rules sheet gives no advice at all.
    assert set(bots.REASONS["sabaat-al-deemin"].values()) == {None}


@pytest.mark.parametrize("game", bots.GAMES)
def test_every_code_of_a_game_has_its_facts_listed(game):
    assert set(bots.REASONS[game]) <= set(bots.REASON_FACTS)
    for code in bots.REASONS[game]:
        assert all(isinstance(name, str) for name in bots.REASON_FACTS[code])


def test_a_source_is_only_named_for_a_code_its_family_gives():
    for game in bots.GAMES.values():
        family = game.family.players
        assert set(game.sources) <= set(family.CODES)


def test_the_levels():
    assert bots.LEVELS == ("beginner", "club", "expert")


def test_a_code_shared_by_two_families_means_the_same_facts():
    for code in bots.REASON_FACTS:
        families = {game.family.players for game in bots.GAMES.values()}
        facts = {family.CODES[code] for family in families if code in family.CODES}
        assert len(facts) <= 1, code
