"""The practice pages: choosing a match, the table without JavaScript (every move a button in
a form), who may see it, stale and illegal forms, the hint, the review, my matches, the links
from the rule pages, tutorials and quiz, and no computer card in the HTML before the end."""

import dataclasses
import html
import random
import re
from urllib.parse import urlsplit

import pytest
from django.test import Client

from cardgames import bots, cards, games
from cardtable.words import vocabulary
from practice.models import Match
from tests.web.test_writing import visible

from .helpers import PLAYABLE, hidden_cards, learner_token

pytestmark = pytest.mark.django_db

LANGS = ("ar", "en", "fr")
# "computer, club" as each language labels a computer player
COMPUTER_CLUB = {
    "en": "computer, club",
    "fr": "ordinateur, niveau club",
    "ar": "كمبيوتر، متمرّس",
}
SHORT_COMPUTER = {"en": "· computer", "fr": "· ordinateur", "ar": "· كمبيوتر"}
COMPUTER_BEGINNER = {
    "en": "computer, beginner",
    "fr": "ordinateur, débutant",
    "ar": "كمبيوتر، مبتدئ",
}
COMPUTER_EXPERT = {"en": "computer, expert", "fr": "ordinateur, expert", "ar": "كمبيوتر، خبير"}


def new_match(client, game="bent-al-sbeet", lang="en", **form) -> str:
    data = {"variant": "", "seat": "S", "level": "club", **form}
    response = client.post(f"/{lang}/{game}/practice/", data)
    assert response.status_code == 303, response.content.decode()[:3000]
    return response["Location"]


def table_url(location: str) -> str:
    return urlsplit(location).path


def match_of(url: str) -> Match:
    return Match.objects.get(public_id=url.rstrip("/").split("/")[-1])


def turn(match: Match) -> dict:
    practice = match.replay()
    return {"ply": practice.ply, "deal": practice.deal_number, "undos": len(practice.record.undone)}


def play(client, url, move, **form):
    return client.post(url + "move/", {**turn(match_of(url)), "move": move, **form})


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game,variant", PLAYABLE)
def test_the_choice_of_a_match_in_every_language(client, rulebook, lang, game, variant):
    page = client.get(f"/{lang}/{game}/practice/?variant={variant}")
    assert page.status_code == 200
    body = page.content.decode()
    assert f'<input type="hidden" name="variant" value="{variant}">' in body
    assert body.count('name="seat"') == 4 and body.count('name="level"') == len(bots.LEVELS)
    # The end of the match and the way play goes round are offered as house rules, wherever
    # they are the game's rules (a game may fix the direction: tests/test_new_game.py's).
    offered = set(re.findall(r'name="rule\.(\w+)"', body))
    keys = {f.name for f in dataclasses.fields(games.game(game).engine.Rules)}
    assert ("target" in offered) == ("target" in keys)  # Trix ends after its kingdoms
    assert ("direction" in offered) == ("direction" in keys)
    assert re.findall(r"\{\w+\}", body) == []


def test_unknown_games_and_variants_are_not_found(client, rulebook):
    assert client.get("/en/chess/practice/").status_code == 404
    assert client.get("/en/tarneeb/practice/?variant=nope").status_code == 404


def test_a_house_rule_the_engine_refuses_is_told_in_the_pages_language(client, rulebook):
    refused = client.post("/fr/tarneeb/practice/", {"variant": "classic", "rule.target": "0"})
    assert refused.status_code == 400
    assert "nombre entier" in visible(refused.content.decode())
    assert Match.objects.count() == 0
    url = new_match(client, "tarneeb", **{"rule.target": "41", "rule.no_trumps": ""})
    match = match_of(table_url(url))
    assert match.overrides == {"target": "41"}  # a rule left as the variant plays it: none
    assert "41" in visible(client.get(table_url(url)).content.decode())


