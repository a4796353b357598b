"""The practice review's part for each family of games: where a deal's points come from
(``points``) and the computer players' reasons in words (``SENTENCES``), found by the family's
name (``plumbing.families``)."""
