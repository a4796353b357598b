"""What a first visit downloads: an English or French page no font at all (an Arabic title
quoted on it is drawn in the reader's system font), an Arabic page the site's Arabic font."""

import pytest

from tests.browser.conftest import checked_page


@pytest.mark.parametrize(
    "path,fonts",
    [("/en/bent-al-sbeet/", 0), ("/fr/tarneeb/", 0), ("/ar/tarneeb/", 2)],
)
def test_only_arabic_pages_download_the_arabic_font(browser, site, path, fonts):
    name = "first-visit-" + path.strip("/").replace("/", "-")
    with checked_page(browser, site, name) as page:
        loaded = []
        page.on("requestfinished", lambda r: loaded.append(r.url))
        page.goto(site + path, wait_until="networkidle")
        assert len([u for u in loaded if u.endswith(".woff2")]) == fonts
        if path.startswith("/en/"):  # the page does quote Arabic: the claims' source titles
            assert page.locator('bdi[lang="ar"]').count() > 0
