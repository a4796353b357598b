"""Who a sheet's lines are, in the reader's language: the players' names the table gave, else
the seats or the sides, each isolated (a name may be written right to left or left to right),
and the game's own words (``cardtable.words.vocabulary``) for everything the forms name."""

from dataclasses import dataclass

from django.utils.html import format_html
from django.utils.translation import gettext as _

from cardgames.games import game as described
from cardgames.table import PARTNERSHIPS, SEATS, across, parse_seat, side_of
from cardtable.words import vocabulary
from rulebook import games

NAME_LENGTH = 30


@dataclass(frozen=True)
class Line:
    key: str  # "N".."W" or "NS"/"EW": the engine's line
    name: str  # safe HTML: the name, isolated
    side: str | None = None  # for seats grouped into sides: "NS" or "EW"


def line_keys(game: str) -> tuple[str, ...]:
    return described(game).sheet.LINES


def words(game: str):
    """The vocabulary ``game`` speaks in the active language."""
    return vocabulary(games.get(game) or game)


def isolated(name: str) -> str:
    return format_html("<bdi>{}</bdi>", name)


def lines(game: str, names, grouped: bool = False) -> list[Line]:
    """The lines of ``game``'s sheet, named by ``names`` (one per line, blanks allowed)."""
    keys = line_keys(game)
    vocab = words(game)
    given = list(names or []) + [""] * len(keys)
    out = []
    for i, key in enumerate(keys):
        typed = str(given[i] or "").strip()[:NAME_LENGTH]
        if key in SEATS:
            seat = parse_seat(key)
            default = vocab.seat(seat)
            side = PARTNERSHIPS[side_of(seat)] if grouped else None
        else:
            default, side = vocab.side(PARTNERSHIPS.index(key)), None
        out.append(Line(key, isolated(typed or default), side))
    return out


def side_names(game: str, names) -> dict[str, str]:
    """Each side's name: its partners' names where the lines are players, else the line's."""
    vocab = words(game)
    keys = line_keys(game)
    if keys == PARTNERSHIPS:
        return {line.key: line.name for line in lines(game, names)}
    given = list(names or []) + [""] * 4
    out = {}
    for first_seat, side in enumerate(PARTNERSHIPS):  # N heads North-South, E East-West
        a, b = first_seat, across(first_seat)
        if str(given[a]).strip() or str(given[b]).strip():
            first, second = lines(game, names)[a].name, lines(game, names)[b].name
            out[side] = format_html(_("{first} and {second}"), first=first, second=second)
        else:
            out[side] = vocab.side(PARTNERSHIPS.index(side))
    return out
