"""The Princess & the Dragon (``rules/variants/princess-dragon.carc``) and the core constructs
it is written in: neutral figures (``neutral``, ``move F here``, ``walk F N``, ``avoids``,
``blocks``, ``on enter F``), moves that act on a figure instead of placing one (``instead
return F``, ``beside own F``), a tile's figure placed anywhere, tiles held back. The golden
records are in test_expansion_records.py; these tests check what a score cannot show."""

from __future__ import annotations

import json
import random
from pathlib import Path

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import carcdsl
from carcdsl.compile.facts import DECIDE
from carcdsl.formats.record import load_record, parse_record, record_of
from carcdsl.geometry.squares import STEP, to_key
from carcdsl.replay import replay
from carcdsl.view.text import render_board

RECORDS = Path(__file__).parent / "data" / "records" / "expansions"


@pytest.fixture(scope="module")
def game():
    return carcdsl.load("base", ["princess-dragon", "farmers"])


def _prefix(name: str, moves: int):
    data = json.loads((RECORDS / f"{name}.json").read_text(encoding="utf-8"))
    data["moves"], data["final"] = data["moves"][:moves], False
    return replay(parse_record(data))


def test_each_step_of_a_walk_is_decided_by_the_next_player_in_turn():
    """D1: Ann's dragon tile; the first step is hers, the second Bob's: ``current`` is the
    seat whose step it is, and the moves listed are the squares it may go to."""
    state = _prefix("pd-dragon-eats", 2)
    ann, bob = 0, 1
    state.draw("PD17")
    spots = [m for m in state.iter_moves() if m[3] == -1]
    move = next(m for m in spots if state.to_placement(*m).tile == "PD17"
                and state.to_placement(*m).at == (-1, 0))
    state.apply_fast(*move)
    assert state.pending and state.current == ann
    first = list(state.iter_moves())
    assert all(m[0] == DECIDE for m in first)
    here = state.decisions.neutral[state.decisions.walk[0]]
    assert {here + STEP[m[3]] for m in first} == {to_key(0, 0)}
    state.apply_fast(*first[0])
    assert state.pending and state.current == bob
    assert {to_key(0, 0) + STEP[m[3]] for m in state.iter_moves()} == {to_key(1, 0),
                                                                        to_key(-1, 0)}


def test_the_dragon_eats_and_the_fairy_stays(game):
    """D2: Bob's follower eaten goes home; F1: the fairy stays on its square when the figure
    it stood beside goes home after scoring."""
    eaten = replay(load_record(RECORDS / "pd-dragon-eats.json"))
    assert eaten.seats.followers == [7, 7] and not eaten.features.pieces
    fairy = replay(load_record(RECORDS / "pd-fairy-points.json"))
    names = [f.name for f in fairy.tables.modes.figures]
    assert fairy.decisions.neutral[names.index("fairy")] == to_key(1, 0)
    assert "fairy at (1, 0)" in render_board(fairy)


def test_a_held_tile_comes_back_when_the_dragon_comes():
    """D4: the dragon tile waits aside (held, not out of the game) and goes back into the
    pile with the volcano."""
    held = _prefix("pd-dragon-tile-waits", 1)
    t = held.tables.type_index("PD17")
    assert held.supply.held == [t] and t in held.supply.left()
    back = _prefix("pd-dragon-tile-waits", 2)
    assert back.supply.held == [] and t in back.supply.pile


