"""Seeded fuzzing of every URL pattern the site has, as an outside tester would.

The patterns are read from the URLconf, so a new page is fuzzed without being listed here.
Each request fills a pattern's parameters (converters) with real values or hostile ones, and
sends hostile query parameters, form fields or JSON: huge, unicode, right-to-left overrides,
NUL, path tricks, JSON where a form is expected. An answer may refuse anything (4xx); a
server error (5xx, or an exception escaping a view) is a defect. ``run`` returns the counts.
"""

import random
import re
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field
from urllib.parse import quote, urlencode

from django.urls import URLPattern, URLResolver, get_resolver
from django.urls.resolvers import LocalePrefixPattern, RegexPattern, RoutePattern

LANGS = ["ar", "en", "fr", "de", "xx"]
HOSTILE = [
    "",
    "0",
    "-1",
    "1e999",
    "99999999999999999999999999",
    "NaN",
    "\x00",
    "a\x00b",
    "\u202egnp.exe",
    "\u202e\u2066\u2069\u200f",
    "٣",
    "١٢",
    "💥" * 300,
    "A" * 20000,
    "../../../../etc/passwd",
    "//evil.example/",
    "%00",
    "%2e%2e%2f",
    '{"exposed": 1}',
    "[1, 2, 3]",
    "null",
    "<script>alert(1)</script>",
    "' OR 1=1 --",
    "\r\nSet-Cookie: x=y",
    "QS",
    "AS,AS,AS",
    "N",
    "Q",
    "pass",
    "knock",
    "expose:QS",
    "trump:S",
    "7NT",
    "points",
    "deal",
    "NS",
    "on",
]
FIELDS = [
    "kind",
    "row",
    "ns",
    "ew",
    "bid",
    "side",
    "tricks",
    "doubled",
    "variant",
    "target",
    "move",
    "hint",
    "token",
    "seat",
    "cards",
    "points_N",
    "points_E",
    "entry_NS",
    "debt_EW",
    "may",
    "cost",
    "dealer",
    "deal",
    "moves",
    "exposed",
    "start",
    "game",
    "lang",
    "a",
    "q",
    "o",
    "p",
    "next",
    "extra",
    "sheet",
    "learner",
    "number",
    "_save",
    "action",
    "select_across",
    "index",
    "_selected_action",
    "ply",
    "undos",
    "pass",
    "level",
    "rule.target",
    "seed",
]


@dataclass
class Report:
    requests: int = 0
    statuses: Counter = field(default_factory=Counter)
    failures: list = field(default_factory=list)
    seconds: float = 0.0
    patterns: int = 0


def patterns(resolver=None, prefix: str = "") -> list[tuple[str, dict]]:
    """Every pattern as (route with <name> holes, {name: converter or None})."""
    found = []
    for entry in (resolver or get_resolver()).url_patterns:
        pattern = entry.pattern
        if isinstance(pattern, LocalePrefixPattern):
            route, converters = "<lang>/", {"lang": None}
        elif isinstance(pattern, RoutePattern):
            route, converters = str(pattern), dict(pattern.converters)
        elif isinstance(pattern, RegexPattern):
            route, converters = _regex_route(pattern.regex.pattern)
            if route is None:
                continue
        else:
            continue
        if isinstance(entry, URLResolver):
            for inner, inner_converters in patterns(entry, prefix + route):
                found.append((inner, {**converters, **inner_converters}))
        elif isinstance(entry, URLPattern):
            found.append((prefix + route, converters))
    return found


def _regex_route(regex: str):
    """A plain regex pattern as a route: named groups become holes; others are skipped."""
    names = re.findall(r"\(\?P<(\w+)>[^)]*\)", regex)
    route = re.sub(r"\(\?P<(\w+)>[^)]*\)", r"<\1>", regex).lstrip("^").replace("\\Z", "")
    route = route.rstrip("$")
    if re.search(r"[\\()\[\]*+?|]", route):
        return None, {}
    return route, dict.fromkeys(names)


