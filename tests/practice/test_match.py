"""The practice match, Django-free: whole matches of a random learner against each level and
variant end; the computer players only play legal moves; every card is played once; the
totals are the sum of the engine's deal scores; the match object hides what the learner may not
see; undo, the next deal and stale requests."""

import hashlib
import random
from itertools import count

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardgames import bots, cards, shuffle
from cardgames.errors import BadInput, IllegalMove
from cardgames.games import game as described
from cardgames.penalty import bent_al_sbeet
from cardgames.table import PARTNERSHIPS, SEATS, right_of
from cardgames.trickbid import tarneeb
from cardgames.trickbid.score_sheet import Sheet
from practice.match import HIDDEN_PASS, Conflict, DealRecord, Practice, Setup, new_seed

from .helpers import PLAYABLE, card_plays, learner_token, play_match

seeds = st.text(alphabet="abcdefghij0123456789", min_size=1, max_size=10)
seats = st.integers(0, 3)


def seeded(prefix: str):
    return (f"{prefix}:{n}" for n in count(1))


def replayed_legally(practice: Practice) -> None:
    """Every move of the current deal, replayed from the deal's seed, is legal where it was
    made: the computer players' included."""
    module = practice.module
    state = module.position_start(
        practice.rules,
        shuffle.deal(practice.record.seed, module.PACK),
        practice.dealer,
        deal_number=practice.deal_number,
        match_totals=practice.totals,
        **practice.extra,
    )
    for token in practice.record.moves:
        move = state.parse_move(token)
        assert move in state.legal_moves(), token
        state.push(move)
    assert state.is_over


def each_card_once(practice: Practice) -> None:
    played = card_plays(practice)
    assert len(set(played)) == len(played)
    held = 0
    for hand in practice.state.hands:
        held |= hand
    assert held & cards.hand_of(cards.card_code(c) for c in played) == 0
    assert cards.count(held) + len(played) == cards.count(practice.module.PACK)


# Whole matches at the levels that answer in milliseconds; the expert searches for up to a second
# a card, and its replies are tested in tests/bots/test_expert.py.
@pytest.mark.parametrize("level", [level for level in bots.LEVELS if level != "expert"])
@pytest.mark.parametrize("game,variant", PLAYABLE)
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=seeds, seat=seats, undo_rate=st.sampled_from([0.0, 0.05]))
def test_matches_of_a_random_learner_end_by_the_rules(game, variant, level, seed, seat, undo_rate):
    rng = random.Random(seed)
    setup = Setup(game, variant, {}, seat, level, first_dealer=len(seed) % 4)
    scores = []

    def check_deal(practice):
        replayed_legally(practice)
        each_card_once(practice)
        scores.append(practice.state.points())

    # Random bidders in Tarneeb 41 lose more bids than they make: both sides may sink below
    # zero for good, and such a match never reaches 41. Its sheet must still add up.
    drifts = game == "tarneeb-41" and level == "beginner"
    practice = play_match(
        setup, seeded(seed), rng, undo_rate, on_deal=check_deal, must_end=not drifts
    )
    assert (practice.over and practice.winners) or drifts
    sums = [sum(column) for column in zip(*scores, strict=True)]
    last = practice.sheet[-1]
    keys = list(last["totals"])
    if "debts" in last:  # Tarneeb's sheet: the written line less the debt is the signed total
        sheet = Sheet.for_rules(practice.rules)
        for points in scores:
            sheet.enter_scores(*points)
        assert sheet.lines == tuple(last["totals"][k] for k in keys)
        assert [last["totals"][k] - last["debts"][k] for k in keys] == sums
    else:
        assert [last["totals"][k] for k in keys] == sums
    assert [row["deal_number"] for row in practice.sheet] == list(range(1, len(scores) + 1))
    # The stored records replay to the same match.
    again = Practice(setup, practice.deals)
    assert again.sheet == practice.sheet and again.winners == practice.winners


