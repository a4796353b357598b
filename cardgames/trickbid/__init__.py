"""The trick-and-bid family: Tarneeb and Tarneeb 41, whose rules live here once.

Four players in two fixed partnerships (North-South, East-West), 52 cards dealt thirteen each,
an auction, then thirteen tricks with a trump suit (or none). The family's knobs (``rules``),
the moves and their tokens (``moves``), the auction's steps (``auction``), the deal and its
tricks (``deal``), and the scores (``scoring``). A game module is its ``Rules``, presets, and
what it fixes: Tarneeb's contract and sheet, Tarneeb 41's bid for every player and hearts
always trumps.
"""