class Fuzzer:
    def __init__(self, seed: int, known: dict[str, list[str]]):
        self.rng = random.Random(seed)
        self.known = known  # real values for holes, by converter or name (slug, token, ...)

    def hostile(self) -> str:
        value = self.rng.choice(HOSTILE)
        if self.rng.random() < 0.2:
            value = value + self.rng.choice(HOSTILE)
        return value

    def hole(self, name: str, converter) -> str:
        kind = type(converter).__name__ if converter is not None else name
        real = self.known.get(name) or self.known.get(kind) or []
        if real and self.rng.random() < 0.7:
            return str(self.rng.choice(real))
        if kind == "IntConverter":
            return str(self.rng.choice([0, 1, 2, 7, 99, 2**31, 2**63, 10**40]))
        if kind == "SlugConverter":
            return self.rng.choice(["x", "-", "0", "a" * 3000, "tarneeb-x", "pick-nothing"])
        if name == "lang":
            return self.rng.choice(LANGS)
        value = self.hostile() or "x"
        if kind != "PathConverter":
            value = value.replace("/", "")
        return quote(value or "x", safe="/")

    def url(self, route: str, converters: dict) -> str:
        def fill(match):
            name = match.group(1).split(":")[-1]
            return self.hole(name, converters.get(name))

        return "/" + re.sub(r"<([\w:]+)>", fill, route)

    def data(self) -> dict:
        names = self.rng.sample(FIELDS, self.rng.randint(0, 6))
        if self.rng.random() < 0.2:
            names.append(self.hostile()[:50] or "empty")
        out = {}
        for name in names:
            if self.rng.random() < 0.15:
                out[name] = [self.hostile() for _ in range(self.rng.randint(2, 4))]
            else:
                out[name] = self.hostile()
        return out


# JSON bodies: plain refusals, and the hostile ones every JSON endpoint must refuse with a 400
# (never a RecursionError or a read of megabytes): nested far past any real body, and large.
HOSTILE_JSON = [
    "[" * 938,
    "[" * 938 + "]" * 938,
    '{"variant": ' + '{"a": ' * 500 + "1" + "}" * 501,
    '{"move": ' + "[" * 100 + "]" * 100 + "}",
    '{"variant": "' + "A" * 20000 + '"}',
    '{"move": [' + ",".join(["1"] * 50000) + "]}",
    '{"ply": 1, "pad": "' + "\\u0000" * 4000 + '"}',
    # lone surrogates: JSON can write them, no text holds them (issue 44: a 500 in SQLite)
    '{"variant": "\\ud800"}',
    '{"move": "\\udfff", "ply": 0, "name": "a\\ud800b", "title": "\\udc00"}',
    '{"\\ud83d": 1}',
]
JSON_BODIES = ['{"move": "QS"}', "[1, 2]", "null", "{", '"x"', "\x00", *HOSTILE_JSON]


def json_endpoints() -> list[tuple[str, dict]]:
    """Every pattern of the JSON API (``api/...``)."""
    return [(route, conv) for route, conv in patterns() if route.startswith("api/")]


def run(clients: dict, requests: int, seed: int, known: dict) -> Report:
    """Send ``requests`` fuzzed requests; ``clients`` maps "visitor" and "editor" to test
    clients (the editor is logged into the admin and fuzzes its pages)."""
    fuzzer = Fuzzer(seed, known)
    routes = patterns()
    site = [r for r in routes if not r[0].startswith("admin/")]
    admin = [r for r in routes if r[0].startswith("admin/") and not _dangerous(r[0])]
    report = Report(patterns=len(routes))
    rng = fuzzer.rng
    started = time.perf_counter()
    for _ in range(requests):
        in_admin = rng.random() < 0.25
        route, converters = rng.choice(admin if in_admin else site)
        client = clients["editor" if in_admin and rng.random() < 0.7 else "visitor"]
        url = fuzzer.url(route, converters)
        method = rng.choices(["get", "post", "json", "head", "put"], [50, 35, 8, 4, 3])[0]
        query = urlencode(fuzzer.data(), doseq=True) if rng.random() < 0.6 else ""
        try:
            if method == "get":
                response = client.get(url + ("?" + query if query else ""))
            elif method == "post":
                response = client.post(url, fuzzer.data())
            elif method == "json":
                body = rng.choice(JSON_BODIES)
                response = client.post(url, body, content_type="application/json")
            elif method == "head":
                response = client.head(url)
            else:
                response = client.put(url, "x=1")
        except Exception as error:  # an exception escaping a view is a server error
            report.failures.append((method, url, query[:200], repr(error), traceback.format_exc()))
            report.statuses[500] += 1
        else:
            report.statuses[response.status_code] += 1
            if response.status_code >= 500:
                report.failures.append((method, url, query[:200], response.status_code, ""))
        report.requests += 1
    report.seconds = time.perf_counter() - started
    return report


def _dangerous(route: str) -> bool:
    """Admin pages that would log the editor out or change their password mid-run."""
    return any(word in route for word in ("logout", "password"))
