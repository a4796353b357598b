from django.conf.urls.i18n import i18n_patterns
from django.contrib import admin
from django.contrib.sitemaps.views import sitemap
from django.urls import include, path, register_converter

from diwaniya import furniture
from diwaniya import views as site
from lessons import api as lessons_api
from practice import api as practice_api
from rulebook import api, comparing, games, reports, views
from tables import api as tables_api


class GameConverter:
    """A game the site has, in an address: a page's own word (games.RESERVED) never matches, so
    a game's pages, the ones most read, can be tried before every other page. The games are
    the description's when the address is read, so a game registered later has its pages."""

    regex = "[a-z0-9]+(?:-[a-z0-9]+)*"  # a slug: which slugs are games is asked below

    def to_python(self, value):
        if value not in games.GAMES:
            raise ValueError(value)  # not a game: the next pattern is tried
        return value

    def to_url(self, value):
        if value not in games.GAMES:
            raise ValueError(value)
        return value


register_converter(GameConverter, "game")

# Django tries patterns in order, so the order is the cost of resolving: the JSON API first
# (a page fails its patterns quickly; an include would cost the API more than it saves), then
# the pages, a game's own first, then the few addresses read rarely.
urlpatterns = [
    path("api/<slug:game>/position", api.position, name="api-position"),
    path("api/<slug:game>/variants", api.variants, name="api-variants"),
    path("api/<slug:game>/analysis", api.analysis_move, name="api-analysis"),
    path("api/<slug:game>/analysis/deal", api.analysis_deal, name="api-analysis-deal"),
    path("api/compare", comparing.compare_api, name="api-compare"),
    path("api/<slug:game>/practice", practice_api.create, name="api-practice"),
    path("api/practice/<slug:public_id>", practice_api.show, name="api-practice-match"),
    path("api/practice/<slug:public_id>/move", practice_api.move, name="api-practice-move"),
    path("api/practice/<slug:public_id>/undo", practice_api.undo, name="api-practice-undo"),
    path("api/practice/<slug:public_id>/next", practice_api.next_deal, name="api-practice-next"),
    path("api/<slug:game>/tables", tables_api.create, name="api-tables"),
    path("api/tables/<slug:public_id>", tables_api.show, name="api-table"),
    path("api/tables/<slug:public_id>/move", tables_api.move, name="api-table-move"),
    path("api/tables/<slug:public_id>/next", tables_api.next_deal, name="api-table-next"),
    path("api/tables/<slug:public_id>/name", tables_api.name, name="api-table-name"),
    path("api/tables/<slug:public_id>/reissue", tables_api.reissue, name="api-table-reissue"),
    path("api/tables/<slug:public_id>/give", tables_api.give, name="api-table-give"),
    path("api/tables/<slug:public_id>/hint", tables_api.hint, name="api-table-hint"),
    path("api/tables/<slug:public_id>/analysis", tables_api.analysis, name="api-table-analysis"),
    path("api/lessons", lessons_api.create, name="api-lessons"),
    path("api/lessons/import", lessons_api.import_, name="api-lessons-import"),
    path("api/lessons/<slug:public_id>", lessons_api.lesson, name="api-lesson"),
    path("api/lessons/<slug:public_id>/versions", lessons_api.versions, name="api-lesson-versions"),
    path("api/lessons/<slug:public_id>/copy", lessons_api.copy, name="api-lesson-copy"),
    path("api/lessons/<slug:public_id>/results", lessons_api.results, name="api-lesson-results"),
    path("api/lessons/<slug:public_id>/export", lessons_api.export, name="api-lesson-export"),
]

urlpatterns += i18n_patterns(
    path("<game:game>/", views.rules_page, name="rules"),
    path("<game:game>/position/", views.position_page, name="position"),
    path("", site.home, name="home"),
    path("mine/", site.mine, name="mine"),
    path("tutorials/", include("tutorials.urls")),
    path("quiz/", include("quiz.urls")),
    path("lessons/", include("lessons.urls")),
    path("accounts/", include("accounts.urls")),
    path("classes/", include("classes.urls")),
    path("glossary/", views.glossary_page, name="glossary"),
    path("compare/", comparing.page, name="compare"),
    # Reserved words (rulebook.games.RESERVED) name pages, never a game or a variant: those of
    # one word come before any other slug. A slug that is no game gets the pages' 404, which
    # names it.
    path("<slug:game>/", views.rules_page),
    path("<slug:game>/position/", views.position_page),
    path("<slug:game>/sheet/", include("scoresheet.urls")),  # "sheet": never a variant
    # /practice/... and /<game>/practice/ (never a variant either)
    path("", include("practice.urls")),
    # /tables/... and /<game>/table/new/ (never a variant)
    path("", include("tables.urls")),
    path("<slug:game>/<slug:variant>/", views.rules_page, name="rules-variant"),
    path("<slug:game>/<slug:variant>/report/<slug:rule>/", reports.page, name="rules-report"),
    path("<slug:game>/<slug:variant>/print/", views.print_page, name="rules-print"),
)

urlpatterns += [
    path("admin/", admin.site.urls),
    path("robots.txt", furniture.robots, name="robots"),
    path("sitemap.xml", sitemap, {"sitemaps": furniture.SITEMAPS}, name="sitemap"),
]

handler404 = "rulebook.errors.not_found"
handler400 = "rulebook.errors.bad_request"
handler500 = "rulebook.errors.server_error"
