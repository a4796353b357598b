from django.core.management.base import BaseCommand, CommandError

from tutorials.loader import load_all


class Command(BaseCommand):
    help = "Load the tutorials (tutorials/data/*.toml) into the database. Safe to re-run."

    def handle(self, *args, **options):
        try:
            report = load_all()
        except ValueError as e:
            raise CommandError(str(e)) from None
        self.stdout.write(f"tutorials: {report}")
