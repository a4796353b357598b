"""The position page's status line and its auction list follow the deal's phase (the templates
ask ``phase_is``, named by the engine's ``Phase``), in every language."""

import re

import pytest

from tests.web.test_other_games import SPEC_DEAL

# Tarneeb dealt by North: the auction opens with a bid of 7; three passes later its bidder names
# trumps.
CASES = {
    "bidding": ("7", {"en": "to bid.", "ar": "في الطلب.", "fr": "d'annoncer."}),
    "trump": ("7 pass pass pass", {"en": "names trumps.", "ar": "الطرنيب.", "fr": "atout"}),
    "play": ("7 pass pass pass trump:S", {"en": "to play.", "ar": "الدور على", "fr": "jouer"}),
}


def _status(html: str) -> str:
    return re.search(r'<p class="status"[^>]*>(.*?)</p>', html, re.S).group(1)


@pytest.mark.django_db
@pytest.mark.parametrize("lang", ["en", "ar", "fr"])
@pytest.mark.parametrize("phase", CASES)
def test_the_status_line_and_the_auction_list_follow_the_phase(client, rulebook, lang, phase):
    moves, words = CASES[phase]
    response = client.get(
        f"/{lang}/tarneeb/position/", {"dealer": "N", "deal": SPEC_DEAL, "moves": moves}
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert words[lang] in _status(html)
    assert ('class="auction-list" open' in html) == (phase == "bidding")
