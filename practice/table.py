"""The practice table as a page draws it: the card table component seen from the learner's
seat, every computer player labelled as such with its level, and the computer players' replies
since the learner's last move, move by move (what the page's script shows one at a time).

Only the learner's hand is open while the deal is in play; the other seats show their backs
and counts, and a pass the learner may not see is counted, never named.
"""

from functools import lru_cache

from django.utils.translation import get_language, ngettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from cardgames.table import SEATS
from cardtable import tables
from cardtable.scorecard import scorecard
from cardtable.words import vocabulary
from rulebook.messages import refusal_words

LEVELS = {
    "beginner": pgettext_lazy("computer player", "beginner"),
    "club": pgettext_lazy("computer player", "club"),
    "expert": pgettext_lazy("computer player", "expert"),
}
LEVEL_HELP = {
    "beginner": _("Plays any move the rules allow, at random."),
    "club": _("Plays as a decent club player does, following the sources’ tips."),
    "expert": _(
        "Plays each card after trying it in many deals that fit what its own seat has seen; "
        "it never looks at the hidden hands."
    ),
}
COMPUTER = _("computer, %(level)s")
YOU = pgettext_lazy("the learner's seat", "you")
SEAT_AND_PLAYER = _("%(seat)s (%(player)s)")
SHORT_SEAT = pgettext_lazy("a seat's name on the felt", "%(seat)s · %(player)s")
SHORT_COMPUTER = pgettext_lazy("a seat's player, in short", "computer")


def player(practice, seat: int) -> str:
    """Who sits at ``seat``: "you", or "computer, club"."""
    return _player(practice.seat, practice.setup.level, seat)


def _player(learner: int, level: str, seat: int) -> str:
    return str(YOU) if seat == learner else str(COMPUTER % {"level": LEVELS[level]})


def seat_title(practice, seat: int) -> str:
    """A seat's name with its player: «الشمال (كمبيوتر، مستوى النادي)»."""
    return _seat_title(get_language(), practice.game, practice.seat, practice.setup.level, seat)


@lru_cache(maxsize=1024)  # named on every seat of every reply frame, always alike
def _seat_title(lang: str, game: str, learner: int, level: str, seat: int) -> str:
    who = _player(learner, level, seat)
    return str(SEAT_AND_PLAYER % {"seat": vocabulary(game).seat(seat), "player": who})


def players(practice) -> list[dict]:
    vocab = vocabulary(practice.game)
    return [
        {
            "seat": vocab.seat(s),
            "player": player(practice, s),
            "you": s == practice.seat,
            "dealer": s == practice.dealer,
        }
        for s in range(4)
    ]


def drawn(practice, upto: int | None = None, interactive: bool = True) -> dict:
    """The table component's context after ``upto`` moves (now, by default), seen from the
    learner's seat: the learner's moves are buttons when it is the learner's turn."""
    position = practice.position(upto)
    over = position.state.is_over
    play = "button" if interactive and practice.learner_to_act and upto is None else None
    context = tables.table(
        position,
        play=play,
        mark_legal=play is not None,
        open_seats=range(4) if over else (practice.seat,),
        bottom=practice.seat,
        pass_picks=True,
        why=refusal_words(practice.game) if play else None,
        passed=True,  # the cards the learner passed, face up where they went
    )
    vocab = vocabulary(practice.game)
    for seat in range(4):
        view = context["seats"][SEATS[seat]]
        view["name"] = seat_title(practice, seat)
        # the felt writes «West · computer»: the seat, then its player kept whole (on a
        # line of its own where the seat is narrow), never a line ending on the dot
        view["seat_word"] = vocab.seat(seat)
        view["player"] = short_player(practice, seat)
    return context


def short_player(practice, seat: int) -> str:
    """Who sits at a seat, in short: «you», «computer»."""
    return str(YOU if seat == practice.seat else SHORT_COMPUTER)


def short_title(practice, seat: int) -> str:
    """A seat's name with its player, in short: «West · computer», «South · you»."""
    return str(
        SHORT_SEAT
        % {"seat": vocabulary(practice.game).seat(seat), "player": short_player(practice, seat)}
    )


def relabel(practice, groups: list[dict]) -> list[dict]:
    """A score card's groups with every seat named with its player."""
    vocab = vocabulary(practice.game)
    names = {vocab.seat(s): seat_title(practice, s) for s in range(4)}
    for group in groups:
        for item in group["items"]:
            item["seat"] = names.get(item["seat"], item["seat"])
        if "winner" in group:
            group["winner"] = names.get(group["winner"], group["winner"])
    return groups


def so_far(practice) -> list[dict]:
    """This deal's moves so far, grouped as players read them, as the learner's seat sees them:
    the passes it may not know counted, not named."""
    return relabel(practice, scorecard(practice.position(), seen=practice.seen()))


def replies(practice, since: int | None) -> dict | None:
    """The computer players' moves made since ply ``since`` (the moves that followed the
    learner's last one): each in words, with the table as it stood before it, for the page's
    script to show one by one (the live table comes after the last). A seat's hidden passes
    are one step: "chooses 3 cards to pass"."""
    if since is None:
        return None
    steps = []  # [first ply, plies]
    view = practice.view()
    for ply in practice.replies():
        if ply < since:
            continue
        hidden = not practice.sees(ply, view)
        last = steps[-1] if steps else None
        same = (
            last
            and last["hidden"]
            and hidden
            and practice.actors[last["plies"][0]] == (practice.actors[ply])
        )
        if same:
            last["plies"].append(ply)
        else:
            steps.append({"hidden": hidden, "plies": [ply]})
    if not steps:
        return None
    vocab = vocabulary(practice.game)
    moves, frames = [], []
    for step in steps:
        first = step["plies"][0]
        frame = drawn(practice, first, interactive=False)
        frame.update(hide_points=True, bidding_box=None)  # a picture: no call to make
        frames.append(frame)
        if step["hidden"]:
            n = len(step["plies"])
            # a record, as the others («Ouest a choisi 3 cartes à passer» in French)
            what = ngettext("chooses %(n)s card to pass", "chooses %(n)s cards to pass", n) % {
                "n": n
            }
        else:
            # A frame is the table before its move: its phase reads the move's token.
            what = vocab.record(practice.record.moves[first], frame["phase"])
        moves.append({"who": seat_title(practice, practice.actors[first]), "what": what})
    return {"moves": moves, "frames": frames}
