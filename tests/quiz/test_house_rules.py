"""The quiz under a table's house rules: the rules travel in the question's link, signed with
it, and every answer is judged under them."""

import re
from html import unescape
from urllib.parse import parse_qs, urlsplit

from quiz import questions

from .helpers import answer, form_token


def test_a_quiz_started_with_house_rules_keeps_them_signed(client, rulebook):
    response = client.get(
        "/en/quiz/start/",
        {"game": "bent-al-sbeet", "variant": "qahwa", "kind": "match", "rule.target": "101"},
    )
    assert response.status_code == 302
    url = response["Location"]
    assert url.endswith("?rule.target=101")
    page = client.get(url)
    assert page.status_code == 200
    seed = urlsplit(url).path.rstrip("/").rsplit("/", 1)[1].split(".")[0]
    q = questions.generate("bent-al-sbeet", "qahwa", "match", seed, "rule.target=101")
    assert q.rules.target == 101 and q.query["rule.target"] == "101"
    # the rule page and the position the question links to are under the same rules
    html = unescape(page.content.decode())
    assert "/en/bent-al-sbeet/qahwa/?rule.target=101" in html
    # a rule changed in the link no longer matches its signature; an unplayable one is named
    assert client.get(url.replace("101", "201")).status_code == 400
    assert client.get(url.split("?")[0]).status_code == 400
    bad = client.get(url.replace("rule.target=101", "rule.target=x"))
    assert bad.status_code == 400 and "1000" in bad.content.decode()


def test_an_answer_under_house_rules_is_judged_under_them(client, rulebook):
    url = client.get(
        "/fr/quiz/start/",
        {"game": "bent-al-sbeet", "variant": "sbeetah", "kind": "match", "rule.target": "101"},
    )["Location"]
    q, result = answer(client, url, right=True)
    assert result.status_code == 200
    html = result.content.decode()
    assert 'data-correct="true"' in html
    assert q.rules.target == 101
    # the next question keeps the table's rules
    following = re.search(r'href="(/fr/quiz/[^"]+)"[^>]*class="next', html) or re.search(
        r'class="next[^"]*"[^>]*href="([^"]+)"', html
    )
    assert following and "rule.target=101" in unescape(following.group(1))
    query = parse_qs(urlsplit(unescape(following.group(1))).query)
    assert query == {"rule.target": ["101"]}
    assert form_token(client.get(unescape(following.group(1))))
