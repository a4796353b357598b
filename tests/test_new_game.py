"""A new game, added as the guide says (``docs/adding-a-game.md``), and served by every app: Black
Lady, a Hearts variant that is not a copy of Hearts, with an engine module of its own (its own
``Rules``, presets, and a rule of its own: no moon, the queen of spades at 13 all the same), a
registry file of its own in three languages, its "find the best card" puzzles (written by
``manage.py findbestcards``), a recorded match of each preset, and one line in the list of
games. Its files are kept under ``tests/newgame/`` (a real game's go to ``cardgames/penalty/``,
``rulebook/registry/``, ``quiz/data/best_card/`` and ``tests/engine/golden/``), and the test
registers it as the line in ``cardgames/games.py`` would.

The count the guide gives is checked here: the game touches six files (its module, its registry
file, its puzzles, its recorded matches, this test, the line in the list of games) and no other
file of the site names it; then its rule pages, a position, a quiz question and a best-card
puzzle, a practice deal with the computer players' hint, the analysis and a score sheet are
served, and the system checks pass with it listed.
"""

import re
import subprocess
from pathlib import Path

import pytest

from cardgames import games
from cardgames.contract import Game
from tests.engine import golden
from tests.newgame import black_lady

ROOT = Path(__file__).resolve().parents[1]
SLUG = "black-lady"
REGISTRY = "tests/newgame/black_lady.toml"
HERE = ROOT / "tests" / "newgame"
DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
GAME = Game(SLUG, black_lady, REGISTRY)  # the line it adds to cardgames/games.py


@pytest.fixture
def listed():
    """The game in the list of games, for the test (and out of it again after)."""
    games.register(GAME)
    try:
        yield GAME
    finally:
        games.unregister(SLUG)


@pytest.fixture
def loaded(db, listed):
    """The game listed, its registry and its quiz loaded into the database, as ``make setup``
    does."""
    from quiz import loader as quiz_loader
    from rulebook.loader import Report, load_game

    load_game(GAME, Report())
    quiz_loader.load_game(GAME, Report())
    return GAME


# --- what it is, and what it touched -------------------------------------------------------


def test_it_is_a_game_of_its_own_in_the_penalty_family(listed):
    from cardgames import bots
    from cardgames.penalty import hearts
    from cardgames.penalty.sheet import PenaltySheet

    assert GAME.engine is not hearts and GAME.family is hearts.FAMILY
    assert set(black_lady.PRESETS) == {"classic", "left"} != set(hearts.PRESETS)
    assert GAME.sheet is PenaltySheet
    assert set(bots.REASONS[SLUG]) == set(bots.REASONS["hearts"])  # the family's players
    # Its rule of its own: no moon. Every heart and the queen taken by one player is 26 to them.
    everything = [(13 * 1 + c) for c in range(13)] + [10]  # the hearts and the queen of spades
    scoring = black_lady.table(black_lady.PRESETS["classic"]).scoring
    taken = [sum(1 << c for c in everything), 0, 0, 0]
    assert scoring.score(taken, 0, True) == [26, 0, 0, 0]
    assert black_lady.worked_example(black_lady.PRESETS["classic"])["example_all"] == 26


def test_a_recorded_match_of_each_preset(listed):
    """One file holds a whole match of each preset, as ``tests/engine/golden/`` has them."""
    text = "\n".join(golden.penalty_match(black_lady, "Black Lady", p) for p in black_lady.PRESETS)
    golden.check("black-lady.txt", text, folder=HERE)