@pytest.mark.parametrize("lang", LANGS)
def test_every_computer_player_is_labelled_with_its_level(client, rulebook, lang):
    labels = (("club", COMPUTER_CLUB), ("beginner", COMPUTER_BEGINNER), ("expert", COMPUTER_EXPERT))
    for level, label in labels:
        url = table_url(new_match(client, "tarneeb", lang, level=level, seat="E"))
        text = visible(client.get(url).content.decode())
        vocab = vocabulary("tarneeb", lang)
        for seat in (0, 2, 3):
            assert f"{vocab.seat(seat)}: {label[lang]}" in text.replace("\u00a0:", ":"), seat
        # the felt: the full name for screen readers, the short one on the felt
        pairs = [
            (full, re.sub(r"<[^>]+>", "", short))
            for full, short in re.findall(
                r'<h2 class="seat-name"><span class="sr-only">([^<]+)</span>'
                r'<span aria-hidden="true">(.*?)</span>(?: <small|</h2>)',
                client.get(url).content.decode(),
            )
        ]
        assert sum(label[lang] in html.unescape(full) for full, _short in pairs) == 3
        assert sum(SHORT_COMPUTER[lang] in html.unescape(short) for _f, short in pairs) == 3
        assert all(len(html.unescape(short)) <= len(html.unescape(full)) for full, short in pairs)


def test_only_the_owner_sees_the_table_and_the_private_link_gives_it(client, rulebook):
    url = table_url(new_match(client))
    match = match_of(url)
    assert client.get(url).status_code == 200
    stranger = Client()
    hidden = stranger.get(url)
    missing = stranger.get(url.replace(match.public_id, "A" * 16))
    assert hidden.status_code == missing.status_code == 404
    assert hidden.content.decode().replace(match.public_id, "A" * 16) == missing.content.decode()
    for path in ("move/", "undo/", "next/"):
        assert stranger.post(url + path, {**turn(match), "move": "keep"}).status_code == 404
    assert match.token not in hidden.content.decode()
    assert stranger.get(f"/en/practice/{match.public_id}/{'x' * 32}/").status_code == 404
    claimed = stranger.get(match.private_url())
    assert claimed.status_code == 303 and claimed["Location"] == url
    assert claimed["Referrer-Policy"] == "no-referrer"
    assert stranger.get(url).status_code == 200


def test_my_matches_lists_the_practice_match_with_its_private_link(client, rulebook):
    url = table_url(new_match(client, "sabaat-al-deemin"))
    match = match_of(url)
    mine = client.get("/en/mine/").content.decode()
    assert f'href="{url}"' in mine and match.token in mine
    assert "against the computer (club)" in visible(mine)
    assert match.token not in Client().get("/en/mine/").content.decode()


def test_my_matches_lists_both_kinds_with_their_counts_times_and_house_rules(client, rulebook):
    """Sheets and practice matches are read together; each keeps its own columns."""
    from scoresheet.models import Match as Sheet
    from tests.web.test_sheet import new_match as new_sheet
    from tests.web.test_sheet import points

    sheet_url = new_sheet(client, target="31")
    for row in (1, 2):
        assert points(client, sheet_url, row, 3, 4).status_code == 302
    url = table_url(new_match(client, "tarneeb", variant="classic"))
    practice, sheet = match_of(url), Sheet.objects.get()
    items = re.findall(r'<li class="match".*?</li>', client.get("/en/mine/").content.decode(), re.S)
    assert len(items) == 2
    played, scored = (items[0], items[1]) if url in items[0] else (items[1], items[0])
    assert f'href="{url}"' in played and practice.token in played
    assert "1 deal" in visible(played) and f'datetime="{practice.updated.isoformat()}"' in played
    assert "Tarneeb: Classic, to 31" in visible(scored) and "2 rows" in visible(scored)
    assert f'datetime="{sheet.created.isoformat()}"' in scored and "ended" not in visible(scored)


