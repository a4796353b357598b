"""What an account has beyond Django's user: the hash of its recovery code."""

import secrets

from django.conf import settings
from django.contrib.auth.hashers import check_password, make_password
from django.db import models
from django.utils.translation import gettext_lazy as _

# No 0/O or 1/I/L: a code copied by hand is read back as it was written.
ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
GROUPS, GROUP = 5, 4  # 20 characters of 31: 99 bits


def new_code() -> str:
    """A recovery code, as shown once: ``ABCD-EFGH-…``."""
    chars = "".join(secrets.choice(ALPHABET) for _ in range(GROUPS * GROUP))
    return "-".join(chars[i : i + GROUP] for i in range(0, len(chars), GROUP))


def normal(code: str) -> str:
    """A code as typed back: any case, spaces or dashes."""
    return "".join(c for c in code.upper() if c.isalnum())


class Recovery(models.Model):
    """The recovery code of an account, kept only as Django hashes passwords: it resets the
    password once, and a new one is shown in its place."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="recovery",
    )
    code = models.CharField(_("recovery code (hashed)"), max_length=256)
    made = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("recovery code")
        verbose_name_plural = _("recovery codes")

    def __str__(self):
        return str(self.user_id)

    @classmethod
    def renew(cls, user) -> str:
        """A new code for ``user``, replacing any other: the code itself, to show once."""
        code = new_code()
        cls.objects.update_or_create(user=user, defaults={"code": make_password(normal(code))})
        return code

    def matches(self, code: str) -> bool:
        return bool(code) and check_password(normal(code), self.code)
