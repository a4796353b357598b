"""The home page as a learner meets it: each game with its own cards drawn, its learning path
and the practice table one tap away; and each game's five-minute summary leading to its first
guided hand."""

import re

import pytest

from cardgames import cards
from rulebook import games
from tutorials.models import Tutorial

LANGS = ("ar", "en", "fr")


@pytest.mark.parametrize("lang", LANGS)
def test_each_game_is_shown_with_its_own_cards_and_its_path(client, tutorials, lang):
    body = client.get(f"/{lang}/").content.decode()
    for slug, spec in games.GAMES.items():
        item = re.search(
            rf'<li class="game" id="{slug}">(.*?)</li>\s*(?=<li class="game"|</ul>)', body, re.S
        )
        assert item, slug
        drawn = re.findall(r'<span class="card [^"]*"[^>]*data-card="(\w+)"', item.group(1))
        shown = games.drawn_cards(spec)
        assert drawn == [cards.card_code(c) for c in shown] and len(drawn) >= 3, slug
        assert all(spec.engine.PACK >> c & 1 for c in shown)
        assert f"/{lang}/{slug}/practice/" in item.group(1), slug  # one tap to the table


@pytest.mark.parametrize(
    "lang,words", [("en", "Next: your first deal"), ("fr", "Ensuite"), ("ar", "التالي")]
)
def test_the_five_minute_summary_ends_with_the_first_guided_hand(client, tutorials, lang, words):
    for slug in games.GAMES:
        first = Tutorial.objects.filter(game__slug=slug).first()
        if first is None:
            continue
        body = client.get(f"/{lang}/{slug}/").content.decode()
        glance = re.search(r'<section id="glance".*?</section>', body, re.S).group(0)
        link = re.search(r'<p class="next-step"><a href="([^"]+)">([^<]+)</a>', glance)
        assert link and link.group(1) == f"/{lang}/tutorials/{first.slug}/", slug
        assert words in link.group(2)
