"""The challenges' rules: opening (committed seeds, the site's slots, idempotent), one entry per
player, a deal played once, no undo and no hint while open, results written once, refused
after the close in the reader's language, and the field's percentages."""

import hashlib
from datetime import date, timedelta

import pytest
from django.core.management import call_command
from django.db import IntegrityError, transaction
from django.test import Client
from django.utils import timezone

from cardgames.table import SEATS
from challenges import families, field, service, versions
from challenges.models import Challenge, ChallengeDeal, Entry, LineTally, Play, ScoreTally
from practice.models import Match
from tests.challenges.helpers import finish, match_at, opened, start

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("rulebook")]


def test_each_deal_is_committed_to_its_seed_and_dealt_by_no_one_else():
    c = opened(size=12)
    deals = list(c.deals.all())
    assert [d.number for d in deals] == list(range(1, 13))
    for d in deals:
        assert d.commitment == hashlib.sha256(d.seed.encode()).hexdigest()
        assert len(d.seed) == 32  # 128 random bits
    assert len({d.seed for d in deals}) == 12
    assert c.players_version == versions.current() and c.level == "club"


@pytest.mark.parametrize("size", [0, 13])
def test_a_challenge_has_one_to_twelve_deals(size):
    with pytest.raises(service.Refused):
        opened(size=size)


def test_the_command_opens_a_daily_and_a_weekly_challenge_per_game_once(capsys):
    call_command("openchallenges", "--date", "2026-12-09")
    call_command("openchallenges", "--date", "2026-12-09")  # cron ran twice
    call_command("openchallenges", "--date", "2026-12-10")  # the next day: same week
    challenged = families.challenged()  # every listed game, Trix's kingdom among them
    assert {"trix", "tarneeb"} <= set(challenged)
    assert Challenge.objects.filter(kind="daily").count() == 2 * len(challenged)
    assert Challenge.objects.filter(kind="weekly").count() == len(challenged)
    daily = Challenge.objects.get(kind="daily", game="tarneeb", slot="2026-12-09")
    weekly = Challenge.objects.get(kind="weekly", game="tarneeb")
    assert daily.size == 3 and daily.deals.count() == 3
    assert weekly.size == 8 and weekly.slot == "2026-W50"
    assert weekly.opens.date() == date(2026, 12, 7) and weekly.closes - weekly.opens == timedelta(7)
    assert "already open" in capsys.readouterr().out


def test_new_computer_players_open_a_new_challenge_and_stop_the_running_one(client, monkeypatch):
    day = timezone.now().date()
    old, _ = service.open_site("tarneeb", Challenge.DAILY, day)
    url = start(client, old, 1)
    monkeypatch.setattr(versions, "current", lambda: "another")
    new, made = service.open_site("tarneeb", Challenge.DAILY, day)
    assert made and new.pk != old.pk and new.players_version == "another"
    match = match_at(url)
    practice = match.replay()
    response = client.post(
        f"/en/practice/{match.public_id}/move/",
        {"move": practice.module.format_move(practice.legal()[0]), "ply": practice.ply},
    )
    assert response.status_code == 409
    assert "computer players have changed" in response.content.decode()


def test_one_entry_per_player_held_by_the_database():
    c = opened()
    Entry.objects.create(challenge=c, guest="g1")
    with pytest.raises(IntegrityError), transaction.atomic():
        Entry.objects.create(challenge=c, guest="g1")
    with pytest.raises(IntegrityError), transaction.atomic():
        Entry.objects.create(challenge=c)  # nobody's


def test_a_deal_is_dealt_once_and_played_once(client):
    c = opened()
    first = start(client, c, 1, seat="W")
    again = start(client, c, 1, seat="N")  # a second tab, another seat asked
    assert first == again
    assert Play.objects.get().seat == 3
    match = match_at(first)
    assert match.deals.get().seed == c.deals.get(number=1).seed
    assert match.sealed and match.entry
    finish(client, first)
    assert start(client, c, 1) == first  # the same finished table, no new entry
    assert Play.objects.count() == 1 and Match.objects.count() == 1


def test_no_undo_no_hint_no_next_deal_and_no_seed_while_open(client):
    c = opened()
    url = start(client, c, 1)
    match = match_at(url)
    practice = match.replay()
    token = practice.module.format_move(practice.legal()[0])
    client.post(f"/en/practice/{match.public_id}/move/", {"move": token, "ply": practice.ply})
    page = client.get(url).content.decode()
    assert "?hint=1" not in page and "undo-form" not in page
    assert client.get(f"{url}?hint=1").context["hint"] is None
    practice = match.replay()
    response = client.post(
        f"/ar/practice/{match.public_id}/undo/", {"ply": practice.ply, "deal": 1, "undos": 0}
    )
    assert response.status_code == 409
    assert "لا يمكن" in response.content.decode() or "تحدّي" in response.content.decode()
    over = finish(client, url)
    seed = c.deals.get(number=1).seed
    page = client.get(url).content.decode()
    assert seed not in page and "entry-back" in page
    api = client.get(f"/api/practice/{match.public_id}", HTTP_AUTHORIZATION=f"Bearer {match.token}")
    assert "seed" not in api.json() and api.json()["deal"]  # the hands played: the player's
    response = client.post(f"/en/practice/{match.public_id}/next/", {"deal": over.deal_number})
    assert response.status_code == 409