def test_every_legal_move_is_a_button_in_a_form(client, rulebook):
    url = table_url(new_match(client, "tarneeb", variant="classic"))
    body = client.get(url).content.decode()
    form = re.search(r'(?s)<form method="post" action="[^"]*/move/".*?</form>', body)[0]
    practice = match_of(url).replay()
    module = practice.module
    for move in practice.legal():
        assert f'name="move" value="{module.format_move(move)}"' in form
    assert f'name="ply" value="{practice.ply}"' in form


def test_the_pass_is_chosen_by_touching_cards(client, rulebook):
    url = table_url(new_match(client, "bent-al-sbeet", variant="qahwa"))
    practice = match_of(url).replay()
    assert practice.state.phase == "pass"
    body = client.get(url).content.decode()
    held = [cards.card_code(c) for c in cards.display_order(practice.state.hands[2])]
    for code in held:
        assert f'<input type="checkbox" name="pass" value="pass:{code}">' in body
    picked = [f"pass:{code}" for code in held[:3]]  # each box sends its move's token
    sent = client.post(url + "move/", {**turn(match_of(url)), "pass": picked})
    assert sent.status_code == 303
    assert match_of(url).replay().state.passes[2] == cards.hand_of(held[:3]) or (
        match_of(url).replay().state.phase != "pass"
    )


def test_a_form_sent_twice_is_409_and_changes_nothing(client, rulebook):
    url = table_url(new_match(client, "sabaat-al-deemin"))
    form = {**turn(match_of(url))}
    practice = match_of(url).replay()
    move = practice.module.format_move(practice.legal()[0])
    assert client.post(url + "move/", {**form, "move": move}).status_code == 303
    moves = match_of(url).deals.get().moves
    again = client.post(url + "move/", {**form, "move": move})
    assert again.status_code == 409
    assert "nothing was done" in visible(again.content.decode())
    assert match_of(url).deals.get().moves == moves
    undo = {**turn(match_of(url))}
    assert client.post(url + "undo/", undo).status_code == 303
    assert client.post(url + "undo/", undo).status_code == 409


@pytest.mark.parametrize("lang,words", [("en", "must follow"), ("fr", "fournir"), ("ar", "يجب")])
def test_an_illegal_move_is_422_with_the_reason_in_the_pages_language(
    client, rulebook, lang, words
):
    url = table_url(new_match(client, "tarneeb", lang, variant="classic"))
    match = match_of(url)
    for _ in range(200):  # to a trick where the learner holds the suit led and another
        practice = match.replay()
        state = practice.state
        if state.phase == "play" and state.trick and practice.refusals():
            break
        assert play(client, url, learner_token(practice, random.Random(1))).status_code == 303
    card, _error = practice.refusals()[0]
    refused = play(client, url, cards.card_code(card))
    assert refused.status_code == 422
    text = visible(refused.content.decode())
    assert words in text
    assert match.replay().record.moves == practice.record.moves
    assert play(client, url, "nonsense").status_code == 400


def test_the_hint_gives_the_legal_moves_the_refusals_and_the_club_players_reason(client, rulebook):
    url = table_url(new_match(client, "bent-al-sbeet", variant="qahwa"))
    match = match_of(url)
    rng = random.Random(5)
    while True:
        practice = match.replay()
        if practice.state.phase == "play" and practice.refusals():
            break
        play(client, url, learner_token(practice, rng))
    body = client.get(url + "?hint=1").content.decode()
    hint = re.search(r'(?s)<section class="hint answer" id="hint".*?</section>', body)[0]
    text = visible(hint)
    vocab = vocabulary("bent-al-sbeet", "en")
    for move in practice.legal():
        assert vocab.card(move) in text
    links = re.findall(r'<li data-card="(\w\w)">.*?<a href="([^"]+)">', hint, re.S)
    assert len(links) == len(practice.refusals())
    for _code, href in links:
        assert href.startswith("/en/bent-al-sbeet/qahwa/#")
        assert client.get(href.split("#")[0]).status_code == 200
    decision = practice.advice()
    move = vocab.move(practice.module.format_move(decision.move), "play")
    # the hint's first line: what the club player would play
    club = re.search(r'(?s)<p class="club-move">(.*?)</p>', hint)[1]
    assert move in visible(club) and hint.index("club-move") < hint.index('class="legal"')
    source = "The site’s own advice" if decision.reason.source is None else "A tip from"
    assert source in text
    assert "never from the other hands" in text