@pytest.mark.parametrize("game,variant", PLAYABLE)
@settings(max_examples=10, deadline=None)
@given(seed=seeds, seat=seats, steps=st.integers(0, 60))
def test_the_match_object_shows_only_what_the_learner_may_see(game, variant, seed, seat, steps):
    rng = random.Random(seed)
    practice = Practice.start(Setup(game, variant, {}, seat, "club", len(seed) % 4), seed)
    for _ in range(steps):
        if practice.deal_over:
            break
        practice.play([learner_token(practice, rng)], practice.ply)
    data = practice.to_json("some-id")
    position = data["position"]
    if practice.deal_over:
        assert data["seed"] == seed and data["deal"] == cards.format_deal(practice.hands)
        assert "deal" in position and position["match"] is not None
        assert data["history"] == [
            {"seat": SEATS[a], "move": t}
            for a, t in zip(practice.actors, practice.record.moves, strict=True)
        ]
        return
    assert "seed" not in data and "deal" not in data and "deal" not in position
    assert data["commitment"] == hashlib.sha256(seed.encode()).hexdigest()
    mine = SEATS[seat]
    assert position["hands"][mine] == cards.format_hand(practice.state.hands[seat])
    for other in set(SEATS) - {mine}:
        assert position["hands"][other] == cards.count(practice.state.hands[SEATS.index(other)])
    assert position["to_act"] == mine and position["legal"]
    # A pass is shown only to the seat that made it, and to the seat it went to once the
    # cards have changed hands.
    state = practice.state
    for entry, token, actor in zip(
        data["history"], practice.record.moves, practice.actors, strict=True
    ):
        assert entry["seat"] == SEATS[actor]
        if not token.startswith("pass:"):
            assert entry["move"] == token
            continue
        received = state.phase != "pass" and state.pass_target(actor) == seat
        assert entry["move"] == (token if actor == seat or received else HIDDEN_PASS)
    assert position["moves"].split() == [e["move"] for e in data["history"]]


def test_hidden_passes_are_written_pass_question_mark():
    practice = Practice.start(Setup("bent-al-sbeet", "qahwa", {}, 2, "club", 2), "hidden-pass")
    assert practice.state.phase == "pass" and practice.actors  # the others chose first
    assert {e["move"] for e in practice.to_json("x")["history"]} == {HIDDEN_PASS}


def _until_learner_has_played(practice, rng, moves=1):
    for _ in range(moves):
        practice.play([learner_token(practice, rng)], practice.ply)


def test_undo_takes_back_the_learners_last_turn_and_the_replies():
    rng = random.Random(4)
    practice = Practice.start(Setup("tarneeb", "classic", {}, 2, "club", 0), "undo-1")
    with pytest.raises(Conflict) as refused:
        practice.undo()
    assert refused.value.code == "nothing_to_undo"
    while practice.state.phase == "bidding":
        _until_learner_has_played(practice, rng)
    before = list(practice.record.moves)
    turn = practice.ply
    token = learner_token(practice, rng)
    practice.play([token], turn)
    taken = practice.undo(practice.ply)
    assert taken[0] == token and practice.record.moves == before and practice.learner_to_act
    assert practice.record.undone == [{"ply": turn, "moves": taken}]
    # The same move again: the computer players answer as they did.
    practice.play([token], turn)
    assert practice.record.moves[turn:] == taken


def test_undo_takes_back_a_whole_pass_sent_together():
    practice = Practice.start(Setup("bent-al-sbeet", "qahwa", {}, 2, "club", 2), "undo-pass")
    held = cards.display_order(practice.state.hands[2])[:3]
    tokens = ["pass:" + cards.card_code(c) for c in held]
    practice.play(tokens, practice.ply)
    assert practice.state.phase != "pass"
    taken = practice.undo()
    assert taken[:3] == tokens and practice.state.phase == "pass" and practice.learner_to_act


