"""A set of five questions of one game, of mixed kinds, ending on a score (no Django).

A set is named by a seed and signed as a question is (``tokens``), so its link can be shared
and only the site issues one. Its questions follow from the seed: the game's kinds in an
order drawn from it (each kind once before any comes back), each with a seed of its own. A
question of the set is the ordinary question, its link carrying ``?set=<token>``; the
learner's answers to it are kept with their quiz (``progress.Progress.record``), and the set's
end reads them: the score, the stars as the tutorials give them (three for an answer right at
the first try, none otherwise; the set's stars are their average, rounded down), and the
questions to look at again.
"""

import random
from dataclasses import dataclass

from . import tokens
from .core import PICKED_KINDS

SIZE = 5
SET_KIND = "set"  # what a set's signature signs in a question's place


@dataclass(frozen=True)
class Member:
    number: int  # 1 to SIZE
    kind: str
    seed: str


def token(game: str, variant: str, seed: str) -> str:
    return tokens.question_token(game, variant, SET_KIND, seed)


def read(game: str, variant: str, text: str) -> str:
    """The seed of a set's token this site issued for the game and variant (``Forged``)."""
    return tokens.read_question_token(game, variant, SET_KIND, text)


def members(kinds, seed: str) -> list[Member]:
    """The set's questions: ``kinds`` (the game's, in the quiz's order) drawn in an order of
    the seed's, cycled to ``SIZE``, each with its own seed."""
    offered = [k for k in kinds if k not in PICKED_KINDS]
    rng = random.Random(f"quiz-set:{seed}")
    order: list[str] = []
    while len(order) < SIZE:
        round_ = list(offered)
        rng.shuffle(round_)
        order += round_
    return [
        Member(n, kind, tokens.derived_seed(f"set:{seed}:{n}"))
        for n, kind in enumerate(order[:SIZE], start=1)
    ]


def place(kinds, seed: str, kind: str, question_seed: str) -> Member | None:
    """The question ``(kind, question_seed)`` as a member of the set, or None."""
    return next(
        (m for m in members(kinds, seed) if (m.kind, m.seed) == (kind, question_seed)), None
    )


def stars(answers: list) -> int:
    """The set's stars from its answers (True right, False wrong, None not answered): each
    question three stars right at the first try, none otherwise; their average, rounded
    down, as a tutorial's hand counts its questions."""
    return sum(3 for a in answers if a is True) // SIZE
