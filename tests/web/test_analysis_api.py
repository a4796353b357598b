"""The analysis API of ../shared/spec/positions.md ("Analysis"), call by call for every game:
``/api/<game>/analysis`` (every legal card of the seat to act, valued) and
``/api/<game>/analysis/deal`` (every card of a finished deal, with its cost, and Tarneeb's
double-dummy table), their errors (the positions API's, 422 outside card play, 503 past the
budget or with every slot taken, 429 past the client's limit), the seat's view that never reads
a hidden card, and the cache."""

import itertools
from urllib.parse import urlencode

import pytest
from django.test import Client

from cardgames import analysis, bots, cards, shuffle
from cardgames.table import SEATS
from plumbing import limits
from practice.match import Practice, Setup
from rulebook import analyses, games

pytestmark = pytest.mark.django_db

GAMES = list(games.GAMES)
DD_GAMES = ("tarneeb", "tarneeb-41")  # the games whose deal answer carries the table
# Tarneeb 41 counts a seat's own tricks by a search of its own (DDS counts sides only), which
# cannot finish a whole deal within a budget: its moments are asked late in the deal, and a
# whole deal's answer may be 503 analysis_busy (never half an answer).
LATE = {"tarneeb-41": 10}


def whole_deal_answer(client, game, query, **extra):
    """A whole deal's answer: 200, after as many 503 analysis_busy answers (with Retry-After)
    as budgets it takes to judge its moments (each kept for the next request)."""
    for _ in range(60):
        answer = ask(client, game, query, "analysis/deal", **extra)
        if answer.status_code != 503:
            break
        assert answer.json()["error"]["code"] == "analysis_busy" and answer["Retry-After"]
    assert answer.status_code == 200, answer.content[:300]
    return answer.json()


@pytest.fixture(autouse=True)
def roomy_budget(settings):
    """These tests check what an answer says, not how fast it comes (``make bench`` times it;
    a loaded test machine is slower): a budget no search reaches, but where a test sets its own."""
    settings.ANALYSIS_SECONDS = 10
    settings.ANALYSIS_SAMPLES = 8  # what an answer says, not how steady it is (make bench)


def practice_deal(game: str, seed: str, stop=None) -> Practice:
    """A deal played by the first legal move of every seat (South by hand, the others the
    computer players), up to ``stop(practice)`` or the end of the deal."""
    spec = games.get(game)
    practice = Practice.start(Setup(game, spec.default_variant, {}, seat=2), seed)
    while not practice.deal_over and not (stop and stop(practice)):
        practice.play([practice.module.format_move(practice.legal()[0])], practice.ply)
    return practice


def in_play(practice) -> bool:
    """South to play a card the analysis values (Trix's trick contracts, not its layout)."""
    return (
        practice.state.phase == "play"
        and practice.learner_to_act
        and bool(analysis.choices(practice.game, practice.state))
    )


def card_play_position(game: str, seed: str = "analysis-1", plays: int = 1):
    """A moment of card play with South to act, after South has played ``plays - 1`` cards."""
    plays = max(plays, LATE.get(game, 1))
    seen = itertools.count()
    practice = practice_deal(game, seed, lambda p: in_play(p) and next(seen) == plays - 1)
    assert in_play(practice), (game, "the deal ended before South played")
    return practice.position()


def finished(game: str, seed: str = "analysis-1"):
    practice = practice_deal(game, seed)
    if not any(m < 52 for m in practice.moves):  # thrown in, redealt: no card was played
        return finished(game, seed + "+")
    return practice.position()


def ask(client, game: str, query: dict, path: str = "analysis", **extra):
    return client.get(f"/api/{game}/{path}?" + urlencode({**query, **extra}))


# --- one moment of card play ---------------------------------------------------------------------