def _finish_deal(client, url, rng):
    match = match_of(url)
    while not match.replay().deal_over:
        assert play(client, url, learner_token(match.replay(), rng)).status_code == 303


def test_the_review_after_a_deal(client, rulebook, settings):
    settings.ANALYSIS_SECONDS = 30  # its links open (each with its analysis), however loaded
    rng = random.Random(8)
    url = table_url(new_match(client, "tarneeb", variant="classic"))
    match = match_of(url)
    while match.replay().state.phase != "play":
        play(client, url, learner_token(match.replay(), rng))
    play(client, url, learner_token(match.replay(), rng))
    assert client.post(url + "undo/", turn(match)).status_code == 303
    _finish_deal(client, url, rng)
    practice = match.replay()
    body = client.get(url).content.decode()
    review = re.search(r'(?s)<section class="review".*?</section>\s*</section>', body)[0]
    text = visible(review)
    if not practice.state.thrown_in:
        card = visible(re.search(r'(?s)<section class="scorecard".*?</section>', review)[0])
        assert len(re.findall(r"Trick \d+", card)) == 13 and card.count("Won by") == 13
        assert "bid" in text and "declared by" in text
    assert "Moves taken back" in text
    links = re.findall(r'href="(/en/tarneeb/position/\?[^"]+)"', review)
    assert len(links) > 13
    for link in links[:3] + links[-2:]:
        assert client.get(html.unescape(link)).status_code == 200
    assert practice.record.seed in text and practice.record.commitment in text
    assert cards.format_deal(practice.hands) in text
    assert 'class="next-deal"' in body
    assert client.post(url + "next/", {"deal": 1}).status_code == 303
    assert match.replay().deal_number == 2
    sheet = visible(
        re.search(
            r'(?s)<table class="sheet" id="sheet">.*?</table>', client.get(url).content.decode()
        )[0]
    )
    assert "total" in sheet


@pytest.mark.parametrize("game", ["hearts", "tarneeb", "sabaat-al-deemin"])
def test_the_review_sets_each_of_the_learners_moves_beside_the_club_players(client, rulebook, game):
    rng = random.Random(game)
    url = table_url(new_match(client, game, level="beginner"))
    _finish_deal(client, url, rng)
    practice = match_of(url).replay()
    body = client.get(url).content.decode()
    items = re.findall(r'<li class="(same|differs)"><a href="([^"]+)">(.*?)</li>', body, re.S)
    mine = [i for i, seat in enumerate(practice.actors) if seat == practice.seat]
    assert len(items) == len(mine) > 0
    vocab = vocabulary(game, "en")
    differ = 0
    for (verdict, link, text), ply in zip(items, mine, strict=True):
        state = practice.position(ply).state
        club = bots.hint(game, state, practice.seat, deal_number=1, totals=practice.totals)
        same = club.move == practice.moves[ply]
        assert verdict == ("same" if same else "differs"), (ply, text)
        if not same:
            differ += 1
            said = vocab.move(practice.module.format_move(club.move), state.phase)
            assert html.unescape(said) in html.unescape(text)
        assert client.get(html.unescape(link)).status_code == 200
    n = len(mine)
    assert f"differently at {differ} of your {n} moves" in visible(body)


