"""The game engines: pure Python, importing nothing from Django or the rest of the project.

Every game module (``bent_al_sbeet``, ``tarneeb``, ``sabaat_al_deemin``) exports the same shape:

- ``Rules``: a frozen dataclass, one field per rule; the field name is the registry key.
- ``PRESETS``: ``{slug: Rules}`` for the variants of the positions spec.
- ``PACK``: the pack as a bit set (``cards.PACK_52`` or ``cards.PACK_32``).
- ``new_deal(rules, hands, dealer, ...)``: the state at the start of a deal. Hands are four
  bit sets indexed by seat (N, E, S, W), dealer a seat index.
- The state: ``phase`` (str), ``to_act`` (seat or None), ``legal_moves()`` (list of move ints),
  ``play(move)`` (a new state, or ``IllegalMove``), ``push(move)`` (the same, in place, for
  fast playouts), ``is_over``, ``points()``, and for trick games ``trick`` and ``tricks_won``.
- ``parse_move(token)`` / ``format_move(move)``: the move tokens of the positions spec.

Moves are ints: a card is ``0..51`` (see ``cards``); other moves (a bid, a pass, a knock) are
game constants at 64 and above, so the hot path never allocates move objects.
"""
