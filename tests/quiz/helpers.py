"""Driving the quiz's pages as a learner would: start, read the form, answer, follow links."""

import html
import re
from urllib.parse import urlparse

from cardgames.table import PARTNERSHIPS, SEATS
from quiz import questions
from quiz.models import HandPicked

QUESTION_URL = re.compile(r"^/(\w\w)/quiz/([\w-]+)/([\w-]+)/([\w-]+)/([\w-]+)\.([\w-]+)/$")


def text_of(response) -> str:
    body = response.content.decode()
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body)))


def start(client, game, variant, kind, lang="en") -> str:
    response = client.get(f"/{lang}/quiz/start/", {"game": game, "variant": variant, "kind": kind})
    assert response.status_code == 302, response.status_code
    return response["Location"]


def question_of(url: str):
    """The question a quiz link names, as the site builds it."""
    path = urlparse(url).path
    _lang, game, variant, kind, seed, _sig = QUESTION_URL.match(path).groups()
    if seed.startswith(questions.PICKED):
        row = HandPicked.objects.get(game=game, key=seed[len(questions.PICKED) :])
        return row.question()
    return questions.generate(game, variant, kind, seed, urlparse(url).query)


def form_token(response) -> str:
    return re.search(r'name="token" value="([^"]+)"', response.content.decode()).group(1)


def offered_moves(response) -> list[str]:
    return re.findall(r'name="move" value="([^"]+)"', response.content.decode())


def answer_data(q, right: bool, page=None) -> dict:
    """Form fields answering ``q`` rightly, or wrongly (``page`` gives the moves offered)."""
    e = q.expected
    if q.kind == questions.LEGAL_SET:
        return {"cards": e["cards"] if right else e["cards"][1:]}
    if q.kind in (questions.PLAY, *questions.PICKED_KINDS):
        if right:
            return {"move": e["moves"][0]}
        return {"move": next(m for m in offered_moves(page) if m not in e["moves"])}
    if q.kind == questions.NEXT_LEADER:
        return {"seat": e["seat"] if right else next(s for s in SEATS if s != e["seat"])}
    if q.kind in (questions.TRICK_POINTS, questions.DEAL_POINTS):
        extra = 0 if right else 1
        return {f"points_{s}": p + extra for s, p in zip(SEATS, e["points"], strict=True)}
    if q.kind == questions.SHEET:
        data = {}
        for i, side in enumerate(PARTNERSHIPS):
            data[f"entry_{side}"] = e["entries"][i]
            data[f"debt_{side}"] = e["debts"][i] + (0 if right else 5)
        return data
    if q.kind == questions.MATCH:
        winners = e["winners"] or ["none"]
        if right:
            return {"winners": winners}
        keys = ["N", "E", "S", "W"] if q.module.TOTALS == "seats" else list(PARTNERSHIPS)
        return {"winners": ["none"] if e["winners"] else keys[:1]}
    return {"may": "yes" if e["may"] == right else "no", "cost": e["cost"]}


def answer(client, url, right=True, extra=None):
    """Open the question, answer it, follow the redirect: the result page."""
    page = client.get(url)
    assert page.status_code == 200
    q = question_of(url)
    data = {"token": form_token(page), **answer_data(q, right, page), **(extra or {})}
    sent = client.post(url, data)
    assert sent.status_code == 303, (sent.status_code, text_of(sent)[:500])
    assert sent["Location"].startswith(url + ("&" if "?" in url else "?") + "a=")
    return q, client.get(sent["Location"])


def verdict(response) -> bool:
    found = re.search(r'data-correct="(true|false)"', response.content.decode())
    assert found, "no verdict on the page"
    return found.group(1) == "true"


def score(response) -> tuple[int, int, int]:
    found = re.search(
        r'data-right="(\d+)" data-answered="(\d+)" data-streak="(\d+)"',
        response.content.decode(),
    )
    return tuple(int(x) for x in found.groups()) if found else (0, 0, 0)


def next_url(response) -> str:
    return html.unescape(re.search(r'class="next" href="([^"]+)"', response.content.decode())[1])
