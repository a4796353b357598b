"""The live block as it stood after an earlier move of the deal in play (``?part=live&ply=N``,
what the page's script shows while it paces the computer players' moves): the cards on the
table then, only this place's own view, no move to make, never beyond the moves made or into
another deal; and the end of a deal as on the practice table: the seed revealed whose SHA-256
is the commitment shown during the deal, the hands it dealt, the review and the match's sheet
whose totals are the match's."""

import hashlib
import random
import re

import pytest
from django.test import Client

from cardgames import cards, shuffle
from practice.match import WATCHER
from tables import service
from tables.models import Place, Table

from .helpers import pick, seated, secret_cards

pytestmark = pytest.mark.django_db


def played(table):
    match, deals = service.read(Table.objects.get(pk=table.pk))
    return match.replay(deals)


def play(table, rng, until=None):
    """The people's moves (the computer players reply on the server) until the deal is over
    or ``until`` moves of it are made."""
    while True:
        now = played(table)
        if now.deal_over or (until is not None and now.ply >= until):
            return now
        place = Place.objects.get(table=table, role=Place.SEAT, seat=now.state.to_act)
        service.move(table, place, [pick(now, rng)], now.ply, now.deal_number)


def shown(page: str) -> set[str]:
    return set(re.findall(r'data-card="([2-9TJQKA][SHDC])"', page))


def on_the_table(page: str) -> list[str]:
    """The cards in the felt's trick, in the order they were played."""
    trick = re.search(r'<div class="trick[^"]*"[^>]*>(.*?)</div>', page, re.S)
    return re.findall(r'data-card="([2-9TJQKA][SHDC])"', trick[1]) if trick else []


def test_a_past_ply_is_the_table_as_it_stood_in_this_places_own_view():
    table, north, south, watcher = seated("hearts")
    now = play(table, random.Random(3), until=30)  # the pass, then some tricks
    assert not now.deal_over and now.ply >= 30
    url = f"/en/tables/{table.public_id}/?part=live"
    tokens = now.record.moves
    first_card = next(i for i, t in enumerate(tokens) if not t.startswith("pass:"))
    for client, viewer in ((north, 0), (south, 2), (watcher, WATCHER)):
        secret = secret_cards(now, viewer)
        assert secret  # the deal is in play: there are cards this place may not see
        for ply in range(now.ply):
            answer = client.get(f"{url}&ply={ply}&deal={now.deal_number}")
            assert answer.status_code == 200
            page = answer.content.decode()
            assert f'data-ply="{ply}"' in page and 'data-past="1"' in page
            assert not shown(page) & secret, (viewer, ply, shown(page) & secret)
            assert 'name="move"' not in page and 'name="pass"' not in page
            assert "next-form" not in page
            then = now.position(ply).state
            if viewer != WATCHER:  # the positive control: its own hand as it was is drawn
                held = {cards.card_code(c) for c in cards.cards_in(then.hands[viewer])}
                assert held <= shown(page) and held
            else:
                assert not shown(page) - set(tokens[first_card:ply])
            if ply > first_card:  # the trick on the table, the finished one shown whole
                start = first_card + (ply - first_card - 1) // 4 * 4
                assert on_the_table(page) == tokens[start:ply], ply
        # the table now: the same block as without ply, its moves when it is this seat's turn
        whole = client.get(f"{url}&ply={now.ply}").content.decode()
        assert 'data-past="1"' not in whole and f'data-ply="{now.ply}"' in whole


def test_a_ply_beyond_the_moves_made_another_deal_or_no_number_is_refused():
    table, north, _south, watcher = seated("hearts")
    now = play(table, random.Random(5), until=14)
    url = f"/en/tables/{table.public_id}/?part=live"
    for client in (north, watcher):
        assert client.get(f"{url}&ply={now.ply + 1}").status_code == 409
        assert client.get(f"{url}&ply=999999").status_code == 409
        assert client.get(f"{url}&ply={now.ply - 1}&deal={now.deal_number + 1}").status_code == 409
        for bad in ("-1", "x", "1.5", "1e3", "%D9%A3", "9999999"):
            assert client.get(f"{url}&ply={bad}").status_code == 400, bad
        assert client.get(f"{url}&ply=0&deal=zero").status_code == 400
        assert client.get(f"{url}&ply={now.ply - 1}").status_code == 200
    assert Client().get(f"{url}&ply=0").status_code == 404  # no place: no table at all
    # a deal gone by: its plies are not asked of the next deal
    now = play(table, random.Random(6))
    assert north.get(f"{url}&ply=3&deal={now.deal_number}").status_code == 200
    assert north.post(f"/en/tables/{table.public_id}/next/", {"deal": 1}).status_code == 303
    assert _south_next(table, _south)
    later = played(table)
    assert later.deal_number == 2
    assert north.get(f"{url}&ply=0&deal=1").status_code == 409
    assert north.get(f"{url}&ply=0&deal=2").status_code == 200


