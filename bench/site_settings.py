"""The production settings with one more page: a trivial view (about 2 KB of HTML) that the
page benchmarks measure every page against, served by the same server in the same run."""

from diwaniya.settings import *  # noqa: F403

ROOT_URLCONF = "bench.site_urls"
