from django.http import HttpResponse
from django.urls import path

from diwaniya.urls import urlpatterns as site

# About 2 KB of HTML, through the same middleware as every page: the baseline.
TRIVIAL = "<!doctype html><title>trivial</title>" + "<p>" + "x" * 2000 + "</p>"


def trivial(request):
    return HttpResponse(TRIVIAL)


urlpatterns = [path("bench/trivial/", trivial), *site]
