"""Search seeded deals for "find the best card" puzzles and write them as the quiz's data,
``quiz/data/best_card/<engine>.toml`` (``practice.best_cards``; loaded by ``loadquiz``). Offline
and deterministic: the same seeds give the same files. Run it after a change to the analysis
or the computer players, then commit the files."""

from django.core.management.base import BaseCommand

from practice import best_cards
from quiz import loader
from rulebook import games

TITLES = {
    "ar": "الأيدي كلها مكشوفة: أفضل ورقة ({n})",
    "en": "Every hand open: the best card ({n})",
    "fr": "Toutes les mains ouvertes\u00a0: la meilleure carte ({n})",
}


def text(value) -> str:
    """A TOML basic string."""
    return '"' + str(value).replace("\\", "\\\\").replace('"', '\\"') + '"'


def number(x: float) -> str:
    return str(int(x)) if float(x) == int(x) else repr(round(float(x), 4))


def questions_toml(puzzles, kind: str, header: list[str], titles: dict, facts) -> str:
    """Found puzzles as the quiz's data: each its position, its ``solution`` (the right moves,
    ``facts(puzzle)``'s lines, every move's cost and value) and its titles."""
    lines = list(header)
    for n, p in enumerate(puzzles, 1):
        lines += ["", "[[questions]]", f"key = {text(f'{kind}-{p.game}-{n}')}"]
        lines += [f"kind = {text(kind)}"]
        lines += [f"{k} = {text(v)}" for k, v in p.query.items()]
        lines += ["[questions.solution]", "best = [" + ", ".join(text(m) for m in p.best) + "]"]
        lines += [*facts(p), "moves = ["]
        lines += [
            f"  {{ move = {text(m['move'])}, cost = {number(m['cost'])}, "
            f"value = {number(m['value'])} }},"
            for m in p.moves
        ]
        lines += ["]", "[questions.title]"]
        lines += [f"{lang} = {text(t.format(n=n))}" for lang, t in titles.items()]
    return "\n".join(lines) + "\n"


def toml(puzzles) -> str:
    header = [
        "# Written by `manage.py findbestcards`: positions where, with every",
        "# hand open, one card (or two equal ones) is clearly best. Do not edit by hand: run it",
        "# again. `solution` is the analysis's answer, stored so nothing is searched at answer",
        "# time.",
    ]

    def facts(p):
        return [f"gap = {number(p.gap)}", f"unit = {text(best_cards.unit(p.game))}"]

    return questions_toml(puzzles, "best-card", header, TITLES, facts)


class Command(BaseCommand):
    help = "Find 'find the best card' puzzles in seeded deals and write quiz/data/best_card/."

    def add_arguments(self, parser):
        parser.add_argument("--count", type=int, default=3, help="puzzles per game")
        parser.add_argument("slugs", nargs="*", help="game slugs (every game by default)")

    def handle(self, *args, count, slugs: list, **options):
        for slug in slugs or list(games.GAMES):
            puzzles = best_cards.find(slug, count)
            path = loader.files(games.get(slug))[1]
            path.parent.mkdir(exist_ok=True)
            path.write_text(toml(puzzles), encoding="utf-8")
            self.stdout.write(f"{slug}: {len(puzzles)} puzzles")
