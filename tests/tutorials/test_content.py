"""The shipped tutorials: the set the issue asks for, each replayed by the engine, each text
in three languages; and the guards that refuse a broken one (check, loader, admin)."""

import copy

import pytest
from django.core import checks

from cardgames import cards
from cardgames.positions import offered_calls
from tutorials import content
from tutorials.script import ScriptError, Step, replay

SHIPPED = {d["slug"]: d for d in content.read_all()}

REQUIRED = {
    "bent-al-sbeet": [
        "bent-first-deal",
        "bent-exposing-the-queen",
        "bent-forced-discard",
        "bent-moon-shot",
        "bent-qahwa-and-sbeetah",
    ],
    "tarneeb": [
        "tarneeb-first-auction",
        "tarneeb-made-contract",
        "tarneeb-missed-bid",
        "tarneeb-kaboot",
        "tarneeb-egyptian-double",
    ],
    "sabaat-al-deemin": ["sabaat-opening-seven", "sabaat-knock", "sabaat-seven-out-doubled"],
    "leekha": ["leekha-talyeekh", "leekha-partners"],
    "tarneeb-41": ["tarneeb-41-bidding", "tarneeb-41-forty-one"],
    "hearts": ["hearts-first-tricks", "hearts-moon"],
    "trix": ["trix-first-choices", "trix-doubled-queen", "trix-layout"],
}


def frames(slug):
    return content.frames_of(SHIPPED[slug])


def last(slug):
    return frames(slug)[-1].after.state


@pytest.mark.parametrize("game", REQUIRED)
def test_the_issue_s_set_is_shipped(game):
    for slug in REQUIRED[game]:
        assert slug in SHIPPED, slug
        assert SHIPPED[slug]["game"] == game


@pytest.mark.parametrize("slug", sorted(SHIPPED))
def test_every_tutorial_replays_and_speaks_three_languages(slug):
    assert content.problems(SHIPPED[slug]) == []


@pytest.mark.parametrize("slug", sorted(SHIPPED))
def test_every_question_has_a_legal_answer_among_the_offered_moves(slug):
    asked = 0
    for frame in frames(slug):
        if not frame.step.question:
            continue
        asked += 1
        state = frame.before.state
        legal = set(state.legal_moves())
        answers = frame.answers()
        assert answers and set(answers) <= legal
        hand = state.hands[state.to_act]
        offered = {c for c in cards.cards_in(hand)} | set(offered_calls(frame.before.module, state))
        assert set(answers) <= offered, "the answer must be one of the buttons on the page"
    assert asked >= 1, f"{slug} asks the learner nothing"


def test_the_system_check_passes_on_the_shipped_files(db):  # the checks read stored rows too
    errors = [e for e in checks.run_checks() if e.id and e.id.startswith("tutorials.")]
    assert errors == []


# --------------------------------------------------------------- what the tutorials show
def test_the_forced_discard_tutorial_forces_the_queen():
    """Its question is a void player holding the queen: every other card is refused."""
    for frame in frames("bent-forced-discard"):
        if frame.step.question:
            state = frame.before.state
            legal = set(state.legal_moves())
            assert cards.parse_card("QS") in legal
            assert legal <= {cards.parse_card("QS"), cards.parse_card("TD")}
            led = cards.suit_of(state.trick[0][1])
            assert not state.hands[state.to_act] & cards.suit_mask(led), "the learner is void"
            break
    else:
        pytest.fail("no question")


def test_the_moon_shot_tutorial_ends_in_a_moon():
    state = last("bent-moon-shot")
    assert state.is_over and state.moon_by() is not None


def test_the_exposed_queen_tutorial_exposes_the_queen():
    state = last("bent-exposing-the-queen")
    assert state.exposed >> cards.parse_card("QS") & 1


def test_the_two_variant_tutorial_restarts_under_sbeetah():
    variants = [f.after.variant for f in frames("bent-qahwa-and-sbeetah")]
    assert variants[0] == "qahwa" and variants[-1] == "sbeetah"


def test_the_kaboot_tutorial_takes_every_trick():
    state = last("tarneeb-kaboot")
    assert state.is_over and 13 in state.side_tricks()


def test_the_missed_bid_tutorial_misses_and_the_made_one_makes():
    missed = last("tarneeb-missed-bid")
    made = last("tarneeb-made-contract")
    assert missed.points()[missed.contract.side] < 0
    assert made.points()[made.contract.side] > 0


def test_the_egyptian_tutorial_is_doubled():
    state = last("tarneeb-egyptian-double")
    assert SHIPPED["tarneeb-egyptian-double"]["variant"] == "egyptian"
    assert state.contract.doubled


def test_the_seven_out_tutorial_goes_out_on_a_seven_doubled():
    state = last("sabaat-seven-out-doubled")
    assert state.is_over and state.multiplier == 2
    assert max(state.points()) >= 200 * 2


def test_the_knock_tutorial_knocks():
    moves = [m for f in frames("sabaat-knock") for m in f.after.moves]
    assert any(m == 64 for m in moves)  # KNOCK


# --------------------------------------------------------------- the guards
def broken(**changes):
    data = copy.deepcopy(SHIPPED["sabaat-knock"])
    for path, value in changes.items():
        target = data
        *keys, last_key = path.split("__")
        for k in keys:
            target = target[int(k)] if k.isdigit() else target[k]
        target[last_key] = value
    return data


def test_an_illegal_move_names_the_step_and_the_reason():
    data = broken(**{"steps__1__moves": "AS AS"})
    problems = content.problems(data)
    assert len(problems) == 1
    assert "step 2" in problems[0] and "AS" in problems[0]


def test_a_missing_language_names_the_step():
    data = broken(**{"steps__2__text": {"ar": "نص", "en": "Text", "fr": ""}})
    assert content.problems(data) == ["sabaat-knock step 3: no fr text"]


def test_a_question_for_someone_else_is_refused():
    data = copy.deepcopy(SHIPPED["sabaat-knock"])
    data["learner"] = "N" if data["learner"] != "N" else "E"
    assert any("the question is for" in p for p in content.problems(data))


def test_replay_refuses_an_unknown_variant():
    from cardgames.layout import sabaat_al_deemin as sad

    hands = list(frames("sabaat-knock")[0].before.hands)
    with pytest.raises(ScriptError) as e:
        replay(sad, "variant-that-does-not-exist", hands, 0, {}, [Step()])
    assert "unknown_variant" in str(e.value)


def test_the_system_check_reports_a_broken_file(tmp_path, monkeypatch):
    from tutorials import checks as tutorial_checks

    bad = tmp_path / "bad.toml"
    bad.write_text('slug = "bad"\ngame = "tarneeb"\n', encoding="utf-8")
    monkeypatch.setattr(content, "DATA", tmp_path)
    errors = tutorial_checks.tutorials_replay()
    assert errors and all(e.id == "tutorials.E002" for e in errors)
    assert any("no variant" in e.msg for e in errors)


def test_the_doubled_queen_tutorial_charges_the_taker_and_pays_the_doubler():
    state = last("trix-doubled-queen")
    assert state.contract == "queens"
    assert state.points() == [-50, 0, 25, 0]  # North took the queen South doubled


def test_the_layout_tutorial_ends_with_the_four_places():
    state = last("trix-layout")
    assert state.is_over and state.contract == "trix"
    assert state.points() == [150, 50, 200, 100]
