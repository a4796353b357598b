import pytest

from challenges.models import Play, ScoreTally
from tests.challenges.helpers import finish, opened, start

pytestmark = pytest.mark.django_db


def test_a_deal_played_to_its_end_is_one_result(client):
    c = opened()
    url = start(client, c, 1)
    practice = finish(client, url)
    assert practice.deal_over
    play = Play.objects.get()
    assert play.score is not None
    assert ScoreTally.objects.get().results == 1
    page = client.get(f"/en/challenges/{c.public_id}/deals/1/")
    assert page.status_code == 200, page.content[:2000]
    print(page.content.decode()[:3000])
