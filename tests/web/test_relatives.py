"""The relatives (Leekha, Tarneeb 41, Hearts): every source of ../shared/sources/relatives.md a
registry source with its claims, shown on the rule pages in three languages; each "differs" a
variant or a house rule with the site's default explained; the pages of every variant, the
links to the family and the lessons; positions and the JSON API, errors included."""

import re
from html import unescape
from urllib.parse import urlencode

import pytest

from rulebook import games, registry
from tests import copying

LANGS = ("ar", "en", "fr")
RELATIVES = ("leekha", "tarneeb-41", "hearts")
# The heading of each game's section in relatives.md.
HEADINGS = {"leekha": "Leekha", "tarneeb-41": "Tarneeb 41", "hearts": "Hearts"}
NOTES = copying.SOURCES / "relatives.md"
# Hands built so that each refusal below is the rule at work: West leads first in Leekha
# (the dealer's right) and holds the two of clubs in Hearts; South has no spade and holds the
# ten of diamonds.
DEAL = "N:AKQJ.AKQJ.AKQ.AK T987.T987.J98.QJ .65432.T765.T987 65432..432.65432"


def notes_keys() -> dict[str, set[str]]:
    """The source keys relatives.md cites in each game's section (from its table of keys)."""
    if not NOTES.exists():
        pytest.skip("needs ../shared/sources/relatives.md")
    text = NOTES.read_text(encoding="utf-8")
    known = set(re.findall(r"^\| ([A-Z][A-Z0-9-]*) \|", text, flags=re.M))
    sections = {}
    for chunk in re.split(r"^## ", text, flags=re.M)[1:]:
        heading = chunk.split("\n", 1)[0]
        for game, name in HEADINGS.items():
            if re.match(rf"{re.escape(name)}\b", heading):
                sections[game] = {
                    k for k in known if re.search(rf"(?<![\w-]){re.escape(k)}(?![\w-])", chunk)
                }
    assert sections.keys() == set(RELATIVES)
    return sections


def data(game: str) -> dict:
    return registry.read(games.get(game).registry)


def page(client, lang, game, variant=""):
    response = client.get(f"/{lang}/{game}/{variant + '/' if variant else ''}")
    assert response.status_code == 200
    return unescape(response.content.decode())


# ---------------------------------------------------------------- the sources and their claims


@pytest.mark.parametrize("game", RELATIVES)
def test_every_source_of_the_notes_is_a_registry_source_with_claims(game):
    keys = notes_keys()[game]
    registered = {s["key"]: s for s in data(game)["sources"]}
    assert keys <= registered.keys(), keys - registered.keys()
    claimed = {
        c["source"]
        for r in data(game)["rules"]
        for c in r.get("claims", [])
        if c["status"] in ("stated", "ambiguous")
    }
    # every source says something the registry records, the Qahwa page included
    assert claimed == registered.keys()
    assert len(keys) >= 2


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", RELATIVES)
def test_the_rule_page_shows_every_source_and_its_claims(client, rulebook, game, lang):
    html = page(client, lang, game)
    sources = data(game)["sources"]
    listed = re.search(r'<section id="sources".*?</section>', html, re.S).group(0)
    table = re.search(r'<table class="differences">.*?</table>', html, re.S).group(0)
    for s in sources:
        assert s["title"] in listed and s["title"] in table, s["key"]
        if s["language"] != lang:
            assert s["label"][lang] in listed
    header = re.search(r"<thead>.*?</thead>", table, re.S).group(0)
    assert header.count("<bdi") == len(sources)
    # a row per rule the sources argue about, a cell per source: one column each
    for row in re.findall(r'<tr id="diff-\w+">.*?</tr>', table, re.S):
        assert row.count('class="claim claim-') == len(sources)


@pytest.mark.parametrize("lang", LANGS)
def test_the_qahwa_pages_claims_on_leekha_and_hearts_are_shown(client, rulebook, lang):
    """Source 000 compares Bent Al Sbeet with its relatives: Leekha passes right and plays to
    101, Hearts turns its pass and has no ten of diamonds. Each is a claim on the page; the
    Hearts pass is unclear (the page says only that Hearts rotates it: the order is a reading)."""
    for game, rules in {
        "leekha": {"pass_direction": "right", "target": "101"},
        "hearts": {"pass_direction": "rotate", "ten_points": "0"},
    }.items():
        recorded = {
            r["key"]: c["value"]
            for r in data(game)["rules"]
            for c in r["claims"]
            if c["source"] == "qahwa" and c["status"] in ("stated", "ambiguous")
        }
        assert recorded == rules
        html = page(client, lang, game)
        title = next(s["title"] for s in data(game)["sources"] if s["key"] == "qahwa")
        for key, value in rules.items():
            rule_html = re.search(rf'id="rule-{key}".*?</dd>', html, re.S).group(0)
            if "<details" in rule_html:  # the sources differ: each claim is listed
                items = re.findall(r"<li>.*?</li>", rule_html, re.S)
                (item,) = [li for li in items if title in li]
                rule = next(r for r in data(game)["rules"] if r["key"] == key)
                worded = {v["value"]: v["label"][lang] for v in rule["values"]}
                label = worded.get(value, value)  # a number is worded by its "*" entry: itself
                assert label in item, (key, item)
            else:  # every source agrees: they are named as stating it
                stated = re.search(r'<small class="stated-by">.*?</small>', rule_html, re.S)
                assert f'<bdi lang="en">{title}</bdi>' in stated.group(0), key


