"""Trix's computer players (``trix.players``'s heuristics, ``trix.bots``'s levels): every move
legal, the owner's choice read from the owner's view alone, the expert's choice by rollouts,
the trick contracts played by the penalty family's players with Trix's prices, and the Trix's
layout played by its own club player."""

import random

import pytest

from cardgames import shuffle, trix
from cardgames.layout.moves import KNOCK
from cardgames.players.seat import build
from cardgames.trix import bots, players

COMMON = trix.PRESETS["common"]


def test_whole_games_at_every_level_are_legal_and_zero_sum():
    for i, levels in enumerate(
        (("beginner",) * 4, ("club",) * 4, ("club", "beginner", "club", "beginner"))
    ):
        match = trix.Kingdom(trix.PRESETS["complex" if i == 2 else "common"], first_dealer=i)
        n = 0
        while not match.is_over:
            deal = match.deal(shuffle.deal(f"players{i}/{n}", trix.PACK))
            n += 1
            while not deal.is_over:
                move = bots.decide(deal, levels[deal.to_act], f"s{i}")
                assert move in deal.legal_moves()
                deal.push(move)
            match.record(deal)
        assert sum(match.totals) == 0 and all(g["zero"] for g in match.grid())


def test_the_club_owner_reads_the_hand():
    # A Trix hand: the club owner takes the Trix first.
    deal = trix.new_deal(COMMON, _with_north("QJT.KJT.QJT.QJT9"), 0, owner=0)
    assert deal.format_move(players.choose(build(deal, 0, None))) == "trix"
    # The king of hearts alone is a bad King: with the Trix gone, not the King.
    deal = trix.new_deal(COMMON, _with_north("AKQJ.K.AKQJ.AKQJ"), 0, owner=0, used=("trix",))
    assert deal.format_move(players.choose(build(deal, 0, None))) != "king_of_hearts"
    # The choice reads the owner's hand only: the others' cards dealt otherwise change nothing.
    other = _with_north("AKQJ.K.AKQJ.AKQJ", "another deal")
    again = trix.new_deal(COMMON, other, 0, owner=0, used=("trix",))
    assert players.choose(build(again, 0, None)) == players.choose(build(deal, 0, None))


def _with_north(north: str, seed: str = "") -> list[int]:
    """North holding ``north`` (PBN), the other cards dealt round the others by ``seed``."""
    mask = _hand(north)
    rest = [c for c in range(52) if not mask >> c & 1]
    random.Random(north + seed).shuffle(rest)
    return [mask, *(sum(1 << c for c in rest[13 * i : 13 * i + 13]) for i in range(3))]


def _hand(pbn_hand: str) -> int:
    mask = 0
    for suit, ranks in enumerate(pbn_hand.split(".")):
        for r in ranks:
            mask |= 1 << (suit * 13 + "23456789TJQKA".index(r))
    return mask


def test_the_expert_owner_rolls_out_and_stays_legal():
    deal = trix.new_deal(COMMON, _with_north("AKQJ.K.AKQJ.AKQJ"), 0, owner=0)
    move = bots.choose_expert(build(deal, 0, None), "expert-owner", rollouts=4)
    assert move in deal.legal_moves()
    # A hand of aces and kings with the king of hearts alone: rolled out, the Tricks and
    # the King cost it most, so the expert takes neither first.
    assert deal.format_move(move) not in ("tricks", "king_of_hearts")


def test_the_layout_club_player_frees_its_own_cards():
    layout = trix.new_deal(COMMON, _with_north("QJT.KJT.QJT.QJT9"), 0, owner=0)
    layout.push(layout.parse_move("trix"))
    first = players.lay(build(layout.inner, 0, None))
    assert first % 13 == 9  # a jack: the only cards that fit
    layout.push(first)
    while layout.to_act != 0:
        layout.push(bots.decide(layout, "club", "x"))
    move = players.lay(build(layout.inner, 0, None))
    assert move == KNOCK or move in layout.legal_moves()


@pytest.mark.parametrize("contract", ["queens", "king_of_hearts"])
def test_the_expert_plays_a_trick_contract(contract):
    deal = trix.new_deal(COMMON, shuffle.deal(f"ex-{contract}", trix.PACK), 0)
    deal.push(deal.parse_move(contract))
    while not deal.is_over:
        level = "expert" if deal.to_act == 0 and len(deal.history) < 8 else "club"
        move = bots.decide(deal, level, "e")
        assert move in deal.legal_moves()
        deal.push(move)
    # Doubled or not, a card's net is its price (the site's reading of the own double).
    assert sum(deal.points()) == (-100 if contract == "queens" else -75)


def test_the_choice_is_analysed_contract_by_contract():
    # The analysis the quiz's "which contract with this hand" would be judged by: every
    # contract left valued from the owner's view, the expert's choice the best of them.
    deal = trix.new_deal(COMMON, _with_north("QJT.KJT.QJT.QJT9"), 0, owner=0, used=("queens",))
    view = build(deal, 0, None)
    values = bots.choice_values(view, "analysis", rollouts=4)
    assert set(values) == {"king_of_hearts", "diamonds", "tricks", "trix"}
    best = bots.choose_expert(view, "analysis", rollouts=4)
    assert values[deal.format_move(best)] == max(values.values())
    assert max(values, key=values.get) == "trix"  # four jacks and their neighbours
