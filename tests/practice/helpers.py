"""Shared by the practice tests: every playable game and variant, a random learner, and a whole
match played through the Django-free core."""

from cardgames import bots, cards
from practice.match import Practice, Setup
from rulebook import games

# Every game the site has and the computer players know (the relatives join once merged).
PLAYABLE = [
    (slug, variant)
    for slug, spec in games.GAMES.items()
    if slug in bots.GAMES
    for variant in spec.presets
]
MAX_DEALS = 400  # a match still going after this many deals has not ended
CALLS = ("pass", "double")


def learner_token(practice: Practice, rng) -> str:
    """A random learner's move. In an auction it passes three times in four and otherwise
    makes the cheapest bid: a learner bidding uniformly at random would jump towards the
    highest bids and, with random partners, run up debts that keep a Tarneeb line from ever
    reaching the target (see the bots' playout tests)."""
    module = practice.module
    legal = practice.legal()
    tokens = [module.format_move(m) for m in legal]
    if practice.state.phase == "bidding":
        calls = [t for t in tokens if t in CALLS]
        bids = [m for m, t in zip(legal, tokens, strict=True) if t not in CALLS]
        if bids and (not calls or rng.random() < 0.25):
            return module.format_move(min(bids))
        return rng.choice(calls)
    return rng.choice(tokens)


def play_match(
    setup: Setup, seeds, rng, undo_rate: float = 0.0, on_deal=None, must_end: bool = True
) -> Practice:
    """A whole match: the random learner against the computer players, the next deal dealt
    from the next of ``seeds`` (an iterator); ``on_deal(practice)`` after each finished deal."""
    practice = Practice.start(setup, next(seeds))
    while True:
        if practice.deal_number > MAX_DEALS:
            assert not must_end, "the match did not end"
            return practice
        if practice.deal_over:
            if on_deal:
                on_deal(practice)
            if practice.over:
                return practice
            practice.next_deal(next(seeds))
            continue
        if undo_rate and practice.seat in practice.actors and rng.random() < undo_rate:
            practice.undo(practice.ply)
            continue
        practice.play([learner_token(practice, rng)], practice.ply)


def card_plays(practice: Practice) -> list[int]:
    """The cards played in the current deal, in order (moves below 64 are cards)."""
    return [m for m in practice.moves if m < 52]


def hidden_cards(practice: Practice) -> set[str]:
    """The computer players' cards the learner may not know: what they hold, less the exposed
    cards and the cards the learner passed them."""
    state = practice.state
    secret = 0
    for seat in range(4):
        if seat != practice.seat:
            secret |= state.hands[seat]
    seen = state.table_view({practice.seat})  # face up: exposed, doubled, Trix's twos
    secret &= ~seen.exposed & ~(seen.shown[0] | seen.shown[1] | seen.shown[2] | seen.shown[3])
    if hasattr(state, "passes"):
        secret &= ~state.passes[practice.seat]
    return {cards.card_code(c) for c in cards.cards_in(secret)}
