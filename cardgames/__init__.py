"""The game engines: pure Python, importing nothing from Django or the rest of the project.

Games come in families whose rules live once: the penalty-trick family (``penalty``: Bent Al
Sbeet, Leekha, Hearts) and the trick-and-bid family (``trickbid``: Tarneeb, Tarneeb 41);
Sab'at Al-Deemin stands alone. :mod:`.games` describes every game once (its engine module, its
family, the parts each app reads): ``games.game(slug).engine`` is a game's module.

The contract every game meets is code, in :mod:`.contract`: the ``Phase`` enum, the
``GameModule`` Protocol (``Rules``, ``PRESETS``, ``DEFAULT_PRESET``, ``PACK``, ``new_deal``,
``parse_move``, ``format_move``) and the ``DealState`` Protocol (``legal_moves``, ``is_legal``,
``refusal``, ``permission`` (and its code alone, ``permission_code``), ``play``, ``push``,
``copy``, ``to_act``, ``phase``, ``is_over``, ``points``, ``view(seat)``; the penalty family's
deals add ``playout(random)`` for rollouts).
``tests/engine/test_contract.py`` checks every game against it.
:mod:`.games` describes each game once. Beyond the contract, a game module offers what
positions and pages read (``position_start``, ``parse_extra`` / ``format_extra``, ``STARTS``,
``TOTALS``, ``match_over``, ``match_after``, ``describe``, ``worked_example``); a seat's view
is built in :mod:`.views`.

Every game's score sheet is ``sheets``: a deal's facts scored by the game's own scoring, the
match read by its own match rules (``sheets.sheet_for(slug, rules)``): the one model of a match
across deals (its totals, its end and who deals next), which practice keeps too.

Moves are ints: a card is ``0..51`` (see ``cards``); other moves (a bid, a pass, a knock) are
game constants at 64 and above, so the hot path never allocates move objects.
"""
