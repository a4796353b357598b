"""Each family's part of a challenge, found by the family's name (as ``plumbing.families``
finds an app's part): a deal's result from the learner's seat (``score``: higher is better,
in the game's own unit) and the lines the field's page counts (``lines``: ``{kind: line}``,
and ``words(kind, line, vocab)`` to say one)."""

from cardgames.games import GAMES
from cardgames.games import game as described
from plumbing import families


def challenged() -> list[str]:
    """The listed games one can be challenged at: those of the families this app scores."""
    return [slug for slug, g in GAMES.items() if families.serves("challenges", g.family)]


def of(game: str):
    """The part of ``game``'s family."""
    return families.of("challenges", described(game).family)


def own(points: list, seat: int) -> tuple[int, int | None]:
    """The seat's points and, where two sides score, the other side's."""
    if len(points) == 4:
        return points[seat], None
    return points[seat % 2], points[1 - seat % 2]


def moves_by_phase(practice):
    """Each move of the deal with the seat that made it and the phase it was made in."""
    state = practice.position(0).start_state()
    tokens = practice.record.moves
    for actor, move, token in zip(practice.actors, practice.moves, tokens, strict=True):
        yield actor, move, token, state.phase
        state.push(move)
