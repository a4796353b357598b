"""The quiz of each family of games, one module a family, named by the games' descriptions
(``cardgames.games``: ``game.part("quiz")``). What the families share is ``quiz.core``;
what the trick-taking families share is :mod:`.tricks`."""