# Every "differs" of relatives.md: the rule and the values the sources disagree on. Each value is
# a variant's or a house rule the engine plays; the site's default carries its reason.
DIFFERS = {
    "leekha": {
        "partnership": ["individual_scores", "none", "points_added"],
        "pass_direction": ["right", "alternate_right_first"],
        "keep_last_of_suit": ["false", "true"],
        "talbees": ["", "QS", "TD", "QS,TD"],
        "dealer_moves": ["queen_taker", "biggest_taker"],
        "target": ["51", "101", "151", "201"],
        "both_sides_over": ["lower_total_wins", "higher_score_loses"],
        "king_of_clubs_points": ["0", "14"],
    },
    "tarneeb-41": {
        "first_lead": ["dealer", "dealer_right"],
        "partner_condition": ["above_zero", "not_negative"],
        "min_total_bids": ["11"],
    },
    "hearts": {
        "opening_lead": ["two_of_clubs", "any_club"],
        "queen_breaks_hearts": ["false", "true"],
        "jack_of_diamonds_points": ["0", "-10"],
        "no_trick_points": ["0", "-5"],
        "pass_count": ["3", "0"],
        "points_on_first_trick": ["false", "true"],
        "hearts_must_break": ["true", "false"],
        "pass_direction": ["rotate", "left"],
    },
}
DIFFER_CASES = [(g, k, v) for g, rules in DIFFERS.items() for k, vs in rules.items() for v in vs]


@pytest.mark.parametrize("game,key,value", DIFFER_CASES)
def test_each_reading_is_a_variant_or_a_house_rule(client, game, key, value):
    spec = games.get(game)
    playing = [slug for slug, r in spec.presets.items() if games.parameters(r)[key] == value]
    query = {"variant": spec.default_variant, "dealer": "N", "deal": DEAL, "moves": ""}
    if playing:  # a variant plays it
        query["variant"] = playing[0]
    else:  # a house rule on the default
        query[f"rule.{key}"] = value
    answer = client.get(f"/api/{game}/position", query)
    assert answer.status_code == 200, answer.json()
    shown = answer.json()["rules"][key]
    written = ",".join(shown) if isinstance(shown, list) else str(shown).lower()
    assert written.lower() == value.lower()
    rule = next(r for r in data(game)["rules"] if r["key"] == key)
    assert all(rule["default_reason"][lang].strip() for lang in LANGS)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", RELATIVES)
def test_a_rule_with_several_readings_explains_the_default_on_the_page(
    client, rulebook, game, lang
):
    html = page(client, lang, game)
    for key in DIFFERS[game]:
        row = re.search(rf'<tr id="diff-{key}"[^>]*>.*?</tr>', html, re.S)
        assert row, key
        rule = next(r for r in data(game)["rules"] if r["key"] == key)
        assert rule["default_reason"][lang] in row.group(0)


# ---------------------------------------------------------------- the pages

VARIANT_PAGES = [(g, v) for g in RELATIVES for v in games.get(g).presets]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game,variant", VARIANT_PAGES)
def test_every_variant_page_renders_in_every_language(client, rulebook, game, variant, lang):
    html = page(client, lang, game, variant)
    assert f'<html lang="{lang}"' in html
    assert re.findall(r"\{\w+(?::\w+)?\}", html) == []
    name = next(v for v in data(game)["variants"] if v["slug"] == variant)["name"][lang]
    assert f"<strong>{name}</strong>" in html
    for section in data(game)["sections"]:
        assert f'<section id="{section["key"]}"' in html


def test_the_variant_pages_state_their_own_rules(client, rulebook):
    idlib = page(client, "en", "leekha", "idlib")
    king = re.search(r'id="rule-king_of_clubs_points".*?</dd>', idlib, re.S).group(0)
    assert "costs 14 points as well, which brings a deal to 50 points" in king
    solo = page(client, "fr", "leekha", "solo")
    assert "à la fin de la partie le plus petit total gagne" in solo
    book = page(client, "ar", "tarneeb-41", "four-hundred")
    lead = re.search(r'id="rule-first_lead".*?</dd>', book, re.S).group(0)
    assert "اللاعب الذي على يمين الموزّع، وهو أول من طلب" in lead
    openspiel = page(client, "en", "hearts", "openspiel")
    breaks = re.search(r'id="rule-queen_breaks_hearts".*?</dd>', openspiel, re.S).group(0)
    assert "or by the queen of spades once she has been played" in breaks


