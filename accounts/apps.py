from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AccountsConfig(AppConfig):
    """Optional accounts, with Django's own auth: what a visitor keeps in their browser
    session becomes their account's when they sign up or sign in (``plumbing.ownership``)."""

    name = "accounts"
    verbose_name = _("Accounts")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from django.contrib.auth.signals import user_logged_in

        from plumbing import pagecache

        from . import menu

        user_logged_in.connect(menu.adopt, dispatch_uid="accounts.adopt")
        pagecache.everywhere(menu.PART, menu.signed_in_part)
