"""The bundled expansions as rule files: they check clean, combine in any order (with
``farmers`` anywhere) into the same game for the same seed, and their games keep the rules
(no figure on a kind it may not stand on, figure supplies balance, the river drawn first)."""

from __future__ import annotations

import itertools
import random

import pytest

import carcdsl
from carcdsl.pipeline import check_files
from carcdsl.sim.local import play_game

EXPANSIONS = ("river", "abbot", "inns-cathedrals", "traders-builders")
LATER = ("river-ii", "hills-sheep", "tower", "princess-dragon", "abbey-mayor")
"""Expansions written since the four (issue 27)."""
TILE_SETS = ("inns-cathedrals-tiles", "traders-builders-tiles", "hills-sheep-tiles",
             "tower-tiles", "princess-dragon-tiles", "abbey-mayor-tiles")
EVERY = (*EXPANSIONS, *LATER, "farmers")


def _sampled(count: int) -> list[tuple[str, ...]]:
    """``count`` combinations of 3 or more of ``EVERY``, drawn once by a fixed generator."""
    rng = random.Random(27)
    larger = [c for n in range(3, len(EVERY) + 1) for c in itertools.combinations(EVERY, n)]
    return rng.sample(larger, count)


@pytest.mark.parametrize("variant", EXPANSIONS + LATER + TILE_SETS)
def test_bundled_expansion_checks_clean_alone_and_with_farmers(variant: str) -> None:
    for variants in ([variant], [variant, "farmers"], ["farmers", variant]):
        rules, diagnostics = check_files("base", variants)[:2]
        assert rules is not None
        assert not diagnostics, [d.message for d in diagnostics]


def _game(variants, seed: int, players: int = 3) -> tuple:
    game = carcdsl.load("base", variants=list(variants))
    state = play_game(game, [f"P{i}" for i in range(players)], ["random"] * players, seed)
    return ([move.to_json() for move in state.moves], list(state.scores),
            [(e.player, e.feature, e.when, e.points) for e in state.events], state.finished)


def test_every_order_of_the_four_with_farmers_plays_the_same_game() -> None:
    """All 120 orders of the four expansions and farmers: one game, the same moves and
    scores for the same seed."""
    first = None
    for order in itertools.permutations((*EXPANSIONS, "farmers")):
        played = _game(order, seed=11)
        assert played[3], order
        if first is None:
            first = played
        assert played == first, order


@pytest.mark.parametrize("combination", [
    *itertools.combinations(EVERY, 2), *_sampled(16)])
def test_every_combination_plays_the_same_game_in_other_orders(combination) -> None:
    """Every pair of the bundled expansions and farmers, and 16 larger sets drawn at random,
    in its own order, reversed and shuffled, plays the same game for the same seed, to the
    end."""
    first = _game(combination, seed=3, players=2)
    assert first[3]
    shuffled = list(combination)
    random.Random(len(combination)).shuffle(shuffled)
    assert _game(combination[::-1], seed=3, players=2) == first
    assert _game(shuffled, seed=3, players=2) == first


@pytest.mark.parametrize("seed", range(12))
def test_random_games_with_everything_keep_the_figure_rules(seed: int) -> None:
    """Random games of 2-6 players with all four expansions and farmers: figures stand only
    where their kind may, at most one figure a turn, supplies never below 0, every figure
    home or on the board at the end."""
    game = carcdsl.load("base", variants=[*EXPANSIONS, "farmers"])
    players = 2 + seed % 5
    state = game.new_game(players, seed)
    rng = random.Random(seed)
    tables = state.tables
    allowed = {f.name: (set(f.stands_on) if f.stands_on is not None else
                        {k.name for k in game.rules.kinds if k.followers})
               for f in game.rules.figures}
    while not state.finished:
        if state.out_of_tiles():
            state.finish()
            break
        move = state.sample_move(rng)
        assert move is not None
        before = len(state.features.pieces)
        state.apply_fast(*move)
        assert all(n >= 0 for n in state.seats.followers)
        assert all(n >= 0 for supply in state.seats.figures for n in supply)
        assert len(state.features.pieces) <= before + 1
        for _seat, node, key, figure in state.features.pieces:
            o, base = state.board[key]
            kind = tables.kinds[tables.segments[o][node - base].kind].name
            if figure:
                assert kind in allowed[tables.modes.figures[figure - 1].name]
            else:
                assert tables.kinds[tables.segments[o][node - base].kind].followers
    assert not state.features.pieces
    assert state.seats.followers == [7] * players
    assert all(n == 1 for supply in state.seats.figures for n in supply)