def _south_next(table, client):
    return client.post(f"/en/tables/{table.public_id}/next/", {"deal": 1}).status_code == 303


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_the_deal_end_reveals_the_seed_of_the_commitment_the_review_and_the_sheet(lang):
    table, north, south, watcher = seated("hearts", lang)
    url = f"/{lang}/tables/{table.public_id}/"
    seed = played(table).record.seed
    commitments = set()
    for client in (north, south, watcher):
        page = client.get(url).content.decode()
        commitments |= set(re.findall(r'id="commitment">([0-9a-f]{64})<', page))
        assert seed not in page and "seed-check" not in page and 'id="sheet"' not in page
    assert len(commitments) == 1
    before = play(table, random.Random(11), until=20)
    hidden = secret_cards(before, 0)
    middle = north.get(url + "?part=live").content.decode()
    assert seed not in middle and not shown(middle) & hidden and 'id="review"' not in middle
    end = play(table, random.Random(12))
    assert end.deal_over
    totals = end.sheet[-1]["totals"]
    for client in (north, south, watcher):
        for page in (
            client.get(url).content.decode(),
            client.get(url + "?part=live").content.decode(),
        ):
            revealed = re.search(r'id="seed">([0-9a-f]+)<', page)[1]
            assert revealed == seed
            assert hashlib.sha256(revealed.encode()).hexdigest() in commitments
            assert f"seed={seed}" in page and "game=hearts" in page  # the check page's link
            # every hand as it was dealt is open to everyone now
            dealt = shuffle.deal(seed, end.module.PACK)
            assert re.search(r'class="pbn">([^<]+)<', page)[1] == cards.format_deal(dealt)
            hands = re.search(r'<ul class="dealt">(.*?)</ul>', page, re.S)[1]
            assert hands.count("<li>") == 4 and hands.count('class="card-ref') == 52
            assert 'id="review"' in page and "review-points" in page
            assert 'id="decisions"' not in page  # practice's learner's part is left out
            review = page[page.index('id="review"') :]
            if lang == "en" and client is south:  # each seat named as this table names it
                assert "South (you)" in review and "North (you)" not in review
                assert "North (a person)" in review and "East (computer, club)" in review
            sheet = re.search(r'<table class="sheet" id="sheet">(.*?)</table>', page, re.S)[1]
            row = re.findall(r'<tr id="deal-(\d+)">(.*?)</tr>', sheet, re.S)
            assert [int(n) for n, _ in row] == [1]
            written = [int(t) for t in re.findall(r'class="total">[^<\d-]*(-?\d+)', row[0][1])]
            assert written == list(totals.values())
    # the check page says the same of the seed
    check = north.get(f"/{lang}/practice/check/?game=hearts&seed={seed}").content.decode()
    assert hashlib.sha256(seed.encode()).hexdigest() in check


def test_the_match_end_names_its_winners_and_deals_no_more():
    table, north, south, watcher = seated("hearts", target="1")  # one deal is the match
    end = play(table, random.Random(21))
    assert end.over and end.winners
    names = {"N": "North (you)", "S": "South (a person)", "E": "East (computer, club)"}
    names["W"] = "West (computer, beginner)"
    url = f"/en/tables/{table.public_id}/"
    page = north.get(url).content.decode()
    winners = re.search(r'<p class="winner" id="winners">(.*?)</p>', page, re.S)[1]
    for seat in "NESW":
        assert (names[seat] in winners) == (seat in end.winners), (seat, winners)
    assert "next-form" not in page and "The match is over" in page
    sheet = re.search(r'<table class="sheet" id="sheet">(.*?)</table>', page, re.S)[1]
    written = [int(t) for t in re.findall(r'class="total">[^<\d-]*(-?\d+)', sheet)]
    assert written == list(end.sheet[-1]["totals"].values())
    for client in (south, watcher):
        assert 'id="winners"' in client.get(url + "?part=live").content.decode()
    assert north.post(f"{url}next/", {"deal": 1}).status_code == 409


def test_the_coach_sees_the_coached_hand_as_it_was_and_no_other():
    from .test_live import make_table

    data = make_table("hearts", "pagat", coach="S")
    table = Table.objects.get(public_id=data["id"])
    coach = Client()
    join = f"/en/tables/{table.public_id}/join/{data['keys']['coach']}/"
    assert coach.post(join).status_code == 303
    now = play(table, random.Random(8), until=24)
    secret = secret_cards(now, 2)
    url = f"/en/tables/{table.public_id}/?part=live&deal={now.deal_number}"
    for ply in range(0, now.ply, 3):
        page = coach.get(f"{url}&ply={ply}").content.decode()
        held = {cards.card_code(c) for c in cards.cards_in(now.position(ply).state.hands[2])}
        assert held <= shown(page) and not shown(page) & secret, ply
        assert "hint-form" in page  # the coach's form stays in the picture, with what it holds
