"""The penalty-trick family: Bent Al Sbeet, Leekha and Hearts, whose rules live here once.

Four players, 52 cards, thirteen tricks, no trumps; cards that score (hearts, the queen of
spades, the ten of diamonds, ...) are to be avoided. The family's knobs (``rules``), one
scoring function (``scoring``), one deal with its pass, exposures and tricks (``deal``), the
match (``match``) and what positions and pages need (``pages``). A game module is its
``Rules`` (the knobs its tables choose, with their values), its presets, and what it fixes.
"""

from . import compiled as _compiled

# "mypyc" when the hot path runs compiled from these sources, else "python" (``compiled``).
ENGINE = _compiled.choose(__name__)
