"""Trix: every rule and worked value of trix.md by behaviour, each test naming its sources
(keys of rulebook/registry/trix.toml), then exhaustive play of small endings against a scorer
written here from the sources alone, and random whole games (hypothesis) for the zero sum."""

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgames import shuffle, trix
from cardgames.cards import DIAMONDS, JACK, card, cards_in, suit_mask
from cardgames.contract import Phase
from cardgames.errors import BadInput, IllegalMove
from cardgames.kingdom import CHOOSE, SEVEN_OF_HEARTS, Kingdom
from cardgames.layout.moves import KNOCK
from cardgames.penalty.moves import EXPOSE, KEEP
from cardgames.penalty.scoring import KH, QUEENS
from cardgames.table import E, N, S, W

from .moves import c, hands

COMMON = trix.PRESETS["common"]
COMPLEX = trix.PRESETS["complex"]

# W holds the A♥ and eleven hearts below the king, N the K♥ alone in hearts with twelve spades;
# E all the diamonds, S all the clubs (E and S void in hearts). Play goes to the right: from W,
# then S, E and N.
KING_ALONE = "N:AKQJT9876543.K.. ..AKQJT98765432. ...AKQJT98765432 2.AQJT98765432.."
# N holds the A♥ and the K♥, W the other eleven hearts.
KING_AND_ACE = "N:AKQJT987654.AK.. ..AKQJT98765432. ...AKQJT98765432 32.QJT98765432.."


def choose(deal, contract):
    deal.push(deal.parse_move(contract))
    return deal


def moves(deal, *tokens):
    for token in tokens:
        deal.push(deal.parse_move(token))
    return deal


def kingdom_deal(pbn, owner, contract, rules=COMMON, dealer=None):
    deal = trix.new_deal(rules, hands(pbn), owner if dealer is None else dealer, owner=owner)
    return choose(deal, contract)


def playout(deal, rng):
    while not deal.is_over:
        deal.push(rng.choice(deal.legal_moves()))
    return deal


def whole_game(rules, seed):
    """A whole game of kingdoms, every move drawn at random."""
    rng = random.Random(seed)
    match = Kingdom(rules, first_dealer=rng.randrange(4))
    n = 0
    while not match.is_over:
        deal = match.deal(shuffle.deal(f"{seed}/{n}", trix.PACK))
        n += 1
        match.record(playout(deal, rng))
    return match


# --- the values: each contract's deal, whole ----------------------------------------------------


# The values of the table in trix.md: −75 [OT, GB, SD, APT, AND, PW, MB, TIR], −25 a queen
# [AWP, APT, SD, AND, PW, MB, TIR], −10 a diamond, −15 a trick [AWP, SD, AND, PW, MB, TIR],
# +200 +150 +100 +50 [SD, AND, MB, TIR], Complex −500 [MB].
WHOLE = {
    "king_of_hearts": -75,
    "queens": -100,
    "diamonds": -130,
    "tricks": -195,
    "trix": 500,
    "complex": -500,
}


@pytest.mark.parametrize("contract", sorted(WHOLE))
@pytest.mark.parametrize("seed", range(6))
def test_each_contract_totals_its_value_undoubled(contract, seed):
    rules = COMPLEX if contract == "complex" else COMMON
    rules = trix.Rules(mode=rules.mode, exposable=())  # nobody may double
    deal = trix.new_deal(rules, shuffle.deal(f"v{seed}", trix.PACK), 0)
    choose(deal, contract)
    points = playout(deal, random.Random(seed)).points()
    assert sum(points) == WHOLE[contract]
    if contract == "trix":
        assert sorted(points) == [50, 100, 150, 200]


PRICES = {"king_of_hearts": 75, "queens": 25, "diamonds": 10, "tricks": 15}


@pytest.mark.parametrize("contract", sorted(WHOLE))
@pytest.mark.parametrize("seed", range(3))
def test_the_tally_says_where_each_players_points_come_from(contract, seed):
    """Undoubled, a player's points are the tally's counts at their prices (GB, SD, CRP, NU),
    or the Trix's place (MB: 200, 150, 100, 50)."""
    rules = trix.Rules(mode=(COMPLEX if contract == "complex" else COMMON).mode, exposable=())
    deal = choose(trix.new_deal(rules, shuffle.deal(f"t{seed}", trix.PACK), 0), contract)
    tally = playout(deal, random.Random(seed)).tally()
    for seat, points in enumerate(deal.points()):
        if contract == "trix":
            assert points == (200, 150, 100, 50)[tally[seat]["place"]]
            continue
        assert tally[seat]["doubled"] == tally[seat]["paid"] == []
        counts = {k: n for k, n in tally[seat].items() if k not in ("doubled", "paid")}
        priced = PRICES if contract == "complex" else {contract: PRICES[contract]}
        assert set(counts) <= set(priced) and all(n > 0 for n in counts.values())
        assert points == -sum(priced[k] * n for k, n in counts.items()), (seat, tally)


