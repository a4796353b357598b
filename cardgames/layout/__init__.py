"""The layout family: Sab'at Al-Deemin, whose rules live here once.

Four players in two sides; after a round of announcements, the cards are laid out suit by
suit from the sevens (``moves``, ``deal``: a seven opens its suit's pile, the next card up goes
on it, a seat with no card to lay knocks), and a deal ends when a seat has laid its last card
(``scoring``); what a wrong action costs (``penalties``), the match (``match``, ``sheet``) and
what positions and pages need (``pages``). A game module is its ``Rules``, presets, and what it
fixes.
"""
