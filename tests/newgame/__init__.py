"""A game that exists only for ``tests/test_new_game.py``: Black Lady, a Hearts variant with an
engine module, presets, a rule of its own and a registry file of its own, as a real new game
of the penalty family would have them in ``cardgames/penalty/`` and ``rulebook/registry/``."""
