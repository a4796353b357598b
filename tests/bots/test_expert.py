"""The expert computer player: in card play, a card of cost 0 in the analysis of its own seat's
view (the club player's card when it is one of them), found without reading a hidden hand,
within its time budget, and the club player's move when the analysis cannot answer in time;
outside card play, the club player's decision. Its reasons are worded in every language."""

import random
import time
from importlib import import_module
from types import SimpleNamespace

import pytest
from django.utils import translation

from practice import advice
from practice import match as practice_match
from practice.match import Practice, Setup
from rulebook.engine import analysis, bots, shuffle, tarneeb
from rulebook.engine.bots import expert
from rulebook.engine.bots.reasons import advise
from rulebook.engine.cards import card_code, hand_of, parse_card
from rulebook.engine.contract import Phase
from rulebook.engine.trickbid.deal import replay

from .helpers import MODULES
from .test_fairness import position, redeal_hidden

GAMES = list(MODULES)


@pytest.fixture(scope="module", autouse=True)
def solver():
    """The double-dummy solver loaded before any clock runs (a process loads it once)."""
    import_module("rulebook.engine.analysis.trick")


@pytest.fixture(autouse=True)
def patient(monkeypatch):
    """A few sampled deals and no clock: the same view and seed give the same search on a
    loaded machine, and the file stays quick. (The budget is tested on its own below.)"""
    monkeypatch.setattr(expert, "MOVE_BUDGET", 60.0)
    monkeypatch.setattr(expert, "MOVE_AIM", 60.0)
    monkeypatch.setattr(expert, "SAMPLES", dict.fromkeys(expert.SAMPLES, 4))


@pytest.fixture
def answers(monkeypatch):
    """Every analysis the expert asks for, as it was answered."""
    asked = []
    real = analysis.analyse_view

    def recorded(view, **options):
        found = real(view, **options)
        asked.append(found)
        return found

    monkeypatch.setattr(analysis, "analyse_view", recorded)
    return asked


def card_play(game: str, seed: int):
    """A position of card play with a choice, reached by club players from a seeded deal, and
    the cards played (as ``test_fairness.position`` gives them)."""
    rng = random.Random(f"{game}-{seed}")
    preset = MODULES[game].DEFAULT_PRESET
    for _ in range(200):
        deal, moves = rng.randrange(10**6), rng.randrange(4, 60)
        state, cards = position(game, preset, deal, moves, ["club"] * 4)
        if state.to_act is not None and state.phase == Phase.PLAY and len(state.legal_moves()) > 1:
            return state, cards
    raise AssertionError(f"no card play with a choice in {game}")


@pytest.mark.parametrize("game", GAMES)
def test_the_expert_plays_a_legal_card_of_cost_0_in_its_own_views_analysis(game, answers):
    higher = analysis.HIGHER_IS_BETTER[bots.GAMES[game].family.name]
    for seed in range(2):
        state, _ = card_play(game, seed)
        view = bots.view_of(game, state, state.to_act)
        legal = view.legal
        answers.clear()
        decision = bots.decide(view, "expert", "legal")
        assert decision.move in state.legal_moves()
        # The deals it searched, each from the seat's own view: the card's mean is the best.
        assert answers and all(a.view == "seat" and a.seat == view.seat for a in answers)
        total = {m: sum(v.value for a in answers for v in a.moves if v.move == m) for m in legal}
        best = (max if higher else min)(total.values())
        assert abs(total[decision.move] - best) < 1e-6
        equals = [m for m in legal if abs(total[m] - best) < 1e-6]
        club = bots.decide(view, "club")
        if club.move in equals:  # among equals, the club player's habits
            assert decision.move == club.move
        assert decision.reason.code in bots.REASONS[game]
        assert tuple(decision.reason.facts) == bots.REASON_FACTS[decision.reason.code]


@pytest.mark.parametrize("game", GAMES)
def test_the_unseen_cards_dealt_otherwise_change_no_expert_move(game, monkeypatch):
    monkeypatch.setattr(expert, "SAMPLES", dict.fromkeys(expert.SAMPLES, 2))
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
    assert facts["tricks"] >= facts["deals"]  # a trick lost in every deal sampled


