"""``manage.py sweep``: remove abandoned practice matches and score sheets (no move for 30
days, on no unexpired session's "My matches") and spent rate-limit counters
(``diwaniya.sweep``). Run by ``make setup``, and daily from cron (README "Sessions")."""

from django.core.management.base import BaseCommand

from diwaniya.sweep import DAYS, sweep


class Command(BaseCommand):
    help = "Remove abandoned practice matches and score sheets, and spent rate-limit counters."

    def add_arguments(self, parser):
        parser.add_argument("--days", type=int, default=DAYS, help="idle days before removal")

    def handle(self, *args, days, **options):
        removed = sweep(days=days)
        if options["verbosity"]:
            self.stdout.write(", ".join(f"{n} {what}" for what, n in removed.items()) + " removed")
