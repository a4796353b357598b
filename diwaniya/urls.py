from django.conf.urls.i18n import i18n_patterns
from django.contrib import admin
from django.contrib.sitemaps.views import sitemap
from django.urls import include, path

from diwaniya import furniture
from diwaniya import views as site
from rulebook import api, comparing, views

urlpatterns = [
    path("api/<slug:game>/position", api.position, name="api-position"),
    path("api/<slug:game>/variants", api.variants, name="api-variants"),
    path("api/compare", comparing.compare_api, name="api-compare"),
    path("admin/", admin.site.urls),
    path("robots.txt", furniture.robots, name="robots"),
    path("sitemap.xml", sitemap, {"sitemaps": furniture.SITEMAPS}, name="sitemap"),
]

urlpatterns += i18n_patterns(
    path("", views.home, name="home"),
    path("mine/", site.mine, name="mine"),
    path("<slug:game>/sheet/", include("scoresheet.urls")),  # "sheet": never a variant
    path("tutorials/", include("tutorials.urls")),
    path("quiz/", include("quiz.urls")),
    # Reserved words (rulebook.games.RESERVED) name pages, never a game or a variant.
    path("glossary/", views.glossary_page, name="glossary"),
    path("compare/", comparing.page, name="compare"),
    path("<slug:game>/", views.rules_page, name="rules"),
    path("<slug:game>/position/", views.position_page, name="position"),
    path("<slug:game>/<slug:variant>/", views.rules_page, name="rules-variant"),
    path("<slug:game>/<slug:variant>/print/", views.print_page, name="rules-print"),
)

handler404 = "rulebook.errors.not_found"
handler400 = "rulebook.errors.bad_request"
handler500 = "rulebook.errors.server_error"
