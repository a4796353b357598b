"""Every page a reader can reach without typing, rendered to a folder, to compare byte for byte
before and after a change that must not change what the site says (issue 46's restructuring).

    .venv/bin/python -m tests.snapshot_pages /tmp/before
    ... change the code ...
    .venv/bin/python -m tests.snapshot_pages /tmp/after
    diff -r /tmp/before /tmp/after

It reads the site only through its addresses (Django's test client against the developer's own
``db.sqlite3``, loaded by ``make setup``), so it runs the same on any layout of the code. In
each language: the home page, the glossary, the lists of tutorials and quizzes; every rule page
of every game and variant, with its print sheet and a few house-rule pages; the compare pages;
every tutorial step; every position the rule pages and tutorials link to, with the positions
API's answer and each game's variants; a quiz question of every kind of every game, from fixed
seeds; and a practice match of every game against the club player, from fixed seeds, at each
of its first moves and at its review. What a request makes anew every time (CSRF tokens, a
quiz form's one-time token, a match's address) is replaced by a fixed mark.
"""

import hashlib
import html
import os
import re
import sys
from pathlib import Path

LANGS = ("ar", "en", "fr")
# What changes from one request to the next without the page saying anything else.
VOLATILE = (
    (re.compile(r'(name="csrfmiddlewaretoken" value=")[^"]+'), r"\1CSRF"),
    (re.compile(r'(name="csrf-token" content=")[^"]+'), r"\1CSRF"),
    (re.compile(r'(name="form" value=")[^"]+'), r"\1FORM"),
    (re.compile(r'(name="token" value=")[^"]+'), r"\1TOKEN"),
    (re.compile(r'(name="nonce" value=")[^"]+'), r"\1NONCE"),
    (re.compile(r"(/practice/)[A-Za-z0-9_-]{12,}(/)"), r"\1MATCH\2"),
    (re.compile(r"(/practice/MATCH/)[A-Za-z0-9_-]{12,}(/)"), r"\1KEY\2"),
    (re.compile(r"([?&]practice=)[A-Za-z0-9_-]{8,}"), r"\1MATCH"),
)
PRACTICE_MOVES = 8  # the learner's moves drawn one by one before the deal is played out


def normal(text: str) -> str:
    for pattern, mark in VOLATILE:
        text = pattern.sub(mark, text)
    return text


class Snapshot:
    def __init__(self, out: Path):
        from django.test import Client

        self.out = out
        self.client = Client()
        self.count = 0

    def save(self, url: str, response, name: str | None = None) -> str:
        body = response.content.decode()
        text = f"{response.status_code}\n{normal(body)}"
        key = name or url
        safe = re.sub(r"[^A-Za-z0-9._-]+", "_", key).strip("_")[:120]
        digest = hashlib.sha1(key.encode()).hexdigest()[:10]
        path = self.out / f"{safe}.{digest}.txt"
        path.write_text(f"{key}\n{text}")
        self.count += 1
        return body

    def get(self, url: str, name: str | None = None) -> str:
        return self.save(url, self.client.get(url), name)


def _links(page: str, needle: str) -> list[str]:
    return [html.unescape(m) for m in re.findall(r'href="([^"]*' + needle + r'[^"]*)"', page)]


def rule_pages(snap: Snapshot, lang: str, games) -> list[str]:
    pages = []
    for url in (f"/{lang}/", f"/{lang}/glossary/", f"/{lang}/tutorials/", f"/{lang}/quiz/"):
        pages.append(snap.get(url))
    for slug, spec in games.GAMES.items():
        pages.append(snap.get(f"/{lang}/{slug}/"))
        for variant in spec.presets:
            pages.append(snap.get(f"/{lang}/{slug}/{variant}/"))
            snap.get(f"/{lang}/{slug}/{variant}/print/")
            if lang == "en":
                snap.get(f"/api/{slug}/variants?lang={lang}")
    house = (
        "bent-al-sbeet/qahwa/?rule.target=101&rule.moon=false&rule.pass_direction=right",
        "bent-al-sbeet/qahwa/?rule.exposure_multiplier=3",
        "tarneeb/egyptian/?rule.after_double=double_kept&rule.redouble_allowed=true",
        "hearts/pagat/?rule.jack_of_diamonds_points=-10&rule.moon=false",
        "leekha/classic/?rule.talbees=QS,TD",
        "sabaat-al-deemin/classic/?rule.target=300",
    )
    for url in house:
        pages.append(snap.get(f"/{lang}/{url}"))
    sabaat = "sabaat-al-deemin:classic"
    for query in (
        "",
        "?a=bent-al-sbeet:qahwa&b=bent-al-sbeet:sbeetah",
        "?a=tarneeb:classic&b=tarneeb:egyptian",
        "?a=tarneeb:classic&b=tarneeb-41:classic",
        "?a=bent-al-sbeet:qahwa&b=hearts:pagat",
        "?a=leekha:classic&b=leekha:idlib",
        f"?a={sabaat}&b={sabaat}&b.rule.target=300",
    ):
        pages.append(snap.get(f"/{lang}/compare/{query}"))
    return pages


