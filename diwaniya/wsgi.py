"""The WSGI application the production server (gunicorn, ``make serve``) runs."""

import gc
import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "diwaniya.settings")
application = get_wsgi_application()

# A request allocates thousands of short-lived objects, nearly all freed by reference counts:
# collect cycles less often than Python's default (every 700 allocations), and leave out of
# every collection what the app loaded once (settings, URLs, the engines' tables).
gc.set_threshold(50_000, 20, 100)
gc.freeze()