def test_the_worked_examples_are_the_engines(client, rulebook):
    leekha = page(client, "en", "leekha")
    assert "two hearts: 15 points against you" in leekha
    tarneeb_41 = page(client, "en", "tarneeb-41")
    example = re.search(r'<section id="example".*?</section>', tarneeb_41, re.S).group(0)
    assert "takes seven tricks: 14." in example
    assert "takes only five: \u2066\u221216\u2069." in example  # one minus sign, isolated
    hearts = page(client, "fr", "hearts")
    assert "marque 0, et chacun des trois autres 26 points" in hearts


@pytest.mark.parametrize("lang", LANGS)
def test_the_relatives_link_their_family_and_their_lessons(client, rulebook, lang):
    family = {
        "leekha": ["bent-al-sbeet", "hearts"],
        "hearts": ["bent-al-sbeet", "leekha"],
        "bent-al-sbeet": ["leekha", "hearts"],
        "tarneeb-41": ["tarneeb"],
        "tarneeb": ["tarneeb-41"],
    }
    for game, others in family.items():
        html = page(client, lang, game)
        section = re.search(r'<section id="relatives".*?</section>', html, re.S).group(0)
        for other in others:
            assert f'href="/{lang}/{other}/"' in section, (game, other)
        assert f'href="/{lang}/tutorials/#g-{game}"' in section
        default = games.get(game).default_variant
        assert f'href="/{lang}/quiz/start/?game={game}&variant={default}&kind=mixed"' in section
    # a game alone has no relatives section
    assert 'id="relatives"' not in page(client, lang, "sabaat-al-deemin")


def test_the_quiz_link_of_a_rule_page_starts_a_question_of_that_game(client, rulebook):
    html = page(client, "en", "leekha", "idlib")
    link = re.search(r'href="(/en/quiz/start/[^"]+)"', html).group(1)
    response = client.get(link)
    assert response.status_code == 302
    assert response["Location"].startswith("/en/quiz/leekha/idlib/")


# ---------------------------------------------------------------- positions and the API


def api(client, game, variant, moves="", **extra):
    query = {"variant": variant, "dealer": "N", "deal": DEAL, "moves": moves, **extra}
    return client.get(f"/api/{game}/position", query)


@pytest.mark.django_db
def test_leekha_positions_play_the_talyeekh(client):
    start = api(client, "leekha", "classic").json()
    assert (start["phase"], start["to_act"]) == ("play", "W")  # the dealer's right leads
    assert start["rules"]["partnership"] == "individual_scores"
    forced = api(client, "leekha", "classic", "2S").json()
    assert (forced["to_act"], forced["legal"]) == ("S", ["TD"])
    refused = api(client, "leekha", "classic", "2S 7C", lang="fr")
    assert refused.status_code == 422
    error = refused.json()["error"]
    assert (error["code"], error["move"]) == ("must_discard_penalty_card", 1)
    assert "le dix de carreau" in error["message"]
    # without the talyeekh, as a house rule, the same card is allowed
    free = api(client, "leekha", "classic", "2S 7C", **{"rule.forced_penalty_discard": "false"})
    assert free.status_code == 200


@pytest.mark.django_db
def test_leekha_from_the_deal_starts_with_the_pass_to_the_right(client):
    answer = api(client, "leekha", "classic", start="deal").json()
    assert answer["phase"] == "pass" and answer["to_act"] == "W"
    jawaker = api(client, "leekha", "jawaker", start="deal", deal_number="2").json()
    assert jawaker["phase"] == "pass" and jawaker["deal_number"] == 2


@pytest.mark.django_db
def test_a_finished_leekha_deal_says_where_the_partnership_match_stands(client):
    from cardgames.penalty import leekha

    state = leekha.new_deal(leekha.PRESETS["classic"], _hands(), 0, start="play")
    moves = []
    while not state.is_over:
        move = min(state.legal_moves())
        state.push(move)
        moves.append(leekha.format_move(move))
    points = state.points()
    loser = max(range(4), key=lambda s: points[s])
    totals = {seat: 100 if i == loser else 0 for i, seat in enumerate("NESW")}
    answer = api(
        client,
        "leekha",
        "classic",
        " ".join(moves),
        totals=",".join(f"{k}:{v}" for k, v in totals.items()),
    ).json()
    match = answer["match"]
    assert match["over"]
    losing_side = "NS" if loser % 2 == 0 else "EW"
    assert match["winners"] == ["EW" if losing_side == "NS" else "NS"]