def test_the_tally_names_the_doubler_of_a_card_another_took():
    deal = kingdom_deal(KING_ALONE, W, "king_of_hearts")
    moves(deal, "expose:KH", "AH", "2C", "2D", "KH")
    assert deal.tally()[N]["doubled"] == [KH] and deal.tally()[W]["king_of_hearts"] == 1
    assert deal.tally()[W]["paid"] == [KH] and deal.tally()[N]["paid"] == []


def test_king_of_hearts_costs_its_taker_75():
    # OT, GB, SD, APT, AND, PW, MB, TIR: −75 to whoever takes the K♥.
    deal = kingdom_deal(KING_ALONE, W, "king_of_hearts", trix.Rules(exposable=()))
    moves(deal, "AH", "2C", "2D", "KH")
    assert deal.is_over and deal.points() == [0, 0, 0, -75]


def test_a_kingdom_and_the_game_total_zero():
    # GB, SD, CRP, NU: −75 −100 −130 −195 +500 = 0; the Complex kingdom −500 +500 [MB].
    assert sum(WHOLE[c] for c in COMMON.contracts) == 0
    assert sum(WHOLE[c] for c in COMPLEX.contracts) == 0
    assert COMMON.kingdom_value() == COMPLEX.kingdom_value() == 0


def test_swapped_rates_keep_the_zero_sum():
    # WP via GMS, NU (and SD's www version): a diamond 15, a trick 10; still zero.
    swapped = trix.Rules(diamond_points=15, trick_points=10)
    assert swapped.kingdom_value() == 0
    deal = trix.new_deal(swapped, shuffle.deal("swap", trix.PACK), 0)
    assert sum(playout(choose(deal, "diamonds"), random.Random(1)).points()) == -195


# --- doubling -----------------------------------------------------------------------------------


def test_doubled_king_taken_by_another_costs_150_and_pays_the_doubler_75():
    # WP via GMS, AND, MB, TIR: the taker −150, the doubler +75; OT shows the −150.
    deal = kingdom_deal(KING_ALONE, W, "king_of_hearts")
    # Asked from the owner round the table [MB]: W holds nothing to double, N the K♥.
    assert (deal.phase, deal.to_act) == (Phase.EXPOSE, N)
    assert deal.legal_moves() == [EXPOSE + KH, KEEP]
    moves(deal, "expose:KH", "AH", "2C", "2D", "KH")
    assert deal.points() == [75, 0, 0, -150]
    assert sum(deal.points()) == -75  # the net of the card is unchanged


@pytest.mark.parametrize(
    ("own_double", "own_lead", "forced"),
    [
        # OT: −75 whoever led, nobody gains.
        ("single", [-75, 0, 0, 0], [-75, 0, 0, 0]),
        # MB: −75 on his own lead; −150 and +75 to the leader when another led ("forced").
        ("by_leader", [-75, 0, 0, 0], [-150, 0, 0, 75]),
        # TIR: −150 in every case, +75 to the player who forced it (the unforced case is not
        # zero-sum, as trix.md notes).
        ("always_double", [-150, 0, 0, 0], [-150, 0, 0, 75]),
    ],
)
def test_a_doubler_taking_his_own_king(own_double, own_lead, forced):
    rules = trix.Rules(own_double=own_double)
    # N owns, doubles and leads the K♥; W must follow with a lower heart.
    deal = moves(kingdom_deal(KING_AND_ACE, N, "king_of_hearts", rules), "expose:KH")
    moves(deal, "KH", "2H", "2C", "2D")
    assert deal.is_over and deal.points() == own_lead
    # W owns and leads the Q♥; N's K♥, alone, must follow and wins.
    deal = moves(kingdom_deal(KING_ALONE, W, "king_of_hearts", rules), "expose:KH")
    moves(deal, "QH", "2C", "2D", "KH")
    assert deal.is_over and deal.points() == forced


def test_doubled_queen_taken_costs_50_and_pays_25():
    # WP via GMS, AND, MB, TIR: the same logic for the queens, −50 and +25.
    deal = kingdom_deal(KING_ALONE, W, "queens")
    # In the Queens, each queen's holder may double it (only queens: not the K♥) [MB, TIR].
    assert deal.to_act == W and deal.legal_moves() == [EXPOSE + c("QH"), KEEP]
    moves(deal, "expose:QH")
    # S holds the Q♣, E the Q♦, N the Q♠: each asked in turn, none doubles.
    assert deal.to_act == S
    moves(deal, "keep", "keep", "keep")
    moves(deal, "QH", "2C", "2D", "KH")
    assert deal.points()[N] == -50 and deal.points()[W] == 25


