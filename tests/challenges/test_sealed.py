"""Before a challenge closes, its cards are in no page and no answer anyone may read: not the
seeds (to anyone), not a deal's hands to a player who has not finished that deal (the one who
has played it sees its review, as at any practice table). The scanner reads every page and
answer a player meets; its positive control is the check page after the close, where the same
scanner must find every seed and every hand."""

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from cardgames import cards, shuffle
from cardgames.games import GAMES
from challenges.models import Challenge
from tests.challenges.helpers import finish, match_at, opened, start

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("rulebook")]


def _secrets(challenge, numbers) -> dict[str, str]:
    """What would tell deal ``numbers``' cards: the seed, the whole deal in the site's notation,
    and each hand written as the notation writes it."""
    pack = GAMES[challenge.game].engine.PACK
    found = {}
    for deal in challenge.deals.filter(number__in=numbers):
        hands = shuffle.deal(deal.seed, pack)
        found[f"seed {deal.number}"] = deal.seed
        whole = cards.format_deal(hands)
        found[f"deal {deal.number}"] = whole
        for n, hand in enumerate(whole.split(":", 1)[1].split()):
            found[f"hand {deal.number}.{n}"] = hand
    return found


def _leaks(texts: dict[str, str], secrets: dict[str, str]) -> list[str]:
    return [
        f"{what} in {where}"
        for where, text in texts.items()
        for what, s in secrets.items()
        if s in text
    ]


def _read(client, urls, **headers) -> dict[str, str]:
    out = {}
    for url in urls:
        response = client.get(url, **headers)
        out[url] = response.content.decode()
    return out


def test_no_seed_and_no_unfinished_hand_before_the_close_and_all_of_them_after():
    c = opened(size=2)
    player, other = Client(), Client()
    table = start(player, c, 1)
    finish(player, table)
    start(player, c, 2)  # begun, not finished
    match = match_at(table)
    seen = [
        "/en/challenges/",
        f"/en/challenges/{c.public_id}/",
        f"/ar/challenges/{c.public_id}/",
        f"/en/challenges/{c.public_id}/check/",
        f"/en/challenges/{c.public_id}/deals/1/",
        f"/en/challenges/{c.public_id}/deals/2/",
        "/en/mine/",
        "/en/",
        "/en/tarneeb/",
    ]
    # The player: deal 1 is theirs to see (played), never a seed, nothing of deal 2.
    mine = _read(
        player,
        [*seen, table, f"{table}?analysis=open", match_at(start(player, c, 2)).get_absolute_url()],
    )
    mine.update(
        _read(
            player, [f"/api/practice/{match.public_id}"], HTTP_AUTHORIZATION=f"Bearer {match.token}"
        )
    )
    assert (
        _leaks(mine, {k: v for k, v in _secrets(c, [1, 2]).items() if k.startswith("seed")}) == []
    )
    assert _leaks(mine, _secrets(c, [2])) == []
    assert any(_secrets(c, [1])["deal 1"] in text for text in mine.values())  # the review
    # Nor a lesson made of it (a lesson is shared by its link): not before the close.
    assert "make-lesson" not in mine[table]
    lesson = player.get(f"/en/lessons/new/?practice={match.public_id}&deal=1")
    assert lesson.status_code == 404
    # Another browser, which has played nothing: nothing of either deal, anywhere.
    theirs = _read(other, [*seen, table, f"/api/practice/{match.public_id}"])
    assert _leaks(theirs, _secrets(c, [1, 2])) == []
    # Closed: the check page shows every seed and every hand (the scanner finds them).
    Challenge.objects.filter(pk=c.pk).update(closes=timezone.now() - timedelta(seconds=1))
    after = _read(other, [f"/en/challenges/{c.public_id}/check/"])
    secrets = _secrets(c, [1, 2])
    assert sorted(_leaks(after, secrets)) == sorted(
        f"{what} in /en/challenges/{c.public_id}/check/" for what in secrets
    )
    assert "✓" in after[f"/en/challenges/{c.public_id}/check/"]
