"""What every family's computer players share: what one seat may see (``seat``), a decision and
its reason (``reasons``), and what a seat can work out from the public record of a trick game
(``knowledge``). Each family's players are its own ``players`` module; the entry points that
hand them a deal are :mod:`cardgames.bots`."""