def test_partners_doubled_card_no_bonus_opponent_forcing_gains():
    # TIR (partnership): a card doubled by your partner and taken by you costs −150 with no
    # bonus; forced on you by an opponent, that opponent gains +75. Not zero-sum: the site's
    # default lets the doubler gain as from anyone (``partner_doubled``).
    rules = trix.Rules(partnership="points_added", partner_doubled="no_bonus")
    scoring = rules.tricks("king_of_hearts")
    from cardgames.penalty.prepared import table

    values = table(scoring).scoring
    points = [150, 0, 0, 0]  # N took a doubled K♥ (−150 in the family's costs)
    values.doubling(points, [(KH, S, N, S)])  # doubled by S, N's partner, S led
    assert points == [150, 0, 0, 0]
    points = [150, 0, 0, 0]
    values.doubling(points, [(KH, S, N, E)])  # E, an opponent, forced it
    assert points == [150, -75, 0, 0]
    values = table(trix.Rules(partnership="points_added").tricks("king_of_hearts")).scoring
    points = [150, 0, 0, 0]
    values.doubling(points, [(KH, S, N, S)])
    assert points == [150, 0, -75, 0]


def test_doubling_only_where_the_contract_prices_the_card():
    # The K♥ is doubled in the King, the queens in the Queens, both in Complex [MB, CALC].
    deal = kingdom_deal(KING_ALONE, W, "diamonds")
    assert deal.phase == Phase.PLAY  # nothing to double in the Diamonds
    deal = kingdom_deal(KING_ALONE, W, "complex", COMPLEX)
    assert deal.phase == Phase.EXPOSE and deal.legal_moves() == [EXPOSE + c("QH"), KEEP]
    moves(deal, "keep", "keep", "keep")  # W, S and E keep theirs; N may double two cards
    assert deal.legal_moves() == [EXPOSE + c("QS"), EXPOSE + KH, KEEP]


# --- leading, following, the early end ----------------------------------------------------------


def test_the_owner_leads_every_trick_contract():
    # J-TX, MB: the owner leads the first trick (WP, GB, KT: "the dealer", the same seat once
    # the owner deals); the first deal's dealer is another seat.
    deal = trix.new_deal(COMMON, hands(KING_ALONE), dealer=S, owner=W)
    choose(deal, "tricks")
    assert deal.to_act == W and deal.dealer == S


def test_follow_suit_else_any_card_no_trumps():
    # WP, GB, J-TX, KT, MB: follow suit if able, else any card; the highest of the suit led
    # wins and leads next.
    deal = kingdom_deal(KING_ALONE, W, "tricks")
    moves(deal, "2S")
    assert len(deal.legal_moves()) == 13  # S, void in spades: any club
    moves(deal, "AC", "AD")
    assert deal.legal_moves() == [c(x) for x in "3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS".split()]
    assert deal.refusal(c("KH")).code == "must_follow_suit"
    moves(deal, "3S")
    assert deal.to_act == N and deal.points() == [-15, 0, 0, 0]  # the 3♠ beats the 2♠


def test_void_with_a_penalty_card_throws_it_where_the_table_says_so():
    # TC, NU: void in the suit led in the King, Queens or Diamonds, throw a penalty card;
    # J-TX, KT, MB: free discard (the site's default).
    free = kingdom_deal(KING_ALONE, W, "diamonds")
    moves(free, "AH", "2C")  # S discards a club; E, void in hearts, holds every diamond
    assert len(free.legal_moves()) == 13
    free = kingdom_deal(KING_ALONE, W, "queens")
    moves(free, "keep", "keep", "keep", "keep", "AH")
    assert len(free.legal_moves()) == 13  # S, void in hearts, may keep the Q♣
    forced = kingdom_deal(KING_ALONE, W, "queens", trix.Rules(forced_penalty_discard=True))
    moves(forced, "keep", "keep", "keep", "keep", "AH")
    assert forced.legal_moves() == [c("QC")]
    refused = forced.refusal(c("2C"))
    assert refused.code == "must_discard_penalty_card" and refused.details["penalty"] == ["QC"]


def test_a_contract_ends_once_its_cards_are_gone():
    # MB (UNVERIFIED, one implementation): the King ends with the K♥ taken, Queens with four
    # queens, Diamonds with the thirteen diamonds; the Tricks always run thirteen tricks.
    deal = kingdom_deal(KING_ALONE, W, "king_of_hearts", trix.Rules(exposable=()))
    moves(deal, "AH", "2C", "2D", "KH")
    assert deal.is_over and deal.inner.tricks_won == [0, 0, 0, 1]
    rng = random.Random(3)
    for seed in range(10):
        for contract, cards in (("queens", QUEENS), ("diamonds", cards_in(suit_mask(DIAMONDS)))):
            deal = trix.new_deal(COMMON, shuffle.deal(f"e{seed}", trix.PACK), 0)
            playout(choose(deal, contract), rng)
            inner = deal.inner
            taken = inner.taken[0] | inner.taken[1] | inner.taken[2] | inner.taken[3]
            assert all(taken >> x & 1 for x in cards)
            last = inner.last_trick[0]
            assert any(x in cards for _, x in last)  # the last trick took the last of them
        deal = playout(
            choose(trix.new_deal(COMMON, shuffle.deal(f"t{seed}", trix.PACK), 0), "tricks"), rng
        )
        assert sum(deal.inner.tricks_won) == 13
    # A table that plays every deal out: the same scores, thirteen tricks.
    full = kingdom_deal(KING_ALONE, W, "king_of_hearts", trix.Rules(exposable=(), ends_early=False))
    moves(full, "AH", "2C", "2D", "KH")
    assert not full.is_over and full.points() == [0, 0, 0, -75]


