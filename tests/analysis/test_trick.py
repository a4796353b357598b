"""The Tarneeb family's analysis with every hand open (``analysis.trick``) against an
exhaustive search over the engine's own state (``exhaustive``), on thousands of random endings
of one to four cards a hand, with tricks in progress; the deal's table on deals worked out by
hand; the counter-clockwise mirror on one deal played both ways."""

import random
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import pytest

from cardgames import shuffle
from cardgames.cards import CLUBS, DIAMONDS, HEARTS, SPADES, hand_of, suit_mask
from cardgames.contract import Phase
from cardgames.errors import BadInput
from cardgames.table import Direction, E, N, S, W, next_seats, side_of
from cardgames.trickbid import solver as trick
from cardgames.trickbid import tarneeb, tarneeb_41
from cardgames.trickbid.deal import new_deal
from cardgames.trickbid.moves import PASS, classic_bid, trump_call

from .exhaustive import card_values

RULE_SETS = {
    "tarneeb": tarneeb.PRESETS["classic"],  # to the right: East and West mirrored
    "tarneeb-clockwise": tarneeb.PRESETS["clockwise"],
    "tarneeb-egyptian": tarneeb.PRESETS["egyptian"],  # no trumps come up in the auction
    "tarneeb-41": tarneeb_41.PRESETS["classic"],
    "tarneeb-41-four-hundred": tarneeb_41.PRESETS["four-hundred"],
}
# Endings by the cards still to play (1..16, up to four a hand): many small ones, fewer of the
# large ones the exhaustive search takes longest over. 400 a rule set, 2,000 in all.
ENDINGS = {left: 40 if left <= 8 else 16 if left <= 12 else 4 for left in range(1, 17)}


def _into_play(rules, rng: random.Random):
    """A seeded deal with a random auction, at the first lead (a throw-in deals again)."""
    while True:
        deal = new_deal(rules, shuffle.deal(f"analysis {rng.random()}"), rng.randrange(4))
        while deal.phase not in (Phase.PLAY, Phase.OVER):
            deal.push(rng.choice(deal.legal_moves()))
        if deal.phase == Phase.PLAY:
            return deal


def ending(rules, rng: random.Random, left: int):
    """A deal played at random until ``left`` cards are still to play."""
    deal = _into_play(rules, rng)
    for _ in range(52 - left):
        deal.push(rng.choice(deal.legal_moves()))
    return deal


def _own(rules) -> bool:
    return trick.plays_for_itself(new_deal(rules, shuffle.deal("x"), N))


@pytest.mark.parametrize("name", RULE_SETS)
def test_every_card_valued_as_the_exhaustive_search_values_it(name):
    rules = RULE_SETS[name]
    own = _own(rules)
    rng = random.Random(f"endings {name}")
    wrong, on_table, trumps = [], Counter(), Counter()
    for left, count in ENDINGS.items():
        for _ in range(count):
            deal = ending(rules, rng, left)
            seat = deal.to_act
            expected = card_values(deal, seat, own)
            if trick.open_values(deal, seat) != expected:
                wrong.append((deal, trick.open_values(deal, seat), expected))
            on_table[len(deal.trick)] += 1
            trumps[deal.trump] += 1
    assert wrong == []
    assert sorted(on_table) == [0, 1, 2, 3]  # every stage of a trick in progress came up
    assert set(trumps) == {HEARTS} if own else len(trumps) > 1


def _declared(rules, hands, dealer: int, declarer: int, trump: int):
    """A classic-auction deal at the first lead: ``declarer`` bids seven, the others pass, it
    names ``trump`` (NT: 4) and leads."""
    deal = new_deal(rules, hands, dealer)
    while deal.phase == Phase.BIDDING:
        deal.push(classic_bid(7) if deal.to_act == declarer else PASS)
    deal.push(trump_call(trump))
    assert deal.to_act == declarer
    return deal


def _replayed(deal, rules):
    """``deal``'s finished tricks played again under ``rules`` (another direction): each trick
    led by the same seat with the same cards, in that direction's order (the winner is the same:
    the cards decide it)."""
    again = _declared(rules, list(deal.dealt), deal.dealer, deal.contract.declarer, _strain(deal))
    for plays, _winner in deal.tricks:
        by_seat = dict(plays)
        seat = plays[0][0]
        for _ in plays:
            again.push(by_seat[seat])
            seat = again.to_act
    return again


def _strain(deal) -> int:
    return 4 if deal.trump is None else deal.trump