@pytest.mark.parametrize("view", ["seat", "open"])
@pytest.mark.parametrize("game", GAMES)
def test_every_legal_card_of_the_seat_to_act_is_valued_best_first(client, game, view):
    position = card_play_position(game)
    legal = client.get(f"/api/{game}/position", position.query()).json()["legal"]
    answer = ask(client, game, position.query(), view=view)
    assert answer.status_code == 200, answer.content
    data = answer.json()
    assert data["seat"] == "S" and data["view"] == view
    assert isinstance(data["exact"], bool)
    if view == "seat":
        assert data["samples"] is None or data["samples"] >= 1
    moves = data["moves"]
    assert sorted(m["move"] for m in moves) == legal  # every legal move, as the game writes it
    costs = [m["cost"] for m in moves]
    assert costs == sorted(costs) and costs[0] == 0 and min(costs) >= 0  # best first
    best = moves[0]["value"]
    state = position.state  # a Trix trick contract: the penalty family's tuning
    tuning = bots.view_of(game, state, state.to_act).game.family.analysis.tuning
    step = 10**-tuning.places  # values and costs are written as players count
    for m in moves:
        # a costly move's cost is what it gives up against the best one, in the value's own
        # unit; every other one is about as good as the best: 0
        assert m["cost"] == 0 or m["cost"] >= tuning.material - 1e-9, m
        if m["cost"]:
            assert m["cost"] == pytest.approx(abs(best - m["value"]), abs=step + 1e-9), m
            assert m["cost"] > m["margin"] or view == "open", m  # clear of the deals' noise


@pytest.mark.parametrize("game", GAMES)
def test_seat_names_the_seat_to_act_and_no_other(client, game):
    position = card_play_position(game)
    assert ask(client, game, position.query(), seat="S").json()["seat"] == "S"
    refused = ask(client, game, position.query(), seat="N")
    assert refused.status_code in (400, 422)
    assert refused.json()["error"]["code"]


@pytest.mark.parametrize("game", GAMES)
def test_the_open_view_of_tarneeb_is_exact(client, game):
    if game not in DD_GAMES:
        pytest.skip("double dummy is the Tarneeb family's")
    position = card_play_position(game)
    assert ask(client, game, position.query(), view="open").json()["exact"] is True


# --- a finished deal -----------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("view", ["seat", "open"])
@pytest.mark.parametrize("game", GAMES)
def test_every_card_of_a_finished_deal_is_judged(client, game, view):
    position = finished(game)
    data = whole_deal_answer(client, game, position.query(), view=view)
    assert data["view"] == view
    # one entry per card played, at its ply, by the seat that played it
    state = position.start_state()
    played = []
    for ply, move in enumerate(position.moves):
        if state.phase == "play":
            played.append((ply, SEATS[state.to_act], position.module.format_move(move)))
        state.push(move)
    assert [(m["ply"], m["seat"], m["move"]) for m in data["moves"]] == played
    for m in data["moves"]:
        assert m["cost"] >= 0 and m["best"], m
        assert (m["cost"] == 0) == (m["move"] in m["best"]), m
    if game in DD_GAMES:
        table = data["table"]
        assert table["double_dummy"] is True
        rows = table["tricks"]
        keys = {"NS", "EW"} if game == "tarneeb" else set(SEATS)
        assert set(rows) == keys
        for row in rows.values():
            for tricks in row.values() if isinstance(row, dict) else [row]:
                assert 0 <= tricks <= 13
    else:
        assert "table" not in data


@pytest.mark.parametrize("game", GAMES)
def test_a_deal_still_in_play_is_not_judged_card_by_card(client, game):
    position = card_play_position(game)
    answer = ask(client, game, position.query(), "analysis/deal", lang="fr")
    assert answer.status_code == 422
    error = answer.json()["error"]
    assert error["code"] == "analysis_unavailable" and "donne" in error["message"]


# --- errors: the positions API's, then the analysis's own ----------------------------------------

DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
BROKEN = [
    {"variant": "classic", "dealer": "N", "deal": "N:AKQ"},  # bad_deal
    {"variant": "nosuch", "dealer": "N", "deal": DEAL},  # unknown_variant
    {"variant": "classic", "dealer": "Q", "deal": DEAL},  # bad_seat
    {"variant": "classic", "dealer": "N", "deal": DEAL, "moves": "7 zz"},  # bad_move
    {"variant": "classic", "dealer": "N", "deal": DEAL, "moves": "7 7"},  # 422, a move refused
    {"variant": "classic", "dealer": "N", "deal": DEAL, "rule.nosuch": "1"},  # unknown_rule
]


@pytest.mark.parametrize("path", ["analysis", "analysis/deal"])
@pytest.mark.parametrize("query", BROKEN)
@pytest.mark.parametrize("lang", ["ar", "en", "fr"])
def test_a_position_that_cannot_be_opened_is_answered_as_the_positions_api_answers(
    client, path, query, lang
):
    expected = client.get("/api/tarneeb/position", {**query, "lang": lang})
    answer = ask(client, "tarneeb", query, path, lang=lang)
    assert expected.status_code in (400, 422)
    assert answer.status_code == expected.status_code
    assert answer.json() == expected.json()


def test_an_unknown_game_is_404(client):
    answer = client.get("/api/chess/analysis", {"deal": DEAL})
    assert answer.status_code == 404 and answer.json()["error"]["code"] == "unknown_game"
    assert client.get("/api/chess/analysis/deal", {"deal": DEAL}).status_code == 404


def test_a_view_that_is_neither_seat_nor_open_is_400(client):
    position = card_play_position("tarneeb")
    answer = ask(client, "tarneeb", position.query(), view="closed", lang="en")
    assert answer.status_code == 400
    error = answer.json()["error"]
    assert error["code"] == "bad_view" and "closed" in error["message"]


OUTSIDE_CARD_PLAY = [
    ("tarneeb", {}),  # the auction
    ("tarneeb-41", {}),
    ("bent-al-sbeet", {"start": "deal"}),  # the pass
    ("leekha", {"start": "deal"}),
    ("hearts", {"start": "deal"}),
    ("sabaat-al-deemin", {"start": "announce"}),  # the announcements
]


@pytest.mark.parametrize("game,extra", OUTSIDE_CARD_PLAY)
def test_outside_card_play_the_answer_is_422_analysis_unavailable(client, game, extra):
    spec = games.get(game)
    hands = cards.format_deal(shuffle.deal("outside-card-play", spec.engine.PACK))
    query = {"variant": spec.default_variant, "dealer": "N", "deal": hands, **extra}
    phase = client.get(f"/api/{game}/position", query).json()["phase"]
    assert phase != "play", (game, phase)
    messages = set()
    for lang in ("ar", "en", "fr"):
        answer = ask(client, game, query, lang=lang)
        assert answer.status_code == 422
        error = answer.json()["error"]
        assert error["code"] == "analysis_unavailable" and error["move"] is None
        messages.add(error["message"])
    assert len(messages) == 3  # each language its own sentence


# --- the budget, the slots, the client's limit ---------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_past_the_budget_the_answer_is_503_busy_never_half_an_answer(client, game, settings):
    settings.ANALYSIS_SECONDS = 1e-9  # the deadline is past before the search begins
    position = card_play_position(game)
    for path, query in (("analysis", position.query()), ("analysis/deal", finished(game).query())):
        answer = ask(client, game, query, path, lang="ar")
        assert answer.status_code == 503, (path, answer.content[:300])  # and at once
        assert int(answer["Retry-After"]) >= 1
        body = answer.json()
        assert list(body) == ["error"] and body["error"]["code"] == "analysis_busy"
        assert any("\u0600" <= ch <= "\u06ff" for ch in body["error"]["message"])
    # nothing half-done was kept: with the budget back, the whole answer comes
    settings.ANALYSIS_SECONDS = 30
    assert ask(client, game, position.query()).status_code == 200


