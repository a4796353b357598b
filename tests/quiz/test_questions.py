"""Generated questions: many seeds of every kind for every preset, each expected answer checked
against the engine's own legal-move list and against the rules worked out again in ``oracle``.
"""

import dataclasses
import doctest
from functools import partial
from pathlib import Path
from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgames import cards
from cardgames.cards import parse_card
from cardgames.errors import IllegalMove
from cardgames.layout import sabaat_al_deemin
from cardgames.penalty import bent_al_sbeet
from cardgames.penalty.family import FAMILY as PENALTY
from cardgames.positions import open_position
from cardgames.table import SEATS
from cardgames.trickbid import tarneeb
from quiz import questions
from quiz.questions import (
    DEAL_POINTS,
    KINDS,
    KNOCK,
    LEGAL_SET,
    NEXT_LEADER,
    PLAY,
    SHEET,
    TRICK_POINTS,
    check,
    generate,
    targets,
)
from rulebook import games

from . import oracle

ROOT = Path(__file__).resolve().parents[2]
SEEDS = 50
COMBOS = [
    (game, variant, kind)
    for game, kinds in KINDS.items()
    for variant in games.GAMES[game].presets
    for kind in kinds
]


def ids(combo):
    return "/".join(combo)


def reopen(q):
    """The question's position, replayed by the engine from its query (as the page does)."""
    return open_position(games.GAMES[q.game].engine, q.query)


def tokens(q) -> list[str]:
    return q.query["moves"].split()


def relative(q) -> bool:
    """A penalty game other than Bent Al Sbeet: Leekha, Hearts, or a game added to the family
    (``tests/test_new_game.py``'s)."""
    game = games.GAMES[q.game]
    return game.family is PENALTY and game.engine is not bent_al_sbeet


def oracle_rules(q, pos):
    """The rules as the oracle reads them: a relative's as the family's parameters (each rule
    by its key, a field of the game's ``Rules`` or a value the game fixes)."""
    return SimpleNamespace(**pos.rules.knobs()) if relative(q) else pos.rules


def hands_of(q, module):
    return cards.parse_deal(q.query["deal"], module.PACK)


def trick_replay(q, pos):
    """The card play replayed by ``oracle`` from the dealt hands (after Tarneeb's auction)."""
    module, rules = pos.module, pos.rules
    hands = hands_of(q, module)
    dealer = SEATS.index(q.query["dealer"])
    if module is bent_al_sbeet:
        return oracle.bent_replay(rules, hands, dealer, tokens(q))
    if relative(q):
        return oracle.penalty_replay(q.game, oracle_rules(q, pos), hands, dealer, tokens(q))
    state = pos.state
    if q.game == "trix":  # the owner names the contract, the doubles are asked, the owner leads
        first = oracle.trix_first_leader(q.query, hands)
        game = oracle.TrickReplay(hands, first, rules.direction.step)
        for token in oracle.trix_cards(tokens(q)):
            game.play(parse_card(token))
        return game
    if q.game == "tarneeb-41":  # four bids, then the cards; hearts are trumps
        plays = tokens(q)[4:]
        first = oracle.tarneeb_41_first_leader(rules, dealer)
        game = oracle.TrickReplay(hands, first, rules.direction.step, oracle.HEARTS)
        for token in plays:
            game.play(parse_card(token))
        return game
    auction = len(state.bids) + (1 if rules.auction != "egyptian" else 0)
    plays = tokens(q)[auction:]
    game = oracle.TrickReplay(hands, state.contract.declarer, rules.direction.step, state.trump)
    for token in plays:
        game.play(parse_card(token))
    return game


