"""Play with friends, the front door (issue 47): the links to the new-table form, the form in
the player's words, a host who coaches or watches instead of playing, the invitation in words
behind a language-free link, each seat's state in words, and hostile requests to every new
route answered without a server error."""

import random
import re

import pytest
from django.test import Client

from tables.models import Place, Table

from .helpers import LINK

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("rulebook")]

LANGS = ["ar", "en", "fr"]
WORDS = {
    "en": {"friends": "Play with friends", "me": "me", "invite": "someone I invite"},
    "fr": {"friends": "Jouer avec des amis", "me": "moi", "invite": "quelqu’un que j’invite"},
    "ar": {"friends": "العب مع أصحابك", "me": "أنا", "invite": "شخص أدعوه"},
}
# the journey's table: the host coaches South; South, North and East are friends; West a
# computer player
COACHING = {
    "variant": "classic",
    "name": "Samira",
    "role": "coach",
    "coached": "S",
    "seat.N": "person",
    "seat.E": "person",
    "seat.S": "person",
    "seat.W": "computer:club",
}


def links_of(page: str) -> list[str]:
    return ["/" + url.split("://", 1)[1].split("/", 1)[1] for url in LINK.findall(page)]


@pytest.mark.parametrize("lang", LANGS)
def test_play_with_friends_is_one_tap_from_home_every_game_page_and_my_matches(lang):
    words = WORDS[lang]
    home = Client().get(f"/{lang}/").content.decode()
    assert f'href="/{lang}/tarneeb/table/new/" class="play-friends">{words["friends"]}' in home
    assert f'href="/{lang}/bent-al-sbeet/table/new/"' in home
    rules = Client().get(f"/{lang}/tarneeb/").content.decode()
    assert f'href="/{lang}/tarneeb/table/new/"' in rules
    mine = Client().get(f"/{lang}/mine/").content.decode()
    assert f'href="/{lang}/hearts/table/new/" class="play-friends"' in mine


@pytest.mark.parametrize("lang", LANGS)
def test_the_form_speaks_the_players_words(lang):
    words = WORDS[lang]
    page = Client().get(f"/{lang}/tarneeb/table/new/").content.decode()
    assert f'<option value="me" selected>{words["me"]}</option>' in page  # South: the host
    assert f'<option value="person" selected>{words["invite"]}</option>' in page  # North
    assert page.count('name="role"') == 3 and 'name="coached"' in page
    # the variant by its name, never its slug; the house rules as on the practice set-up
    assert "classic egyptian" not in page and 'class="house-rules"' in page
    assert 'name="rule.' in page
    # another variant: its own rules, by its name
    other = Client().get(f"/{lang}/tarneeb/table/new/?variant=egyptian").content.decode()
    assert re.search(r'<span aria-current="page">[^<]+</span>', other) and "egyptian<" not in other


