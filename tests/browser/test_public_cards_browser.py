"""The practice felt draws what the rules make public: an opponent's exposed queen of spades
face up at its seat, with the multiplier the match's house rule gives it (3 here, never a
literal 2), the cards the learner passed face up where they went, the rest face down, and the
learner's whole hand still in sight; on a touch phone upright and 360 px wide, in Arabic and
English."""

import json

import pytest

from tests import servers

from .sight import in_sight

pytestmark = pytest.mark.browser

# A seeded match of Bent Al Sbeet (qahwa) under the house rule "an exposed card counts 3 times",
# brought to the play on the site's own database: the learner (South) passes and keeps, and
# West, a computer player, exposes the queen of spades (a deal found by playing seeds through).
MAKE = """
import json
from practice import service
from practice.match import Setup
setup = Setup("bent-al-sbeet", "qahwa", {"exposure_multiplier": "3"}, seat=2)
match, practice = service.start(setup, seed="exposed-0")
while practice.state.phase != "play":
    tokens = [practice.module.format_move(m) for m in practice.legal()]
    practice = service.move(match, ["keep" if "keep" in tokens else tokens[0]], practice.ply)
    match.refresh_from_db()
state = practice.state
assert state.exposed & state.hands[3], "West exposed nothing"
passed = {state.pass_target(2): state.passes[2]}
public = {
    "NESW"[s]: sorted(practice.module.format_move(c) for c in range(52)
                      if state.hands[s] & (state.exposed | passed.get(s, 0)) >> c & 1)
    for s in (0, 1, 3)
}
print(json.dumps(public), match.public_id, match.token)
"""


@pytest.fixture(scope="module")
def exposed_match(site, site_env):
    *public, public_id, token = servers.manage(site_env, "shell", "-v", "0", "-c", MAKE).split()
    return f"practice/{public_id}/{token}/", json.loads(" ".join(public))


SEAT = """() => {
  const seat = document.querySelector('.stage .felt .seat-W');
  const card = seat && seat.querySelector('.hand.shown .card[data-card="QS"]');
  if (!card) return null;
  const r = card.getBoundingClientRect(), tag = card.querySelector('.tag');
  const rank = card.querySelector('.idx').getBoundingClientRect();
  const t = tag.getBoundingClientRect();
  return {
    inside: r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight,
    tag: tag.textContent.trim(),
    covers: !(t.right <= rank.left || t.left >= rank.right
              || t.bottom <= rank.top || t.top >= rank.bottom),
    backs: seat.querySelectorAll('.back').length,
    face_up: Object.fromEntries(['N', 'E', 'W'].map((s) => [s,
      [...document.querySelectorAll(`.stage .felt .seat-${s} .card`)].map((c) => c.dataset.card)
        .sort()])),
    tags: [...document.querySelectorAll('.felt .card .tag')].map((e) => e.textContent.trim()),
    // every face-up card of a closed hand lies on the felt, its index in sight
    off_felt: [...document.querySelectorAll('.stage .felt .hand.shown .card')].filter((c) => {
      const f = c.closest('.felt').getBoundingClientRect(), i = c.querySelector('.idx');
      const b = c.getBoundingClientRect(), x = i.getBoundingClientRect();
      const on = (h) => !!h && (c === h || c.contains(h));
      return b.left < f.left || b.right > f.right || b.top < f.top || b.bottom > f.bottom
        || !on(document.elementFromPoint(x.left + 2, x.top + 2));
    }).map((c) => c.dataset.card),
  };
}"""


@pytest.mark.parametrize("size,lang", [("upright", "ar"), ("upright", "en"), ("narrow", "ar")])
def test_an_opponent_s_exposed_queen_is_face_up_at_its_seat_with_the_house_multiplier(
    phone, exposed_match, size, lang
):
    page = phone(size)
    address, public = exposed_match
    page.goto(page.base + f"/{lang}/{address}")
    page.locator(".stage .felt .seat-W").wait_for()
    seen = page.evaluate(SEAT)
    assert seen is not None, "West's exposed queen is not drawn at its seat"
    assert seen["tag"] == "×3" and set(seen["tags"]) == {"×3"}, seen
    # a closed hand shows only what the learner may know: the exposed queen, the cards the
    # learner passed that seat (its own player's secrets stay face down)
    assert seen["face_up"] == public, (seen, public)
    assert seen["inside"] and not seen["covers"] and seen["off_felt"] == [], seen
    held = page.locator(".stage .felt .seat-W .seat-name .held").inner_text()
    assert seen["backs"] == int(held) - len(public["W"]), (seen, held)
    # the learner's whole hand is still in sight with it
    in_sight(page, ".stage .felt .seat-W .hand.shown", f"exposed-queen-{size}-{lang}", line=20)
    assert page.failed == []