def test_it_touches_six_files_and_no_other_file_names_it():
    """Its module, its registry file, its puzzles, its recorded matches, this test and one line
    in the list of games: six. No app, template or catalogue names it: each reads the list of
    games and the family's record."""
    own = sorted(p.name for p in HERE.iterdir() if p.is_file() and p.name != "__init__.py")
    assert own == [
        "black-lady.txt",
        "black_lady.best_card.toml",
        "black_lady.py",
        "black_lady.toml",
    ]
    touched = [*own, Path(__file__).name, "cardgames/games.py (one Game line)"]
    assert len(touched) == 6
    assert "**6 files**" in (ROOT / "docs" / "adding-a-game.md").read_text(encoding="utf-8")
    named = subprocess.run(
        ["git", "grep", "-l", "-i", "-E", "black.lady|blacklady"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    ).stdout.split()
    elsewhere = [p for p in named if not p.startswith("tests/newgame/")]
    assert set(elsewhere) <= {"tests/test_new_game.py", "docs/adding-a-game.md"}, elsewhere


def test_the_system_checks_pass_with_it_listed(loaded):
    from django.core import checks

    problems = [e for e in checks.run_checks() if e.level >= checks.ERROR]
    assert problems == []


def test_two_games_may_share_one_engine_module(client, loaded):
    """A game is its slug, its module and its registry file: a second game on Black Lady's
    module (as a variant with a page of its own would be) is loaded and served beside it."""
    from dataclasses import replace

    from rulebook.loader import Report, load_game

    twin = replace(GAME, slug="black-lady-twin")
    games.register(twin)
    try:
        load_game(twin, Report())
        for slug in (SLUG, twin.slug):
            assert client.get(f"/en/{slug}/").status_code == 200, slug
            assert client.get(f"/en/{slug}/sheet/").status_code == 200, slug
    finally:
        games.unregister(twin.slug)


# --- every app serves it -------------------------------------------------------------------


@pytest.mark.parametrize(
    "lang,name,lady",
    [
        ("en", "Black Lady", "black lady"),
        ("ar", "البنت السوداء", "البنت السوداء"),
        ("fr", "Dame noire", "dame noire"),
    ],
)
def test_its_rule_pages_are_served_in_three_languages(client, loaded, lang, name, lady):
    for url in (f"/{lang}/{SLUG}/", f"/{lang}/{SLUG}/left/", f"/{lang}/{SLUG}/classic/print/"):
        response = client.get(url)
        assert response.status_code == 200, url
        html = response.content.decode()
        assert name in html and lady in html.lower(), url
        assert re.findall(r"\{\w+(:\w+)?\}", html) == [], url  # every placeholder filled
    html = client.get(f"/{lang}/{SLUG}/").content.decode()
    assert "26" in html  # the worked example: every point taken by one player, all charged


def test_a_position_is_served(client, loaded):
    from django.urls import reverse
    from django.utils import translation

    with translation.override("en"):
        assert reverse("position", args=[SLUG]) == f"/en/{SLUG}/position/"
    position = client.get(f"/en/{SLUG}/position/", {"deal": DEAL})
    assert position.status_code == 200
    assert "two of clubs, can be played" in position.content.decode()


def test_a_quiz_question_is_served(client, loaded):
    start = client.get("/en/quiz/start/", {"game": SLUG, "variant": "classic", "kind": "play"})
    assert start.status_code == 302, start.content.decode()[:2000]
    assert f"/quiz/{SLUG}/" in start["Location"]
    question = client.get(start["Location"])
    assert question.status_code == 200
    assert 'name="move"' in question.content.decode()


def test_a_best_card_puzzle_is_served_and_judged(client, loaded):
    from quiz.models import HandPicked

    puzzles = HandPicked.objects.filter(game=SLUG, kind="best-card")
    assert puzzles.count() >= 3
    urls = re.findall(
        rf'href="(/en/quiz/{SLUG}/[\w-]+/best-card/[^"]+)"',
        client.get("/en/quiz/").content.decode(),
    )
    assert urls
    page = client.get(urls[0].replace("&amp;", "&"))
    assert page.status_code == 200 and 'name="move"' in page.content.decode()


def test_a_practice_deal_is_served_with_the_computer_players_hint(client, loaded):
    started = client.post(f"/en/{SLUG}/practice/", {"variant": "", "seat": "S", "level": "club"})
    assert started.status_code == 303, started.content.decode()[:2000]
    html = client.get(started["Location"]).content.decode()
    assert "Black Lady: a practice match" in html and "Choose 3 cards to pass" in html
    assert '/move/" class="move-form' in html
    hinted = client.get(started["Location"], {"hint": "1"}).content.decode()
    assert 'id="hint"' in hinted and "The moves you can make:" in hinted


def test_the_analysis_is_served(client, loaded):
    answer = client.get(f"/api/{SLUG}/analysis", {"deal": DEAL, "view": "open"})
    assert answer.status_code == 200, answer.content[:300]
    moves = answer.json()["moves"]
    assert moves and moves[0]["cost"] == 0 and {m["move"] for m in moves} == {"2C"}


def test_a_score_sheet_is_served_and_charges_all_26_to_one_taker(client, loaded):
    assert client.get(f"/en/{SLUG}/sheet/").status_code == 200
    started = client.post(f"/en/{SLUG}/sheet/", {"variant": "classic"})
    assert started.status_code in (302, 303), started.content.decode()[:2000]
    url = started["Location"]
    row = {"kind": "cards", "row": 1, "queen": "N"}
    row.update({"hearts_N": 13, "hearts_E": 0, "hearts_S": 0, "hearts_W": 0})
    assert client.post(url, row).status_code == 302
    sheet = client.get(url).content.decode()
    assert re.search(r'id="total-n" data-value="26"', sheet)


# --- and what a new family touches, counted on the layout family ------------------------------

GUIDE = ROOT / "docs" / "adding-a-game.md"


def test_a_new_family_touches_the_files_the_guide_counts():
    """The guide's count for a new family, measured on the newest one (the layout family, with
    its one game, Sab'at Al-Deemin): its package, its game's files as above, a module in each
    app that words its games (found by the family's name), the score sheet's form template, the
    two catalogues and the card words (its moves' names)."""
    from cardgames.layout.family import FAMILY
    from plumbing import families

    game = next(g for g in games.GAMES.values() if g.family is FAMILY)
    module = f"{game.engine.__name__.rsplit('.', 1)[1]}.py"
    # Other games' modules in the package are theirs, not the family's (Trix's layout contract,
    # a game with a registry file of its own).
    others = {p.stem for p in (ROOT / "rulebook" / "registry").glob("*.toml")} - {module[:-3]}
    package = sorted(
        p.name for p in (ROOT / "cardgames" / FAMILY.name).glob("*.py") if p.stem not in others
    )
    assert module in package
    apps = sorted(str(p.relative_to(ROOT)) for p in ROOT.glob(f"*/families/{FAMILY.name}.py"))
    assert apps == [
        f"{app}/families/{FAMILY.name}.py"
        for app in ("challenges", "practice", "quiz", "scoresheet")
    ]
    forms = {f.template for f in families.of("scoresheet", FAMILY).FORMS}
    for path in [*forms, f"quiz/data/best_card/{game.registry}.toml"]:
        assert any((ROOT / folder / path).exists() for folder in ("", "scoresheet/templates")), path
    goldens = sorted((ROOT / "tests" / "engine" / "golden").glob(f"{game.slug}-*.txt"))
    assert len(goldens) == len(game.presets)
    own_game = [
        module,
        f"rulebook/registry/{game.registry}.toml",
        "cardgames/games.py (its Game and FAMILIES)",
        f"quiz/data/best_card/{game.registry}.toml",
        f"tests/engine/test_{game.registry}.py",
        *goldens,
    ]
    shared = ["locale/ar/LC_MESSAGES/django.po", "locale/fr/LC_MESSAGES/django.po"]
    shared.append("cardtable/vocabulary.toml")  # the names of its moves (knock, double, ...)
    touched = [p for p in package if p != module] + own_game + apps + sorted(forms) + shared
    assert len(package) - 1 == 12 and len(own_game) == 6
    assert len(touched) == 26
    assert "**26 files**" in GUIDE.read_text(encoding="utf-8")
