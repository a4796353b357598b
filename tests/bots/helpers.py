"""Shared by the bot tests: whole matches played by computer players, and hands built from a
few named cards."""

from cardgames import bots, shuffle
from cardgames.cards import PACK_52, cards_in, hand_of
from cardgames.games import GAMES as DESCRIBED
from cardgames.games import game as described
from cardgames.penalty.family import FAMILY as PENALTY
from tests.matchplay import play_match as matchplay
from tests.matchplay import start

MODULES = {slug: described(slug).engine for slug in DESCRIBED}
PRESETS = [(game, preset) for game, module in MODULES.items() for preset in module.PRESETS]
# Bent Al Sbeet, Leekha, Hearts, and a penalty game added since (tests/test_new_game.py's).
PENALTY_GAMES = tuple(slug for slug in DESCRIBED if described(slug).family is PENALTY)
MAX_DEALS = 300  # a match that has not ended after this many deals is a failure
# The levels played in whole matches and in hundreds of positions: the expert searches for up
# to a second a card, so its own tests (test_expert.py) play it in a few chosen positions.
QUICK_LEVELS = tuple(level for level in bots.LEVELS if level != "expert")


def play_deal(game, state, levels, seed, seen=None, **match):
    """Play a deal out with computer players, checking every decision as it is made.
    ``match``: the deal number and totals, where the engine keeps none."""
    codes = bots.REASONS[game]
    while state.to_act is not None:
        seat = state.to_act
        decision = bots.decide(bots.view_of(game, state, seat, **match), levels[seat], seed)
        assert decision.move in state.legal_moves()
        reason = decision.reason
        assert reason.code in codes and reason.source == codes[reason.code]
        assert tuple(reason.facts) == bots.REASON_FACTS[reason.code], reason
        if seen is not None:
            seen.add(reason.code)
        state.push(decision.move)
    return state


def play_match(game, rules, levels, seed, seen=None):
    """A whole match under ``rules``, kept on the game's score sheet as practice keeps one;
    returns the number of deals it took."""
    module = MODULES[game]

    def play(number, dealer, sheet):
        deal = start(module, sheet, shuffle.deal(f"{seed}:{number}", module.PACK), dealer, number)
        # Where the engine's deal keeps no match, the caller says where it stands.
        context = {"deal_number": number, "totals": tuple(sheet.match_totals)}
        return play_deal(game, deal, levels, f"{seed}:{number}", seen, **context)

    return matchplay(module, rules, len(seed) % 4, play, MAX_DEALS)[1]


def replay(game, state, tokens: str):
    """``state`` after the moves written as tokens (read in the phase they are made in)."""
    for token in tokens.split():
        parse = state.parse_move
        state.push(parse(token))
    return state


def club_hint(game, state):
    """The club player's decision for the seat to act."""
    return bots.hint(game, state, state.to_act)


def hands_with(pack=PACK_52, **seats) -> list[int]:
    """Four hands: each named seat (``N="AS KS ..."``) holds the cards given, and the cards
    left are dealt in order to the seats with room, lowest card first, round the table."""
    hands = [0, 0, 0, 0]
    size = pack.bit_count() // 4
    for name, codes in seats.items():
        hand = hand_of(codes.split())
        if hand & (hands[0] | hands[1] | hands[2] | hands[3]) or hand.bit_count() > size:
            raise ValueError(f"{name} repeats a card or holds too many: {codes}")
        hands["NESW".index(name)] = hand
    taken = hands[0] | hands[1] | hands[2] | hands[3]
    seat = 0
    for c in cards_in(pack & ~taken):
        while hands[seat].bit_count() >= size:
            seat = (seat + 1) % 4
        hands[seat] |= 1 << c
        seat = (seat + 1) % 4
    return hands
