"""Driving the accounts' pages as a visitor would."""

import html
import re

PASSWORD = "sand-dune-falcon-7"


def sign_up(client, name, password=PASSWORD, lang="en", **extra) -> str:
    """Make an account (signed in after it): the recovery code shown."""
    data = {"username": name, "password1": password, "password2": password, **extra}
    made = client.post(f"/{lang}/accounts/sign-up/", data)
    assert made.status_code == 302, made.content.decode()[-2000:]
    assert made["Location"] == f"/{lang}/accounts/code/"
    return code_of(client.get(made["Location"]))


def code_of(response) -> str | None:
    found = re.search(r'class="recovery-code"><code[^>]*>([A-Z0-9-]+)<', response.content.decode())
    return found.group(1) if found else None


def sign_in(client, name, password=PASSWORD, lang="en", **meta):
    return client.post(
        f"/{lang}/accounts/sign-in/", {"username": name, "password": password}, **meta
    )


def sign_out(client, lang="en"):
    return client.post(f"/{lang}/accounts/sign-out/")


def text_of(response) -> str:
    body = response.content.decode()
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body)))
