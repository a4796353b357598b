"""The expert computer player: in card play, the card that does best when club players play out
deals drawn from its own seat's view (the club player's card when it is among the best), found
without reading a hidden hand, within its time budget, and the club player's move when no deal
is rolled out in time; outside card play, the club player's decision. Its reasons are worded
in every language."""

import random
import time
from dataclasses import replace

import pytest
from django.utils import translation

from cardgames import bots, shuffle
from cardgames.cards import card_code, hand_of, parse_card
from cardgames.contract import Phase
from cardgames.games import FAMILIES
from cardgames.layout.family import FAMILY as LAYOUT
from cardgames.penalty import hearts
from cardgames.penalty.family import FAMILY as PENALTY
from cardgames.players.reasons import advise
from cardgames.search import expert, rollout
from cardgames.search.expert import Valued
from cardgames.trickbid import tarneeb
from cardgames.trickbid.deal import replay
from cardgames.trickbid.family import FAMILY as TRICKBID
from practice import advice
from practice import match as practice_match
from practice.match import Practice, Setup

from .helpers import MODULES
from .test_fairness import position, redeal_hidden

GAMES = list(MODULES)


@pytest.fixture(autouse=True)
def patient(monkeypatch):
    """A few drawn deals and no clock: the same view and seed give the same rollouts on a
    loaded machine, and the file stays quick. (The budget is tested on its own below.)"""
    monkeypatch.setattr(expert, "MOVE_BUDGET", 60.0)
    monkeypatch.setattr(expert, "MOVE_AIM", 60.0)
    at_most(monkeypatch, 4)


def at_most(monkeypatch, deals: int) -> None:
    """Every family's expert rolls out at most ``deals`` deals a move (its tuning's)."""
    for family in FAMILIES:
        hooks = family.analysis
        if hooks is None:  # the kingdom's: its trick contracts are the penalty family's
            continue
        monkeypatch.setattr(hooks, "tuning", replace(hooks.tuning, expert_samples=deals))


@pytest.fixture
def rollouts(monkeypatch):
    """Every rollout the expert makes: the view, the drawn deal, the card tried, its value."""
    made = []
    real = rollout.rollout

    def recorded(view, deal, move):
        found = real(view, deal, move)
        made.append((view, deal, move, found))
        return found

    monkeypatch.setattr(rollout, "rollout", recorded)
    return made


def searched(game: str, state) -> bool:
    """Whether the expert searches this moment: Trix's Trix is the club player's."""
    return bots.view_of(game, state, state.to_act).game.family.analysis is not None


def card_play(game: str, seed: int):
    """A position of card play with a choice, reached by club players from a seeded deal, and
    the cards played (as ``test_fairness.position`` gives them)."""
    rng = random.Random(f"{game}-{seed}")
    preset = MODULES[game].DEFAULT_PRESET
    for _ in range(200):
        deal, moves = rng.randrange(10**6), rng.randrange(4, 60)
        state, cards = position(game, preset, deal, moves, ["club"] * 4)
        if (
            state.to_act is not None
            and state.phase == Phase.PLAY
            and len(state.legal_moves()) > 1
            and searched(game, state)
        ):
            return state, cards
    raise AssertionError(f"no card play with a choice in {game}")


@pytest.mark.parametrize("game", GAMES)
def test_the_expert_plays_the_legal_card_its_rollouts_value_best(game, rollouts):
    for seed in range(2):
        state, _ = card_play(game, seed)
        view = bots.view_of(game, state, state.to_act)
        legal = view.legal
        rollouts.clear()
        decision = bots.decide(view, "expert", "legal")
        assert decision.move in state.legal_moves()
        # The same cards tried in every deal drawn, each deal the seat's own at its moment.
        assert rollouts and all(v == view for v, _, _, _ in rollouts)
        deals = {id(deal): deal for _, deal, _, _ in rollouts}
        assert all(
            d.hands[view.seat] == view.hand and d.to_act == view.seat for d in deals.values()
        )
        assert len(rollouts) % len(deals) == 0  # the same cards tried in every deal
        club = bots.decide(view, "club")
        # Equal cards are rolled out once for all (the one tried in their place).
        tried = rollout.equals(view, club.move)
        total = {m: sum(v for _, _, move, v in rollouts if move == tried[m]) for m in legal}
        best = max(total.values())  # the value is higher-is-better in every family
        assert abs(total[decision.move] - best) < 1e-6
        equals = [m for m in legal if abs(total[m] - best) < 1e-6]
        if club.move in equals:  # among equals, the club player's card
            assert decision.move == club.move
        assert decision.reason.code in bots.REASONS[game]
        assert tuple(decision.reason.facts) == bots.REASON_FACTS[decision.reason.code]


