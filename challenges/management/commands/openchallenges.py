"""Open the site's daily challenge (3 deals) and weekly challenge (8 deals) of every game.

Idempotent: a challenge already open for the day or the week (with the computer players as
they are now) is kept, so cron may run it as often as it likes, on several machines at once:

    5 0 * * *  cd /srv/diwaniya && .venv/bin/python manage.py openchallenges
"""

from datetime import date

from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from challenges import families, service
from challenges.models import Challenge


class Command(BaseCommand):
    help = "Open today's daily and this week's weekly challenge of every game (idempotent)."

    def add_arguments(self, parser):
        parser.add_argument("--date", help="the day (YYYY-MM-DD, UTC) instead of today")

    def handle(self, *args, **options):
        try:
            day = date.fromisoformat(options["date"]) if options["date"] else timezone.now().date()
        except ValueError:
            raise CommandError("--date must be YYYY-MM-DD") from None
        for game in families.challenged():
            for kind in (Challenge.DAILY, Challenge.WEEKLY):
                challenge, made = service.open_site(game, kind, day)
                said = "opened" if made else "already open"
                self.stdout.write(f"{game} {kind} {challenge.slot}: {said} ({challenge.public_id})")
