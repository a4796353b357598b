from django.apps import AppConfig


class PlumbingConfig(AppConfig):
    """What every app of the site serves its pages with: the page cache, rate limits, what a
    session owns, private links, JSON bodies, the site's headers and session store. At the
    card table's layer: it imports no app of the site, and every app may import it."""

    name = "plumbing"
    default_auto_field = "django.db.models.BigAutoField"