def _play(game, seed: int, players: int):
    state = game.new_game(players, seed)
    rng = random.Random(seed)
    dragon = [f.name for f in game.tables.modes.figures].index("dragon")
    fairy = [f.name for f in game.tables.modes.figures].index("fairy")
    while not state.finished:
        if state.out_of_tiles():
            state.finish()
            break
        move = state.sample_move(rng)
        assert move is not None
        state.apply_fast(*move)
        where = state.decisions.neutral
        if dragon in where and fairy in where:
            assert where[dragon] != where[fairy]  # F2: never on the fairy's square
        assert all(n >= 0 for n in state.seats.followers)
    return state


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 5))
def test_random_games_keep_the_rules_and_replay_from_their_record(game, seed, players):
    """Random games to the end: the dragon never shares the fairy's square, supplies never
    go below 0, every follower is home at the end; the record replays to the same scores
    with its seed and without it (walks, returns, the fairy and held tiles all in it)."""
    state = _play(game, seed, players)
    assert not state.features.pieces
    assert state.seats.followers == [7] * players
    record = parse_record(json.loads(json.dumps(record_of(state).to_json())))
    assert replay(record, game).scores == state.scores
    assert replay(attrs.evolve(record, seed=None), game).scores == state.scores


def test_a_forged_walk_changes_nothing():
    """A walk a record names wrongly is refused and the state stays as it was."""
    state = _prefix("pd-dragon-eats", 2)
    before = (list(state.scores), list(state.seats.followers), len(state.moves),
              dict(state.decisions.neutral))
    record = json.loads((RECORDS / "pd-dragon-revisits.json").read_text(encoding="utf-8"))
    move = parse_record(record).moves[2]
    with pytest.raises(carcdsl.errors.IllegalMoveError):
        state.play(move)
    assert (list(state.scores), list(state.seats.followers), len(state.moves),
            dict(state.decisions.neutral)) == before
    assert not state.pending


def test_stats_list_the_neutral_figures_apart(capsys):
    """``check --stats``: the dragon and the fairy are one in the game, nobody's, not a
    supply each player has."""
    from carcdsl.cli.main import main

    assert main(["check", "base", "--variant", "princess-dragon", "--stats"]) == 0
    out = capsys.readouterr().out
    assert "neutral figures in the game" in out
    assert "figures each player has" not in out


def test_pictures_show_where_the_neutral_figures_stand():
    """The SVG board (``carcdsl render``, the browser's pages) marks the dragon's square."""
    from carcdsl.view.svg import board_svg

    state = replay(load_record(RECORDS / "pd-dragon-spares.json"))
    svg = board_svg(state)
    assert '<g class="neutral" data-figure="dragon" data-square="-1,0">' in svg
    assert 'data-figure="fairy"' not in svg  # the fairy never came on the board


def test_a_person_sees_where_the_neutral_figures_are_not_a_supply_of_them():
    """The human seat's turn line: no "dragons left: 0", but where the dragon stands."""
    from carcdsl.i18n.words import Words
    from carcdsl.view.describe import describe_turn

    state = replay(load_record(RECORDS / "pd-dragon-spares.json"))
    line = describe_turn(state, Words(state.game.rules))
    assert "dragon at (-1, 0)" in line and "dragons left" not in line


def test_a_held_tile_is_told_as_waiting_not_as_fitting_nowhere():
    """D4: the log says why the tile went aside (it fits, but the dragon is not out yet)."""
    from carcdsl.i18n.words import Words
    from carcdsl.view.describe import told_move

    state = _prefix("pd-dragon-tile-waits", 1)
    line = told_move(state, 0, Words(state.game.rules))
    assert line == "0. Ann: tile PD17 waits aside until the dragon is on the board"


def test_a_person_deciding_a_step_is_told_whose_turn_it_is():
    """D1: Bob decides the second step of Ann's dragon: the turn line says so."""
    from carcdsl.i18n.words import Words
    from carcdsl.view.describe import describe_turn

    state = _prefix("pd-dragon-eats", 2)
    state.draw("PD17")
    move = next(m for m in state.iter_moves() if m[3] == -1
                and state.to_placement(*m).at == (-1, 0))
    state.apply_fast(*move)
    state.apply_fast(*next(iter(state.iter_moves())))  # Ann's step
    assert describe_turn(state, Words(state.game.rules)).startswith(
        "Bob to decide, in Ann's turn;")
