"""The game engines: pure Python, importing nothing from Django or the rest of the project.

Games come in families whose rules live once: the penalty-trick family (``penalty``: Bent Al
Sbeet, Leekha, Hearts) and the trick-and-bid family (``trickbid``: Tarneeb, Tarneeb 41);
Sab'at Al-Deemin stands alone. :mod:`.games` describes every game once (its engine module, its
family, the parts each app reads): ``games.game(slug).engine`` is a game's module.

Every game module (``bent_al_sbeet``, ``leekha``, ``hearts``, ``tarneeb``, ``tarneeb_41``,
``sabaat_al_deemin``) exports the same shape:

- ``Rules``: a frozen dataclass, one field per rule; the field name is the registry key and
  each field declares its domain (``domains``: the values a form offers, how an override
  ``rule.<key>=<value>`` reads). Combinations the engine cannot play are refused
  (``RuleError``: ``bad_rule_value``, ``rules_conflict``).
- ``PRESETS``: ``{slug: Rules}`` for the variants, one per reading the sources disagree on;
  ``DEFAULT_PRESET``, with its reason in the module docstring.
- ``PACK``: the pack as a bit set (``cards.PACK_52`` or ``cards.PACK_32``).
- ``new_deal(rules, hands, dealer, ...)``: the state at the start of a deal. Hands are four
  bit sets indexed by seat (N, E, S, W), dealer a seat index.
- The state: ``phase`` (str), ``to_act`` (seat or None), ``hands``, ``legal_moves()`` (list of
  move ints), ``play(move)`` (a new state, or ``IllegalMove``), ``push(move)`` (the same, in
  place, for fast playouts), ``copy(rules=...)``, ``is_over``, ``points()``, ``history``,
  ``dealer``, ``rules``, and for trick games ``trick`` and ``tricks_won``. The penalty
  family's deals also have ``playout(random)``: the rest of the deal with random legal moves,
  in place (rollouts).
- ``parse_move(token)`` / ``format_move(move)``: the move tokens of the positions spec (a
  state whose tokens depend on the phase has its own ``parse_move``).
- For positions and pages: ``position_start``, ``parse_extra`` / ``format_extra``, ``STARTS``,
  ``TOTALS`` (match totals per ``"seats"`` or ``"sides"``), ``match_over`` and
  ``match_after`` (where a match stands after a deal), ``describe(rules)`` and
  ``worked_example(rules)`` (the numbers the rule pages quote), and ``Match`` where the game
  keeps its own match.

Every game's score sheet is ``sheets``: a deal's facts scored by the game's own scoring, the
match read by its own match rules (``sheets.sheet_for(slug, rules)``): the one model of a match
across deals (its totals, its end and who deals next), which practice keeps too.

Moves are ints: a card is ``0..51`` (see ``cards``); other moves (a bid, a pass, a knock) are
game constants at 64 and above, so the hot path never allocates move objects.
"""
