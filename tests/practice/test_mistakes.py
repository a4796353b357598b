"""A mistake told at its trick (``practice.mistakes``), from the engine's facts of the two lines
(``analysis.lines``): the trick as it was played, the two cards played in the analysis's own
deals. Checked against the record of seeded deals, in the three languages and each region's
card words, and on the issue's own example: a jack of clubs led, a queen of spades thrown on
it by North, thirteen points taken."""

import random

import pytest
from django.utils import translation

from cardgames import analysis, bots, shuffle
from cardgames.cards import parse_card
from cardgames.games import game as described
from cardgames.search import lines
from cardgames.table import E, N, S, W
from cardtable.words import vocabulary
from plumbing import families
from practice import mistakes
from rulebook import costs as cost_words

LANGS = ("ar", "en", "fr")
GAMES = ("bent-al-sbeet", "leekha", "hearts", "tarneeb", "tarneeb-41")
# Deals a view is judged over here: few for speed, but Sab'at's, cheap to search, as many as
# the site draws (with few, its small differences stay within the noise: no card is costly).
SAMPLES = {"sabaat-al-deemin": described("sabaat-al-deemin").family.analysis.tuning.samples}


def played_deal(game: str, seed: str, careless: bool = False):
    """A deal played by the club player from the start of its card play (South, if
    ``careless``, playing any legal card): the start and the moves."""
    rng = random.Random(seed)
    module = described(game).engine
    state = module.new_deal(
        module.PRESETS[module.DEFAULT_PRESET], shuffle.deal(seed, module.PACK), 0
    )
    while state.to_act is not None and state.phase != "play":
        state.push(bots.hint(game, state, state.to_act).move)
    start, moves = state.copy(), []
    while state.to_act is not None:
        move = bots.hint(game, state, state.to_act).move
        if careless and state.to_act == S:
            move = rng.choice(state.legal_moves())
        moves.append(move)
        state.push(move)
    return start, moves


@pytest.mark.parametrize("game", GAMES)
def test_the_trick_as_it_was_played(game):
    start, moves = played_deal(game, f"mistakes-{game}")
    assert moves, "thrown in"
    for ply, seat, move, state, _chosen in analysis.card_plays(game, start, moves):
        trick = lines.trick_of(described(game), state, moves[ply:])
        assert trick.number == sum(state.tricks_won) + 1
        assert (seat, move) in trick.cards and len(trick.cards) == 4
        after = state.copy()
        for m in moves[ply:]:
            after.push(m)
            if sum(after.tricks_won) > sum(state.tricks_won):
                break
        assert after.last_trick[1] == trick.winner
        if families.of("practice", described(game).family).scoring_cards(state) is not None:
            assert trick.points == sum(after.points()) - sum(state.points())
        else:  # a trick carries no points
            assert trick.points == 0


def test_the_issues_example_is_told_as_a_player_tells_it():
    """Trick 5, the learner (South) leads the jack of clubs; West and North follow low... then
    North, void, throws the queen of spades: South took 13 points."""
    vocab_game = "bent-al-sbeet"
    trick = lines.Trick(
        5,
        (
            (S, parse_card("JC")),
            (E, parse_card("9C")),
            (N, parse_card("QS")),
            (W, parse_card("8C")),
        ),
        S,
        13,
        True,
    )
    compared = {
        parse_card("7C"): lines.Line(parse_card("7C"), 48, 0.0, 0.0),
        parse_card("JC"): lines.Line(parse_card("JC"), 48, 0.9, 11.0),
    }
    said = {}
    for lang in LANGS:
        with translation.override(lang):
            vocab = vocabulary(vocab_game)
            scores = {parse_card("QS")}
            happened = mistakes.happened(vocab, S, parse_card("JC"), trick=trick, scores=scores)
            instead = mistakes.instead(
                vocab, True, False, "seat", parse_card("7C"), parse_card("JC"), compared
            )
            said[lang] = happened + " " + instead
            assert vocab.card(parse_card("JC")) in happened
            assert vocab.card_the(parse_card("QS")) in happened
            assert vocab.seat(N) in happened
            assert "13" in happened
            assert vocab.card_the(parse_card("7C")) in instead
    assert said["en"].startswith(
        "your jack of clubs took the trick, and with it the queen of spades from North: you "
        "took 13 points."
    )
    assert "would have let the trick go in every deal that fits what you could see" in said["en"]


def costly_moments(game: str):
    """The moments of a careless South's choices in seeded deals, a deal's at a time, until
    one of its cards is costly (Sab'at's card play has few choices: up to twenty deals)."""
    for i in range(20):
        start, moves = played_deal(game, f"words-{game}-{i}", careless=True)
        if start.phase != "play":
            continue
        found = list(analysis.moments(game, start, moves, {S}))
        for ply, seat, move, state in found:
            yield ply, seat, move, state, moves
        if any(
            next(
                m for m in analysis.analyse(game, st.copy(), se, samples=8).moves if m.move == mv
            ).cost
            for _p, se, mv, st in found
        ):
            return


@pytest.mark.parametrize("game", GAMES + ("sabaat-al-deemin",))
def test_a_costly_card_in_words_in_every_language(game):
    """Every costly card of the seeded deals' South, told: the trick (or Sab'at's round) and
    who led, the card, the best card, and what it risked from that moment's view in the
    family's unit, never what the deal happened to cost."""
    found = 0
    samples = SAMPLES.get(game, 8)
    for ply, seat, move, state, moves in costly_moments(game):
        answer = analysis.analyse(game, state.copy(), seat, samples=samples)
        mine = next(m for m in answer.moves if m.move == move)
        if not mine.cost:
            continue
        fmt = described(game).engine.format_move
        as_json = {
            "moves": [{"move": fmt(m.move), "cost": m.cost, "value": m.value} for m in answer.moves]
        }
        for lang in LANGS:
            with translation.override(lang):
                vocab = vocabulary(game)
                told = mistakes.mistake(
                    game,
                    vocab,
                    "seat",
                    state,
                    moves[ply:],
                    as_json,
                    lambda cards, st=state: analysis.lines(game, st, cards, "seat", samples),
                )
                text = told["text"]
                assert vocab.card(move) in text or vocab.card_the(move) in text
                best = answer.moves[0].move
                assert vocab.card_the(best) in text
                unit = cost_words.unit(game)
                if unit.key != "chance":
                    assert unit.amount(mine.cost, vocab.region) in text
                else:
                    assert cost_words.percent(answer.moves[0].value) in text
                assert told["head"]
        found += 1
    assert found


def test_partners_are_named_only_where_the_game_has_them():
    def partners(game: str, preset: str) -> bool:
        rules = described(game).engine.PRESETS[preset]
        return families.of("practice", described(game).family).partners(rules)

    assert not partners("hearts", "pagat")
    assert partners("leekha", "classic")
    assert partners("tarneeb", "classic") and partners("tarneeb-41", "classic")


def test_a_trick_is_won_for_the_side_only_where_sides_count_tricks():
    def for_side(game: str) -> bool:
        rules = described(game).engine.PRESETS[described(game).engine.DEFAULT_PRESET]
        return families.of("practice", described(game).family).won_for_side(rules)

    assert for_side("tarneeb")
    assert not for_side("tarneeb-41") and not for_side("hearts") and not for_side("leekha")