def test_the_same_ending_both_ways_round_the_table():
    right, clockwise = RULE_SETS["tarneeb"], RULE_SETS["tarneeb-clockwise"]
    rng = random.Random("mirror")
    differ = 0
    for _ in range(100):
        hands = shuffle.deal(f"mirror {rng.random()}")
        deal = _declared(right, hands, rng.randrange(4), rng.randrange(4), rng.randrange(5))
        for _ in range(52 - 4 * rng.choice((1, 2, 2, 3, 3, 3))):
            deal.push(rng.choice(deal.legal_moves()))
        other = _replayed(deal, clockwise)
        assert other.hands == deal.hands and other.to_act == deal.to_act
        ways = []
        for state in (deal, other):
            values = trick.open_values(state, state.to_act)
            assert values == card_values(state, state.to_act)
            ways.append(values)
        differ += ways[0] != ways[1]
    assert differ > 0  # the direction mattered to some of them: the mirror was put to the test


def test_without_the_mirror_the_values_would_be_wrong(monkeypatch):
    """The swap is needed: read as if it went clockwise, a counter-clockwise ending is
    misjudged somewhere (at a trick's start: mid-trick the solver would find the cards held
    do not fit the seats still to play)."""
    rules = RULE_SETS["tarneeb"]
    rng = random.Random("no mirror")
    endings = [ending(rules, rng, rng.choice((8, 12))) for _ in range(100)]
    right = [trick.open_values(deal, deal.to_act) for deal in endings]
    monkeypatch.setitem(trick.SOLVER_SEAT, rules.direction, (N, E, S, W))
    unswapped = [trick.open_values(deal, deal.to_act) for deal in endings]
    assert right != unswapped


