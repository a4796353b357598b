"""The search behind the analysis and the expert player, game-blind: it asks a family's hooks
(``hooks.Hooks``: its sampler, its objective, its tuning), never its name.

- ``sampling``: deals consistent with what one seat has seen, drawn from its view alone;
- ``tree``: a paranoid alpha-beta over any deal with every hand open;
- ``rollout``: a move valued by playing the deal out with the club player in every seat;
- ``lines``: what a card leads to (the trick it went to, the trick it would have gone to in the
  analysis's deals), the facts a mistake is told from;
- ``expert``: the expert player, rollouts over deals drawn from its own seat's view.

The entry points are :mod:`cardgames.analysis` and :mod:`cardgames.bots`.
"""