@pytest.mark.parametrize("game", GAMES)
def test_the_unseen_cards_dealt_otherwise_change_no_expert_move(game, monkeypatch):
    at_most(monkeypatch, 2)
    found = 0
    rng = random.Random(game)
    for seed in range(12):
        state, cards = card_play(game, 100 + seed)
        seat = state.to_act
        alt = redeal_hidden(game, state, cards, seat, rng)
        if alt is None:
            continue
        assert bots.view_of(game, alt, seat) == bots.view_of(game, state, seat)
        mine = bots.decide(bots.view_of(game, state, seat), "expert", "fair")
        assert bots.decide(bots.view_of(game, alt, seat), "expert", "fair") == mine
        found += 1
        if found == 2:
            return
    raise AssertionError("no position whose hidden cards could be dealt otherwise")


# A Tarneeb ending, built by hand. East deals, North bids 13 and names spades, and North leads
# every trick: four rounds of trumps (all thirteen are gone), four of hearts (East and West
# show they hold none) and two of clubs. North has taken all ten tricks; with three cards left
# North leads the queen of hearts and West throws a diamond. South, to play, holds KH 5H 2D.
# The only hearts South cannot see, JH and TH, are North's (both opponents are void): played
# low, the 5H leaves the king blocking North's hearts, South must win the next heart with it
# and lead the 2D to the opponents' diamonds, and the contract goes one down; the king played
# now (overtaking the partner's winning queen) leads the 5H to North's JH and TH, all thirteen.
# The club player never overtakes a partner's winning card.
ENDING = {
    "N": "AS KS QS JS AH 9H 8H 7H AC KC QH JH TH",
    "E": "4S 3S 2S JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
    "S": "TS 9S 8S 6H 4H 3H 2H JD TD 9D KH 5H 2D",
    "W": "7S 6S 5S 8D 7D 6D 5D 4D 3D QC AD KD QD",
}
ENDING_MOVES = (
    "13 pass pass pass trump:S "
    "AS 5S 8S 2S KS 6S 9S 3S QS 7S TS 4S JS 3D 9D 2C AH 4D 2H 3C "
    "9H 5D 3H 4C 8H 6D 4H 5C 7H 7D 6H 6C AC QC TD 7C KC 8D JD 8C QH QD"
)


def test_the_expert_unblocks_where_only_one_card_keeps_the_contract():
    hands = [hand_of(ENDING[s].split()) for s in "NESW"]
    state = replay(tarneeb.PRESETS["classic"], hands, 1, ENDING_MOVES.split())
    south = 2
    assert state.to_act == south and state.tricks_won == [10, 0, 0, 0]
    view = bots.view_of("tarneeb", state, south)
    assert bots.decide(view, "club").move == parse_card("5H")  # the partner's trick kept
    decision = bots.decide(view, "expert", "ending")
    assert card_code(decision.move) == "KH"
    code, source, facts = decision.reason
    assert (code, source, facts["card"]) == ("best_by_analysis", None, "KH")
    assert facts["points"] >= facts["deals"]  # the contract's score lost in every deal


# A Hearts ending (pagat, the fourth deal: no pass), played by club players from these hands.
# East, to lead with two cards left, holds QS 7D; North holds AS JH, South 2S 5S, West 6H 7H,
# and nobody else has a diamond. The club player leads the low diamond: it wins that trick,
# North throws the ace of spades on it, and East must lead the queen into its own trick, 13
# points. The queen led now, North must follow with the ace and takes it. East sees none of
# this; every deal it draws of the six cards it cannot see says the same.
HEARTS_HANDS = {
    "N": "8S 9S AS 5H 8H JH 2D QD AD 4C 6C JC KC",
    "E": "3S TS QS 4H AH 3D 4D 7D TD 3C 7C 8C TC",
    "S": "2S 5S 6S 7S 2H TH 5D 8D 9D JD 2C QC AC",
    "W": "4S JS KS 3H 6H 7H 9H QH KH 6D KD 5C 9C",
}
HEARTS_MOVES = (
    "2C 9C KC TC 2D 3D 5D KD 5C 4C 3C AC 7S 4S 8S TS 7C QC KS JC 6S JS 9S 3S 6D QD TD JD "
    "6C 8C TH KH 4D 8D QH AD 5H 4H 2H 3H 8H AH 9D 9H"
)


