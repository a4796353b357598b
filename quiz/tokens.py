"""What the quiz issues is signed (``django.core.signing``), so what it never issued is refused.

- A question link carries its seed and a signature of (game, variant, kind, seed):
  ``/<lang>/quiz/<game>/<variant>/<kind>/<seed>.<signature>/``. A link whose seed, game,
  variant or kind was changed no longer matches its signature. Links do not expire, so they
  can be shared.
- An answer form carries a signed token binding the question and a fresh nonce, valid for a
  day. The nonce of every answer counted is stored (``Answered``), so a form sent twice is
  recognised, whoever sends it.
"""

import hashlib
import re
import secrets

from django.core import signing
from django.urls import reverse
from django.utils.crypto import constant_time_compare

QUESTION_SALT = "quiz.question"
FORM_SALT = "quiz.answer"
FORM_MAX_AGE = 24 * 3600  # seconds an answer form stays valid
SIGNATURE_LENGTH = 22  # characters of the URL-safe base64 HMAC kept in links (132 bits)
SEED_CHARS = "abcdefghijkmnpqrstuvwxyz23456789"
SEED = re.compile(r"[a-z0-9][a-z0-9_-]{0,59}")


class Forged(Exception):
    """A token this site did not issue (or not for this question)."""


class Expired(Exception):
    """An answer form older than ``FORM_MAX_AGE``."""


def new_seed() -> str:
    return "".join(secrets.choice(SEED_CHARS) for _ in range(8))


def derived_seed(text: str) -> str:
    """A seed drawn from ``text``: the next question after an answer stays the same on reload."""
    digest = hashlib.sha256(f"quiz-next:{text}".encode()).digest()
    return "".join(SEED_CHARS[b % len(SEED_CHARS)] for b in digest[:8])


def new_nonce() -> str:
    return secrets.token_urlsafe(12)


def question_key(game: str, variant: str, kind: str, seed: str, house: str = "") -> str:
    """What a question link signs: the question and its house rules (``rule.<key>=<value>``
    in the permalink's order), so a rule changed in the link no longer matches."""
    return f"{game}/{variant}/{kind}/{seed}" + (f"?{house}" if house else "")


def _signatures(value: str) -> list[str]:
    signer = signing.Signer(salt=QUESTION_SALT)
    keys = [signer.key, *signer.fallback_keys]
    return [signer.signature(value, key)[:SIGNATURE_LENGTH] for key in keys]


def question_token(game: str, variant: str, kind: str, seed: str, house: str = "") -> str:
    return f"{seed}.{_signatures(question_key(game, variant, kind, seed, house))[0]}"


def read_question_token(game: str, variant: str, kind: str, token: str, house: str = "") -> str:
    """The seed of a question link this site issued (with these house rules); ``Forged``
    otherwise."""
    seed, dot, signature = token.rpartition(".")
    if not dot or not SEED.fullmatch(seed):
        raise Forged(token)
    value = question_key(game, variant, kind, seed, house)
    if not any(constant_time_compare(signature, s) for s in _signatures(value)):
        raise Forged(token)
    return seed


def form_token(key: str, nonce: str) -> str:
    return signing.dumps({"q": key, "n": nonce}, salt=FORM_SALT)


def read_form_token(token: str, key: str) -> str:
    """The nonce of an answer form issued for question ``key``."""
    try:
        data = signing.loads(token or "", salt=FORM_SALT, max_age=FORM_MAX_AGE)
    except signing.SignatureExpired:
        raise Expired(token) from None
    except signing.BadSignature:
        raise Forged(token) from None
    if not isinstance(data, dict) or data.get("q") != key or not isinstance(data.get("n"), str):
        raise Forged(token)
    return data["n"]


def question_url(game: str, variant: str, kind: str, seed: str) -> str:
    """A question's link; a seed may carry house rules after a ``?`` (``seed?rule.target=101``),
    signed with the question and kept in the link's query."""
    seed, _sep, house = seed.partition("?")
    token = question_token(game, variant, kind, seed, house)
    url = reverse("quiz:question", args=[game, variant, kind, token])
    return f"{url}?{house}" if house else url