@pytest.mark.parametrize("name", ["tarneeb", "tarneeb-clockwise", "tarneeb-41"])
@pytest.mark.parametrize("on_table", [1, 2, 3])
def test_a_trick_in_progress(name, on_table):
    """With one, two or three cards already on the trick, the seat to act's every card is
    valued as the exhaustive search values it, the cards on the table counted once."""
    rules, own = RULE_SETS[name], _own(RULE_SETS[name])
    rng = random.Random(f"in progress {name} {on_table}")
    for left in (16 - on_table, 12 - on_table, 8 - on_table):
        deal = ending(rules, rng, left)
        assert len(deal.trick) == on_table
        seat = deal.to_act
        values = trick.open_values(deal, seat)
        assert values == card_values(deal, seat, own)
        assert set(values) == set(deal.legal_moves())
        has = deal.tricks_won[seat] if own else deal.side_tricks()[side_of(seat)]
        assert all(has <= v <= has + -(-left // 4) for v in values.values())


ONE_SUIT_EACH = [suit_mask(SPADES), suit_mask(HEARTS), suit_mask(DIAMONDS), suit_mask(CLUBS)]


@pytest.mark.parametrize("name", ["tarneeb", "tarneeb-clockwise", "tarneeb-egyptian"])
def test_the_table_of_a_deal_with_one_suit_in_each_hand(name):
    """North holds every spade, East every heart, South every diamond, West every club: the
    leader's side takes all thirteen at no trumps or in its own suits (the leader cashes its
    suit, or the partner ruffs and cashes), none in the other side's suits (their trump hand
    ruffs the first trick and draws the rest)."""
    deal = _into_play(RULE_SETS[name], random.Random(name))
    deal.hands = list(ONE_SUIT_EACH)  # the cards as dealt, before any was played
    deal.tricks, deal.dealt = [], tuple(ONE_SUIT_EACH)
    assert trick.table(deal) == {
        "NS": {"S": 13, "H": 0, "D": 13, "C": 0, "NT": 13},
        "EW": {"S": 0, "H": 13, "D": 0, "C": 13, "NT": 13},
    }


def test_the_table_has_no_trumps_only_where_the_rules_allow_them():
    rules = tarneeb.Rules(no_trumps=False)
    deal = _into_play(rules, random.Random("no NT"))
    deal.hands, deal.tricks, deal.dealt = list(ONE_SUIT_EACH), [], tuple(ONE_SUIT_EACH)
    assert trick.table(deal) == {
        "NS": {"S": 13, "H": 0, "D": 13, "C": 0},
        "EW": {"S": 0, "H": 13, "D": 0, "C": 13},
    }


def test_tarneeb_41_table_of_one_suit_in_each_hand():
    """Hearts always trumps: East, holding them all, takes every trick; nobody else takes one."""
    deal = _into_play(RULE_SETS["tarneeb-41"], random.Random("41"))
    deal.hands, deal.tricks, deal.dealt = list(ONE_SUIT_EACH), [], tuple(ONE_SUIT_EACH)
    assert trick.table(deal) == {"N": 0, "E": 13, "S": 0, "W": 0}


@pytest.mark.parametrize("name", ["tarneeb", "tarneeb-clockwise"])
def test_the_table_is_the_best_first_lead_of_either_declarer(name):
    """A side's entry in a trump is what its better declarer makes with the first lead: the
    best card's value at the first lead, each of the side's seats declaring in turn; the same
    table mid-deal and once the deal is over (the dealt hands put together again from the
    cards played)."""
    rules = RULE_SETS[name]
    rng = random.Random(f"table {name}")
    hands, dealer = shuffle.deal(f"table {name}"), rng.randrange(4)
    for trump in (SPADES, 4):
        made = {}
        for declarer in (N, E, S, W):
            deal = _declared(rules, hands, dealer, declarer, trump)
            made[declarer] = max(trick.open_values(deal, declarer).values())
        table = trick.table(deal)
        strain = "NT" if trump == 4 else "S"
        assert table["NS"][strain] == max(made[N], made[S])
        assert table["EW"][strain] == max(made[E], made[W])
    for _ in range(20):
        deal.push(rng.choice(deal.legal_moves()))
    assert trick.table(deal) == table
    while not deal.is_over:
        deal.push(rng.choice(deal.legal_moves()))
    assert trick.table(deal) == table


@pytest.mark.parametrize("left", [4 * trick.EXACT_OWN, 4 * trick.EXACT_OWN + 3, 40, 52])
def test_tarneeb_41_exact_where_searched_to_the_end(left):
    """Up to EXACT_OWN cards a hand the seat's own tricks are always exact; beyond, exact when
    the search ends within its budget (the values of a search without one), else the bounded
    search says so, and its values stay between what the seat has and all it could take."""
    rules = RULE_SETS["tarneeb-41"]
    rng = random.Random(f"bounded {left}")
    answers = []
    for _ in range(4 if left < 40 else 2):
        deal = ending(rules, rng, left)
        seat = deal.to_act
        values, exact = trick.open_analysis(deal, seat)
        answers.append(exact)
        assert set(values) == set(deal.legal_moves())
        assert trick.open_values(deal, seat) == values
        has, held = deal.tricks_won[seat], deal.hands[seat].bit_count()
        if held <= trick.EXACT_OWN:
            assert exact
        assert trick.open_analysis(deal, seat, try_exact=0)[1] == (held <= trick.EXACT_OWN)
        if exact:
            whole = trick.OwnTricks(deal.hands, deal.trump, deal._next, seat)
            assert values == {c: has + whole.after_card(deal.trick, c) for c in values}
        assert all(has <= v <= has + held for v in values.values())
    if left == 52:
        assert not all(answers)  # the bounded search was put to the test


def test_the_sure_tricks_of_the_bounded_search():
    """Hearts trumps. North: AKQ of spades and the two of clubs; East: the J of spades and
    three hearts; the others: low spades and clubs. North's spades are the top three, but East
    can ruff after its one spade: one sure trick. East's three trumps are all sure."""
    north = hand_of(["AS", "KS", "QS", "2C"])
    east = hand_of(["JS", "2H", "3H", "4H"])
    south = hand_of(["2S", "3S", "4S", "3C"])
    west = hand_of(["5S", "6S", "7S", "4C"])
    search = trick.OwnTricks([north, east, south, west], HEARTS, next_seats(Direction.RIGHT), N)
    assert search.sure_tricks(N) == 1
    search.me = E
    assert search.sure_tricks(N) == 3
    search.me = S
    assert search.sure_tricks(N) == 0


def test_threads_solving_at_once_get_what_one_thread_gets():
    """DDS runs as its thread 0 whoever calls it: the solves of threads of one process wait for
    each other rather than share that thread's memory."""
    rng = random.Random("threads")
    endings = [ending(RULE_SETS["tarneeb"], rng, rng.randint(20, 36)) for _ in range(24)]
    alone = [trick.open_values(deal, deal.to_act) for deal in endings]
    with ThreadPoolExecutor(4) as pool:
        together = list(pool.map(lambda deal: trick.open_values(deal, deal.to_act), endings))
    assert together == alone


def test_many_deals_at_once_as_one_by_one():
    """The batch the sampled view solves gives each deal what solving it alone gives, Tarneeb
    41's side tricks included (its partnership's, for whoever wants them)."""
    rng = random.Random("batch")
    states = [ending(RULE_SETS[name], rng, rng.randint(9, 30)) for name in RULE_SETS] * 2
    alone = [trick.side_values(state, state.to_act) for state in states]
    assert trick.side_values_of_deals(states) == alone
    assert alone[:3] == [trick.open_values(state, state.to_act) for state in states[:3]]


def test_only_the_seat_to_act_in_card_play():
    rules = RULE_SETS["tarneeb"]
    deal = new_deal(rules, shuffle.deal("refused"), N)
    with pytest.raises(BadInput):
        trick.open_values(deal, deal.to_act)  # bidding
    deal = _into_play(rules, random.Random("refused"))
    other = next(seat for seat in (N, E, S, W) if seat != deal.to_act)
    with pytest.raises(BadInput):
        trick.open_values(deal, other)
