"""The card games: pure Python, importing nothing from Django or the rest of the project.

Games come in families whose rules live once, each a package that owns its rules, deal, moves,
scoring, score sheet, table view, computer players, analysis hooks and its typed record
(``<family>/family.py``: a :class:`~.contract.Family`):

- ``penalty``: the penalty-trick family (Bent Al Sbeet, Leekha, Hearts);
- ``trickbid``: the trick-and-bid family (Tarneeb, Tarneeb 41);
- ``layout``: the layout family (Sab'at Al-Deemin).

A game is a thin module of its family's package (its ``Rules``, presets and true
differences), listed once in :mod:`.games` (``games.game(slug)``, ``games.GAMES``). What the
families share sits here: ``cards``, ``table`` (seats and partnerships), ``shuffle``,
``errors``, ``domains`` and ``house_rules`` (what each rule may be), ``positions`` (the
positions spec's notation), ``compare``, ``sheet`` (the score sheet's common part), ``view``
(what every family's table view shares), ``players`` (what a seat sees, a decision and its
reason), ``search`` (the analysis: sampling, search, rollouts, the expert player) and ``bots``
(the computer players' entry points). Nothing here names a family or a game: what differs is
asked of the family's record and its hooks.

The contract every game meets is code, in :mod:`.contract`: the ``Phase`` enum, the
``GameModule`` and ``DealState`` Protocols, the ``TableView`` a seat sees, and the typed
``Family`` and ``Game`` records; ``tests/engine/test_contract.py`` checks every game against
it.

Moves are ints: a card is ``0..51`` (see ``cards``); other moves (a bid, a pass, a knock) are
game constants at 64 and above, so the hot path never allocates move objects.
"""