def test_complex_tricks_with_no_penalty_card_by_reading():
    # AND, MB: −15 for every trick in Complex; J-TC read strictly: only a trick that holds a
    # diamond, a queen or the K♥ costs.
    low = [c(x) for x in ("2S", "3S", "4S", "5S")]
    rest = [x for x in range(52) if x not in low]
    random.Random(5).shuffle(rest)
    dealt = [(1 << low[s]) | sum(1 << x for x in rest[12 * s : 12 * s + 12]) for s in range(4)]
    for priced, cost in (("every", -15), ("with_penalty_card", 0)):
        rules = trix.Rules(mode="complex", priced_tricks=priced, exposable=())
        deal = choose(trix.new_deal(rules, dealt, W, owner=W), "complex")
        moves(deal, "5S", "4S", "3S", "2S")  # W, S, E, N: no priced card; W takes it
        assert deal.points()[W] == cost


# --- the Trix layout ----------------------------------------------------------------------------

LAYOUT = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"


def test_layout_opens_with_jacks_builds_up_and_down():
    # WP via GMS, J-TX, J-TC, KT, TH, MB: a row per suit opened by its jack, up to the ace and
    # down to the two; a legal card is a jack or one next to a row's end [KT, J-TC, TH, NU, MB].
    deal = kingdom_deal(LAYOUT, N, "trix")
    assert deal.to_act == N  # the owner plays first [TH, NU, MB]
    assert deal.legal_moves() == [c("JS")]
    moves(deal, "JS")
    assert deal.to_act == W  # to the right [TH, MB]
    moves(deal, "JC", "JD", "JH")
    assert deal.legal_moves() == [c("TS"), c("QS")]
    moves(deal, "TS", "QC", "TD", "QH", "9S")
    piles = deal.table_view().piles
    assert piles[0] == tuple(c(x) for x in ("9S", "TS", "JS"))
    assert piles[2] == (c("TD"), c("JD")) and piles[1] == (c("JH"), c("QH"))


def test_layout_pass_only_when_no_card_fits():
    # J-TX, J-TC, KT, TH, NU, MB: a player passes only when no card of theirs fits.
    two_jacks = "N:AKQJT9876543.J.. 2.AKQT98765432.. ..AKQJT98765432. ...AKQJT98765432"
    deal = kingdom_deal(two_jacks, E, "trix")
    assert deal.legal_moves() == [KNOCK]  # E, the owner, has no jack
    # the rule steps named as Trix names them: a pass, rows (the family's knock and piles)
    assert deal.inner.permission(KNOCK).code == "must_pass"
    moves(deal, "knock")
    assert deal.to_act == N and deal.legal_moves() == [c("JS"), c("JH")]
    refused = deal.refusal(KNOCK)
    assert refused.code == "cannot_pass" and refused.details["playable"] == ["JS", "JH"]
    assert deal.inner.permission(c("JS")).code == "starts_row"
    moves(deal, "JS", "JC", "JD", "knock")  # E has no card that fits
    assert deal.to_act == N and deal.inner.permission(c("TS")).code == "next_in_row"
    # What E's passes showed the table: no jack at first, then no card next to a row's end
    # (a row's neighbours both ways, and the heart jack still unlaid), never Sab'at's sevens.
    shown = deal.view(N).table.lacks[E]
    ends = {"TS", "QS", "TC", "QC", "TD", "QD", "JH"}
    assert shown == sum(1 << c(x) for x in ends)


def test_layout_places_and_the_last_player():
    # SD, AND, MB, TIR: 200, 150, 100, 50 by the order of going out; MB ends the deal when
    # three are out (the fourth gets 50).
    rng = random.Random(7)
    for seed in range(20):
        deal = trix.new_deal(COMMON, shuffle.deal(f"l{seed}", trix.PACK), 0)
        playout(choose(deal, "trix"), rng)
        inner = deal.inner
        assert len(inner.out) == 4 and sorted(inner.out) == [0, 1, 2, 3]
        assert sum(1 for h in inner.hands if h) == 1  # only the last still holds cards
        assert [deal.points()[s] for s in inner.out] == [200, 150, 100, 50]


