"""Shared by the challenges' tests: a challenge opened now, and a deal of it played to its end
by a browser (the test client) as a learner who picks random legal moves."""

import random
import re
from datetime import timedelta

from django.urls import reverse
from django.utils import timezone

from challenges import service
from practice.models import Match
from tests.practice.helpers import learner_token


def opened(game="tarneeb", size=2, hours=2, level="club"):
    return service.open_challenge(game, None, size, level, timezone.now() + timedelta(hours=hours))


def start(client, challenge, number, seat="S", lang="en"):
    """POST the deal's form: the practice table's address (303)."""
    url = reverse("challenges:deal", args=[challenge.public_id, number])
    response = client.post(f"/{lang}{url[3:]}" if url.startswith("/en/") else url, {"seat": seat})
    assert response.status_code == 303, response.content[:500]
    return response["Location"]


def match_at(url: str) -> Match:
    public_id = re.search(r"/practice/([^/]+)/", url)[1]
    return Match.objects.get(public_id=public_id)


def finish(client, table_url: str, seed: int = 1):
    """Play the deal at ``table_url`` to its end through the table's forms."""
    rng = random.Random(seed)
    match = match_at(table_url)
    for _ in range(200):
        match.refresh_from_db()
        practice = match.replay()
        if practice.deal_over:
            return practice
        token = learner_token(practice, rng)
        response = client.post(
            reverse("practice:move", args=[match.public_id]),
            {
                "move": token,
                "ply": practice.ply,
                "deal": practice.deal_number,
                "undos": len(practice.record.undone),
            },
        )
        assert response.status_code == 303, response.content[:800]
    raise AssertionError("the deal did not end")