@pytest.mark.parametrize("game,variant", PLAYABLE)
def test_no_computer_card_is_in_the_page_before_the_deal_is_over(client, rulebook, game, variant):
    rng = random.Random(variant)
    url = table_url(new_match(client, game, variant=variant, seat="N"))
    match = match_of(url)
    vocab = vocabulary(game, "en")
    pages = 0
    while not (practice := match.replay()).deal_over and pages < 40:
        body = client.get(url + "?seen=0").content.decode()
        body = body.replace(match.public_id, "").replace(match.token, "")
        hidden = hidden_cards(practice)
        # Why a card of the hand cannot be played names the card a row needs next (the Trix's
        # jack of diamonds), a rule, not a holding.
        shown = html.unescape(re.sub(r'data-why="[^"]*"', "", body))
        for code in hidden:
            name = vocab.card(cards.parse_card(code))
            assert name not in shown and f'data-card="{code}"' not in shown, (code, name)
            if practice.state.phase != "bidding":  # a bid (Egyptian 7H) is no card
                assert f'value="{code}"' not in shown, code
        play(client, url, learner_token(practice, rng))
        pages += 1


def test_the_rule_pages_tutorials_and_quiz_link_to_the_practice_table(client, rulebook):
    from quiz.loader import load_all as load_quiz
    from tutorials.loader import load_all as load_tutorials

    load_tutorials()
    load_quiz()
    rules = client.get("/en/tarneeb/egyptian/").content.decode()
    assert 'href="/en/tarneeb/practice/?variant=egyptian"' in rules
    step = client.get("/fr/tutorials/sabaat-knock/1/").content.decode()
    assert 'href="/fr/sabaat-al-deemin/practice/?variant=classic"' in step
    start = client.get("/ar/quiz/start/?game=bent-al-sbeet&variant=sbeetah&kind=play")
    question = client.get(start["Location"]).content.decode()
    assert 'href="/ar/bent-al-sbeet/practice/?variant=sbeetah"' in question
    choose = client.get("/en/tarneeb/practice/?variant=egyptian")
    assert 'value="egyptian"' in choose.content.decode()


def test_the_check_page_deals_from_a_seed(client, rulebook):
    from cardgames import shuffle

    page = client.get("/fr/practice/check/").content.decode()
    assert "SHA-256" in page and "diwaniya-deal-v1" in page
    worked = client.get("/en/practice/check/?game=sabaat-al-deemin&seed=abc").content.decode()
    assert cards.format_deal(shuffle.deal("abc", cards.PACK_32)) in worked
    assert "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" in worked
    assert client.get("/en/practice/check/?seed=" + "x" * 5000).status_code == 200


@pytest.mark.parametrize("lang", LANGS)
def test_a_card_set_is_worded_once_for_forms_and_tables(rulebook, lang):
    """The set-up, the score sheet and the tables word a card set with one function: as the
    rule page words it (Leekha's talbees with no card is "not played"), the empty set "none"
    where the page has no word (Bent Al Sbeet's exposable cards), cards by their names."""
    from django.utils import translation

    from rulebook.models import game_rows
    from rulebook.pages import NO_CARDS, label_for, value_label

    with translation.override(lang):
        talbees = game_rows("leekha").rules["talbees"]
        exposable = game_rows("bent-al-sbeet").rules["exposable"]
        leekha, bent = vocabulary("leekha"), vocabulary("bent-al-sbeet")
        not_played = label_for(talbees, "", leekha)
        assert not_played and not_played != str(NO_CARDS)
        assert value_label(talbees, ",", leekha) == not_played
        assert str(value_label(exposable, ",", bent)) == str(NO_CARDS)
        assert value_label(exposable, "QS,", bent) == label_for(exposable, "QS", bent)
        assert bent.card(cards.parse_card("QS")) in value_label(exposable, "QS,TD", bent)


