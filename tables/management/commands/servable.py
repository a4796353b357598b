"""``make serve``'s last word before starting: the site's system checks for serving (the live
tables' one channel layer, ``tables.checks``), each refusal in one line, exit 1."""

import sys

from django.core import checks
from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Refuse to serve, in one line a reason, what would not work with these workers."
    requires_system_checks = []

    def handle(self, *args, **options):
        errors = [m for m in checks.run_checks(tags=["serve"]) if m.is_serious()]
        for error in errors:
            sys.stderr.write(f"make serve: {error.msg} ({error.id})\n")
        if errors:
            sys.exit(1)