def test_out_of_time_the_expert_plays_the_club_move(monkeypatch):
    def busy(view, **options):
        raise analysis.Busy()

    monkeypatch.setattr(analysis, "analyse_view", busy)
    for game in GAMES:
        state, _ = card_play(game, 7)
        view = bots.view_of(game, state, state.to_act)
        assert bots.decide(view, "expert", "busy") == bots.decide(view, "club")


def test_a_spent_deadline_asks_no_analysis(monkeypatch):
    def refused(view, **options):
        raise AssertionError("the analysis was asked after the deadline")

    monkeypatch.setattr(analysis, "analyse_view", refused)
    state, _ = card_play("tarneeb", 3)
    view = bots.view_of("tarneeb", state, state.to_act)
    late = time.monotonic() - 1
    assert bots.decide(view, "expert", "late", deadline=late) == bots.decide(view, "club")


def test_a_move_searches_no_longer_than_its_budget(monkeypatch):
    monkeypatch.setattr(expert, "MOVE_BUDGET", 0.05)
    monkeypatch.setattr(expert, "SAMPLES", dict.fromkeys(expert.SAMPLES, 200))
    for game in ("tarneeb", "hearts", "sabaat-al-deemin"):
        state, _ = card_play(game, 11)
        view = bots.view_of(game, state, state.to_act)
        start = time.monotonic()
        decision = bots.decide(view, "expert", "budget")
        assert time.monotonic() - start < 0.5, game
        assert decision.move in state.legal_moves()


def test_outside_card_play_the_expert_decides_as_the_club_player():
    seen = set()
    for game in GAMES:
        module = MODULES[game]
        hands = shuffle.deal(f"outside-{game}", module.PACK)
        state = module.new_deal(module.PRESETS[module.DEFAULT_PRESET], hands, 0)
        while state.to_act is not None and state.phase != Phase.PLAY:
            view = bots.view_of(game, state, state.to_act)
            decision = bots.decide(view, "expert", "auction")
            assert decision == bots.decide(view, "club")
            seen.add(state.phase)
            state.push(decision.move)
    assert {Phase.PASS, Phase.BIDDING} <= seen


def test_a_practice_requests_replies_share_one_budget(monkeypatch):
    # Every reply of one request searches within REPLY_BUDGET: three experts after the learner
    # and the whole budget spent, the rest are club moves, and the request returns in time.
    monkeypatch.setattr(expert, "MOVE_BUDGET", 0.2)
    monkeypatch.setattr(expert, "SAMPLES", dict.fromkeys(expert.SAMPLES, 200))
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
    def refused(view, **options):
        raise AssertionError("the analysis was asked after the deadline")

    match = Practice.start(Setup("tarneeb", "classic", {}, 2, "expert", 0), "again")
    monkeypatch.setattr(analysis, "analyse_view", refused)
    match.reply_deadline = time.monotonic() - 1
    while not match.deal_over:
        replies = match.play([match.module.format_move(match.legal()[0])], ply=match.ply)
        assert all(reason.code not in expert.CODES["trickbid"] for _, _, reason in replies)


def test_the_club_card_stays_among_equals_and_the_reason_counts_what_the_others_lose():
    club = advise(parse_card("2H"), "play_low", {"card": "2H"})
    move = SimpleNamespace
    moves = [move(move=parse_card("AH"), cost=0.0), move(move=parse_card("2H"), cost=0.0)]
    moves.append(move(move=parse_card("9C"), cost=0.25))
    kept = expert.choose(moves, 8, club, "trickbid")
    assert (kept.move, kept.code) == (parse_card("2H"), "best_by_analysis")
    assert kept.facts == {"card": "2H", "deals": 8, "tricks": 2}  # a quarter, in 8 deals
    alone = expert.choose(moves[:1] + moves[2:], 8, club, "penalty")
    assert (alone.move, alone.code) == (parse_card("AH"), "fewest_points_by_analysis")
    chance = expert.choose(moves[:1] + moves[2:], 8, club, "layout")
    assert chance.facts == {"card": "AH", "deals": 8, "percent": 25}
    # Every card as good as another: the club player's card and its own reason.
    assert expert.choose(moves[:2], 8, club, "trickbid") == club


@pytest.mark.parametrize("lang", ["ar", "en", "fr"])
def test_every_expert_reason_has_its_sentence(lang):
    for game in GAMES:
        family = bots.GAMES[game].family.name
        for code in expert.CODES[family]:
            with translation.override(lang):
                assert advice.template(game, code) is not None, (game, code)
