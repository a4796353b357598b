"""The one reader of the site's card words: suits, ranks, cards, moves, seats, counted nouns.

Every card word comes from ``vocabulary.toml``, read once. A ``Vocabulary`` speaks one
language in one region's words (Arabic differs between the Gulf and the Levant; English and
French do not); it is built once per process per (language, region), so naming the cards of
a deal calls no translation function. A game names its region in its registry file, and
``vocabulary(game)`` picks the one that game speaks in the current language:

    >>> vocabulary("tarneeb", "ar").card(cards.parse_card("KH"))
    'شايب الكبّة'
    >>> vocabulary("bent-al-sbeet", "ar").move("pass:KS")
    'تمرير شايب السبيت'
    >>> vocabulary("tarneeb", "fr").move("13NT", phase="bidding")
    'Annoncer 13 sans-atout'

The rest of the module holds the few helpers every sentence with a number or a list uses:
``count`` (a number and its noun, through ngettext), ``times`` (twice, three times),
``signed`` (one minus sign, isolated) and ``listing`` (the language's list separator).
"""

import re
import tomllib
from functools import cache, lru_cache
from pathlib import Path
from types import ModuleType

from django.utils import translation
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, npgettext, pgettext

from cardgames import cards
from cardgames import games as described_games
from cardgames.contract import Phase
from rulebook import registry

DATA = Path(__file__).resolve().parent / "vocabulary.toml"
SYMBOLS = "♠♥♦♣"
SUIT_CLASSES = "shdc"
SUIT_KEYS = ("spades", "hearts", "diamonds", "clubs")
RANK_KEYS = (
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "jack",
    "queen",
    "king",
    "ace",
)
MINUS = "\u2212"
ISOLATE = "\u2066{}\u2069"  # left-to-right isolate: a signed number keeps its sign first
_BID = re.compile(r"(\d{1,2})(NT|[SHDC])?")


@cache
def data() -> dict:
    """The vocabulary file, parsed once."""
    with DATA.open("rb") as f:
        return tomllib.load(f)


def terms() -> dict[str, dict]:
    return {t["key"]: t for t in data()["terms"]}


def regions() -> list[str]:
    return list(data()["regions"])


def language_code(lang: str | None = None) -> str:
    code = (lang or translation.get_language() or "en").split("-")[0]
    return code if code in ("ar", "en", "fr") else "en"


def region_of(game) -> str:
    """The region a game speaks: from a slug, a game (``cardgames.contract.Game``), a ``Game``
    row or an engine module (the first game that plays it). A region name is accepted as it
    is."""
    if isinstance(game, str) and game in data()["regions"]:
        return game
    region = getattr(game, "region", None)
    if isinstance(region, str) and region:
        return region
    slug = game if isinstance(game, str) else getattr(game, "slug", None)
    described = described_games.GAMES.get(slug) if slug else None
    if described is None and isinstance(game, ModuleType):  # an engine module
        found = (d for d in described_games.GAMES.values() if d.engine is game)
        described = next(found, None)
    if described is None:
        raise ValueError(f"no game called {game!r}")
    # A game's region is stated in its registry file, which the list of games names; both sit
    # below the card table, which reads nothing of the rules' app.
    return registry.read(described.registry).get("region", "")


def slug_of(game) -> str | None:
    """The slug of ``game`` given as ``region_of`` takes it, or None (a region, a row without
    one)."""
    slug = game if isinstance(game, str) else getattr(game, "slug", None)
    if slug in described_games.GAMES:
        return slug
    if isinstance(game, ModuleType):
        return next((s for s, d in described_games.GAMES.items() if d.engine is game), None)
    return None


def vocabulary(game, lang: str | None = None) -> "Vocabulary":
    """The vocabulary of ``game`` (see ``region_of``) in ``lang`` (default: the active one),
    with the words that game has of its own for a move (Trix's pass for the family's knock)."""
    return _vocabulary(language_code(lang), region_of(game), slug_of(game))


@cache
def _vocabulary(lang: str, region: str, game: str | None = None) -> "Vocabulary":
    with translation.override(lang):
        return Vocabulary(lang, region, game)