def test_twos_face_up_after_first_turns():
    # WP via GMS: after every player's first turn the twos are shown; MB: at the start in
    # partnership Complex when split between the sides; the site's default: never.
    from cardgames.layout.trix import TWOS, twos_shown

    dealt = shuffle.deal("twos", trix.PACK)
    layout = trix.Rules(twos_face_up="after_first_turns").layout()
    assert twos_shown(layout, dealt, 3, False) == 0
    assert twos_shown(layout, dealt, 4, False) == TWOS
    assert twos_shown(COMMON.layout(), dealt, 10, False) == 0
    # On the table: every seat sees the twos once everyone has had a turn.
    rules = trix.Rules(twos_face_up="after_first_turns")
    deal = choose(trix.new_deal(rules, dealt, 0), "trix")
    assert deal.table_view({0}).shown == (0, 0, 0, 0)
    rng = random.Random(4)
    while len(deal.inner.history) < 4:
        deal.push(rng.choice(deal.legal_moves()))
    shown = deal.table_view({0}).shown
    assert [s & TWOS for s in shown] == [h & TWOS for h in deal.inner.hands]
    assert deal.table_view({0}).hands[1] is None  # the rest of a hand stays hidden


# --- the kingdom --------------------------------------------------------------------------------


def test_the_seven_of_hearts_owns_the_first_kingdom():
    # WP, GB, J-TX, KT, VJ, SD, AWP, APT, TH, MB: whoever is dealt the 7♥ on the first deal.
    for seed in range(8):
        dealt = shuffle.deal(f"k{seed}", trix.PACK)
        match = Kingdom(COMMON, first_dealer=seed % 4)
        deal = match.deal(dealt)
        holder = next(s for s in range(4) if dealt[s] >> SEVEN_OF_HEARTS & 1)
        # The first deal is the owner's first contract [J-TX, MB], dealt by the first dealer.
        assert deal.owner == holder == deal.to_act and deal.dealer == seed % 4
        assert deal.phase == Phase.CHOOSE


def test_a_contract_is_chosen_once_in_a_kingdom():
    # WP, GB, J-TX: the owner picks from the contracts not yet used, in any order.
    deal = trix.new_deal(COMMON, hands(LAYOUT), 0, owner=N, used=("queens", "trix"))
    tokens = [deal.format_move(m) for m in deal.legal_moves()]
    assert tokens == ["king_of_hearts", "diamonds", "tricks"]
    assert deal.refusal(deal.parse_move("queens")).code == "contract_used"
    assert deal.refusal(deal.parse_move("complex")).code == "contract_not_played"
    assert deal.refusal(c("AS")).code == "must_choose_contract"
    assert deal.permission(deal.parse_move("tricks")).code == "may_choose_contract"
    with pytest.raises(BadInput):
        trix.new_deal(COMMON, hands(LAYOUT), 0, owner=N, used=("complex",))


def test_a_kingdom_has_120_orders():
    # WP, GB, J-TX: five contracts in any order, 120 possible orders.
    def orders(used):
        deal = trix.new_deal(COMMON, hands(LAYOUT), 0, owner=N, used=used)
        left = [deal.format_move(m) for m in deal.legal_moves()]
        return 1 if not left else sum(orders((*used, x)) for x in left)

    assert orders(()) == 120 == len(list(itertools.permutations(COMMON.contracts)))


@pytest.mark.parametrize(
    ("rotation", "step"),
    [("right", -1), ("left", 1)],  # WP, J-TX, MB: right each time; GR: left
)
def test_kingdoms_pass_on_and_the_owner_deals(rotation, step):
    # WP, GB, NU, TH, GR: the owner deals the rest of the kingdom; four kingdoms, 20 deals
    # [WP, GB, VJ, CRP]; Complex: two deals a kingdom, eight [J-TC, AND, MB, TH].
    for mode, deals in (("regular", 20), ("complex", 8)):
        match = whole_game(trix.Rules(mode=mode, kingdom_rotation=rotation), f"r{rotation}{mode}")
        first = match.owners[0]
        assert match.owners == [(first + step * k) % 4 for k in range(4)]
        assert len(match.rows) == deals and match.standing.over
        for k, kingdom in enumerate(match.grid()):
            assert sorted(kingdom["contracts"]) == sorted(match.rules.contracts)
            assert kingdom["owner"] == "NESW"[match.owners[k]] and kingdom["zero"]
        owners = [r.facts["owner"] for r in match.rows]
        assert owners == ["NESW"[o] for o in match.owners for _ in match.rules.contracts]
        with pytest.raises(IllegalMove):
            match.deal(shuffle.deal("more", trix.PACK))


# --- random whole games: the zero sum -----------------------------------------------------------


@settings(max_examples=6, deadline=None)
@given(st.sampled_from(sorted(trix.PRESETS)), st.integers(0, 10**6))
def test_every_kingdom_totals_zero(preset, seed):
    # GB, NU, CRP: check after each kingdom that the four totals add to zero (every rule of the
    # site's defaults keeps it; MB's own-double reading included).
    match = whole_game(trix.PRESETS[preset], seed)
    for k in range(4):
        assert sum(match.kingdom_totals(k)) == 0
    assert sum(match.totals) == 0 and match.standing.over and match.standing.winners


