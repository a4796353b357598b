"""The class code (short, typed from a board) and the quick-login codes of children.

Both are drawn from an alphabet without 0/O or 1/I/L, so a code copied by hand reads back as
it was written. A quick-login code is kept only as an HMAC under the site's secret and its
class (``digest``): a fast keyed hash, so the code finds its student in one indexed look-up,
and a database read without the secret gives nothing to try offline. Guessing online is held
by the limits (``plumbing.limits.QUICK_LOGIN``), as signing in's are: 40 bits of code against
a few dozen tries a quarter of an hour.
"""

import hashlib
import hmac
import secrets

from django.conf import settings

ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CLASS_LENGTH = 6  # 31**6: about 887 million classes
CODE_LENGTH = 8  # 31**8: about 40 bits


def _draw(n: int) -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(n))


def class_code() -> str:
    return _draw(CLASS_LENGTH)


def new_code() -> str:
    """A quick-login code as shown: ``ABCD-EFGH``."""
    chars = _draw(CODE_LENGTH)
    return f"{chars[:4]}-{chars[4:]}"


def normal(code: str) -> str:
    """A code as typed back: any case, spaces or dashes."""
    return "".join(c for c in (code or "").upper() if c.isascii() and c.isalnum())[:32]


def digest(classroom_pk: int, code: str) -> str:
    key = hashlib.sha256(f"classes.quick-login:{settings.SECRET_KEY}".encode()).digest()
    message = f"{classroom_pk}:{normal(code)}".encode()
    return hmac.new(key, message, hashlib.sha256).hexdigest()
