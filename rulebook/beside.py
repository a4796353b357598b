"""What apps above the rules show beside a game's rules: the site's learning path (its box,
the first guided deal) and the tutorials' steps that play a section out.

The rules import none of those apps: an app above them says what it shows here (``show``, in
its ``AppConfig.ready``), so the rule page draws it without knowing whose it is.
"""

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Beside:
    """One app's part of a rule page.

    ``shared(game_row, variant)``: context the same for every visitor, cached with the page.
    ``own(request, game, variant, revision)``: for a visitor with a session, ``{name: html}``
    of the parts the page marks as theirs (``plumbing.pagecache.mark``); ``revision`` is the
    game's content revision."""

    shared: Callable[..., dict]
    own: Callable[..., dict] | None = None


SHOWN: list[Beside] = []


def show(beside: Beside) -> None:
    if beside not in SHOWN:
        SHOWN.append(beside)


def shared(game_row, variant: str) -> dict:
    out = {}
    for beside in SHOWN:
        out |= beside.shared(game_row, variant)
    return out


def own(request, game: str, variant: str | None, revision: str) -> dict:
    out = {}
    for beside in SHOWN:
        if beside.own is not None:
            out |= beside.own(request, game, variant, revision)
    return out
