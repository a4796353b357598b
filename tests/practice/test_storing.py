"""How a change to a practice match is stored: made without a lock on the match as it was read,
stored only if nobody changed it meanwhile, else made again on the match as it now is. Two moves
never both land on one turn, and nothing one of them stored is lost."""

import pytest

from practice import service
from practice.match import Conflict
from practice.models import Match

from .test_api import act, learner_move, start

pytestmark = pytest.mark.django_db


def _moves(match_id: str) -> list[str]:
    return Match.objects.get(public_id=match_id).deals.get().moves.split()


def test_a_move_made_on_a_stale_read_is_made_again_and_refused_as_stale(client, rulebook):
    data, token = start(client, "bent-al-sbeet", variant="qahwa")
    ply = len(data["history"])
    match, deals = Match.read(data["id"])  # read before the other move lands
    landed = act(client, data, token, "move", move=learner_move(data), ply=ply)
    assert landed.status_code == 200
    stored = _moves(data["id"])
    with pytest.raises(Conflict) as refused:
        service.move(match, [data["position"]["legal"][-1]], ply, deals=deals)
    assert refused.value.code == "stale_ply"
    assert _moves(data["id"]) == stored  # the first move and its replies stay
    assert Match.objects.get(public_id=data["id"]).version == match.version + 1


def test_a_change_overtaken_at_every_try_waits_for_the_lock_and_is_stored_once(
    client, rulebook, monkeypatch
):
    data, token = start(client, "bent-al-sbeet", variant="qahwa")
    ply = len(data["history"])
    store = Match.store
    overtaken = []

    def another_change_lands_first(match, practice, deals):
        if len(overtaken) < service.ATTEMPTS:
            overtaken.append(match.version)
            Match.objects.filter(pk=match.pk).update(version=match.version + 1)
        return store(match, practice, deals)

    monkeypatch.setattr(Match, "store", another_change_lands_first)
    before = Match.objects.get(public_id=data["id"]).version
    practice = service.move(Match.read(data["id"])[0], [learner_move(data)], ply)
    assert overtaken == [before, before + 1, before + 2]
    assert Match.objects.get(public_id=data["id"]).version == before + service.ATTEMPTS + 1
    assert _moves(data["id"]) == practice.record.moves
    assert _moves(data["id"])[ply] == learner_move(data)


def test_a_move_reads_the_match_once_and_writes_it_once(
    client, rulebook, django_assert_num_queries
):
    data, token = start(client, "bent-al-sbeet", variant="qahwa")
    act(client, data, token, "move", move=learner_move(data), ply=len(data["history"]))
    data = client.get(f"/api/practice/{data['id']}", HTTP_AUTHORIZATION=f"Bearer {token}").json()
    # The match with its deals; the version checked and raised, the deal's moves (the savepoint
    # and its release are the test's own transaction: outside tests this is BEGIN and COMMIT).
    with django_assert_num_queries(5):
        moved = act(client, data, token, "move", move=learner_move(data), ply=len(data["history"]))
    assert moved.status_code == 200