def test_a_host_who_coaches_plays_no_seat_and_every_person_has_a_link():
    host = Client()
    answer = host.post("/en/tarneeb/table/new/", COACHING)
    assert answer.status_code == 303
    table = Table.objects.get()
    mine = Place.objects.get(host=True)
    assert (mine.role, mine.seat, mine.name) == ("coach", 2, "Samira") and mine.taken
    assert table.coach_seat == 2 and table.match.players == [None, None, None, "club"]
    links = links_of(host.get(answer["Location"]).content.decode())
    assert len(links) == 4  # North, East, South, the watchers: no coach's link, the host is it
    assert all(path.startswith("/tables/") for path in links)  # no language in a shared link
    page = host.get(f"/en/tables/{table.public_id}/").content.decode()
    # the coached hand on the felt, each card a button that suggests it; no move to make
    assert page.count('name="card" value=') == 13 and 'class="hint-form"' in page
    assert "then tap a card of South’s hand to suggest it" in page
    assert f'href="/en/tables/{table.public_id}/invitations/"' in page
    # South takes the seat; the coach suggests by tapping; South sees it marked, as a toast
    south = Client()
    assert south.post("/en" + links[2], {"name": "Layla"}).status_code == 303
    held = re.findall(r'name="card" value="(\w\w)"', page)[0]
    sent = host.post(f"/en/tables/{table.public_id}/hint/", {"card": held, "phrase": "partner"})
    assert sent.status_code == 303
    shown = south.get(f"/en/tables/{table.public_id}/").content.decode()
    toast = shown.index('id="coach-note"')
    assert toast < shown.index('class="felt') and "Think of your partner’s cards." in shown
    assert re.search(rf'<li class="(legal)? ?suggested">.{{0,120}}data-card="{held}"', shown)
    # "Ask my coach" reaches the coach the same way
    assert south.post(f"/en/tables/{table.public_id}/ask/").status_code == 303
    coach = host.get(f"/en/tables/{table.public_id}/").content.decode()
    assert "South asks for your advice." in coach
    assert coach.index('id="coach-note"') < coach.index('class="felt')
    # a host who coaches makes no move
    before = table.match.replay(list(table.match.deals.all())).ply
    moved = host.post(f"/en/tables/{table.public_id}/move/", {"move": "pass", "ply": before})
    assert moved.status_code == 403 and "Only the person at this seat" in moved.content.decode()
    assert table.match.replay(list(table.match.deals.all())).ply == before


def test_a_host_who_watches_has_a_place_of_their_own_and_the_invitations():
    host = Client()
    form = {**COACHING, "role": "watch", "coach": "N"}
    answer = host.post("/en/tarneeb/table/new/", form)
    assert answer.status_code == 303
    mine = Place.objects.get(host=True)
    assert mine.role == "watch" and mine.taken and mine.key_digest is None
    shared = Place.objects.get(role="watch", host=False)
    assert not shared.taken and shared.key_digest
    links = links_of(host.get(answer["Location"]).content.decode())
    assert len(links) == 5  # three people, the invited coach, the watchers
    assert Table.objects.get().coach_seat == 0


@pytest.mark.parametrize(
    "form,reason",
    [
        ({**COACHING, "seat.S": "me"}, "play no seat"),
        ({**COACHING, "role": "play"}, "exactly one seat"),
        ({**COACHING, "role": "play", "seat.S": "me", "seat.N": "me"}, "exactly one seat"),
        ({**COACHING, "coached": ""}, "the player you coach"),
        ({**COACHING, "coached": "W"}, "beside one of the people"),
        ({**COACHING, "role": "sing"}, "play, coach a player or watch"),
    ],
)
def test_a_set_up_that_cannot_be_is_400_in_words(form, reason):
    answer = Client().post("/en/tarneeb/table/new/", form)
    assert answer.status_code == 400 and reason in answer.content.decode()
    assert not Table.objects.exists()


INVITED = {
    "en": ("Samira", "invites you to play South.", "Tarneeb", "will coach you"),
    "fr": ("Samira", "vous invite à jouer Sud.", "Tarneeb", "vous coachera"),
    "ar": ("Samira", "يدعوك لتلعب الجنوب.", "الطرنيب", "سيدرّبك"),
}


