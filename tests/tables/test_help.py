"""The table's "help" option (``Table.help``, tables.md: "whether computer help (hints,
analysis) is on for everyone"): on, every seat may ask for the hint on its turn, in the page
and the API, and sees what each of its cards cost once the deal is over, as on the practice
table; off, no seat may, in either. A coach or a watcher never asks (``not_a_player``)."""

import json
import random

import pytest
from django.test import Client

from rulebook import analyses
from tables import service
from tables.models import Table

from .helpers import SEATS_2P, pick

# the new-table form names the game, its variants and house rules from the registry
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("rulebook")]


@pytest.fixture(autouse=True)
def roomy_budget(settings):
    """What the answers say, not how fast they come (``make bench`` times the analysis)."""
    settings.ANALYSIS_SECONDS = 5


def api(path, key):
    return Client().get(path, HTTP_AUTHORIZATION=f"Bearer {key}")


def deal_judged(path, key):
    """A whole deal's analysis, after as many 503 analysis_busy answers as budgets it takes
    (each judges what it can and keeps it: on a busy machine a budget judges less)."""
    for _ in range(60):
        answer = api(path, key)
        if answer.status_code != 503:
            return answer
        assert answer.json()["error"]["code"] == "analysis_busy" and answer["Retry-After"]
    return answer


def opened(help_on: bool):
    """A Hearts table of two people: North played by a program with its key, South taken by
    a browser; the table, North's key, the coach's, and South's browser."""
    body = {"variant": "pagat", "seats": SEATS_2P, "coach": "S", "help": help_on}
    answer = Client().post("/api/hearts/tables", json.dumps(body), content_type="application/json")
    assert answer.status_code == 201, answer.content
    data = answer.json()
    south = Client()
    assert south.post(f"/en/tables/{data['id']}/join/{data['keys']['S']}/").status_code == 303
    table = Table.objects.get(public_id=data["id"])
    assert table.help is help_on
    return table, data["keys"]["N"], data["keys"]["coach"], south


def now(table):
    match, deals = service.read(table)
    return match.replay(deals)


def turns(table):
    """Each moment of the deal, then the move made there (the people's by the service)."""
    rng = random.Random(11)
    while not (played := now(table)).state.is_over:
        yield played
        place = table.places.get(role="seat", seat=played.state.to_act)
        service.move(table, place, [pick(played, rng)], played.ply)


def test_with_help_on_every_seat_has_its_hint_and_its_analysis_in_the_page_and_the_api():
    table, north, coach, south = opened(True)
    base, page = f"/api/tables/{table.public_id}", f"/en/tables/{table.public_id}/"
    asked = set()
    for played in turns(table):
        seat, phase = played.state.to_act, played.state.phase
        if (seat, phase) in asked:
            continue
        asked.add((seat, phase))
        if seat == 0:  # North, a program: the API
            answer = api(base + "/hint", north)
            assert answer.status_code == 200, answer.content
            hint = answer.json()["hint"]
            legal = [played.module.format_move(m) for m in played.state.legal_moves()]
            assert hint["legal"] == legal and hint["club"]["move"] in legal
            assert hint["club"]["reason"] and hint["club"]["text"]
            if phase == "play":
                assert hint["busy"] or {c["move"] for c in hint["costs"]} == set(legal)
            else:
                assert hint["costs"] is None
            shown = south.get(page).content.decode()  # not South's turn: no hint for South
            assert "hint-link" not in shown
            assert 'id="hint"' not in south.get(page + "?hint=1").content.decode()
        else:  # South, a browser: the page
            assert api(base + "/hint", north).json()["error"]["code"] == "not_your_turn"
            shown = south.get(page).content.decode()
            assert 'href="?hint=1#hint" class="hint-link"' in shown
            shown = south.get(page + "?hint=1").content.decode()
            assert 'id="hint"' in shown and "The club player’s choice:" in shown
    assert {p for _, p in asked} >= {"pass", "play"}
    refused = api(base + "/hint", coach)
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "not_a_player"
    # the deal is over: each seat's cards, with what they cost
    answer = deal_judged(base + "/analysis", north)
    assert answer.status_code == 200, answer.content
    judged = answer.json()["analysis"]
    expected = analyses.judge_deal("hearts", now(table).position(), "seat", seats=(0,))
    assert judged == json.loads(json.dumps(expected)) and judged["moves"]
    assert {m["seat"] for m in judged["moves"]} == {"N"}
    opened_view = api(base + "/analysis?view=open", north).json()["analysis"]
    assert opened_view["view"] == "open"
    assert api(base + "/analysis?view=x-ray", north).status_code == 400
    shown = south.get(page).content.decode()
    assert 'id="analysis"' in shown and "Your cards, judged" in shown
    assert api(base, north).json()["help"] is True


def test_with_help_off_no_seat_has_a_hint_or_an_analysis():
    table, north, coach, south = opened(False)
    base, page = f"/api/tables/{table.public_id}", f"/en/tables/{table.public_id}/"
    seen = set()
    for played in turns(table):
        seat = played.state.to_act
        if seat in seen:
            continue
        seen.add(seat)
        refused = api(base + "/hint", north)
        assert refused.status_code == 403 and refused.json()["error"]["code"] == "no_help"
        assert "Computer help is off" in refused.json()["error"]["message"]
        shown = south.get(page + "?hint=1").content.decode()
        assert "hint-link" not in shown and 'id="hint"' not in shown
        if seat == 2:  # the positive control: South's turn, its moves are on the page
            assert 'class="moves' in shown
    assert seen == {0, 2}
    refused = api(base + "/analysis", north)
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "no_help"
    shown = south.get(page).content.decode()
    assert 'id="review"' in shown and 'id="analysis"' not in shown
    assert api(base, north).json()["help"] is False


def test_the_analysis_waits_for_the_end_of_the_deal():
    table, north, _coach, _south = opened(True)
    answer = api(f"/api/tables/{table.public_id}/analysis", north)
    assert answer.status_code == 409 and answer.json()["error"]["code"] == "deal_in_play"


def test_the_new_table_form_sets_help_both_ways():
    for checked, expected in ((True, True), (False, False)):
        Table.objects.all().delete()
        form = {"variant": "pagat", "seat.N": "me", "seat.S": "person"}
        form.update({"seat.E": "computer:club", "seat.W": "computer:club"})
        if checked:
            form["help"] = "on"
        assert Client().post("/en/hearts/table/new/", form).status_code == 303
        assert Table.objects.get().help is expected