@pytest.mark.parametrize("game,variant", [("tarneeb", "classic"), ("hearts", "openspiel")])
def test_undo_after_a_lead_that_followed_the_learners_winning_card_takes_back_only_the_lead(
    game, variant
):
    """The learner plays the trick's last card, wins it and leads: two moves in a row of the
    learner's, two turns. "Take back my last move" takes back the lead only."""
    found = 0
    for n in range(60):
        rng = random.Random(n)
        practice = Practice.start(Setup(game, variant, {}, 2, "club", n % 4), f"undo-lead-{n}")
        while not practice.deal_over and practice.ply < 60:
            if not practice.learner_to_act:
                break
            moves = practice.record.moves
            followed = practice.actors and practice.actors[-1] == 2 and moves[-1][:5] != "pass:"
            if followed and practice.state.phase == "play":
                kept = list(moves)
                token = learner_token(practice, rng)
                practice.play([token], practice.ply)
                taken = practice.undo(practice.ply)
                assert taken[0] == token and practice.record.moves == kept
                found += 1
                break
            practice.play([learner_token(practice, rng)], practice.ply)
        if found >= 2:
            return
    raise AssertionError("no deal where the learner won a trick with its last card and led")


def test_stale_and_out_of_turn_requests_change_nothing():
    practice = Practice.start(Setup("bent-al-sbeet", "qahwa", {}, 2, "club", 2), "stale")
    moves = list(practice.record.moves)
    held = [cards.card_code(c) for c in cards.display_order(practice.state.hands[2])]
    with pytest.raises(Conflict) as stale:
        practice.play(["pass:" + held[0]], practice.ply - 1)
    assert stale.value.code == "stale_ply"
    with pytest.raises(Conflict):
        practice.play(["pass:" + held[0]], practice.ply, deal_number=2)
    # Four cards: the fourth is no longer the learner's to choose.
    with pytest.raises(IllegalMove) as turn:
        practice.play(["pass:" + code for code in held[:4]], practice.ply)
    assert turn.value.code == "not_your_turn" and turn.value.move_index == 3
    with pytest.raises(BadInput) as unreadable:
        practice.play(["pass:" + held[0], "pass:ZZ"], practice.ply)
    assert unreadable.value.move_index == 1
    with pytest.raises(IllegalMove) as illegal:
        practice.play([held[0]], practice.ply)  # a card played during the pass
    assert illegal.value.code == "wrong_phase"
    assert practice.record.moves == moves and practice.state.passes[2] == 0


def test_the_next_deal_only_once_this_one_is_over_and_not_after_the_match():
    rng = random.Random(7)
    practice = Practice.start(Setup("sabaat-al-deemin", "classic", {}, 0, "club", 1), "next")
    with pytest.raises(Conflict) as early:
        practice.next_deal(new_seed())
    assert early.value.code == "deal_in_play"
    while not practice.deal_over:
        _until_learner_has_played(practice, rng)
    with pytest.raises(Conflict) as undo:
        practice.undo()
    assert undo.value.code == "deal_over"
    with pytest.raises(Conflict):
        practice.next_deal(new_seed(), deal_number=7)  # a form from another deal
    practice.next_deal(new_seed(), deal_number=1)
    assert practice.deal_number == 2 and practice.sheet[0]["deal_number"] == 1
    over = play_match(
        Setup("sabaat-al-deemin", "classic", {"target": "50"}, 0, "club", 1), seeded("x"), rng
    )
    with pytest.raises(Conflict) as ended:
        over.next_deal(new_seed())
    assert ended.value.code == "match_over"


def test_each_deal_has_its_own_secret_seed_and_commitment():
    seeds = {new_seed() for _ in range(50)}
    assert len(seeds) == 50
    assert all(len(s) == 32 and int(s, 16) >= 0 for s in seeds)  # 128 bits in hex
    record = DealRecord(next(iter(seeds)))
    assert record.commitment == hashlib.sha256(record.seed.encode()).hexdigest()