def test_river_tiles_come_first_and_the_lake_last() -> None:
    game = carcdsl.load("base", variants=["river"])
    for seed in range(20):
        state = game.new_game(2, seed)
        order = [game.tables.type_names[t] for t in reversed(state.supply.pile)]
        river_tiles = {f"R{i:02}" for i in range(2, 12)}
        river = order[:11]
        assert set(river) == river_tiles, order[:12]
        assert river[-1] == "R02"
        assert not river_tiles & set(order[11:])


def test_tile_only_sets_make_the_114_tile_maps_game() -> None:
    game = carcdsl.load("maps-germany",
                        variants=["inns-cathedrals-tiles", "traders-builders-tiles"])
    assert sum(game.tables.type_counts) == 72 + 18 + 24
    state = play_game(game, ["A", "B", "C", "D"], ["random"] * 4, 5)
    assert state.finished


def test_an_unknown_figure_kind_names_the_figures_there_are() -> None:
    from carcdsl.engine.moves import FollowerSpec, Placement
    from carcdsl.errors import IllegalMoveError

    game = carcdsl.load("base", variants=["abbot"])
    state = game.new_game(2, seed=1)
    legal = state.legal_moves()[0]
    move = Placement(legal.tile, legal.at, legal.rotation, FollowerSpec("road", "E", "giant"))
    with pytest.raises(IllegalMoveError) as caught:
        state.play(move)
    assert (caught.value.rule, caught.value.form) == ("follower-kind", "unknown-figure")
    assert "figures abbot" in str(caught.value)


def test_the_turn_line_tells_the_figures_left() -> None:
    from carcdsl.i18n.words import Words
    from carcdsl.view.describe import describe_turn

    game = carcdsl.load("base", variants=["abbot", "traders-builders"])
    state = game.new_game(2, seed=2)
    line = describe_turn(state, Words(game.rules))
    assert line.endswith("meeples left: 7, abbot left: 1, builder left: 1, pig left: 1"), line


@pytest.mark.parametrize(("variant", "fragment"), [
    ("variant v for base\non place shows city: require joins field\n", "E110"),
    ("variant v for base\non place shows city: require joins monastery\n", "E110"),
])
def test_a_requirement_on_a_kind_that_reaches_no_side_is_refused(tmp_path, variant, fragment):
    path = tmp_path / "v.carc"
    path.write_text(variant)
    _rules, diagnostics, _ = check_files("base", [path])
    assert [d.code for d in diagnostics if d.severity == "error"] == [fragment]


def test_a_figure_that_may_not_be_recalled_is_named() -> None:
    from carcdsl.engine.moves import FollowerSpec, Placement, RecallSpec
    from carcdsl.errors import IllegalMoveError

    game = carcdsl.load("base", variants=["abbot"])
    state = game.new_game(2, replaying=True)
    state.play(Placement("B", (0, 1), 0, FollowerSpec("monastery", None, "meeple")))
    state.play(Placement("B", (1, 1), 0))
    with pytest.raises(IllegalMoveError) as caught:
        state.play(Placement("B", (-1, 1), 0, None, RecallSpec((0, 1), "monastery")))
    assert (caught.value.rule, caught.value.form) == ("recall", "cannot")
    assert "the meeple at [0, 1] on monastery cannot be taken back" in str(caught.value)
    with pytest.raises(IllegalMoveError) as caught:
        state.play(Placement("B", (-1, 1), 0, FollowerSpec("monastery"),
                             RecallSpec((0, 1), "monastery")))
    assert (caught.value.rule, caught.value.form) == ("recall", "and-follower")
    # the language's word for the ordinary follower names it in a record too
    state.play(Placement("B", (-1, 1), 0, FollowerSpec("monastery", None, "follower")))


def test_a_person_names_a_figure_after_the_feature() -> None:
    from carcdsl.cli.human import match_moves
    from carcdsl.i18n.words import Words

    game = carcdsl.load("base", variants=["abbot"])
    state = game.new_game(2, replaying=True)
    state.draw("B")
    moves = state.legal_moves()
    words = Words(game.rules)
    abbot = match_moves("0 1 0 monastery abbot", moves, words, game.rules)
    plain = match_moves("0 1 0 monastery", moves, words, game.rules)
    assert len(abbot) == 1 and moves[abbot[0]].follower.kind == "abbot"
    assert len(plain) == 1 and moves[plain[0]].follower.kind is None
    assert match_moves("0 1 0 monastery pig", moves, words, game.rules) == []


@pytest.mark.parametrize("order", [EVERY, EVERY[::-1]])
def test_all_nine_expansions_with_farmers_check_clean_strictly(order, capsys) -> None:
    """Variants that add to the same kind (`ends at += K` of tower-tiles and
    princess-dragon-tiles) replace nothing of each other's: no W106, in either order."""
    from carcdsl.cli.main import main

    args = ["check", "--strict", "base"] + [a for v in order for a in ("--variant", v)]
    assert main(args) == 0, capsys.readouterr().out
