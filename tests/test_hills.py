"""Tile symbols and what hills and vineyards need (issue 27, items 2, 4, 8, 11 and 12): several
centres of different kinds on a tile, a kind that ``breaks ties``, ``neighbours(KIND)`` and
``hide N tiles``, on tests/data/constructs/hills.carc; both engines play it alike
(tests/fast/test_differential.py, ``HILLS``)."""

from __future__ import annotations

import random
from pathlib import Path

import attrs
import pytest

import carcdsl
from carcdsl.errors import RecordError
from carcdsl.formats.record import load_record, record_of
from carcdsl.replay import replay

DATA = Path(__file__).parent / "data" / "constructs"
HILLS = DATA / "hills.carc"
TIE = load_record(DATA / "hills-tie.json")
VINEYARDS = load_record(DATA / "hills-vineyards.json")


def _scored(state) -> list[tuple]:
    return [(e.move, e.player, e.feature, e.points) for e in state.events]


def _without(tmp_path: Path, words: str) -> str:
    """hills.carc with ``words`` left out, next to the records that name it."""
    text = HILLS.read_text(encoding="utf-8")
    assert words in text
    path = tmp_path / "hills.carc"
    path.write_text(text.replace(words, ""), encoding="utf-8")
    return str(path)


def test_a_follower_on_a_hill_breaks_a_tie(tmp_path):
    """Hand-checked (hills-tie.json): Ann's and Bob's knights meet in a city of 4 tiles
    that Ann completes; Bob's stands on a hill tile: Bob alone scores 8. Without ``breaks
    ties`` both score 8."""
    state = replay(TIE)
    assert _scored(state) == [(2, "Bob", "city", 8)]
    assert state.scores == [0, 8]
    plain = carcdsl.load("base", [_without(tmp_path, "  breaks ties")])
    both = replay(TIE, plain)
    assert _scored(both) == [(2, "Ann", "city", 8), (2, "Bob", "city", 8)]


def test_breaks_ties_compiles_to_the_tiles_that_show_the_kind(tmp_path):
    """``breaks ties`` (presence) and ``breaks ties by count`` as the tables hold them: the
    oriented tiles that show a hill, and how they count."""
    game = carcdsl.load("base", [str(HILLS)])
    path = tmp_path / "count.carc"
    text = HILLS.read_text(encoding="utf-8")
    assert text.count("breaks ties\n") == 1
    path.write_text(text.replace("breaks ties\n", "breaks ties by count\n"), encoding="utf-8")
    by_count = carcdsl.load("base", [str(path)])
    tb = game.tables
    assert tb.ties == 1 and by_count.tables.ties == 2
    hill = tb.kind_index["hill"]
    high = [o for o, flag in enumerate(tb.high_tiles) if flag]
    assert len(high) == 8  # HA and HD, each in 4 rotations
    assert all(any(s.kind == hill for s in tb.segments[o]) for o in high)
    assert carcdsl.load("base").tables.high_tiles == ()


def test_vineyards_add_to_a_completed_monastery(tmp_path):
    """Hand-checked (hills-vineyards.json): a monastery surrounded with three vineyards
    among its 8 neighbours: 1 + 8 + 3 × 3 = 18."""
    state = replay(VINEYARDS)
    assert _scored(state) == [(7, "Ann", "monastery", 18)]
    event = state.events[0]
    terms = [t for t in event.terms if t[0] == "q"]
    assert ("q", 3, "neighbours", "vineyard", 3) in terms
    plain = carcdsl.load("base", [_without(
        tmp_path, "    score complete += 3 * neighbours(vineyard)\n")])
    assert _scored(replay(VINEYARDS, plain)) == [(7, "Ann", "monastery", 9)]


def test_two_centres_of_different_kinds_share_a_tile():
    tb = carcdsl.load("base", [str(HILLS)]).tables
    t = tb.type_names.index("HC")
    kinds = sorted(tb.kinds[tb.segments[4 * t][i].kind].name for i in tb.centres[4 * t])
    assert kinds == ["monastery", "vineyard"]


