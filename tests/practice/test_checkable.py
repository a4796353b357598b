"""Checkable deals: a revealed seed deals exactly the hands that were played. The shuffle is
written again here from its docstring alone (``cardgames.shuffle``), without the site's
code, as anyone checking a deal would write it; and the program the check page shows deals the
same hands too."""

import hashlib
import html
import json
import random
import re
import struct

import pytest

from cardgames import cards
from practice import match, service

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def secret_seeds(known_seeds, monkeypatch):
    """The site's own secret seeds here, not the other tests' named ones."""
    monkeypatch.setattr(service, "new_seed", match.new_seed)


SUITS = "SHDC"


class Stream:
    """Step 2 of the docstring: SHA-256 of "diwaniya-deal-v1:<seed>:<k>", four big-endian
    64-bit numbers a block."""

    def __init__(self, seed: str):
        self.seed, self.block, self.waiting = seed, 0, []

    def take(self) -> int:
        if not self.waiting:
            text = f"diwaniya-deal-v1:{self.seed}:{self.block}"
            self.waiting = list(struct.unpack(">4Q", hashlib.sha256(text.encode("utf-8")).digest()))
            self.block += 1
        return self.waiting.pop(0)


def independent_deal(seed: str, lowest: str = "2") -> dict[str, list[str]]:
    ranks = "23456789TJQKA"
    ranks = ranks[ranks.index(lowest) :]
    pack = [f"{r}{s}" for s in SUITS for r in ranks]  # step 1: spades first, two up
    stream = Stream(seed)
    for i in reversed(range(1, len(pack))):  # step 3: Fisher-Yates from the end
        span = i + 1
        ceiling = (1 << 64) - (1 << 64) % span
        while (x := stream.take()) >= ceiling:
            pass
        pack[i], pack[x % span] = pack[x % span], pack[i]
    hands = {seat: [] for seat in "NESW"}
    for j, code in enumerate(pack):  # step 4: one card at a time, N E S W
        hands["NESW"[j % 4]].append(code)
    return hands


def as_masks(hands: dict[str, list[str]]) -> list[int]:
    return [cards.hand_of(hands[seat]) for seat in "NESW"]


def _finish(client, game, token, data, rng):
    while data["position"]["to_act"] is not None:
        body = {"move": rng.choice(data["position"]["legal"]), "ply": len(data["history"])}
        data = client.post(
            f"/api/practice/{data['id']}/move",
            json.dumps(body),
            content_type="application/json",
            HTTP_AUTHORIZATION=f"Bearer {token}",
        ).json()
    return data


@pytest.mark.parametrize("game,lowest", [("bent-al-sbeet", "2"), ("sabaat-al-deemin", "7")])
def test_a_revealed_seed_deals_the_hands_that_were_played(client, rulebook, game, lowest):
    started = client.post(f"/api/{game}/practice", "{}", content_type="application/json").json()
    commitment = started["commitment"]
    over = _finish(client, game, started["token"], started, random.Random(1))
    seed = over["seed"]
    assert hashlib.sha256(seed.encode()).hexdigest() == commitment
    assert len(bytes.fromhex(seed)) * 8 >= 128
    hands = as_masks(independent_deal(seed, lowest))
    pack = cards.PACK_52 if lowest == "2" else cards.PACK_32
    assert cards.parse_deal(over["deal"], pack) == hands
    assert cards.parse_deal(over["position"]["deal"], pack) == hands
    # The cards the learner was shown at the first move are the learner's dealt hand
    # (Bent Al Sbeet: before the pass; Sab'at Al-Deemin: before any card).
    assert cards.parse_hand(started["position"]["hands"]["S"]) == hands[2]


def test_the_independent_shuffle_is_not_a_copy_of_a_constant_deal():
    deals = {json.dumps(independent_deal(str(n))) for n in range(20)}
    assert len(deals) == 20
    assert sorted(sum(independent_deal("x").values(), [])) == sorted(
        f"{r}{s}" for s in SUITS for r in "23456789TJQKA"
    )


def test_the_check_pages_program_deals_the_same_hands(client, rulebook):
    page = client.get("/en/practice/check/").content.decode()
    program = html.unescape(re.search(r'<code class="program">(.*?)</code>', page, re.S)[1])
    namespace = {}
    exec(program, namespace)  # the page's own program, as a reader would run it
    for seed in ("0123456789abcdef0123456789abcdef", "another seed"):
        assert namespace["deal"](seed) == independent_deal(seed)
        assert namespace["deal"](seed, ranks="789TJQKA") == independent_deal(seed, "7")


def test_the_check_page_works_out_a_seeds_commitment_and_hands(client, rulebook):
    seed = "5f2b8c0e9d1a4b7c3e6f8a9b0c1d2e3f"
    page = client.get(f"/fr/practice/check/?game=bent-al-sbeet&seed={seed}").content.decode()
    assert hashlib.sha256(seed.encode()).hexdigest() in page
    expected = cards.format_deal(as_masks(independent_deal(seed)))
    assert f'<code class="pbn" id="worked-pbn">{expected}</code>' in page
