"""The game engines: pure Python, importing nothing from Django or the rest of the project.

Games come in families whose rules live once: the penalty-trick family (``penalty``: Bent Al
Sbeet, Leekha, Hearts) and the trick-and-bid family (``trickbid``: Tarneeb, Tarneeb 41);
Sab'at Al-Deemin stands alone. :data:`ENGINES` names every game's module by its slug.

The contract every game meets is code, in :mod:`.contract`: the ``Phase`` enum, the
``GameModule`` Protocol (``Rules``, ``PRESETS``, ``DEFAULT_PRESET``, ``PACK``, ``new_deal``,
``parse_move``, ``format_move``) and the ``DealState`` Protocol (``legal_moves``, ``is_legal``,
``refusal``, ``permission``, ``play``, ``push``, ``copy``, ``to_act``, ``phase``, ``is_over``,
``points``, ``view(seat)``; the penalty family's deals add ``playout(random)`` for rollouts).
``tests/engine/test_contract.py`` checks every game against it.
:mod:`.games` describes each game once. Beyond the contract, a game module offers what
positions and pages read (``position_start``, ``parse_extra`` / ``format_extra``, ``STARTS``,
``TOTALS``, ``match_over``, ``match_after``, ``describe``, ``worked_example``); a seat's view
is built in :mod:`.views`.

Every game's score sheet is ``sheets``: a deal's facts scored by the game's own scoring, the
match read by its own match rules (``sheets.sheet_for(slug, rules)``).

Moves are ints: a card is ``0..51`` (see ``cards``); other moves (a bid, a pass, a knock) are
game constants at 64 and above, so the hot path never allocates move objects.
"""

from importlib import import_module

ENGINES = {
    "bent-al-sbeet": "bent_al_sbeet",
    "tarneeb": "tarneeb",
    "sabaat-al-deemin": "sabaat_al_deemin",
    "leekha": "leekha",
    "tarneeb-41": "tarneeb_41",
    "hearts": "hearts",
}


def engine(slug: str):
    """The engine module of the game ``slug``."""
    return import_module(f"{__name__}.{ENGINES[slug]}")