class Vocabulary:
    """The card words of one language in one region, and of one game where a term of its own
    ``replaces`` the family's. Build it with ``vocabulary()``."""

    def __init__(self, lang: str, region: str, game: str | None = None):
        if region not in data()["regions"]:
            raise ValueError(f"unknown region {region!r}")
        self.lang, self.region = lang, region
        self._looks: dict[tuple, dict] = {}  # card_view's, by card, exposed and legal
        self.words = {key: self.entry(t) for key, t in terms().items()}
        for key, t in terms().items():
            if t.get("replaces") and game in t.get("games", ()):
                self.words[t["replaces"]] = self.words[key]
        patterns = data()["patterns"][lang]
        self.patterns = patterns
        suits = [self.words[k] for k in SUIT_KEYS]
        ranks = [self.words[k] for k in RANK_KEYS]
        self._cards = [
            patterns["card"].format(
                rank=ranks[c % 13]["word"],
                suit=suits[c // 13]["word"],
                suit_the=suits[c // 13]["the"],
            )
            for c in range(52)
        ]
        self._cards_the = [
            patterns["card_the"].format(
                rank=ranks[c % 13]["word"],
                rank_the=ranks[c % 13]["the"],
                suit=suits[c // 13]["word"],
                suit_the=suits[c // 13]["the"],
            )
            for c in range(52)
        ]
        # Not card words, but every page with a table names them: asked once, kept.
        self.seats = [_("North"), _("East"), _("South"), _("West")]
        self.sides = [_("North–South"), _("East–West")]

    def entry(self, term: dict) -> dict:
        """A term's table for this language and region, with ``the`` defaulting to ``word``."""
        table = dict(term.get(self.region if self.lang == "ar" else self.lang) or {})
        table.setdefault("word", "")
        table.setdefault("the", table["word"])
        return table

    # --- cards -------------------------------------------------------------------------

    def suit(self, suit: int, form: str = "the") -> str:
        """A suit as running text names it: ``spades``, ``pique``, ``البستوني`` (``the``), or
        as a bid names it (``word``: ``بستوني``; ``plural``: ``piques``)."""
        entry = self.words[SUIT_KEYS[suit]]
        return entry.get(form) or entry["word"]

    def rank(self, rank: int) -> str:
        return self.words[RANK_KEYS[rank]]["word"]

    def card(self, c: int) -> str:
        """``queen of spades`` / ``dame de pique`` / ``بنت السبيت``."""
        return self._cards[c]

    def card_the(self, c: int) -> str:
        """The card with its article, for sentences: ``the queen of spades``, ``la dame de
        pique``, ``l'as de cœur``; in Arabic the name itself, already definite."""
        return self._cards_the[c]

    def term(self, key: str, form: str = "word") -> str:
        entry = self.words[key]
        return entry.get(form) or entry["word"]

    # --- moves -------------------------------------------------------------------------

    def bid(self, token: str) -> str:
        """A bid in words: ``9`` stays 9, ``7C`` is ``7 clubs`` / ``7 سباتي``, ``13NT`` is
        ``13 no trumps`` / ``13 sans-atout`` / ``13 بلا طرنيب``."""
        found = _BID.fullmatch(str(token).strip().upper())
        if not found:
            return str(token)
        return self.bid_words(int(found[1]), found[2])

    def bid_words(self, n: int, strain: str | None) -> str:
        """A bid of ``n`` tricks, in ``strain`` (``S``..``C``, ``NT``; None: a plain number)."""
        if strain is None:
            return self.patterns["bid"].format(n=n)
        if strain == "NT":
            return self.patterns["bid_no_trumps"].format(n=n, no_trumps=self.term("no_trumps"))
        suit = cards.SUITS.index(strain)
        return self.patterns["bid_suit"].format(
            n=n, suit=self.suit(suit, "word"), suit_plural=self.suit(suit, "plural")
        )

    def strain(self, strain: str | None) -> str | None:
        """A Tarneeb strain (``S``…``C``, ``NT``) as running text names it; None before."""
        if strain is None:
            return None
        if strain == "NT":
            return self.term("no_trumps")
        return self.suit(cards.SUITS.index(strain))

    def record(self, token: str, phase: str | None = None) -> str:
        """A move as a record of what was played. French writes a past participle that the
        sentence completes («Ouest a passé le sept de trèfle», «vous avez joué l'as de
        cœur»), never an infinitive; English and Arabic name the move (``move``)."""
        if "played" not in self.patterns:
            return self.move(token, phase)
        return self.move(token, phase, form="done")

    def move(self, token: str, phase: str | None = None, form: str = "move") -> str:
        """Any move token of the positions spec, in words (``form`` "done": as a record,
        see ``record``).

        ``phase`` reads the tokens whose meaning depends on it: ``7C`` is a bid while
        bidding and the seven of clubs otherwise; ``double`` is Tarneeb's double while
        bidding and Sab'at Al-Deemin's announcement before its play.
        """
        text = str(token).strip()
        low = text.lower()
        kind, _sep, rest = low.partition(":")
        calls = {
            "pass": "pass_call",
            "double": "double_deal" if phase == Phase.ANNOUNCE else "double",
            "triple": "triple",
            "redeal": "redeal",
            "knock": "knock",
            "keep": "keep",
        }
        if low in calls:
            return self.term(calls[low], form)
        if phase == Phase.CHOOSE and f"contract_{low}" in self.words:
            return self.term(f"contract_{low}", form)  # Trix: the owner names a contract
        if kind in ("pass", "expose") and rest:
            c = cards.parse_card(rest)
            pattern = self.term("pass_cards" if kind == "pass" else "expose", form)
            return pattern.format(card=self.card(c), card_the=self.card_the(c))
        if kind == "trump" and rest:
            if rest.upper() == "NT":
                return self.term("no_trumps", form)
            suit = cards.SUITS.index(rest.upper())
            return self.term("trump_call", form).format(
                suit=self.suit(suit, "word"), suit_the=self.suit(suit)
            )
        bid = _BID.fullmatch(text.upper())
        # Canonical card codes write the ten as T, so a number before a suit is a card only
        # from 2 to 9, and only outside the bidding.
        suited = bid and bid[2] is not None and bid[2] != "NT"
        is_card = suited and phase != Phase.BIDDING and 2 <= int(bid[1]) <= 9
        if bid and not is_card:
            return self.term("bid", form).format(bid=self.bid(text))
        c = cards.parse_card(text)
        if form == "done":  # a card played, as a record
            return self.patterns["played"].format(card_the=self.card_the(c))
        return self.card(c)

    def said(self, move, form: str = "move") -> str:
        """A move described by its deal (a ``cardgames.contract.Move``) in words, as a button
        says it: what ``move(token, phase)`` says of its token, read from its kind and the card
        or bid it names, so no token is parsed (``form`` "done": a call as a record says it,
        in line with the cards played)."""
        kind = move.kind
        if kind == "card":
            return self.card(move.card)
        if kind in ("pass_cards", "expose"):
            pattern = self.term(kind, "move")
            return pattern.format(card=self.card(move.card), card_the=self.card_the(move.card))
        if kind == "trump_call":
            if move.strain == "NT":
                return self.term("no_trumps", "move")
            suit = cards.SUITS.index(move.strain)
            return self.term("trump_call", "move").format(
                suit=self.suit(suit, "word"), suit_the=self.suit(suit)
            )
        if kind == "bid":
            return self.term("bid", "move").format(bid=self.bid_words(move.bid, move.strain))
        return self.term(kind, form)  # pass_call, double, double_deal, triple, redeal...

    def call(self, move) -> str:
        """A call of an auction as the table says it: a bid in words (``7 clubs``), or the
        call (``pass``, ``double``)."""
        return self.bid_words(move.bid, move.strain) if move.kind == "bid" else self.said(move)

    # --- seats -------------------------------------------------------------------------

    def seat(self, seat: int) -> str:
        return self.seats[seat]

    def side(self, side: int) -> str:
        return self.sides[side]

    # --- what a template draws ----------------------------------------------------------

    def card_view(self, c: int, **flags) -> dict:
        """What ``cardtable/_card.html`` needs: the code, the name, what a screen reader
        hears (the name and the card's state), and the rank and suit as shown; with ``flags``
        (a new dict each call, so a caller may change it)."""
        look = (c, *(bool(flags.get(state)) for state in ("exposed", "legal", "received")))
        found = self._looks.get(look)
        if found is None:  # each look is worked out once: a table names up to a hundred cards
            found = self._looks[look] = self._card_look(*look)
        return {**found, **flags}

    def _card_look(self, c: int, exposed: bool, legal: bool, received: bool = False) -> dict:
        code = cards.card_code(c)
        states = [self.card(c)]
        with translation.override(self.lang):
            if received:
                states.append(pgettext("card state", "received in the pass"))
            if exposed:
                states.append(pgettext("card state", "exposed"))
            if legal:
                states.append(pgettext("card state", "can be played"))
            label = listing(states)
        return {
            "code": code,
            "name": self.card(c),
            "label": label,
            "rank": shown_rank(code),
            "pip": SYMBOLS[cards.suit_of(c)],
            "suit": SUIT_CLASSES[cards.suit_of(c)],
        }

    def card_html(self, c: int, proclitic: str = "") -> str:
        """A card in running text (``card_ref`` of its name), after ``proclitic`` if any."""
        return card_ref(
            SUIT_CLASSES[cards.suit_of(c)], shown_rank(cards.card_code(c)), self.card(c), proclitic
        )


def shown_rank(code: str) -> str:
    """A card's rank as its corner shows it (``T`` is written 10)."""
    return "10" if code[0] == "T" else code[0]


# A one-letter Arabic word (بـ "with", كـ "as", لـ "to", فـ "so") is written onto the word
# after it: «بثلاثة», but «بـ13» and «بـK» through a tatweel, since a digit or a Latin letter
# takes no joining. The texts write it with the tatweel before a placeholder («بـ{card}»,
# «بـ%(card)s»), and ``attach`` decides once the word is known.
ONE_LETTER_WORD = r"(?<![\u0621-\u064a])([بكلف])\u0640"  # a letter alone, with its tatweel
PROCLITIC = re.compile(ONE_LETTER_WORD + "$")
_JOINS = re.compile(r"[\u0621-\u064a]")


def attach(letter: str, word: str) -> str:
    """``letter`` (ب، ك، ل، ف) written onto ``word`` (لـ before the article is «لل»)."""
    if not _JOINS.match(word):
        return letter + "\u0640" + word
    if letter == "ل" and word.startswith("ال"):
        return "ل" + word[1:]
    return letter + word


_BEFORE_WORD = re.compile(ONE_LETTER_WORD + r"(?=[\u0621-\u064a])")


def attach_all(text: str) -> str:
    """Every «بـ» of a filled sentence joined to the Arabic word that follows it."""
    out = _BEFORE_WORD.sub(r"\1", re.sub(r"(?<![\u0621-\u064a])ل\u0640ال", "لل", text))
    return mark_safe(out) if isinstance(text, SafeString) else out


@cache
def card_ref(suit: str, rank: str, name: str, proclitic: str = "") -> str:
    """A card in running text: the name for screen readers, the rank and symbol shown
    (hidden from screen readers; red suits also differ by shape and a class). A ``proclitic``
    (بـ) is joined to the name that is read and, through a tatweel, to the rank that is seen.
    Each is built once: a deal's record names a card up to a hundred times."""
    return format_html(
        '<span class="card-ref suit-{}" title="{}"><span class="sr-only">{}</span>'
        '{}<bdi aria-hidden="true" dir="ltr">{}<svg class="pip"><use href="#suit-{}"></use></svg>'
        "</bdi></span>",
        suit,
        name,
        attach(proclitic, name) if proclitic else name,
        format_html('<span aria-hidden="true">{}\u0640</span>', proclitic) if proclitic else "",
        rank,
        suit,
    )


def penalty_name(code: str) -> str:
    """The penalties of Sab'at Al-Deemin (engine codes) in words."""
    return {
        "out_of_turn": _("Playing a card out of turn"),
        "knock_with_playable_card": _("Knocking while holding a card that could be laid"),
        "wrong_card": _("Laying a card of the wrong rank or suit on a pile"),
        "missing_warning": _("Not warning the table when left with one card"),
        "signalling": _("A word or gesture telling your partner about your cards"),
    }.get(code, code)


# --- numbers and lists -----------------------------------------------------------------------
# One table of the counted nouns the site writes with a number. Arabic has six plural forms
# («نقطة واحدة»، «نقطتان»، «3 نقاط»، «11 نقطة»…), so a number is never glued to one form. The
# Arabic dual also changes with its place in the sentence: «نقطتان» as a subject, «نقطتين»
# after a verb or a preposition; a noun ending in ``_obj`` is that second form («تكلّف نقطتين»).
# A trick is a أكلة in the Gulf and a لمّة in the Levant, a heart a هاص or a كبّة: those nouns
# are asked by region.

COUNTED = {
    "points": lambda n, region: ngettext("%(n)s point", "%(n)s points", n),
    "points_obj": lambda n, region: npgettext("object", "%(n)s point", "%(n)s points", n),
    "cards": lambda n, region: ngettext("%(n)s card", "%(n)s cards", n),
    "cards_obj": lambda n, region: npgettext("object", "%(n)s card", "%(n)s cards", n),
    "players": lambda n, region: ngettext("%(n)s player", "%(n)s players", n),
    "deals": lambda n, region: ngettext("%(n)s deal", "%(n)s deals", n),
    "deals_obj": lambda n, region: npgettext("object", "%(n)s deal", "%(n)s deals", n),
    "tricks": lambda n, region: (
        npgettext("levant", "%(n)s trick", "%(n)s tricks", n)
        if region == "levant"
        else npgettext("gulf", "%(n)s trick", "%(n)s tricks", n)
    ),
    "tricks_obj": lambda n, region: (
        npgettext("levant object", "%(n)s trick", "%(n)s tricks", n)
        if region == "levant"
        else npgettext("gulf object", "%(n)s trick", "%(n)s tricks", n)
    ),
    "queens": lambda n, region: ngettext("%(n)s queen", "%(n)s queens", n),
    "diamonds": lambda n, region: ngettext("%(n)s diamond", "%(n)s diamonds", n),
    "hearts": lambda n, region: (
        npgettext("levant", "%(n)s heart", "%(n)s hearts", n)
        if region == "levant"
        else npgettext("gulf", "%(n)s heart", "%(n)s hearts", n)
    ),
    "hearts_obj": lambda n, region: (
        npgettext("levant object", "%(n)s heart", "%(n)s hearts", n)
        if region == "levant"
        else npgettext("gulf object", "%(n)s heart", "%(n)s hearts", n)
    ),
}


def count(n: int, noun: str, region: str = "gulf") -> str:
    """``n`` and its noun in the active language: ``count(2, "tricks")`` is «أكلتان»,
    ``count(2, "points_obj")`` «نقطتين», ``count(11, "points")`` «11 نقطة»."""
    return _counted(translation.get_language(), n, noun, region)


@lru_cache(maxsize=4096, typed=True)  # every seat counted in each reply frame; 1 is not True
def _counted(lang: str, n: int, noun: str, region: str) -> str:
    return COUNTED[noun](n, region) % {"n": n}


def times(n: int) -> str:
    """How many times over, to put before "its value": twice, three times, 4 times."""
    if n == 2:
        return pgettext("multiple of a value", "twice")
    if n == 3:
        return pgettext("multiple of a value", "three times")
    return ngettext("%(n)s time", "%(n)s times", n) % {"n": n}


def signed(n: int, plus: bool = False) -> str:
    """A number that may be negative, with one minus sign (U+2212) and isolated left to
    right, so ``−16`` keeps its sign first inside Arabic text. ``plus`` signs a gain too."""
    if n < 0:
        return ISOLATE.format(MINUS + str(-n))
    if plus and n > 0:
        return ISOLATE.format("+" + str(n))
    return str(n)


_SIGNED_IN_TEXT = re.compile(r"(?<![\w\u2066])[\u2212-](\d+)(?!\u2069)")


def isolate_signed(text: str) -> str:
    """Every negative number written in a text («−16», "-16") as ``signed`` writes it."""
    return _SIGNED_IN_TEXT.sub(lambda m: signed(-int(m.group(1))), text)


def listing(items, conjunction: str | None = None) -> str:
    """Items joined with the language's separator: «، » in Arabic, ", " in English and
    French; with ``conjunction`` ("and", "or") the last two are joined as a sentence joins them:
    "the queen and the ten", «البنت والعشرة», «la dame et le dix»."""
    items = [str(i) for i in items]
    if conjunction is None or len(items) < 2:
        return pgettext("list separator", ", ").join(items)
    last = (
        pgettext("list, last two", "%(rest)s and %(last)s")
        if conjunction == "and"
        else pgettext("list, last two", "%(rest)s or %(last)s")
    )
    rest = pgettext("list separator", ", ").join(items[:-1])
    return last % {"rest": rest, "last": items[-1]}