def test_with_every_slot_taken_the_answer_is_503_busy_at_once(client, settings):
    settings.ANALYSIS_SLOTS = 2
    position = card_play_position("hearts")
    seconds = analyses.slot_seconds()
    held = [limits.take_slot("analysis", 2, seconds) for _ in range(2)]
    assert all(held) and limits.take_slot("analysis", 2, seconds) is None
    answer = ask(client, "hearts", position.query(), lang="en")
    assert answer.status_code == 503 and answer["Retry-After"]
    assert answer.json()["error"]["code"] == "analysis_busy"
    limits.give_back(held[0])
    assert ask(client, "hearts", position.query()).status_code == 200
    # the slot an analysis took is given back after it
    assert limits.take_slot("analysis", 2, seconds) is not None


def test_a_client_asking_too_many_is_429_rate_limited(client):
    position = card_play_position("bent-al-sbeet")
    per_address = next(lim for lim in limits.ANALYSING if lim.per == "ip")
    for _ in range(per_address.count):
        assert ask(client, "bent-al-sbeet", position.query()).status_code == 200
    refused = ask(client, "bent-al-sbeet", position.query(), lang="fr")
    assert refused.status_code == 429 and int(refused["Retry-After"]) >= 1
    error = refused.json()["error"]
    assert error["code"] == "rate_limited" and "\u00a0:" in error["message"]
    # another address is not held back by this one
    other = Client(REMOTE_ADDR="10.9.9.9")
    assert ask(other, "bent-al-sbeet", position.query()).status_code == 200


# --- the seat's view never reads a hidden card ---------------------------------------------------


def with_hidden_cards_swapped(position):
    """The same position with two unplayed cards of one suit exchanged between two hands South
    cannot see: every card South has seen, and every suit each hand has shown, stays."""
    state = position.state
    others = [s for s in range(4) if s != 2]
    for a, b in itertools.combinations(others, 2):
        for suit in range(4):
            mask = cards.suit_mask(suit)
            mine = cards.cards_in(state.hands[a] & mask)
            theirs = cards.cards_in(state.hands[b] & mask)
            if mine and theirs:
                hands = list(position.hands)
                x, y = mine[0], theirs[0]
                hands[a] = hands[a] & ~(1 << x) | (1 << y)
                hands[b] = hands[b] & ~(1 << y) | (1 << x)
                return {**position.query(), "deal": cards.format_deal(hands, position.dealer)}
    return None


@pytest.mark.parametrize("game", GAMES)
def test_the_seats_view_is_the_same_whatever_the_hidden_hands_hold(client, game):
    position = card_play_position(game, plays=2)
    other = with_hidden_cards_swapped(position)
    assert other is not None and other["deal"] != position.query()["deal"]
    opened = client.get(f"/api/{game}/position", other)
    assert opened.status_code == 200, opened.content  # the same moves replay on the other deal
    first = ask(client, game, position.query(), view="seat").json()
    second = ask(client, game, other, view="seat").json()
    assert first == second


# --- the cache -----------------------------------------------------------------------------------


def test_an_answer_is_searched_once_per_position_seat_and_view(client, monkeypatch):
    searched = []
    real = analyses.bounded  # each search runs in a child, where a count would be lost

    def counting(call):
        searched.append(view_asked[-1])
        return real(call)

    view_asked = ["seat"]
    monkeypatch.setattr(analyses, "bounded", counting)
    position = card_play_position("tarneeb")
    first = ask(client, "tarneeb", position.query()).json()
    assert ask(client, "tarneeb", position.query(), seat="S").json() == first
    assert ask(client, "tarneeb", position.query(), lang="ar").json() == first
    assert searched == ["seat"]
    view_asked.append("open")
    ask(client, "tarneeb", position.query(), view="open")
    ask(client, "tarneeb", position.query(), view="open")
    assert searched == ["seat", "open"]
    # the canonical query is the key: the same position written otherwise is the same entry
    written = {**position.query(), "moves": position.query()["moves"].lower()}
    assert ask(client, "tarneeb", written).json() == first and len(searched) == 2
