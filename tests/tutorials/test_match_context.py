"""A tutorial set in a later deal of a match: the deal number and the totals before it are part
of the script, replayed by the engine, shown on each step and kept in the position link."""

import re
from html import unescape
from urllib.parse import parse_qs, urlsplit

import pytest

from tutorials import content

SLUG = "bent-later-deal"


def test_the_later_deal_is_replayed_in_its_match():
    data = next(d for d in content.read_all() if d["slug"] == SLUG)
    frames = content.frames_of(data)
    first = frames[0].after
    assert first.deal_number == 4 and first.match_totals == (130, 96, 88, 101)
    # the lowest total (South, 88) leads the first trick of a later sbeetah deal
    assert first.state.to_act == 2
    last = frames[-1].after
    match = last.module.match_after(last.rules, last.state, last.match_totals)
    assert match["over"] and match["winners"] == ["S"] and match["totals"]["N"] >= 152


def test_a_script_whose_match_is_already_over_is_refused():
    data = next(d for d in content.read_all() if d["slug"] == SLUG)
    found = content.problems({**data, "totals": "N:160,E:1,S:2,W:3"})
    assert found and "match_over" in found[0]
    assert content.problems({**data, "deal_number": "zero"})


@pytest.mark.parametrize(
    "lang,words",
    [
        ("en", ["Deal 4 of the match", "The match is over: South wins."]),
        ("fr", ["Donne nº\u00a04 de la partie", "La partie est terminée\u00a0: victoire pour Sud"]),
        ("ar", ["الجولة \u20664\u2069 من المباراة", "انتهت المباراة: فاز الجنوب."]),
    ],
)
def test_each_step_shows_the_match(client, tutorials, lang, words):
    first = client.get(f"/{lang}/tutorials/{SLUG}/1/").content.decode()
    assert words[0] in unescape(first)
    last = client.get(f"/{lang}/tutorials/{SLUG}/5/").content.decode()
    assert words[1] in unescape(last)
    link = re.search(r'href="([^"]+)" class="position-link"', last).group(1)
    query = parse_qs(urlsplit(unescape(link)).query)
    assert query["deal_number"] == ["4"] and query["totals"] == ["N:130,E:96,S:88,W:101"]
    assert client.get(unescape(link)).status_code == 200