def _play(game, seed: int):
    state = game.new_game(2, seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        move = state.sample_move(rng)
        if move is None:
            break
        state.apply_fast(*move)
    return state


@pytest.mark.parametrize("seed", range(6))
def test_each_hill_hides_a_tile_and_the_game_ends_sooner(seed):
    """Every tile of the supply is placed, discarded or hidden, one hidden per hill placed
    while tiles were left; the record replays without its seed (the hidden tiles unknown)
    to the same scores."""
    game = carcdsl.load("base", [str(HILLS), "farmers"])
    state = _play(game, seed)
    tb, supply = game.tables, state.supply
    names = [tb.type_names[m[0]] if isinstance(m, tuple) else m.tile for m in state.moves]
    hills = sum(1 for n in names if n in ("HA", "HD"))
    total = sum(tb.type_counts) - 1  # the start tile is placed at set-up
    assert supply.pile == [] and 0 < len(supply.hidden) <= hills
    assert len(state.moves) + len(supply.hidden) == total
    record = attrs.evolve(record_of(state), seed=None)
    again = replay(record, game)
    assert again.scores == state.scores and again.finished


def test_explain_says_which_kind_breaks_ties(capsys):
    from carcdsl.cli.main import main

    assert main(["explain", "base", "--variant", str(HILLS)]) == 0
    said = capsys.readouterr().out
    assert "those with a figure on a tile that shows a hill win the tie" in said
    assert main(["explain", "base", "--variant", str(HILLS), "--lang", "nl"]) == 0
    assert "op een tegel met een hill wint" in capsys.readouterr().out


def test_explain_lists_each_rule_as_written(capsys):
    from carcdsl.cli.main import main

    assert main(["explain", "base", "--variant", "hills-sheep", "--variant", "river"]) == 0
    said = capsys.readouterr().out
    assert "rule: on place shows hill: hide 1 tile" in said
    assert "rule: on place shows river: require no-repeat river" in said  # the parameter's


def test_a_record_replayed_with_another_seed_says_a_tile_was_hidden():
    """The tiles a hill hides are the seed's: replayed with another seed, a tile the record
    plays may be out of the game, and the refusal says why."""
    from carcdsl.sim.local import play_game

    game = carcdsl.load("base", ["hills-sheep"])
    state = play_game(game, ["Ann", "Bob"], ["random", "random"], 3)
    record = attrs.evolve(record_of(state), seed=4, rules_digest=None)
    with pytest.raises(RecordError, match=r"with this seed the last one was hidden by a rule"):
        replay(record, game)


@pytest.mark.parametrize("seed", range(6))
def test_shepherd_games_replay_from_their_records_without_the_seed(seed):
    """Every choice and every draw of a game is in its record: replayed without the seed it
    gives the same scores and the same draws; the same seed gives the same game twice."""
    from carcdsl.sim.local import play_game

    game = carcdsl.load("base", ["hills-sheep", "farmers"])
    state = play_game(game, ["Ann", "Bob", "Cy"], ["random"] * 3, seed)
    again = play_game(game, ["Ann", "Bob", "Cy"], ["random"] * 3, seed)
    assert [m.to_json() for m in again.moves] == [m.to_json() for m in state.moves]
    record = record_of(state)
    assert any(m.to_json().get("drawn") for m in record.moves)
    replayed = replay(attrs.evolve(record, seed=None), game)
    assert replayed.scores == state.scores and replayed.finished
    assert [e.to_json() for e in replayed.token_events] == \
        [e.to_json() for e in state.token_events]


def test_a_search_does_not_peek_at_the_bag():
    """``State.determinise`` draws what bags will give anew from the search's generator:
    two determinisations of one state may draw differently, the state itself never moves."""
    game = carcdsl.load("base", ["hills-sheep"])
    state = game.new_game(2, seed=1)
    outcomes = set()
    for s in range(12):
        clone = state.determinise(random.Random(s))
        outcomes.add(clone.tokens.rng.random())
    assert len(outcomes) == 12 and state.tokens.rng is not None


def test_the_greedy_bot_does_not_peek_at_the_bag():
    """Where a move grows a flock, the greedy bot judges it on a draw of its own: its choice
    is the same whatever the game's next draw from the bag would be."""
    from carcdsl.bots.builtin import greedy_bot
    from carcdsl.compile.facts import split_choice

    game = carcdsl.load("base", ["hills-sheep"])
    rng = random.Random(5)
    for seed in range(40):
        state = game.new_game(2, seed=seed)
        while not state.finished:
            moves = list(state.iter_moves())
            if any(split_choice(m[3])[1] for m in moves):
                picks = set()
                for bag_seed in range(6):
                    trial = state.clone()
                    trial.tokens.rng = random.Random(bag_seed)
                    picks.add(greedy_bot(random.Random(1))(trial))
                assert len(picks) == 1
                return
            move = state.sample_move(rng)
            if move is None:
                break
            state.apply_fast(*move)
    pytest.fail("no game offered a choice")


def test_a_draw_that_draws_again_plays_on_the_python_engine(tmp_path):
    """An ``on draw`` rule that draws again (a lucky sheep draws another): the Python engine
    chains the draws within one move; the compiled engine, which draws once per action, says
    in one line that it does not run it (``action draw on draw``) rather than draw once."""
    from carcdsl.fast import support
    from carcdsl.sim.local import play_game

    path = tmp_path / "lucky.carc"
    path.write_text("variant lucky for base\nextends hills-sheep\n\n"
                    "on draw sheep-4: draw flock\n", encoding="utf-8")
    game = carcdsl.load("base", [str(path)])
    assert support.unsupported(game.tables) == "action draw on draw"
    chained = 0
    for seed in range(12):
        state = play_game(game, ["Ann", "Bob"], ["random", "random"], seed)
        for move in record_of(state).moves:
            drawn = move.to_json().get("drawn", [])
            chained += any(a == "sheep-4" and i + 1 < len(drawn) for i, a in enumerate(drawn))
    assert chained