@pytest.mark.parametrize("lang", LANGS)
def test_the_invitation_opens_in_the_invitees_language_and_says_who_invites(lang):
    host = Client()
    answer = host.post("/ar/tarneeb/table/new/", COACHING)
    links = links_of(host.get(answer["Location"]).content.decode())
    south_link, watchers = links[2], links[3]
    guest = Client(HTTP_ACCEPT_LANGUAGE=f"{lang},en;q=0.5")
    door = guest.get(south_link)
    assert door.status_code == 302 and door["Location"] == f"/{lang}{south_link}"
    assert door["Referrer-Policy"] == "no-referrer" and "no-store" in door["Cache-Control"]
    page = guest.get(door["Location"]).content.decode()
    name, invites, game, coached = INVITED[lang]
    assert f'<bdi dir="auto">{name}</bdi> {invites}' in page
    assert game in page and coached in page and 'lang="' + lang in page
    # the site's switcher keeps the key
    other = "fr" if lang != "fr" else "en"
    assert f'href="/{other}{south_link}"' in page
    # a chosen language (the switcher's cookie) wins over the browser's
    chooser = Client(HTTP_ACCEPT_LANGUAGE="en")
    chooser.cookies["django_language"] = lang
    assert chooser.get(south_link)["Location"] == f"/{lang}{south_link}"
    # the watchers' invitation
    shown = Client().get(f"/{lang}{watchers}").content.decode()
    assert {"en": "Watch this table", "fr": "Regarder cette table", "ar": "تفرّج على هذه الطاولة"}[
        lang
    ] in shown


@pytest.mark.parametrize("lang", LANGS)
def test_each_seat_s_state_is_in_words(lang):
    host = Client()
    answer = host.post(f"/{lang}/tarneeb/table/new/", {**COACHING, "role": "play", "seat.S": "me"})
    table = Table.objects.get()
    page = host.get(f"/{lang}/tables/{table.public_id}/").content.decode()
    waiting = {
        "en": "waiting for someone to sit",
        "fr": "attend quelqu’un",
        "ar": "ينتظر من يجلس فيه",
    }
    assert page.count(f'data-away="{waiting[lang]}"') == 2  # North and East, not yet taken
    assert answer.status_code == 303
    # no seat's name sits between two pairs of brackets, and names are isolated
    assert not re.search(r"\)\s*\(", page)


def test_my_matches_lists_the_tables_this_browser_has_a_place_at():
    host = Client()
    host.post("/en/tarneeb/table/new/", COACHING)
    mine = host.get("/en/mine/").content.decode()
    assert "Tarneeb" in mine and "you coach South" in mine and "your table" in mine


HOSTILE = [
    "",
    "me",
    "person",
    "computer:",
    "computer:god",
    "x" * 5000,
    "\u202eevil",
    "<script>",
    "0",
    "-1",
    "N",
    "coach",
    "watch",
    "\x00",
]


def test_every_new_route_answers_hostile_requests_without_a_server_error():
    rng = random.Random(47)
    fields = [
        "role", "coached", "coach", "seat.N", "seat.E", "seat.S", "seat.W", "variant", "name",
        "turn_seconds", "help", "rule.trumps",
    ]  # fmt: skip
    host = Client()
    host.post("/en/tarneeb/table/new/", COACHING)
    table = Table.objects.get()
    base = f"/en/tables/{table.public_id}"
    for _ in range(100):  # 600 requests; each value of HOSTILE reaches every field many times
        form = {f: rng.choice(HOSTILE) for f in rng.sample(fields, rng.randint(0, len(fields)))}
        lang = rng.choice(LANGS)
        answer = Client().post(f"/{lang}/tarneeb/table/new/", form)
        assert answer.status_code < 500, form
        query = "&".join(f"{k}={v}" for k, v in form.items() if "\x00" not in v and len(v) < 99)
        assert Client().get(f"/{lang}/tarneeb/table/new/?{query}").status_code < 500
        key = rng.choice(HOSTILE[:8]) or "k"
        door = Client(HTTP_ACCEPT_LANGUAGE=rng.choice(HOSTILE + ["fr", "ar;q=x"]))
        assert door.get(f"/tables/{table.public_id}/join/{key}/").status_code < 500
        assert door.post(f"/tables/{table.public_id}/join/k/").status_code < 500
        hint = {k: rng.choice(HOSTILE) for k in rng.sample(["card", "text", "phrase"], 2)}
        assert host.post(f"{base}/hint/", hint).status_code < 500, hint
    assert Client().get("/en/nogame/table/new/").status_code == 404
    assert Client().get("/en/tarneeb/table/new/?variant=nope").status_code == 404