# --- the match runs by the engine across deals ---------------------------------------------------


def _finish_deal(practice, rng):
    while not practice.deal_over:
        practice.play([learner_token(practice, rng)], practice.ply)


def test_qahwa_moves_the_dealer_and_changes_the_pass_direction():
    rng = random.Random(1)
    practice = Practice.start(Setup("bent-al-sbeet", "qahwa", {}, 2, "beginner", 0), "dir-1")
    dealer = 0
    for number in (1, 2, 3):
        assert practice.dealer == dealer
        direction = bent_al_sbeet.pass_direction_for(practice.rules, number)
        target = {"left": 3, "right": right_of(2)}[direction]  # South's left is West
        assert practice.state.pass_target(2) == target
        _finish_deal(practice, rng)
        practice.next_deal(f"dir-{number + 1}")
        dealer = right_of(dealer)


def test_sbeetah_gives_the_lead_of_a_later_deal_to_the_lowest_total():
    rng = random.Random(2)
    practice = Practice.start(Setup("bent-al-sbeet", "sbeetah", {}, 2, "club", 0), "low-1")
    _finish_deal(practice, rng)
    practice.next_deal("low-2")
    while practice.state.phase != "play":
        practice.play([learner_token(practice, rng)], practice.ply)
    assert practice.state.leader == practice.state.lowest_seat(practice.totals)
    assert (
        practice.state.match_totals
        == practice.totals
        == tuple(practice.sheet[0]["totals"][s] for s in SEATS)
    )


def test_tarneeb_carries_the_debt_of_a_missed_bid_on_its_sheet():
    # The learner bids 13 on every deal and its side misses: the sheet writes 0 and a debt.
    setup = Setup("tarneeb", "classic", {}, 2, "beginner", 0)
    practice = Practice.start(setup, "debt-1")
    rng = random.Random(3)
    for number in range(2, 40):
        while not practice.deal_over:
            legal = [tarneeb.format_move(m) for m in practice.legal()]
            token = "13" if "13" in legal else learner_token(practice, rng)
            practice.play([token], practice.ply)
        row = practice.sheet[-1]
        if "NS" in row["debts"] and row["points"]["NS"] < 0:
            assert row["debts"]["NS"] >= -row["points"]["NS"]
            before = practice.sheet[-2]["totals"]["NS"] if len(practice.sheet) > 1 else 0
            assert row["totals"]["NS"] == before  # the line does not move
            practice.next_deal("after-debt")  # the next deal starts from the lines, not the debt
            assert practice.to_json("x")["totals"] == {"NS": before, "EW": row["totals"]["EW"]}
            break
        practice.next_deal(f"debt-{number}")
    else:
        pytest.fail("no missed bid in 40 deals")


def test_sabaat_doubles_and_triples_multiply_the_deal():
    rng = random.Random(5)
    for n in range(1, 60):
        practice = Practice.start(Setup("sabaat-al-deemin", "classic", {}, 2, "club", 0), f"m{n}")
        module = described("sabaat-al-deemin").engine
        if "double" in [module.format_move(m) for m in practice.legal()]:
            practice.play(["double"], practice.ply)
            _finish_deal(practice, rng)
            if practice.state.redealt:
                continue
            state = practice.state
            assert state.multiplier in (2, 3)
            points = max(practice.sheet[-1]["points"].values())
            assert points % state.multiplier == 0 and points == max(state.points())
            return
    pytest.fail("the learner was never offered a double")


def test_a_thrown_in_tarneeb_hand_is_a_deal_of_the_match_dealt_again_by_the_same_dealer():
    for n in range(1, 200):
        practice = Practice.start(Setup("tarneeb", "classic", {}, 0, "beginner", 3), f"t{n}")
        # North speaks after West and East (the dealer, West, bids last)
        if practice.learner_to_act and "pass" in [tarneeb.format_move(m) for m in practice.legal()]:
            practice.play(["pass"], practice.ply)
            if practice.deal_over and practice.state.thrown_in:
                assert practice.sheet[-1]["points"] == {"NS": 0, "EW": 0}
                practice.next_deal("again")
                assert practice.dealer == 3 and practice.deal_number == 2
                return
    pytest.fail("no hand thrown in")