def independent_legal(q, pos) -> set[str]:
    """The cards the player to act may play, by ``oracle``."""
    rules = pos.rules
    if pos.module is sabaat_al_deemin:
        dealt = hands_of(q, pos.module)
        hands, laid, to_act, opening = oracle.sabaat_replay(rules, dealt, tokens(q))
        assert to_act == pos.state.to_act
        return oracle.codes(oracle.sabaat_playable(hands[to_act], laid, opening))
    if q.game == "trix" and pos.state.contract == "trix":  # the Trix's rows
        dealt = hands_of(q, pos.module)
        step = rules.direction.step
        hands, laid, to_act = oracle.trix_rows_replay(q.query, dealt, step, tokens(q))
        assert to_act == pos.state.to_act
        return oracle.codes(oracle.trix_row_playable(hands[to_act], laid))
    game = trick_replay(q, pos)
    assert game.to_act == pos.state.to_act
    if pos.module is bent_al_sbeet:
        return oracle.codes(oracle.bent_legal(rules, game))
    if q.game == "leekha":
        return oracle.codes(oracle.leekha_legal(oracle_rules(q, pos), game))
    if relative(q):  # Hearts, and a penalty game added to the family
        return oracle.codes(oracle.hearts_legal(oracle_rules(q, pos), game))
    hand = game.hands[game.to_act]
    led = game.trick[0][1] // 13 if game.trick else None
    same = {c for c in hand if c // 13 == led}
    return oracle.codes(same or hand)


def check_choice(q, pos):
    state = pos.state
    engine_legal = [m for m in state.legal_moves() if m < 52]
    if q.kind == LEGAL_SET:
        assert q.expected["cards"] == [
            cards.card_code(c) for c in cards.display_order(sum(1 << c for c in engine_legal))
        ]
        expected = set(q.expected["cards"])
    else:
        offered = questions.offered(pos, q.kind)
        legal = set(state.legal_moves())
        right = {pos.module.format_move(m) for m in offered if m in legal}
        assert set(q.expected["moves"]) == right
        # Every offered move the answer leaves out is refused by the engine, every one it keeps
        # is played.
        for m in offered:
            token = pos.module.format_move(m)
            if token in q.expected["moves"]:
                state.play(m)
            else:
                with pytest.raises(IllegalMove):
                    state.play(m)
        if state.phase != "play":
            return  # the auction: its calls are checked by the engine's refusals above
        expected = set(q.expected["moves"]) - {"knock"}
    hand = {cards.card_code(c) for c in cards.cards_in(state.hands[state.to_act])}
    assert expected <= hand
    if q.kind == PLAY and q.expected["moves"] == ["knock"]:  # Sab'at's knock, the Trix's pass
        assert independent_legal(q, pos) == set()
        return
    assert expected == independent_legal(q, pos)
    # Some card is wrong (a question where every card is right teaches nothing to play).
    if q.kind == PLAY:
        assert expected != hand


def check_moment(q, pos):
    """The position shows what the question says it teaches (of the deal being played: a
    Trix trick contract's own, ``Family.playing``)."""
    game = games.GAMES[q.game]
    state, m = game.family.playing(game, pos.state)[1], q.moment
    rows = m in ("row_fit", "row_blocked")  # the Trix's rows: a layout, no trick
    if m == "row_blocked" and q.kind == PLAY:
        assert q.expected["moves"] == ["knock"]
    if q.kind in (LEGAL_SET, PLAY) and state.phase == "play" and q.game != "sabaat-al-deemin":
        if rows:
            return
        legal = set(q.expected.get("cards") or q.expected["moves"])
        hand = {cards.card_code(c) for c in cards.cards_in(state.hands[state.to_act])}
        led = state.trick[0][1] // 13 if state.trick else None
        if m == "forced_discard":
            assert legal <= {"QS", "TD"} and legal != hand
        elif m == "hearts_unbroken":
            assert led is None and not any(c.endswith("H") for c in legal)
            assert any(c.endswith("H") for c in hand)
        elif m == "jack_opening":
            assert legal == {"JH"} and not state.played
        elif m in ("void", "void_trump"):
            assert legal == hand and not any(parse_card(c) // 13 == led for c in hand)
        elif m == "follow_suit":
            assert {parse_card(c) // 13 for c in legal} == {led}
    if m == "opening":
        assert set(q.expected.get("cards") or q.expected["moves"]) == {"7D"}
    if m == "blocked" and q.kind == PLAY:
        assert q.expected["moves"] == ["knock"]
    if m == "dealer_forced":
        assert q.expected["moves"] == [str(pos.rules.min_bid)]
    if m == "two_clubs":
        assert q.expected.get("cards", q.expected.get("moves")) == ["2C"] and not state.played
    if m == "first_trick":
        legal = set(q.expected.get("cards") or q.expected["moves"])
        hand = {cards.card_code(c) for c in cards.cards_in(state.hands[state.to_act])}
        scoring = {c for c in hand if c.endswith("H") or c == "QS"}
        assert not any(state.tricks_won) and scoring and not legal & scoring
    if q.game == "tarneeb-41" and m in ("made", "missed", "doubled"):
        bids = [state.bid_of(s) for s in range(4)]
        made = [state.tricks_won[s] >= bids[s] for s in range(4)]
        doubled = any(b >= pos.rules.double_from for b in bids)
        assert {"made": all(made) and not doubled, "missed": not all(made) and not doubled}.get(
            m, doubled
        )
    if m == "moon":
        assert sorted(q.expected["points"])[0] == 0 and len(set(q.expected["points"])) == 2
    if m == "ruff":
        trick, win = questions.completed_trick(pos)
        assert dict(trick)[win] // 13 == state.trump != trick[0][1] // 13


def check_next_leader(q, pos):
    game = trick_replay(q, pos)
    trick, win = game.tricks[-1]
    assert not game.trick and win == oracle.winner(trick, game.trump)
    assert q.expected == {"seat": SEATS[win]}
    assert pos.state.to_act == win


def check_points(q, pos):
    rules = oracle_rules(q, pos)
    game = trick_replay(q, pos)
    exposed = {parse_card(c) for c in q.query.get("exposed", "").split(",") if c}
    penalty_relative = relative(q)
    if q.kind == TRICK_POINTS:
        trick, win = game.tricks[-1]
        assert not game.trick and game.hands[0]  # a completed trick, and not the last
        expected = [0, 0, 0, 0]
        cost = (
            oracle.penalty_cost if penalty_relative else partial(oracle.bent_cost, exposed=exposed)
        )
        expected[win] = cost(rules, taken={c for _, c in trick})
        assert expected[win] > 0
    elif q.game == "tarneeb-41":
        assert len(game.tricks) == 13
        tricks = [sum(1 for _, w in game.tricks if w == s) for s in range(4)]
        # the bids are made in turn from the dealer's right, the dealer last
        dealer, step = SEATS.index(q.query["dealer"]), rules.direction.step
        bids = [0, 0, 0, 0]
        for i, token in enumerate(tokens(q)[:4]):
            bids[(dealer + step * (i + 1)) % 4] = int(token)
        assert sum(bids) >= rules.min_total_bids  # the deal was played, not thrown in
        expected = oracle.tarneeb_41_points(rules, bids, tricks)
    else:
        assert len(game.tricks) == 13
        taken = [set(), set(), set(), set()]
        for trick, win in game.tricks:
            taken[win] |= {c for _, c in trick}
        if penalty_relative:
            expected = oracle.penalty_deal_points(rules, taken)
        else:
            expected = oracle.bent_deal_points(rules, exposed, taken)
    assert q.expected == {"points": expected}


def check_sheet(q, pos):
    rules, state = pos.rules, pos.state
    game = trick_replay(q, pos)
    assert len(game.tricks) == 13
    side_tricks = [0, 0]
    for _, win in game.tricks:
        side_tricks[win % 2] += 1
    contract = state.contract
    rows = []
    for bid, side, tricks, *doubled in q.context["sheet"]:
        s = ("NS", "EW").index(side)
        both = [tricks, 13 - tricks] if s == 0 else [13 - tricks, tricks]
        rows.append(oracle.tarneeb_score(rules, bid, both, s, bool(doubled and doubled[0])))
    before_entries, before_debts = oracle.settle(rows)
    rows.append(
        oracle.tarneeb_score(rules, contract.bid, side_tricks, contract.side, contract.doubled)
    )
    entries, debts = oracle.settle(rows)
    assert q.expected == {"entries": entries, "debts": debts}
    if q.moment == "debt_paid":
        assert any(before_debts[s] and rows[-1][s] > 0 for s in (0, 1))


def check_knock(q, pos):
    rules = pos.rules
    hands, laid, to_act, opening = oracle.sabaat_replay(rules, hands_of(q, pos.module), tokens(q))
    may = not oracle.sabaat_playable(hands[to_act], laid, opening)
    assert q.expected == {"may": may, "cost": 0 if may else rules.penalty_points}


def wrong_answer(q):
    """An answer that must be graded wrong."""
    if q.kind == LEGAL_SET:
        return {"cards": q.expected["cards"][1:]}
    if q.kind == PLAY:
        pos = reopen(q)
        offered = [pos.module.format_move(m) for m in questions.offered(pos, q.kind)]
        return {"move": next(m for m in offered if m not in q.expected["moves"])}
    if q.kind == NEXT_LEADER:
        return {"seat": "N" if q.expected["seat"] != "N" else "E"}
    if q.kind in (TRICK_POINTS, DEAL_POINTS):
        return {"points": [p + 1 for p in q.expected["points"]]}
    if q.kind == SHEET:
        return {"entries": q.expected["entries"], "debts": [d + 1 for d in q.expected["debts"]]}
    if q.kind == questions.MATCH:
        first = "N" if q.module.TOTALS == "seats" else "NS"
        return {"winners": [] if q.expected["winners"] else [first]}
    return {"may": not q.expected["may"], "cost": q.expected["cost"]}


def right_answer(q):
    if q.kind == LEGAL_SET:
        return {"cards": list(reversed(q.expected["cards"]))}
    if q.kind == PLAY:
        return {"move": q.expected["moves"][-1]}
    return q.expected


def check_match(q, pos):
    """The match worked out again from the totals before the deal and the deal's points."""
    state = pos.state
    assert state.is_over and (pos.deal_number > 1 or any(pos.match_totals))
    after = [t + p for t, p in zip(pos.match_totals, state.points(), strict=True)]
    target, names = pos.rules.target, (SEATS if len(after) == 4 else ("NS", "EW"))
    reached = [i for i, t in enumerate(after) if t >= target]
    if len(after) == 4:  # the penalty family: the lowest total wins once someone reaches it
        low = min(after)
        lowest = [names[i] for i, t in enumerate(after) if t == low]
        if not reached or (len(lowest) > 1 and pos.rules.ties == "play_on"):
            assert q.expected["winners"] == []
        else:
            assert q.expected["winners"] == sorted(lowest)
    elif len(reached) == 1:  # a side game: the side that reaches the target wins
        assert q.expected["winners"] == [names[reached[0]]]
    elif not reached:
        assert q.expected["winners"] == []


CHECKS = {
    questions.MATCH: check_match,
    LEGAL_SET: check_choice,
    PLAY: check_choice,
    NEXT_LEADER: check_next_leader,
    TRICK_POINTS: check_points,
    DEAL_POINTS: check_points,
    SHEET: check_sheet,
    KNOCK: check_knock,
}


@pytest.mark.parametrize("game,variant,kind", COMBOS, ids=[ids(c) for c in COMBOS])
def test_expected_answers_are_the_engines_and_the_rules(game, variant, kind):
    rules = games.GAMES[game].presets[variant]
    seen = set()
    for i in range(SEEDS):
        q = generate(game, variant, kind, f"t{i}")
        assert (q.game, q.variant, q.kind, q.seed) == (game, variant, kind, f"t{i}")
        assert q.moment in targets(game, kind, rules)
        seen.add(q.moment)
        pos = reopen(q)
        assert pos.query() == q.query  # the link reopens exactly this position
        CHECKS[kind](q, pos)
        check_moment(q, pos)
        right = check(q, right_answer(q))
        assert right.correct and right.notes
        wrong = check(q, wrong_answer(q))
        assert not wrong.correct and wrong.notes
        if kind in (LEGAL_SET, PLAY):
            refused = {n.code for n in wrong.notes} - {"missed_card"}
            assert refused, "a wrong card is explained by the engine's refusal"
    # Over the seeds, every moment the generator aims at comes up.
    assert seen == set(targets(game, kind, rules))


@pytest.mark.parametrize("game,variant,kind", COMBOS, ids=[ids(c) for c in COMBOS])
def test_a_seed_always_names_the_same_question(game, variant, kind):
    first = [generate(game, variant, kind, f"d{i}") for i in range(5)]
    questions._generate.cache_clear()
    again = [generate(game, variant, kind, f"d{i}") for i in range(5)]
    assert first == again
    assert len({q.query["deal"] for q in first}) > 1


def test_mixed_draws_every_kind_of_the_game_from_the_seed():
    for game, kinds in KINDS.items():
        variant = games.GAMES[game].default_variant
        drawn = {generate(game, variant, "mixed", f"m{i}").kind for i in range(40)}
        assert drawn == set(kinds)
        q = generate(game, variant, "mixed", "m1")
        assert q.mode == "mixed"
        assert q == dataclasses.replace(generate(game, variant, q.kind, "m1"), mode="mixed")


def test_unknown_names_are_refused():
    with pytest.raises(questions.UnknownQuestion) as e:
        generate("bridge", "classic", "play", "x")
    assert e.value.code == "unknown_game"
    with pytest.raises(questions.UnknownQuestion) as e:
        generate("tarneeb", "nonesuch", "play", "x")
    assert e.value.code == "unknown_variant"
    with pytest.raises(questions.UnknownQuestion) as e:
        generate("tarneeb", "classic", "knock", "x")  # a Sab'at kind
    assert e.value.code == "unknown_kind"


@settings(max_examples=40, deadline=None)
@given(
    seed=st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789-", min_size=1, max_size=12),
    combo=st.sampled_from(COMBOS),
)
def test_any_seed_gives_a_question_the_engine_agrees_with(seed, combo):
    q = generate(*combo, seed)
    pos = reopen(q)
    CHECKS[q.kind](q, pos)
    assert check(q, right_answer(q)).correct
    assert not check(q, wrong_answer(q)).correct


# --- the same question under the other variants ------------------------------------------------


def test_a_forced_discard_differs_under_sbeetah():
    found = 0
    for i in range(60):
        q = generate("bent-al-sbeet", "qahwa", PLAY, f"v{i}")
        if q.moment != "forced_discard":
            continue
        (alt,) = questions.alternatives(q)
        assert alt.variant == "sbeetah" and alt.differs
        pos = reopen(q)
        hand = {cards.card_code(c) for c in cards.cards_in(pos.state.hands[pos.state.to_act])}
        assert set(alt.expected["moves"]) == hand  # sbeetah: void, so any card
        found += 1
    assert found >= 3


def test_the_forced_dealer_can_pass_in_the_other_variants():
    q = next(
        q
        for i in range(60)
        if (q := generate("tarneeb", "dealer-forced", PLAY, f"f{i}")).moment == "dealer_forced"
    )
    others = {a.variant: a for a in questions.alternatives(q)}
    assert "pass" in others["classic"].expected["moves"] and others["classic"].differs
    assert "7C" in others["egyptian"].expected["moves"]  # three passes happen there too
    q = next(
        q
        for i in range(60)
        if (q := generate("tarneeb", "classic", PLAY, f"b{i}")).moment == "beat_the_bid"
    )
    others = {a.variant: a for a in questions.alternatives(q)}
    # A classic bid is no Egyptian call: the position cannot arise there, and the engine says why.
    assert others["egyptian"].expected is None and others["egyptian"].differs
    assert others["egyptian"].reason.code == "wrong_bid_form"


def test_points_under_the_other_variant_use_its_values():
    for i in range(20):
        q = generate("bent-al-sbeet", "qahwa", TRICK_POINTS, f"p{i}")
        (alt,) = questions.alternatives(q)
        if q.moment == "queen":
            assert sum(alt.expected["points"]) == sum(q.expected["points"]) - 1  # 12, not 13
            assert alt.differs
        if q.moment == "hearts":
            assert alt.expected == q.expected and not alt.differs


def test_a_moon_under_qahwa_is_no_moon_under_sbeetah():
    q = next(
        q
        for i in range(30)
        if (q := generate("bent-al-sbeet", "qahwa", DEAL_POINTS, f"moon{i}")).moment == "moon"
    )
    (alt,) = questions.alternatives(q)
    assert alt.differs and sorted(alt.expected["points"])[:3] == [0, 0, 0]


def test_card_legality_in_tarneeb_play_is_the_same_in_every_variant():
    q = generate("tarneeb", "classic", LEGAL_SET, "same")
    assert all(not a.differs for a in questions.alternatives(q))


# --- reading answers ------------------------------------------------------------------------------


def test_read_answer_normalises_and_refuses_what_no_form_sends():
    from cardgames.errors import BadInput

    q = generate("bent-al-sbeet", "qahwa", LEGAL_SET, "read")
    pos = reopen(q)
    hand = [cards.card_code(c) for c in cards.display_order(pos.state.hands[pos.state.to_act])]
    assert questions.read_answer(q, {"cards": [c.lower() for c in hand]}) == {"cards": hand}
    assert questions.read_answer(q, {}) == {"cards": []}
    with pytest.raises(BadInput) as e:
        questions.read_answer(q, {"cards": ["ZZ"]})
    assert e.value.code == "bad_card"
    other = next(c for c in ("AS", "2C", "TD", "QS", "5H") if c not in hand)
    with pytest.raises(BadInput) as e:
        questions.read_answer(q, {"cards": [other]})
    assert e.value.code == "card_not_in_hand"
    q = generate("bent-al-sbeet", "qahwa", DEAL_POINTS, "read")
    points = {f"points_{s}": ["٢٦" if s == "N" else "0"] for s in SEATS}
    assert questions.read_answer(q, points) == {"points": [26, 0, 0, 0]}
    for bad in ("-1", "1e3", "", "99999"):
        with pytest.raises(BadInput):
            questions.read_answer(q, {**points, "points_E": [bad]})


def test_tarneeb_bids_and_cards_share_tokens_and_are_read_by_phase():
    q = next(
        q
        for i in range(40)
        if (q := generate("tarneeb", "egyptian", PLAY, f"e{i}")).moment == "beat_the_bid"
    )
    pos = reopen(q)
    assert pos.state.phase == "bidding"
    answer = questions.read_answer(q, {"move": ["7c"]})
    assert answer == {"move": "7C"}
    assert not check(q, answer).correct  # 7C never beats a standing bid
    assert tarneeb.PASS in questions.offered(pos, PLAY)


# --- the module itself ----------------------------------------------------------------------------


def test_the_docstring_examples_hold():
    results = doctest.testmod(questions)
    assert results.failed == 0 and results.attempted >= 3
