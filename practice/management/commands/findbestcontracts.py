"""Search seeded deals for "choose the best contract" questions and write them as the quiz's
data, ``quiz/data/best_contract/<engine>.toml`` (``practice.best_contracts``; loaded by
``loadquiz``), for every game whose owner chooses its contracts (Trix). Offline and
deterministic: the same seeds give the same files. Run it after a change to the computer
players or to the contracts' values, then commit the files."""

from django.core.management.base import BaseCommand, CommandError

from practice import best_contracts
from quiz import loader
from quiz.core import BEST_CONTRACT
from rulebook import games

from .findbestcards import number, questions_toml

TITLES = {
    "ar": "مملكتك: أيّ طلب يناسب ورقك؟ ({n})",
    "en": "Your kingdom: which contract suits this hand? ({n})",
    "fr": "Votre royaume\u00a0: quel contrat pour cette main\u00a0? ({n})",
}


def toml(puzzles) -> str:
    header = [
        "# Written by `manage.py findbestcontracts`: an owner's choices where, rolled out from",
        "# the owner's hand alone, one contract clearly scores best. Do not edit by hand: run it",
        "# again. `solution` is the rollouts' answer, stored so nothing is rolled out at answer",
        "# time; `value` is what the owner makes of a contract above a seat's average.",
    ]

    def facts(p):
        return [f"gap = {number(p.gap)}", f"rollouts = {p.rollouts}"]

    return questions_toml(puzzles, BEST_CONTRACT, header, TITLES, facts)


class Command(BaseCommand):
    help = "Find 'choose the best contract' questions and write quiz/data/best_contract/."

    def add_arguments(self, parser):
        parser.add_argument("--count", type=int, default=5, help="questions per game")
        parser.add_argument("slugs", nargs="*", help="game slugs (every choosing game)")

    def handle(self, *args, count, slugs: list, **options):
        choosing = [slug for slug in games.GAMES if best_contracts.chooses(slug)]
        for slug in slugs or choosing:
            if slug not in choosing:
                raise CommandError(f"{slug}: its owners choose no contract")
            puzzles = best_contracts.find(slug, count)
            path = loader.files(games.get(slug))[2]
            path.parent.mkdir(exist_ok=True)
            path.write_text(toml(puzzles), encoding="utf-8")
            self.stdout.write(f"{slug}: {len(puzzles)} questions")