def finished(rules, last_row):
    """A sheet with a whole game entered by hand: zeros, and ``last_row``'s points last."""
    sheet = Kingdom(rules)
    rows = [(owner, c) for owner in "NWSE" for c in rules.contracts]
    for i, (owner, contract) in enumerate(rows):
        points = last_row if i == len(rows) - 1 else [0] * 4
        sheet.enter("points", {"owner": owner, "contract": contract, "points": points})
    return sheet


def test_team_winner_readings():
    # J-TX, MB: the side with the higher total wins; NU: the side whose member has the worst
    # individual total loses, even if the partner did best.
    higher = trix.Rules(partnership="points_added")
    worst = trix.Rules(partnership="points_added", team_winner="worst_player_loses")
    assert finished(higher, [200, 150, -300, -50]).standing.winners == ("EW",)
    assert finished(worst, [200, 150, -300, -50]).standing.winners == ("EW",)
    assert finished(higher, [400, -50, -200, -150]).standing.winners == ("NS",)
    assert finished(worst, [400, -50, -200, -150]).standing.winners == ("EW",)
    assert finished(COMMON, [400, -50, -200, -150]).standing.winners == ("N",)


def test_a_sheet_kept_by_hand_checks_owner_and_contract():
    # TIR, GR: a row per deal naming its contract, the owner's contracts tracked; GB, NU, CRP:
    # the subtotal of a kingdom is zero.
    sheet = Kingdom(COMMON)
    sheet.enter("points", {"owner": "S", "contract": "king_of_hearts", "points": [0, -75, 0, 0]})
    with pytest.raises(IllegalMove) as twice:
        sheet.enter("points", {"owner": "S", "contract": "king_of_hearts", "points": [0] * 4})
    assert twice.value.code == "contract_used"
    with pytest.raises(BadInput) as other:
        sheet.enter("points", {"owner": "N", "contract": "queens", "points": [0] * 4})
    assert other.value.code == "not_the_owner"
    for contract, points in (
        ("queens", [-25, -25, -50, 0]),
        ("diamonds", [-40, -30, -20, -40]),
        ("tricks", [-45, -60, -45, -45]),
        ("trix", [200, 150, 100, 50]),
    ):
        sheet.enter("points", {"owner": "S", "contract": contract, "points": points})
    grid = sheet.grid()
    assert grid[0]["subtotal"] == (90, -40, -15, -35) and grid[0]["zero"]
    assert grid[0]["contracts"]["queens"] == (-25, -25, -50, 0)
    assert sheet.totals == (90, -40, -15, -35)
    # The next kingdom is the right-hand player's (E, on S's right).
    with pytest.raises(BadInput):
        sheet.enter("points", {"owner": "S", "contract": "queens", "points": [0] * 4})
    sheet.enter("points", {"owner": "E", "contract": "queens", "points": [0, -100, 0, 0]})
    assert sheet.grid()[1]["zero"] is None  # a kingdom under way is not checked yet


# --- exhaustive small endings against the sources' scoring ------------------------------------


