"""Pages of the site as a whole, beyond one app."""

from django.shortcuts import render

from cardtable.words import vocabulary
from classes import homework as classes
from lessons import owned as lessons
from plumbing import ownership
from practice import owned as practice
from practice.templatetags.practice import play_deal
from rulebook import games
from rulebook.models import Game, registry_names
from scoresheet import owned as scoresheet
from tutorials.catalogue import catalogue

from . import learn


def home(request):
    """Every game with its learning path, and the visitor's progress along it."""
    rows, tutorials = catalogue(Game.site_content())
    mine = learn.progress(request)
    paths = [
        {
            **learn.path(request, game, None, [t for t in tutorials if t.game_id == game.pk], mine),
            "cards": [
                vocabulary(game.slug).card_view(c) for c in games.drawn_cards(games.get(game.slug))
            ],
            "play": play_deal(game.slug),  # "Play a deal": one tap from a practice match
        }
        for game in rows
    ]
    user = ownership.account(request)
    homework = classes.of(user) if user is not None else []
    return render(request, "home.html", {"paths": paths, "homework": homework})


def mine(request):
    """What this browser session owns (score sheets, practice matches), with each one's links:
    both kinds read in one query."""
    names = registry_names()
    listed = ownership.listed(scoresheet.owned_rows(request), practice.owned_rows(request))
    context = {
        "matches": scoresheet.owned_matches(request, listed, names),
        "practice_matches": practice.owned_matches(request, listed, names),
        "names": names,
        "lessons": lessons.owned_lessons(request, names),
    }
    return render(request, "mine.html", context)
