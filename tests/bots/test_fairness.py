"""Fair play: a computer player decides from what its own seat may see, so a hint reveals
nothing hidden.

The property: take any position, deal the cards the seat to act cannot see differently among
the other seats (the same number each, consistent with everything that seat knows: the voids
shown by failing to follow, a forced discard not made, hearts led before they were broken, the
cards it passed, the exposed cards, what a knock showed), and the seat's view, its legal moves
and every decision at every level stay exactly the same.
"""

import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from cardgames import bots, shuffle
from cardgames.cards import HEARTS, PACK_52, cards_in, suit_mask
from cardgames.penalty.moves import PASS
from cardgames.penalty.players import card_points
from cardgames.penalty.scoring import PENALTY_MASK
from cardgames.table import next_seat, seats_from

from .helpers import MODULES, PENALTY, PENALTY_GAMES, PRESETS, QUICK_LEVELS, described


def position(game, preset, seed, moves, levels):
    """A position reached by computer players after ``moves`` moves of a seeded deal, and who
    played each card, in order (what every seat saw)."""
    module = MODULES[game]
    state = module.new_deal(module.PRESETS[preset], shuffle.deal(str(seed), module.PACK), seed % 4)
    cards = []
    for _ in range(moves):
        if state.to_act is None:
            break
        seat = state.to_act
        move = bots.decide(bots.view_of(game, state, seat), levels[seat], str(seed)).move
        state.push(move)
        if move < 52 and game != "sabaat-al-deemin":
            cards.append((seat, move))
    return state, cards


