"""The two analysis faults an outside check found (issue 45), tested where they were:

- Sab'at Al-Deemin's seat's view answers at every moment of card play of seeded deals, whether
  the position starts at the announcements or at the play (with a double or triple already
  announced, too), and a finished Sab'at deal is judged card by card;
- Leekha's values are what ``positions.md`` says: the seat's own points, its side's only where
  the variant adds partners' points together. Every variant's endings are searched here again
  by a plain minimax written from that sentence alone (not from the analysis's ``Objective``):
  the seat, with its partner only where points are added, takes the fewest points it can, the
  others play against it."""

import pytest

from cardgames import analysis, bots, shuffle
from cardgames.games import game as described
from cardgames.table import across

SABAAT = described("sabaat-al-deemin").engine
LEEKHA = described("leekha").engine
PENALTY_PRESETS = [
    (game, preset)
    for game in ("leekha", "bent-al-sbeet", "hearts")
    for preset in described(game).engine.PRESETS
]


# --- Sab'at Al-Deemin ---------------------------------------------------------------------------


def sabaat_deal(seed: int, start: str, multiplier: int = 1):
    rules = SABAAT.PRESETS[SABAAT.DEFAULT_PRESET]
    hands = shuffle.deal(f"faults-{seed}", SABAAT.PACK)
    if start == "announce":
        return SABAAT.new_deal(rules, hands, seed % 4)
    return SABAAT.new_deal(rules, hands, seed % 4, start="play", multiplier=multiplier)


@pytest.mark.parametrize("start,multiplier", [("announce", 1), ("play", 1), ("play", 2)])
@pytest.mark.parametrize("seed", range(3))
def test_sabaat_seats_view_answers_at_every_moment_of_card_play(seed, start, multiplier):
    state = sabaat_deal(seed, start, multiplier)
    moments = 0
    while state.to_act is not None:
        if state.phase == "play":
            answer = analysis.analyse("sabaat-al-deemin", state.copy(), samples=4)
            legal = analysis.choices("sabaat-al-deemin", state)  # the cards, and a knock
            assert sorted(m.move for m in answer.moves) == sorted(legal)
            assert all(0 <= m.value <= 1 for m in answer.moves)
            moments += 1
        state.push(bots.hint("sabaat-al-deemin", state, state.to_act).move)
    assert moments > 8 or state.redealt


@pytest.mark.parametrize("start", ["announce", "play"])
def test_a_finished_sabaat_deal_is_judged_card_by_card(start):
    first = sabaat_deal(7, start)
    state, moves = first.copy(), []
    while state.to_act is not None:
        move = bots.hint("sabaat-al-deemin", state, state.to_act).move
        moves.append(move)
        state.push(move)
    assert not state.redealt
    judged = analysis.analyse_deal("sabaat-al-deemin", first, moves, samples=4)
    played = [p[0] for p in analysis.card_plays("sabaat-al-deemin", first, moves)]
    assert [p.ply for p in judged] == played and len(played) > 8
    assert all(p.cost >= 0 and p.best for p in judged)


# --- Leekha: the seat's own points ----------------------------------------------------------------


def own_points(state, seat: int) -> int:
    """``positions.md``: what the seat ends the deal with, its side's where sides score
    together (Leekha's ``points_added``), else its own."""
    points = state.points()
    if state.rules.knobs()["partnership"] == "points_added":
        return points[seat] + points[across(seat)]
    return points[seat]


def minimax(state, seat: int) -> int:
    """The seat's points with every continuation searched: the seat (and its partner where the
    partners' points are added) takes the fewest, every other seat the most for it."""
    if state.to_act is None:
        return own_points(state, seat)
    together = state.rules.knobs()["partnership"] == "points_added"
    ours = state.to_act == seat or (together and state.to_act == across(seat))
    values = []
    for move in state.legal_moves():
        if move >= 52:
            continue
        child = state.copy()
        child.push(move)
        values.append(minimax(child, seat))
    return min(values) if ours else max(values)


def ending(game: str, preset: str, seed: int, cards: int):
    """A seeded deal played by the club player until the seat to act holds ``cards`` cards."""
    module = described(game).engine
    state = module.new_deal(
        module.PRESETS[preset], shuffle.deal(f"ending-{seed}", module.PACK), seed % 4
    )
    while state.to_act is not None and (
        state.phase != "play" or state.hands[state.to_act].bit_count() > cards
    ):
        state.push(bots.hint(game, state, state.to_act).move)
    return state


@pytest.mark.parametrize("game,preset", PENALTY_PRESETS)
@pytest.mark.parametrize("cards", [2, 3])
def test_every_penalty_variants_ending_is_valued_as_the_spec_says(game, preset, cards):
    checked = 0
    for seed in range(4):
        state = ending(game, preset, seed, cards)
        if state.to_act is None:
            continue
        seat = state.to_act
        answer = analysis.analyse(game, state.copy(), view="open")
        assert answer.exact
        for mv in answer.moves:
            child = state.copy()
            child.push(mv.move)
            assert mv.value == minimax(child, seat), (game, preset, seed, mv)
        checked += 1
    assert checked


def test_leekha_partners_who_keep_their_own_scores_are_valued_on_their_own_points():
    rules = LEEKHA.PRESETS["classic"]
    assert rules.knobs()["partnership"] == "individual_scores"
    hooks = described("leekha").family.analysis
    goal = hooks.objective(rules, 2)
    assert not goal.partners and not goal.ours(0)
    added = hooks.objective(LEEKHA.PRESETS["pairs"], 2)
    assert added.partners and added.ours(0)
