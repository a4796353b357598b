from django.core.cache import cache
from django.core.management.base import BaseCommand

from rulebook.loader import load_all


class Command(BaseCommand):
    help = "Load the rules registry (rulebook/registry/*.toml) into the database. Safe to re-run."

    def handle(self, *args, **options):
        for slug, report in load_all().items():
            self.stdout.write(f"{slug}: {report}")
        cache.clear()
