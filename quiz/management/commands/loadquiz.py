from django.core.management.base import BaseCommand, CommandError

from quiz.loader import BadData, load_all


class Command(BaseCommand):
    help = "Load the hand-picked quiz questions (quiz/data/*.toml). Safe to re-run."

    def handle(self, *args, **options):
        try:
            reports = load_all()
        except BadData as e:
            raise CommandError("\n".join(e.problems)) from None
        for slug, report in reports.items():
            self.stdout.write(f"{slug}: {report}")