def _hands():
    from cardgames import cards

    return list(cards.parse_deal(DEAL, cards.PACK_52))


@pytest.mark.django_db
def test_hearts_positions_open_with_the_two_of_clubs_and_guard_hearts(client):
    start = api(client, "hearts", "pagat").json()
    assert start["to_act"] == "W" and start["legal"] == ["2C"]
    refused = api(client, "hearts", "pagat", "3C")
    assert refused.status_code == 422
    assert refused.json()["error"]["code"] == "must_lead_two_of_clubs"
    unbroken = api(client, "hearts", "pagat", "2C AC QC TC AH", lang="ar")
    assert unbroken.status_code == 422
    error = unbroken.json()["error"]
    assert (error["code"], error["move"]) == ("hearts_not_broken", 4)
    assert "آس الكبّة" in error["message"]  # the Levant's words
    anyclub = api(client, "hearts", "pagat", "3C", **{"rule.opening_lead": "any_club"})
    assert anyclub.status_code == 200


@pytest.mark.django_db
def test_tarneeb_41_positions_bid_once_each_and_throw_in_short_bids(client):
    start = api(client, "tarneeb-41", "classic").json()
    assert start["phase"] == "bidding" and start["to_act"] == "W"
    assert sorted(start["legal"], key=int) == [str(n) for n in range(1, 14)]
    refused = api(client, "tarneeb-41", "classic", "pass")
    assert refused.status_code == 422 and refused.json()["error"]["code"] == "everyone_bids"
    thrown = api(client, "tarneeb-41", "classic", "1 1 1 1").json()
    assert thrown["is_over"] and thrown["points"] == {"N": 0, "E": 0, "S": 0, "W": 0}
    assert thrown["match"]["next_dealer"] == "N"  # the same dealer deals again
    played = api(client, "tarneeb-41", "classic", "1 1 1 8").json()
    assert played["phase"] == "play" and played["to_act"] == "N"  # the dealer leads
    book = api(client, "tarneeb-41", "four-hundred", "1 1 1 8").json()
    assert book["to_act"] == "W"  # the dealer's right leads


@pytest.mark.django_db
@pytest.mark.parametrize(
    "game,query,status,code",
    [
        ("leekha", {"variant": "nonesuch"}, 400, "unknown_variant"),
        ("hearts", {"deal": "N:AKQ"}, 400, "bad_deal"),
        ("tarneeb-41", {"moves": "14"}, 400, "bad_move"),
        ("leekha", {"moves": "ZZ"}, 400, "bad_card"),
        ("hearts", {"rule.moon": "perhaps"}, 400, "bad_rule_value"),
        ("tarneeb-41", {"rule.trumps": "spades"}, 400, "bad_rule_value"),
        ("leekha", {"rule.exposable": "QS"}, 400, "unknown_rule"),
    ],
)
def test_the_api_refuses_bad_input_with_a_code(client, game, query, status, code):
    base = {"variant": games.get(game).default_variant, "dealer": "N", "deal": DEAL, "moves": ""}
    response = client.get(f"/api/{game}/position", {**base, **query, "lang": "fr"})
    assert response.status_code == status
    assert response.json()["error"]["code"] == code
    assert response.json()["error"]["message"]


@pytest.mark.django_db
def test_the_variants_of_each_relative(client, rulebook):
    for game in RELATIVES:
        listed = client.get(f"/api/{game}/variants").json()["variants"]
        spec = games.get(game)
        assert [v["slug"] for v in listed] == list(spec.presets)
        for v in listed:
            assert all(v["names"][lang] for lang in LANGS)
            assert v["parameters"] == games.parameters_json(spec.presets[v["slug"]])
            assert v["sources"]
        assert [v["slug"] for v in listed if v["default"]] == [spec.default_variant]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", RELATIVES)
def test_position_pages_of_the_relatives(client, rulebook, game, lang):
    variant = games.get(game).default_variant
    query = urlencode({"variant": variant, "dealer": "N", "deal": DEAL, "moves": ""})
    response = client.get(f"/{lang}/{game}/position/?{query}")
    assert response.status_code == 200
    html = unescape(response.content.decode())
    if lang == "ar":  # the cards in Levant words (the site's description names every game)
        main = html.split("<main", 1)[1]
        assert "عشرة الديناري" in main and "الديمن" not in main
    refused = {"leekha": "2S 7C", "hearts": "3C", "tarneeb-41": "pass"}[game]
    query = urlencode({"variant": variant, "dealer": "N", "deal": DEAL, "moves": refused})
    response = client.get(f"/{lang}/{game}/position/?{query}")
    assert response.status_code == 422