def test_a_result_after_the_close_is_refused_in_the_readers_language(client):
    c = opened()
    url = start(client, c, 1)
    match = match_at(url)
    Challenge.objects.filter(pk=c.pk).update(closes=timezone.now() - timedelta(seconds=1))
    practice = match.replay()
    token = practice.module.format_move(practice.legal()[0])
    response = client.post(
        f"/fr/practice/{match.public_id}/move/", {"move": token, "ply": practice.ply}
    )
    assert response.status_code == 409
    assert "Le défi est clos" in response.content.decode()
    assert match_at(url).replay().ply == practice.ply  # nothing stored
    assert client.post(f"/en/challenges/{c.public_id}/deals/2/", {"seat": "S"}).status_code == 410


def test_a_result_is_written_once_with_its_tallies(client):
    c = opened()
    url = start(client, c, 1)
    practice = finish(client, url)
    play = Play.objects.get()
    from challenges import record

    assert not record.write(play, c, practice)  # again: nothing
    assert ScoreTally.objects.get().results == 1
    assert LineTally.objects.filter(kind="lead").get().results == 1
    c.refresh_from_db()
    assert c.results == 1 and c.finished == 0
    entry = Entry.objects.get()
    assert entry.deals_done == 1 and entry.finished_at is None


def test_match_points_count_ties_half():
    tallies = [(10, 1), (5, 2), (-3, 1)]
    assert field.percent_of(10, tallies) == (100.0, 3)
    assert field.percent_of(5, tallies) == (100 * (1 + 0.5) / 3, 3)
    assert field.percent_of(-3, tallies) == (0.0, 3)
    assert field.percent_of(7, [(7, 1)]) == (50.0, 0)


def _result(c, guest, number, seat, score):
    entry, _ = Entry.objects.get_or_create(challenge=c, guest=guest)
    deal = ChallengeDeal.objects.get(challenge=c, number=number)
    play = Play.objects.create(entry=entry, deal=deal, seat=seat)

    class Over:
        pass

    from challenges import record

    record.families.of = lambda game: type(
        "Part", (), {"score": staticmethod(lambda p: score), "lines": staticmethod(lambda p: {})}
    )
    record.write(play, c, Over())
    return entry


def test_the_ranking_averages_each_deals_percentage_per_seat(monkeypatch):
    from challenges import families

    monkeypatch.setattr(families, "of", families.of)
    c = opened(size=2)
    a = _result(c, "a", 1, 2, 10)
    b = _result(c, "b", 1, 2, 4)
    _result(c, "c", 1, 2, 4)
    _result(c, "a", 2, 0, 1)
    _result(c, "b", 2, 0, 3)
    lone = _result(c, "d", 1, 1, -50)  # alone at East: 50%
    c.refresh_from_db()
    board = field.ranking(c, a)
    percents = {r["pk"]: r["percent"] for r in board["rows"]}
    assert percents[a.pk] == pytest.approx((100 + 0) / 2)
    assert percents[b.pk] == pytest.approx((25 + 100) / 2)
    assert percents[lone.pk] == 50
    assert board["place"] == 2
    assert Entry.objects.get(pk=a.pk).deals_done == 2
    c.refresh_from_db()
    assert c.finished == 2 and c.results == 6


def test_a_trix_deal_is_scored_by_the_seats_own_points_and_its_contract_counted(client):
    """Trix: a seat's result is its signed points in the deal (a penalty costs, a place gains),
    the same deal for everyone; where the learner owns the kingdom, the contract chosen is the
    line the field's page counts."""
    c = opened("trix", size=1)
    seats, players = {}, {}
    for seat in "NESW":
        players[seat] = Client()
        practice = finish(players[seat], start(players[seat], c, 1, seat=seat), seed=ord(seat))
        seats[seat] = practice
    plays = {p.seat: p for p in Play.objects.all()}
    assert len(plays) == 4
    deal = seats["N"].state
    for seat, practice in seats.items():
        mine = practice.state.points()[SEATS.index(seat)]
        assert plays[SEATS.index(seat)].score == mine
        owner = practice.state.owner == SEATS.index(seat)
        assert plays[SEATS.index(seat)].lines == (
            {"contract": practice.state.contract} if owner else {}
        )
    # one deal dealt once: the same hands and the same owner at every seat
    assert {s.state.owner for s in seats.values()} == {deal.owner}
    counted = LineTally.objects.filter(kind="contract")
    assert counted.count() >= 1 and sum(t.results for t in counted) == 1
    # the field's page, in Arabic, names the owner's contract in the table's words
    owner = SEATS[deal.owner]
    field_page = players[owner].get(f"/ar/challenges/{c.public_id}/deals/1/")
    assert field_page.status_code == 200
    word = {"king_of_hearts": "شايب الكبة", "queens": "البنات", "diamonds": "الديناري"}
    word |= {"tricks": "اللطوش", "trix": "التركس"}
    body = field_page.content.decode()
    chosen = seats[owner].state.contract  # by the owner's own hand (every seat plays its match)
    assert word[chosen] in body
