"""The score sheet's part for each family of games: the forms of a deal's facts
(``<family>.FORMS``), found by the family's name (``plumbing.families``)."""