def test_house_rules_are_read_by_the_engine_and_refused_when_they_cannot_be_played():
    practice = Practice.start(
        Setup("bent-al-sbeet", "qahwa", {"pass_count": "0", "moon": "false"}, 2, "club"), "hr"
    )
    assert practice.rules.pass_count == 0 and practice.state.phase != "pass"
    assert practice.to_json("x")["rules"]["moon"] is False
    with pytest.raises(BadInput) as refused:
        Practice.start(Setup("tarneeb", "classic", {"min_bid": "14"}, 2, "club"), "hr")
    assert refused.value.code == "bad_rule_value"
    with pytest.raises(BadInput) as level:
        Setup("tarneeb", "classic", {}, 2, "grandmaster").rules()
    assert level.value.code == "bad_level"


def test_the_totals_are_kept_by_seat_or_by_side_as_the_positions_api_keeps_them():
    for game, variant in PLAYABLE:
        data = Practice.start(Setup(game, variant, {}, 1, "club"), "keys").to_json("x")
        expected = SEATS if described(game).engine.TOTALS == "seats" else PARTNERSHIPS
        assert list(data["totals"]) == list(expected)
        assert data["computer_seats"] == ["N", "S", "W"] and data["seat"] == "E"


# --- replayed from where the match stood ---------------------------------------------------------


@pytest.mark.parametrize("game,variant", PLAYABLE)
def test_a_match_replayed_from_its_standing_is_the_match_replayed_from_its_first_deal(
    game, variant
):
    """What the site keeps between requests (the standing before the deal in play) gives the
    same match as replaying every deal, and the same match after the learner's next moves."""
    rng = random.Random(f"standing-{game}-{variant}")
    setup = Setup(game, variant, {}, 2, "club", 1)
    checked = 0

    def compare(practice):
        nonlocal checked
        records = [DealRecord(r.seed, list(r.moves), list(r.undone)) for r in practice.deals]
        whole = Practice(setup, records)
        if len(records) == 1:
            assert whole.standing is None
            return
        assert whole.standing.deals == len(records) - 1
        resumed = Practice(
            setup, [DealRecord(r.seed, list(r.moves)) for r in records], whole.standing
        )
        assert resumed.standing is None  # nothing replayed that was not given
        assert resumed.to_json("m") == whole.to_json("m") == practice.to_json("m")
        if not resumed.deal_over:
            token = learner_token(resumed, random.Random(checked))
            assert resumed.play([token], resumed.ply) == whole.play([token], whole.ply)
            assert resumed.to_json("m") == whole.to_json("m")
        checked += 1

    for attempt in count(1):  # a match may end in one deal (a Sab'at kaboot): play another
        seeds = seeded(f"standing-{game}-{variant}-{attempt}")
        compare(play_match(setup, seeds, rng, on_deal=compare, must_end=False))
        if checked >= 2:
            break


def test_a_standing_that_does_not_fit_the_deals_is_not_used():
    rng = random.Random(3)
    setup = Setup("bent-al-sbeet", "qahwa", {}, 2, "club", 0)
    practice = Practice.start(setup, "fit-1")
    _finish_deal(practice, rng)
    practice.next_deal("fit-2")
    _finish_deal(practice, rng)
    practice.next_deal("fit-3")
    two = Practice(setup, practice.deals[:2])
    three = Practice(setup, practice.deals, two.standing)  # stands after 1 deal, not 2
    assert three.standing is not None and three.standing.deals == 2
    assert three.to_json("m") == Practice(setup, practice.deals).to_json("m")