def test_the_expert_leads_the_queen_of_spades_into_the_ace_the_club_player_keeps_it():
    hands = [hand_of(HEARTS_HANDS[s].split()) for s in "NESW"]
    state = hearts.new_deal(hearts.PRESETS["pagat"], hands, 0, deal_number=4)
    for card in HEARTS_MOVES.split():
        state.push(parse_card(card))
    east = 1
    assert state.to_act == east and state.hands[east] == hand_of(["QS", "7D"])
    view = bots.view_of("hearts", state, east)
    club = bots.decide(view, "club")
    assert card_code(club.move) == "7D"
    played_out = state.copy()
    played_out.push(club.move)
    bots.advance("hearts", played_out, ["club"] * 4)
    assert played_out.taken[east] >> parse_card("QS") & 1  # the club card keeps the queen
    decision = bots.decide(view, "expert", "queen")
    assert card_code(decision.move) == "QS"
    code, _, facts = decision.reason
    assert code == "fewest_points_by_analysis" and facts["points"] >= 13  # a queen at least


def test_with_no_deal_drawn_the_expert_plays_the_club_move(monkeypatch):
    monkeypatch.setattr(rollout, "drawn", lambda view, count, seed: [])
    for game in GAMES:
        state, _ = card_play(game, 7)
        view = bots.view_of(game, state, state.to_act)
        assert bots.decide(view, "expert", "busy") == bots.decide(view, "club")


def test_a_spent_deadline_rolls_out_nothing(monkeypatch):
    def refused(*args):
        raise AssertionError("a rollout was made after the deadline")

    monkeypatch.setattr(rollout, "rollout", refused)
    state, _ = card_play("tarneeb", 3)
    view = bots.view_of("tarneeb", state, state.to_act)
    late = time.monotonic() - 1
    assert bots.decide(view, "expert", "late", deadline=late) == bots.decide(view, "club")


def test_a_move_searches_no_longer_than_its_budget(monkeypatch):
    monkeypatch.setattr(expert, "MOVE_BUDGET", 0.05)
    at_most(monkeypatch, 200)
    for game in ("tarneeb", "hearts", "sabaat-al-deemin"):
        state, _ = card_play(game, 11)
        view = bots.view_of(game, state, state.to_act)
        start = time.monotonic()
        decision = bots.decide(view, "expert", "budget")
        assert time.monotonic() - start < 0.5, game
        assert decision.move in state.legal_moves()


def test_outside_card_play_the_expert_decides_as_the_club_player():
    # Sab'at Al-Deemin's announcements and Trix's choice of contract excepted: the expert
    # rolls them out (below, and tests/bots/test_trix_players.py).
    seen = set()
    for game in GAMES:
        module = MODULES[game]
        hands = shuffle.deal(f"outside-{game}", module.PACK)
        state = module.new_deal(module.PRESETS[module.DEFAULT_PRESET], hands, 0)
        rolled = (Phase.PLAY, Phase.ANNOUNCE, Phase.CHOOSE)
        while state.to_act is not None and state.phase not in rolled:
            view = bots.view_of(game, state, state.to_act)
            decision = bots.decide(view, "expert", "auction")
            assert decision == bots.decide(view, "club")
            seen.add(state.phase)
            state.push(decision.move)
    assert {Phase.PASS, Phase.BIDDING} <= seen


def test_the_expert_announces_by_rollouts_in_its_own_words_where_it_differs(rollouts):
    """The club player's announcement keeps its own reason; another one chosen by the
    rollouts says so, never the club player's words on the hand's strength."""
    game = "sabaat-al-deemin"
    module = MODULES[game]
    codes = {"announce_pass", "double_fast_hand", "triple_fast_hand", "redeal_high_cards"}
    for seed in range(3):
        hands = shuffle.deal(f"announce-{seed}", module.PACK)
        state = module.new_deal(module.PRESETS[module.DEFAULT_PRESET], hands, 0)
        view = bots.view_of(game, state, state.to_act)
        assert view.phase == Phase.ANNOUNCE
        rollouts.clear()
        decision = bots.decide(view, "expert", "announce")
        club = bots.decide(view, "club")
        assert decision.move in view.legal
        if decision.move == club.move:
            assert decision.reason.code in codes
        else:
            assert decision.reason.code == expert.ANNOUNCED
        assert tuple(decision.reason.facts) == bots.REASON_FACTS[decision.reason.code]
        total = {m: sum(v for _, _, move, v in rollouts if move == m) for m in view.legal}
        assert total[decision.move] == max(total.values())


