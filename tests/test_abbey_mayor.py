"""Abbey & Mayor (``rules/variants/abbey-mayor.carc``): tiles each player owns, played
instead of drawing (``each player owns``), into holes (``require surrounded``), with sides
that fit any side and close what they face (``fits any``); the last turns for them once the
pile is empty. The golden records are in test_expansion_records.py (``am-*``)."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import attrs
import pytest

import carcdsl
from carcdsl.compile.facts import DECIDE
from carcdsl.engine import movegen, owned
from carcdsl.engine.moves import Discard
from carcdsl.errors import RecordError
from carcdsl.fast import support
from carcdsl.formats.record import parse_record, record_of
from carcdsl.i18n.words import Words
from carcdsl.replay import replay
from carcdsl.view.describe import discard_text

RECORDS = Path(__file__).parent / "data" / "records" / "expansions"


@pytest.fixture(scope="module")
def game():
    return carcdsl.load("base", ["abbey-mayor"])


def _play(game, seed: int, players: int):
    """A random game; the index of the first move made with the pile empty (or None)."""
    state = game.new_game(players, seed=seed)
    rng = random.Random(seed)
    last = None
    while not state.is_over:
        if last is None and not state.supply.pile:
            last = len(state.log.moves)
        state.apply_fast(*state.sample_move(rng))
    return state, last


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_replay_from_their_record(game, seed, players):
    """Every abbey a random game places stands in a hole, every player places at most one,
    and the record replays to the same scores with and without its seed."""
    state, _ = _play(game, seed, players)
    abbey = state.tables.type_index("AMA")
    played = [s for s, m in zip(state.log.move_seats, state.log.moves)
              if (m[0] if isinstance(m, tuple) else state.tables.type_index(m.tile)) == abbey
              and not isinstance(m, Discard)]
    assert len(played) == len(set(played)) <= players
    record = parse_record(json.loads(json.dumps(record_of(state).to_json())))
    assert replay(record, game).scores == state.scores
    assert replay(attrs.evolve(record, seed=None), game).scores == state.scores


def test_the_last_turns_go_round_once_from_the_next_player(game):
    """Once the pile is empty, only owned tiles are played or kept, by each player at most
    once, in turn order from the player after the one who placed the last tile."""
    seen = 0
    for seed in range(40):
        state, last = _play(game, seed, 3)
        if last is None or last == len(state.log.moves):
            continue
        seen += 1
        seats = state.log.move_seats[last:]
        assert len(seats) == len(set(seats))
        after = state.log.move_seats[last - 1]
        order = [(s - after - 1) % 3 for s in seats]
        assert order == sorted(order)
        names = [m.tile if not isinstance(m, tuple) else state.tables.type_names[m[0]]
                 for m in state.log.moves[last:]]
        assert set(names) == {"AMA"}
    assert seen >= 5


def test_a_kept_abbey_is_told_as_kept_and_replays(game):
    """A player who keeps their abbey in a last turn: a discard in the record, told as
    kept, and refused once nobody has a last turn."""
    for seed in range(60):
        state, last = _play(game, seed, 2)
        kept = state.supply.kept_moves
        if kept:
            break
    else:
        pytest.fail("no random game kept an abbey")
    text = discard_text(state, kept[0], Words(game.rules))
    assert "kept" in text and "AMA" in text
    record = record_of(state).to_json()
    assert record["moves"][kept[0]] == {"discard": "AMA"}
    assert replay(parse_record(record), game).scores == state.scores


def test_playing_the_abbey_leaves_the_drawn_tile_for_the_next_player(game):
    """Instead of the drawn tile: the tile stays on the pile, and the next player gets it."""
    for seed in range(200):
        state = game.new_game(2, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            moves = list(state.iter_moves())
            abbeys = [m for m in moves if m[0] == state.tables.type_index("AMA")]
            if abbeys and state.supply.pile:
                drawn = state.drawn
                state.apply_fast(*abbeys[0])
                assert state.drawn == drawn and state.current != state.log.move_seats[-1]
                assert not state.supply.owned[state.log.move_seats[-1]]
                return
            state.apply_fast(*moves[rng.randrange(len(moves))])
    pytest.fail("no game offered an abbey")


def test_a_last_turn_offers_keeping_the_tile(game):
    for seed in range(40):
        state = game.new_game(3, seed=seed)
        rng = random.Random(seed)
        while not state.is_over and not state.supply.closing:
            state.apply_fast(*state.sample_move(rng))
        if state.supply.closing:
            moves = list(state.iter_moves())
            assert (DECIDE, 0, 0, owned.KEEP) in moves
            assert all(m[0] == DECIDE or state.tables.type_names[m[0]] == "AMA" for m in moves)
            return
    pytest.fail("no game had a last turn")


def test_the_abbey_has_one_rotation_and_fits_any_neighbours(game):
    tables = game.tables
    abbey = tables.type_index("AMA")
    assert tables.distinct[abbey] == (0,)
    assert tables.wild_sides[4 * abbey] == 0b1111
    # any neighbourhood: the fit table of a square that requires a city north and a road east
    assert tables.fit_entry(tables.pattern_code((0, 1, 2, 3)))[abbey] == (0,)


def test_the_compiled_engine_runs_it_with_and_without_farmers(game):
    """The abbey, the mayor and the wagon run compiled, and with farmers the barn too (their
    games against the Python engine's: tests/fast/test_differential.py)."""
    assert support.unsupported(game.tables) is None
    for variants in (["farmers", "abbey-mayor"], ["farmers", "inns-cathedrals", "abbey-mayor"]):
        assert support.unsupported(carcdsl.load("base", variants).tables) is None


@pytest.mark.parametrize("before", ["supply { each player owns ", "supply { each player owns 2 ",
                                    "supply { each player owns AMA, "])
def test_the_language_server_offers_tiles_after_owns(game, before):
    from carcdsl.lsp.context import Place, place_of, words_at

    place = place_of(before + "AM", len(before))
    assert place == Place("tile", "owns")
    assert "AMA" in (words_at(place, game.rules, None, False) or {})


def test_a_last_turn_is_offered_to_a_person_with_keeping_in_words(game):
    from carcdsl.web.turns import choices

    for seed in range(40):
        state = game.new_game(3, seed=seed)
        rng = random.Random(seed)
        while not state.is_over and not state.supply.closing:
            state.apply_fast(*state.sample_move(rng))
        if state.supply.closing:
            offered = choices(state, Words(game.rules))["choices"]
            keep = [c for c in offered if c["does"] == "decide"]
            assert [c["decide"] for c in keep] == ["keep"]
            assert keep[0]["text"] == "keep tile AMA: do not play it"
            assert {c["tile"] for c in offered if c["tile"]} == {"AMA"}
            return
    pytest.fail("no game had a last turn")


def test_stats_list_the_tiles_players_own_apart(capsys):
    """``check --stats``: the abbey is not among the pile's tiles, but each player's own."""
    from carcdsl.cli.main import main

    assert main(["check", "base", "--variant", "abbey-mayor", "--stats"]) == 0
    out = capsys.readouterr().out
    owned = out[out.index("tiles each player owns"):]
    assert owned.split("\n")[1].split() == ["AMA", "1"]
    assert "84" in out.split("\n")[1]  # 72 + 12 landscape tiles in the pile


def test_the_learning_environment_refuses_tiles_players_own_in_one_message():
    """Its actions name a square of the drawn tile: an owned tile would share them."""
    from carcdsl.rl.aec import EnvOptionError, env

    with pytest.raises(EnvOptionError, match="a tile a player owns"):
        env("base", ["abbey-mayor"])


def _abbeys_left_unoffered(state) -> bool:
    """Whether a finished game ended with a player holding an abbey that fits somewhere,
    which the last turns should have offered (kept abbeys leave the player's supply)."""
    abbey = state.tables.type_index("AMA")
    return (any(abbey in held for held in state.supply.owned)
            and movegen.can_place(state, abbey))


def _moves_after_the_pile(state) -> int:
    """How many moves came after the last one that played or discarded a tile of the pile."""
    abbey = state.tables.type_index("AMA")
    types = [m[0] if isinstance(m, tuple) else state.tables.type_index(m.tile)
             for m in state.log.moves]
    return len(types) - 1 - max(i for i, t in enumerate(types) if t != abbey)


def test_the_loops_that_play_bots_give_the_last_turns(game):
    """``carcdsl play`` (told or not), ``simulate`` and the web page's bots play a game to
    its end through loops that finish it once no tile is left: the last turns for the
    abbeys still come (a player holding one that fits somewhere plays or keeps it), and
    ``simulate`` counts them as turns."""
    from carcdsl.cli.tell import play_one as tell_play
    from carcdsl.sim.local import play_game
    from carcdsl.sim.rows import play_row

    names = ["P1", "P2", "P3"]
    seeds = range(62, 67)
    last_turns = 0
    for seed in seeds:
        state = play_game(game, names, ["random"], seed)
        assert state.finished and not _abbeys_left_unoffered(state)
        last_turns += _moves_after_the_pile(state)
        told = tell_play(game, names, ["random"], seed, out=io.StringIO())
        assert told.scores == state.scores and not _abbeys_left_unoffered(told)
        row = play_row(game, 3, ("random",), seed, False, {})
        assert list(row.scores) == state.scores
    assert last_turns > 0


@pytest.mark.parametrize("index", [1, 2])
def test_keeping_the_abbey_before_the_last_turns_is_refused_in_one_message(game, index):
    """``{"discard": "AMA"}`` while the pile still has tiles (Bob's turn, Ann's; each holds
    their abbey): refused, naming the move, not an internal error."""
    data = json.loads((RECORDS / "am-abbey-closes.json").read_text(encoding="utf-8"))
    data["moves"].insert(index, {"discard": "AMA"})
    data.pop("final")
    with pytest.raises(RecordError) as caught:
        replay(parse_record(data), game)
    error = caught.value
    assert error.move_index == index
    assert (error.illegal.rule, error.illegal.form) == ("owned", "keep")
    assert "no player has a last turn for a tile they own now" in str(error)


def _check_errors(tmp_path, supply: str) -> list:
    from carcdsl.check.checker import check
    from carcdsl.pipeline import compose

    path = tmp_path / "t.carc"
    path.write_text("rules t\nextends base\ntile AMA 0 monastery\n" + supply + "\n",
                    encoding="utf-8")
    rules, found, _sources = compose(path)
    return [d for d in found + check(rules) if d.is_error]


def test_a_misspelt_owned_tile_is_the_one_error(tmp_path):
    """``each player owns AMB`` for the tile AMA of count 0: the misspelling (E132 with the
    right name), not also an E201 for AMA's count."""
    errors = _check_errors(tmp_path, "supply { each player owns AMB }")
    assert [d.code for d in errors] == ["E132"]
    assert "did you mean 'AMA'?" in errors[0].message


def test_a_tile_of_count_0_that_nobody_owns_says_how_players_own_it(tmp_path):
    errors = _check_errors(tmp_path, "")
    assert [d.code for d in errors] == ["E201"]
    assert "supply { each player owns AMA }" in errors[0].message


@pytest.mark.parametrize("own", ["", "own "])
def test_extends_with_a_figure_that_never_stands_there_quotes_the_rule_as_written(tmp_path,
                                                                                   own):
    """``on place extends road with barn`` (anyone's barn, a figure of fields): E141 quotes
    the rule as written, ``own`` only when it says so."""
    from carcdsl.check.checker import check
    from carcdsl.pipeline import compose

    path = tmp_path / "t.carc"
    path.write_text("rules t\nextends base\nfigure barn { strength 0  stands on field }\n"
                    f"on place extends road with {own}barn: score 1 to most barn\n",
                    encoding="utf-8")
    rules, found, _sources = compose(path)
    errors = [d for d in found + check(rules) if d.is_error]
    assert [d.code for d in errors] == ["E141"]
    assert f"`on place extends road with {own}barn`" in errors[0].message


@pytest.mark.parametrize(("rule", "code", "column", "says"), [
    ("require surounded", "E132", 30, "unknown test (did you mean 'surrounded'?)"),
    ("require joins", "E132", 30, "`require joins`: say which kind"),
])
def test_a_requirement_of_one_word_is_told_at_that_word(tmp_path, rule, code, column, says):
    """``require surounded`` (a misspelt hole) or ``require joins`` without its kind: one
    error at the requirement's word, not a syntax error at the next line."""
    from carcdsl.check.checker import check
    from carcdsl.pipeline import compose

    path = tmp_path / "t.carc"
    path.write_text(f"rules t\nextends base\non place shows city: {rule}\n\n"
                    "figure wagon { stands on road }\n", encoding="utf-8")
    rules, found, _sources = compose(path)
    errors = [d for d in found + (check(rules) if rules is not None else []) if d.is_error]
    assert [(d.code, d.loc.line, d.loc.column) for d in errors] == [(code, 3, column)]
    assert says in errors[0].message


def test_simulate_counts_a_kept_abbey_neither_as_a_discard_nor_as_a_turn(game):
    """A discard is a drawn tile that fits nowhere (docs/simulation.md); a last turn that
    keeps the abbey places nothing and discards nothing."""
    from carcdsl.sim.local import play_game
    from carcdsl.sim.rows import play_row

    for seed in range(100):
        state = play_game(game, ["P1", "P2", "P3"], ["random"], seed)
        if state.supply.kept_moves:
            break
    else:
        pytest.fail("no game kept an abbey")
    kept = set(state.supply.kept_moves)
    moves = state.log.moves
    row = play_row(game, 3, ("random",), seed, False, {})
    assert row.discards == sum(isinstance(m, Discard) for i, m in enumerate(moves)
                               if i not in kept)
    assert sum(row.turns) == len(moves) - sum(isinstance(m, Discard) for m in moves)


def test_the_board_key_says_an_owned_tile_may_fit_where_the_drawn_one_does_not(game):
    """The terminal board marks ``[ ]`` where the mover may play, their abbey's holes too;
    while they hold one, the key says so, not that the drawn tile fits there."""
    from carcdsl.view.text import render_board

    state = game.new_game(2, seed=1)
    shown = render_board(state, key=True)
    assert "[ ] the drawn tile, or a tile the player owns, fits here" in shown
    nl = render_board(state, words=Words(game.rules, "nl"), key=True)
    assert "[ ] hier past de getrokken landtegel, of een eigen landtegel van de speler" in nl
    plain = render_board(carcdsl.load("base").new_game(2, seed=1), key=True)
    assert "[ ] the drawn tile fits here" in plain


@pytest.mark.parametrize("seed", range(2))
def test_with_hands_a_record_replays_without_its_seed(seed):
    """Hand-of-three with the abbey: a record without its seed (hands not known) takes
    each tile it names to have been in the mover's hand, but the abbey is no tile of any
    hand: it replays to the same scores, not an internal error."""
    from carcdsl.sim.local import play_game

    game = carcdsl.load("base", ["abbey-mayor", "hand-of-three"])
    state = play_game(game, ["Ann", "Bob"], ["random"], seed)
    abbey = state.tables.type_index("AMA")
    assert any(abbey not in held for held in state.supply.owned)  # an abbey was played
    record = parse_record(json.loads(json.dumps(record_of(state).to_json())))
    assert replay(attrs.evolve(record, seed=None), game).scores == state.scores


def test_a_last_turn_names_the_tile_the_mover_owns(game):
    """``P2 to move with tile AMA; ...`` in a last turn, when the pile is empty: not ``with
    tiles ;`` (no tile drawn)."""
    from carcdsl.view.describe import describe_turn

    for seed in range(40):
        state = game.new_game(3, seed=seed)
        rng = random.Random(seed)
        while not state.is_over and not state.supply.closing:
            state.apply_fast(*state.sample_move(rng))
        if state.supply.closing:
            said = describe_turn(state, Words(game.rules))
            assert said.startswith(f"{state.player} to move with tile AMA; "), said
            return
    pytest.fail("no game had a last turn")