def tutorial_pages(snap: Snapshot, lang: str) -> list[str]:
    from tutorials.models import Tutorial

    pages = []
    for tutorial in Tutorial.objects.prefetch_related("steps").order_by("slug"):
        for step in tutorial.steps.all():
            pages.append(snap.get(f"/{lang}/tutorials/{tutorial.slug}/{step.number}/"))
    return pages


def position_pages(snap: Snapshot, lang: str, pages: list[str]) -> None:
    seen = set()
    for page in pages:
        for link in _links(page, "/position/"):
            if link in seen or not link.startswith(f"/{lang}/"):
                continue
            seen.add(link)
            snap.get(link)
            if lang == "en" and "?" in link:
                game = link.split("/")[2]
                query = link.split("?", 1)[1]
                snap.get(f"/api/{game}/position?{query}")


def quiz_pages(snap: Snapshot, lang: str) -> None:
    from quiz import questions
    from quiz.tokens import question_url
    from rulebook import games

    for game, kinds in questions.KINDS.items():
        variant = games.GAMES[game].default_variant
        for kind in kinds:
            url = f"/{lang}" + question_url(game, variant, kind, f"snapshot-{kind}")[3:]
            snap.get(url)


def practice_pages(snap: Snapshot, lang: str, games) -> None:
    import itertools

    from django.test import Client

    from practice import service
    from practice.models import Match

    for n, (slug, spec) in enumerate(games.GAMES.items()):
        numbers = itertools.count(1)
        service.new_seed = lambda numbers=numbers, slug=slug: f"snapshot-{slug}-{next(numbers)}"
        service.draw_dealer = lambda: 1
        client = Client(REMOTE_ADDR=f"10.46.{LANGS.index(lang)}.{n + 1}")
        snap.client = client
        start = client.post(
            f"/{lang}/{slug}/practice/",
            {"variant": spec.default_variant, "seat": "S", "level": "club"},
        )
        url = start["Location"].split("?")[0]
        match = Match.objects.get(public_id=url.rstrip("/").rsplit("/", 1)[1])
        name = f"/{lang}/{slug}/practice/MATCH/"
        snap.get(url, name + "start")
        moves = 0
        while not (practice := match.replay()).deal_over:
            token = practice.module.format_move(practice.legal()[0])
            response = client.post(url + "move/", {"move": token, "ply": practice.ply})
            moves += 1
            if moves <= PRACTICE_MOVES:
                follow = response.get("Location", url)
                snap.save(url, client.get(follow), f"{name}{moves}")
        snap.get(url, name + "review")


def main(out: str) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "diwaniya.settings")
    import django

    django.setup()
    from django.conf import settings
    from django.core.cache import cache

    # A review's analysis stops at its budget on a busy machine: give it all the time it needs,
    # so what it says depends on the position alone.
    settings.ANALYSIS_SECONDS = 120

    from rulebook import games

    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("*.txt"):
        old.unlink()
    cache.clear()
    snap = Snapshot(folder)
    for lang in LANGS:
        snap.client = __import__("django.test", fromlist=["Client"]).Client()
        pages = rule_pages(snap, lang, games)
        pages += tutorial_pages(snap, lang)
        position_pages(snap, lang, pages)
        quiz_pages(snap, lang)
        practice_pages(snap, lang, games)
    print(f"{snap.count} pages in {folder}")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "/tmp/diwaniya-pages")
