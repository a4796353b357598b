"""The quiz of each family of games, one module a family, found by the family's name
(``plumbing.families``: ``quiz/families/penalty.py``). What the families share is
``quiz.core``; what the trick-taking families share is :mod:`.tricks`."""