def source_score(contract, history_cards, leader, exposed_by, rules):
    """Trix's scoring as trix.md states it, from the cards played in order (every trick):
    each trick to the highest card of the suit led, its winner leading next; the priced cards
    and tricks of ``contract``; a doubled card twice to its taker and once to its doubler, MB's
    reading of a doubler's own card. Costs, by seat."""
    prices = {
        "king_of_hearts": (75, 0, 0, 0),
        "queens": (0, 25, 0, 0),
        "diamonds": (0, 0, 10, 0),
        "tricks": (0, 0, 0, 15),
        "complex": (75, 25, 10, 15),
    }[contract]
    king, queen, diamond, per_trick = prices
    points = [0, 0, 0, 0]
    seat = leader
    for start in range(0, len(history_cards) - len(history_cards) % 4, 4):
        trick = history_cards[start : start + 4]
        seats = [(seat - i) % 4 for i in range(4)]  # to the right
        led = trick[0] // 13
        win = max(x for x in trick if x // 13 == led)
        winner = seats[trick.index(win)]
        points[winner] += per_trick
        for x in trick:
            value = (king if x == KH else 0) + (queen if x in QUEENS else 0)
            value += diamond if x // 13 == DIAMONDS else 0
            doubler = exposed_by.get(x)
            dvalue = (king if x == KH else 0) + (queen if x in QUEENS else 0)
            if doubler is None:
                points[winner] += value
            elif doubler != winner:
                points[winner] += value + dvalue
                points[doubler] -= dvalue
            elif seat == winner:  # his own lead: the single value
                points[winner] += value
            else:  # forced by the trick's leader
                points[winner] += value + dvalue
                points[seat] -= dvalue
        seat = winner
    return points


def endings(contract, seed, cards_left):
    """A deal of ``contract`` played at random until ``cards_left`` cards a hand remain."""
    rules = COMPLEX if contract == "complex" else COMMON
    rules = trix.Rules(mode=rules.mode, ends_early=False)
    rng = random.Random(seed)
    deal = choose(trix.new_deal(rules, shuffle.deal(f"x{seed}", trix.PACK), 0), contract)
    while deal.phase == Phase.EXPOSE:
        deal.push(rng.choice(deal.legal_moves()))
    while sum(h.bit_count() for h in deal.inner.hands) > 4 * cards_left or deal.inner.trick:
        deal.push(rng.choice(deal.legal_moves()))
    return deal


def every_line(deal):
    """Every way the deal can be played out from here."""
    if deal.is_over:
        yield deal
        return
    for move in deal.legal_moves():
        yield from every_line(deal.play(move))


@pytest.mark.parametrize("contract", ["king_of_hearts", "queens", "diamonds", "tricks", "complex"])
@pytest.mark.parametrize("seed", range(3))
def test_exhaustive_endings_score_as_the_sources_say(contract, seed):
    start = endings(contract, seed, 3)
    inner = start.inner
    exposed_by = {}
    for move in inner.history:
        if EXPOSE <= move < EXPOSE + 52:
            held = next(
                s for s in range(4) if shuffle.deal(f"x{seed}", trix.PACK)[s] >> (move - EXPOSE) & 1
            )
            exposed_by[move - EXPOSE] = held
    lines = 0
    for end in every_line(start):
        lines += 1
        played = [m for m in end.inner.history if m < 52]
        expect = source_score(contract, played, inner.leader, exposed_by, end.rules)
        assert end.points() == [-p for p in expect]
        # Following suit, checked card by card: a card off the suit led only when void.
        assert sum(end.inner.tricks_won) == 13
    assert lines >= 6  # three cards a hand: at least 3! ways for the leader's side alone


@pytest.mark.parametrize("seed", range(4))
def test_exhaustive_layout_endings_never_block(seed):
    # Every line from a late Trix position ends with four places, 500 in all; a seat passes only
    # with no card that fits (legal_moves gives the knock alone, and only then).
    rng = random.Random(seed)
    deal = choose(trix.new_deal(COMMON, shuffle.deal(f"y{seed}", trix.PACK), 0), "trix")
    while sum(h.bit_count() for h in deal.inner.hands) > 9:
        deal.push(rng.choice(deal.legal_moves()))
    for end in every_line(deal):
        assert sum(end.points()) == 500 and sorted(end.inner.out) == [0, 1, 2, 3]


def test_fits_is_a_jack_or_next_to_an_end():
    # KT, J-TC, TH, NU, MB: checked against the rule as written at every move of random deals.
    rng = random.Random(11)
    for seed in range(10):
        deal = choose(trix.new_deal(COMMON, shuffle.deal(f"z{seed}", trix.PACK), 0), "trix")
        while not deal.is_over:
            inner = deal.inner
            piles = inner.table_view().piles
            fits = set()
            for suit, pile in enumerate(piles):
                if not pile:
                    fits.add(card(JACK, suit))
                    continue
                low, high = pile[0] % 13, pile[-1] % 13
                if low > 0:
                    fits.add(card(low - 1, suit))
                if high < 12:
                    fits.add(card(high + 1, suit))
            mine = {x for x in cards_in(inner.hands[inner.to_act])}
            expect = sorted(mine & fits) or [KNOCK]
            assert deal.legal_moves() == expect
            deal.push(rng.choice(deal.legal_moves()))


def test_choice_moves_are_tokens_of_their_own():
    deal = trix.new_deal(COMMON, hands(LAYOUT), 0, owner=E)
    assert [deal.move_view(m).kind for m in deal.legal_moves()] == [
        f"contract_{c}" for c in COMMON.contracts
    ]
    assert deal.legal_moves()[0] == CHOOSE
    view = deal.table_view({E})
    assert view.phase == "choose" and view.to_act == E and view.hands[N] is None
    assert [m.token for m in view.legal] == list(COMMON.contracts)
    assert deal.table_view({N}).legal == ()


# --- the game contract, as tests/engine/test_contract.py checks every listed game ------------


@settings(max_examples=12, deadline=None, derandomize=True)
@given(st.sampled_from(sorted(trix.PRESETS)), st.integers(0, 2**32))
def test_deals_keep_the_contract(preset, seed):
    from cardgames.contract import DealState

    rng = random.Random(seed)
    deal = trix.new_deal(
        trix.PRESETS[preset], shuffle.deal(f"c{seed}", trix.PACK), rng.randrange(4)
    )
    moves_ = [m for m in range(256) if _is_move(m)]
    assert isinstance(deal, DealState)
    while True:
        assert (deal.to_act is None) == deal.is_over == (deal.phase == Phase.OVER)
        legal = deal.legal_moves()
        assert legal == sorted(set(legal)) and (not legal) == deal.is_over
        for move in moves_:
            ok = move in legal
            assert (deal.refusal(move) is None) == ok == (deal.permission(move) is not None)
            assert deal.permission_code(move) == (ok and deal.permission(move).code or None)
        for move in legal:
            token = trix.format_move(move)
            assert deal.parse_move(token) == move == trix.parse_move(token)
            assert deal.format_move(move) == token
        if deal.is_over:
            break
        move = rng.choice(legal)
        played = deal.play(move)
        before = deal.copy()
        deal.push(move)
        assert before.history == deal.history[:-1] and played.history == deal.history
        assert played.points() == deal.points() and played.legal_moves() == deal.legal_moves()


def _is_move(m):
    try:
        trix.format_move(m)
    except BadInput:
        return False
    return True


def test_a_position_names_its_kingdom():
    extra = trix.parse_extra({"owner": "w", "used": "queens,trix"})
    assert extra == {"owner": W, "used": ("queens", "trix")}
    assert trix.format_extra(extra) == {"owner": "W", "used": "queens,trix"}
    state = trix.position_start(COMMON, hands(LAYOUT), N, **extra)
    assert state.to_act == W and [state.format_move(m) for m in state.legal_moves()] == [
        "king_of_hearts",
        "diamonds",
        "tricks",
    ]
    with pytest.raises(BadInput):
        trix.parse_extra({"used": "hearts"})
    with pytest.raises(BadInput):
        trix.parse_move("pass:QS")  # Trix passes no cards
    after = trix.match_after(COMMON, playout(choose(state, "tricks"), random.Random(2)))
    assert after["over"] is False and sum(after["totals"].values()) == -195
    assert after["next_dealer"] == "W"  # the owner deals the rest of the kingdom


def test_pages_numbers():
    # The values quoted on the rule pages, from the rules: the totals of trix.md's table.
    numbers = trix.describe(COMMON)
    assert (numbers["queens_total"], numbers["diamonds_total"], numbers["tricks_total"]) == (
        100,
        130,
        195,
    )
    assert numbers["complex_total"] == numbers["trix_total"] == 500
    assert numbers["deals"] == 20 and trix.describe(COMPLEX)["deals"] == 8
    assert trix.worked_example(COMMON) == {
        "example_doubled_taker": -150,
        "example_doubled_doubler": 75,
        "example_kingdom_total": 0,
    }


# --- a recorded game of each preset ---------------------------------------------------------


def recorded_game(preset: str) -> str:
    """A whole game of ``preset``, every move chosen by sha256(seed:move number) among the legal
    ones (tests/engine/golden.py's chooser), kept on the kingdoms' sheet."""
    from tests.engine.golden import choose as chooser

    rules = trix.PRESETS[preset]
    seed = f"golden-trix-{preset}"
    sheet = Kingdom(rules, first_dealer=N)
    out = [f"# Trix, preset {preset}: one whole game (tests/engine/test_trix.py).", f"seed {seed}"]
    n = 0
    while not sheet.is_over:
        number = len(sheet.rows) + 1
        deal = sheet.deal(shuffle.deal(f"{seed}/{number}", trix.PACK))
        tokens = []
        while not deal.is_over:
            legal = deal.legal_moves()
            move = legal[chooser(seed, n, len(legal))]
            tokens.append(deal.format_move(move))
            deal.push(move)
            n += 1
        sheet.record(deal)
        row = sheet.rows[-1]
        out.append(f"deal {number} owner {row.facts['owner']} dealer {'NESW'[deal.dealer]}")
        out.append("  moves " + " ".join(tokens))
        out.append(f"  points {' '.join(map(str, row.scores))}")
        out.append(f"  totals {' '.join(map(str, row.totals))}")
    out.append(f"winners {' '.join(sheet.standing.winners)}")
    return "\n".join(out) + "\n"


def test_a_recorded_game_of_each_preset():
    from tests.engine import golden

    golden.check("trix.txt", "\n".join(recorded_game(p) for p in sorted(trix.PRESETS)))


# --- a public engine's results ------------------------------------------------------------------


def test_every_deal_scores_as_the_public_engine_scores_it():
    # MB states the site's default rules the same way (its own-double reading is the site's),
    # so its scoring must agree with ours on every deal: 300 deals of every contract, played
    # by the site's players (90 with doubles: a doubled card taken by another, by its doubler
    # on his own lead and forced on him), each scored by MB's scoreTrixDeal, its early end
    # checked by its isAvoidanceDealOver (over after the last trick, not before). Its results
    # are stored; its code is not.
    import json
    from pathlib import Path

    data = json.loads((Path(__file__).parent / "data" / "trix_mb.json").read_text())
    assert len(data["deals"]) == 300
    for record in data["deals"]:
        rules = trix.PRESETS[record["preset"]]
        deal = trix.new_deal(rules, shuffle.deal(record["seed"], trix.PACK), record["dealer"])
        moves(deal, *record["moves"].split())
        assert deal.is_over, record["seed"]
        assert deal.points() == record["mb_score"], record["seed"]
        assert record["mb_over_at_end"] in (None, [True, False]), record["seed"]