@pytest.mark.parametrize("lang", ["ar", "en", "fr"])
def test_a_house_rule_of_no_card_is_named_alike_at_the_table_and_on_the_sheet(
    client, rulebook, lang
):
    """Both say which house rules they play by, in the same words: an empty card set is
    "none", never a blank."""
    from django.utils import translation

    from rulebook.pages import NO_CARDS
    from tests.web.test_sheet import new_match as new_sheet

    with translation.override(lang):
        none = str(NO_CARDS)
    choose = client.get(f"/{lang}/bent-al-sbeet/practice/?variant=qahwa").content.decode()
    offered = re.search(r'(?s)<select[^>]*name="rule.exposable".*?</select>', choose)[0]
    assert f'<option value=",">{none}</option>' in offered  # not "", which is "unchanged"
    assert re.findall(r'<option value="([^"]*)" selected', offered) == []
    url = table_url(new_match(client, lang=lang, variant="qahwa", **{"rule.exposable": ","}))
    assert match_of(url).overrides == {"exposable": ""}
    sheet = new_sheet(client, lang=lang, game="bent-al-sbeet", **{"rule.exposable": ","})
    table = re.search(
        r'(?s)<details class="house-rules-list"[^>]*>.*?</details>',
        client.get(url).content.decode(),
    )[0]
    assert re.search(rf"<li>[^<]+ {none}</li>", table), table
    assert f"<bdi>{none}</bdi>" in client.get(sheet).content.decode()


@pytest.mark.parametrize("lang", LANGS)
def test_no_value_is_named_as_the_set_up_names_keeping_the_variants(rulebook, lang):
    """The set-up offers "Unchanged: <the variant's value>"; a value named "unchanged" read
    "Unchanged: unchanged" (Bent Al Sbeet's hearts when both cards are exposed)."""
    from django.utils import translation

    from practice.forms import AS_VARIANT
    from rulebook import games
    from rulebook.models import game_rows
    from rulebook.pages import label_for

    with translation.override(lang):
        unchanged = re.sub(r"\W+$", "", str(AS_VARIANT) % {"value": ""}).casefold()
        named = {}
        for slug in games.GAMES:
            vocab = vocabulary(slug)
            for key, rule in game_rows(slug).rules.items():
                for row in rule.values.all():
                    label = str(label_for(rule, row.value, vocab))
                    if unchanged in label.casefold():
                        named[(slug, key, row.value)] = label
    assert unchanged and named == {}


def test_an_opponents_exposed_queen_is_face_up_at_its_seat_with_the_multiplier_in_force(
    client, rulebook, monkeypatch
):
    """Issue 45 and 46: the felt draws what the seat's table view shows, and an exposed card
    is shown to the whole table: West's exposed queen of spades is drawn face up at West's
    seat, tagged with the house rule's multiplier (3, never a literal 2), beside its backs."""
    from practice import service

    monkeypatch.setattr(service, "new_seed", lambda: "exposed-0")  # West exposes the queen
    monkeypatch.setattr(service, "draw_dealer", lambda: 0)
    url = table_url(new_match(client, variant="qahwa", **{"rule.exposure_multiplier": "3"}))
    while (practice := match_of(url).replay()).state.phase in ("pass", "expose"):
        tokens = [practice.module.format_move(m) for m in practice.legal()]
        if "keep" in tokens:
            play(client, url, "keep")
        else:
            client.post(url + "move/", {**turn(match_of(url)), "pass": tokens[:3]})
    assert practice.state.exposed >> cards.parse_card("QS") & 1
    page = client.get(url).content.decode()
    west = re.search(r'<div class="seat [^"]*seat-W[^"]*closed.*?</div>\s*</div>', page, re.S)[0]
    shown = re.search(r'<ul class="hand shown">(.*?)</ul>', west, re.S)[1]
    # the exposed queen, and (45a) the cards the learner passed West, if West holds them: face
    # up, only the queen with the badge
    state = practice.state
    passed = state.passes[2] if state.pass_target(2) == 3 else 0
    public = state.hands[3] & (state.exposed | passed)
    codes = re.findall(r'data-card="(\w\w)"', shown)
    assert "QS" in codes and sorted(codes) == sorted(
        cards.card_code(c) for c in range(52) if public >> c & 1
    )
    assert re.findall(r'class="tag"[^>]*>([^<]*)<', shown) == ["×3"]
    assert "×2" not in page
    held, up = state.hands[3].bit_count(), public.bit_count()
    assert west.count('<span class="back"></span>') == held - up  # the others stay face down
    assert f"{held - up} cards, face down" in west
    assert "queen of spades, exposed" in shown  # what a screen reader hears