def known(game, state, seat, cards):
    """What ``seat`` knows of the other hands, having seen ``cards`` played (``(seat, card)``
    in order): for each seat, the cards it surely holds and the cards it cannot hold."""
    view = bots.view_of(game, state, seat)
    holds, cannot = [0, 0, 0, 0], [0, 0, 0, 0]
    if game == "sabaat-al-deemin":
        return holds, list(view.table.lacks)
    if game == "trix":  # the choice shows nothing; a trick contract is the penalty family's
        if view.phase == "choose":
            return holds, cannot
        if view.game.family is not PENALTY:  # the Trix's layout: what each knock showed
            return holds, list(view.table.table.lacks)
        state = view_state(game, state)
    tricks = [cards[i : i + 4] for i in range(0, len(cards), 4)]
    for trick in tricks:
        for s, c in trick[1:]:
            if c // 13 != trick[0][1] // 13:
                cannot[s] |= suit_mask(trick[0][1] // 13)
    if view.game.family is PENALTY:
        table = view.table
        for s in range(4):
            holds[s] |= table.exposed_held[s]
        if table.pass_to is not None and state.phase != "pass":
            holds[table.pass_to] |= table.passed & ~table.played
        _penalty_play_facts(state, view, tricks, cannot)
    return holds, cannot


def _penalty_play_facts(state, view, tricks, cannot):
    """What the tricks showed: a void seat that threw no penalty card under the forced discard
    (talyeekh) held none; a seat that followed under a higher card with another card while
    talbees forces a card's drop did not hold it; a heart led before hearts were broken came
    from a hand of hearts only; a card that scores thrown on the first trick where none may be,
    from a hand of such cards only."""
    knobs = state.rules.knobs()
    talbees = sum(1 << c for c in knobs["talbees"])
    values = card_points(state.rules, view.table.exposed)
    scoring = sum(1 << c for c in range(52) if values[c])
    broken = False
    for number, trick in enumerate(tricks):
        leader, lead = trick[0]
        if lead // 13 == HEARTS and not broken and knobs["hearts_must_break"]:
            cannot[leader] |= ~suit_mask(HEARTS) & PACK_52
        top = lead
        for s, c in trick[1:]:
            if c // 13 != lead // 13:
                if knobs["forced_penalty_discard"] and not (1 << c) & PENALTY_MASK:
                    cannot[s] |= PENALTY_MASK
                if number == 0 and not knobs["points_on_first_trick"] and (1 << c) & scoring:
                    cannot[s] |= PACK_52 & ~scoring
            else:
                for t in cards_in(talbees & suit_mask(c // 13)):
                    if top > t and c != t:
                        cannot[s] |= 1 << t
                top = max(top, c)
        broken = broken or any(c // 13 == HEARTS for _, c in trick)


def view_state(game, state):
    """The deal whose moves are being made (a Trix trick contract's own)."""
    return described(game).family.playing(described(game), state)[1]


def redeal_hidden(game, state, cards, seat, rng):
    """A copy of ``state`` with the cards ``seat`` cannot see dealt again among the others,
    or None when no other deal fits what it knows."""
    holds, cannot = known(game, state, seat, cards)
    others = [s for s in range(4) if s != seat]
    pool = [c for s in others for c in cards_in(state.hands[s] & ~holds[s])]
    room = {s: state.hands[s].bit_count() - holds[s].bit_count() for s in others}
    for _ in range(50):
        dealt = _deal(pool, room, cannot, rng)
        if dealt is not None:
            break
    else:
        return None
    alt = state.copy()
    for s in others:
        alt.hands[s] = holds[s] | dealt[s]
    if game in PENALTY_GAMES:
        _redeal_passes(state, alt, seat, rng)
    if game == "trix" and state.inner is None:  # before the choice: the hands as dealt
        alt._hands = alt.hands
    if game in ("tarneeb", "tarneeb-41"):
        played = [0, 0, 0, 0]
        for trick, _ in state.tricks:
            for s, c in trick:
                played[s] |= 1 << c
        for s, c in state.trick:
            played[s] |= 1 << c
        alt.dealt = tuple(alt.hands[s] | played[s] for s in range(4))
    return alt


def _deal(pool, room, cannot, rng):
    """The cards of ``pool`` dealt to the seats with ``room``, none to a seat that cannot hold
    it: the most constrained card first, each to a random seat that fits."""
    room = dict(room)
    cards = sorted(pool, key=lambda c: (sum(not cannot[s] >> c & 1 for s in room), rng.random()))
    dealt = dict.fromkeys(room, 0)
    for c in cards:
        fits = [s for s in room if room[s] and not cannot[s] >> c & 1]
        if not fits:
            return None
        s = rng.choice(fits)
        dealt[s] |= 1 << c
        room[s] -= 1
    return dealt


def _redeal_passes(state, alt, seat, rng):
    """The passes ``seat`` never saw, chosen again from the new hands, in the state and in its
    history."""
    if not state.rules.knobs()["pass_count"] or state.passes == [0, 0, 0, 0]:
        return
    target = state.pass_target(seat)
    giver = state.pass_target(state.pass_target(target))
    exchanged = state.phase != "pass"
    hidden = [s for s in range(4) if s != seat and not (exchanged and s == giver)]
    for s in hidden:
        n = state.passes[s].bit_count()
        # Before the exchange a seat chooses from its own hand; after it, its cards are in the
        # hand of the seat it passed to (unless played: then keep the original choice).
        source = alt.hands[s] if not exchanged else alt.hands[state.pass_target(s)]
        candidates = cards_in(source & ~state.passes[seat])
        if len(candidates) >= n:
            alt.passes[s] = sum(1 << c for c in rng.sample(candidates, n))
    direction = state.rules.knobs()["direction"]
    order = seats_from(next_seat(state.dealer, direction), direction)
    count = state.rules.knobs()["pass_count"]
    for block, s in enumerate(order):
        chosen = cards_in(alt.passes[s])
        for i in range(count):
            at = block * count + i
            if s in hidden and at < len(alt.history) and i < len(chosen):
                alt.history[at] = PASS + chosen[i]


@pytest.mark.parametrize("game,preset", PRESETS)
@settings(max_examples=100, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    moves=st.integers(0, 70),
    levels=st.lists(st.sampled_from(QUICK_LEVELS), min_size=4, max_size=4),
    shuffle_seed=st.integers(0, 10**6),
)
def test_the_unseen_cards_dealt_otherwise_change_no_decision(
    game, preset, seed, moves, levels, shuffle_seed
):
    state, cards = position(game, preset, seed, moves, levels)
    assume(state.to_act is not None)
    seat = state.to_act
    alt = redeal_hidden(game, state, cards, seat, random.Random(shuffle_seed))
    assume(alt is not None)
    assert alt.legal_moves() == state.legal_moves()
    view = bots.view_of(game, state, seat)
    assert bots.view_of(game, alt, seat) == view
    for level in QUICK_LEVELS:  # the expert's fairness: test_expert.py
        assert bots.decide(bots.view_of(game, alt, seat), level, "fair") == bots.decide(
            view, level, "fair"
        )
    # A seat not to act sees no more of the other hands either.
    watcher = (seat + 1) % 4
    other = redeal_hidden(game, state, cards, watcher, random.Random(shuffle_seed))
    if other is not None:
        assert bots.view_of(game, other, watcher) == bots.view_of(game, state, watcher)


@pytest.mark.parametrize("game,preset", PRESETS)
def test_the_check_would_catch_a_player_that_peeked(game, preset):
    # The redistribution really moves the hidden cards, so a player reading the next seat's
    # hand would decide from something that changes: the property above can fail.
    rng = random.Random(1)
    moved = 0
    for seed in range(30):
        state, cards = position(game, preset, seed, seed % 20, ["club"] * 4)
        if state.to_act is None:
            continue
        seat = state.to_act
        alt = redeal_hidden(game, state, cards, seat, rng)
        nxt = (seat + 1) % 4
        moved += alt is not None and alt.hands[nxt] != state.hands[nxt]
    assert moved >= 15