def test_a_practice_requests_replies_share_one_budget(monkeypatch):
    # Every reply of one request searches within REPLY_BUDGET: three experts after the learner
    # and the whole budget spent, the rest are club moves, and the request returns in time.
    monkeypatch.setattr(expert, "MOVE_BUDGET", 0.2)
    at_most(monkeypatch, 200)
    monkeypatch.setattr(practice_match, "REPLY_BUDGET", 0.3)
    match = Practice.start(Setup("hearts", "pagat", {}, 2, "expert", 0), "budget")
    while match.learner_to_act and match.state.phase != Phase.PLAY:
        match.play([match.module.format_move(match.legal()[0])], ply=match.ply)
    start = time.monotonic()
    match.play([match.module.format_move(match.legal()[0])], ply=match.ply)
    assert time.monotonic() - start < 0.3 + 0.2 + 0.3  # the budget, a move's, and the rest


def test_a_request_made_again_spends_the_budget_of_its_first_try(monkeypatch):
    # ``service.change`` replays the match again when another request stored first; each try
    # is given the deadline of the first, so once it has passed the replies are club moves.
    def refused(*args):
        raise AssertionError("a rollout was made after the deadline")

    match = Practice.start(Setup("tarneeb", "classic", {}, 2, "expert", 0), "again")
    monkeypatch.setattr(rollout, "rollout", refused)
    match.reply_deadline = time.monotonic() - 1
    while not match.deal_over:
        replies = match.play([match.module.format_move(match.legal()[0])], ply=match.ply)
        expert_codes = bots.GAMES["tarneeb"].family.expert_codes
        assert all(reason.code not in expert_codes for _, _, reason in replies)


def test_the_club_card_stays_among_equals_and_the_reason_counts_what_the_next_card_loses():
    club = advise(parse_card("2H"), "play_low", {"card": "2H"})
    ah, h2, c9 = parse_card("AH"), parse_card("2H"), parse_card("9C")
    # Values are higher-is-better means a deal: the side's score against the other side's, or
    # the penalty points taken (negated); the reason sums what the next card gives up.
    tricks = [Valued(ah, 5.0, 0.0), Valued(h2, 5.0, 0.0), Valued(c9, 4.75, 0.25)]
    kept = expert.choose(tricks, 8, club, TRICKBID)
    assert (kept.move, kept.code) == (h2, "best_by_analysis")
    assert kept.facts == {"card": "2H", "deals": 8, "points": 2}  # a quarter, in 8 deals
    points = [Valued(ah, -1.0, 0.0), Valued(c9, -1.25, 0.25)]
    alone = expert.choose(points, 8, club, PENALTY)
    assert (alone.move, alone.code) == (ah, "fewest_points_by_analysis")
    assert alone.facts == {"card": "AH", "deals": 8, "points": 2}
    score = expert.choose([Valued(ah, 3.0, 0.0), Valued(c9, -9.0, 12.0)], 8, club, LAYOUT)
    assert score.facts == {"card": "AH", "deals": 8, "points": 96}
    # An announcement the rollouts prefer by more than the tolerance: the expert's own words.
    e = MODULES["sabaat-al-deemin"]
    calm = advise(e.PASS, "announce_pass", {"runs": 2})
    called = expert.choose(
        [Valued(e.DOUBLE, 20.0, 0.0), Valued(e.PASS, 0.0, 20.0)], 8, calm, LAYOUT
    )
    assert (called.move, called.code) == (e.DOUBLE, expert.ANNOUNCED)
    assert called.facts == {"deals": 8, "points": 160}
    near = expert.choose([Valued(e.DOUBLE, 5.0, 0.0), Valued(e.PASS, 0.0, 5.0)], 8, calm, LAYOUT)
    assert near == calm  # within the tolerance: the club player's pass and its reason
    # Every card as good as another: the club player's card and its own reason.
    assert expert.choose(tricks[:2], 8, club, TRICKBID) == club


@pytest.mark.parametrize("lang", ["ar", "en", "fr"])
def test_every_expert_reason_has_its_sentence(lang):
    for game in GAMES:
        for code in bots.GAMES[game].family.expert_codes:
            with translation.override(lang):
                assert advice.template(game, code) is not None, (game, code)
