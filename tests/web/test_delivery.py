"""What goes over the wire: pages compressed by Django, static files compressed with brotli by
whitenoise, and an English page whose switcher draws «العربية» without the Arabic font."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_pages_go_out_compressed(client, rulebook):
    response = client.get("/en/bent-al-sbeet/", HTTP_ACCEPT_ENCODING="gzip, br")
    assert response["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in response["Vary"]
    assert len(response.content) < len(client.get("/en/bent-al-sbeet/").content) / 3


def test_static_files_come_in_brotli(client, rulebook):
    html = client.get("/en/").content.decode()
    for path in re.findall(r'(?:href|src)="(/static/(?:css|js)/[^"]+)"', html):
        response = client.get(path, HTTP_ACCEPT_ENCODING="gzip, br")
        assert response.status_code == 200
        assert response["Content-Encoding"] == "br", path


def test_an_english_page_draws_its_switcher_in_the_readers_font(client, rulebook):
    css = (ROOT / "static" / "css" / "site.css").read_text()
    assert re.search(r'\.switcher \[lang="ar"\] \{ font-family: system-ui', css)
    html = client.get("/en/").content.decode()
    assert re.search(r'<a href="/ar/" hreflang="ar" lang="ar">', html)
