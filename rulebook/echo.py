"""What a visitor typed, when a message repeats it: capped and isolated, in one place.

A typed value may hold right-to-left override characters (U+202E...) that would reorder the
sentence around it, or be long enough to bury the sentence. Every message that repeats one
goes through ``fill``: each value is cut to ``LIMIT`` characters (with an ellipsis) and
isolated, in a ``<bdi>`` for a page or between FSI and PDI for plain text (the JSON API).
"""

from django.utils.html import conditional_escape, format_html
from django.utils.safestring import mark_safe

from cardtable.words import attach_all

LIMIT = 40
ELLIPSIS = "…"
FSI, PDI = "\u2068", "\u2069"  # first-strong isolate ... pop directional isolate


def cap(value) -> str:
    text = str(value)
    return text if len(text) <= LIMIT else text[: LIMIT - 1] + ELLIPSIS


def isolate(value, html: bool = True) -> str:
    if html:
        return format_html("<bdi>{}</bdi>", cap(value))
    return f"{FSI}{cap(value)}{PDI}"


def fill(template, given: dict, words: dict | None = None, html: bool = True) -> str:
    """``template % words``. A value repeated as it was given (a string the message did not
    turn into words of its own, as a card's name) may have been typed by a visitor: it is
    capped and isolated. With ``html``, such a message is safe HTML (the rest escaped)."""
    words = dict(given) if words is None else words
    typed = {k for k, v in given.items() if isinstance(v, str) and words.get(k) is v}
    if not typed:
        return attach_all(str(template) % words)  # plain text, escaped where it is shown
    if not html:
        return attach_all(
            str(template) % {k: isolate(v, False) if k in typed else v for k, v in words.items()}
        )
    values = {k: isolate(v) if k in typed else conditional_escape(v) for k, v in words.items()}
    return attach_all(mark_safe(conditional_escape(str(template)) % values))
