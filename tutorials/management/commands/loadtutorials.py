from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Placeholder until the tutorials loader lands."

    def handle(self, *args, **options):
        pass
