"""Bots as a plugin interface (specs with options, a user's bot by module path or entry
point) and the ``mcts`` search bot: legal on every rule set, deterministic, never peeking,
better than random."""

from __future__ import annotations

import importlib.metadata
import random
import sys
import textwrap

import pytest
from hypothesis import given
from hypothesis import strategies as st

import carcdsl
from carcdsl.bots import BotError, check_bot, make_bots, parse_bot, resolve
from carcdsl.bots import spec as bot_spec
from carcdsl.cli.main import main
from carcdsl.sim.local import play_game, play_out, seat_bots

SMALL = "mcts:playouts=4:depth=2"
"""A search small enough for tests (a game in a fraction of a second)."""


# --- specs ------------------------------------------------------------------------------------

@pytest.mark.parametrize("text, name, options", [
    ("greedy", "greedy", {}),
    (" random ", "random", {}),
    ("mcts:playouts=50", "mcts", {"playouts": 50}),
    ("mcts:playouts=50:c=0.3:depth=4", "mcts", {"playouts": 50, "c": 0.3, "depth": 4}),
    ("mcts: c = 2 ", "mcts", {"c": 2.0}),
    ("mcts:value=win:seconds=0.5", "mcts", {"value": "win", "seconds": 0.5}),
    ("mcts:widen=1", "mcts", {"widen": 1.0}),
])
def test_good_specs(text, name, options):
    found = resolve(text)
    assert found.spec.name == name
    assert dict(found.options) == options
    assert all(type(v) is type(options[k]) for k, v in found.options.items())
    check_bot(text)


@pytest.mark.parametrize("text, message", [
    ("clever", "unknown bot 'clever'; choose from random, greedy, mcts"),
    ("my.bots", "a bot in a module is named module:factory"),
    ("", "no bot named"),
    (":playouts=3", "no bot named"),
    ("mcts:playouts", "'playouts' is not OPTION=VALUE"),
    ("mcts:=3", "is not OPTION=VALUE"),
    ("mcts:playouts=3:playouts=4", "option 'playouts' is given twice"),
    ("mcts:playout=3", "no option 'playout' (its options: playouts, seconds, c, depth"),
    ("mcts:playouts=many", "option 'playouts' must be a whole number, not 'many'"),
    ("mcts:c=high", "option 'c' must be a number, not 'high'"),
    ("mcts:playouts=0", "playouts must be at least 1"),
    ("mcts:c=-1", "must not be negative"),
    ("mcts:value=draw", "value must be one of margin, win, not 'draw'"),
    ("random:depth=2", "no option 'depth' (it takes no options)"),
    ("greedy:words=x", "no option 'words'"),
    ("human:words=x", "no option 'words' (it takes no options)"),
    ("no_such_module_here:factory", "cannot import 'no_such_module_here'"),
    ("carcdsl.bots.builtin:nothing", "has no factory 'nothing'"),
])
def test_bad_specs_are_one_message(text, message):
    with pytest.raises(BotError) as info:
        check_bot(text)
    assert message in str(info.value)


@given(name=st.sampled_from(["mcts", "greedy", "pkg.mod:factory"]),
       options=st.dictionaries(st.from_regex(r"[a-z_]{1,8}", fullmatch=True),
                               st.from_regex(r"[A-Za-z0-9_.+-]{1,8}", fullmatch=True),
                               max_size=4))
def test_a_spec_reads_back_what_it_writes(name, options):
    spec = parse_bot(":".join([name, *(f"{k}={v}" for k, v in options.items())]))
    assert spec.name == name and dict(spec.options) == options
    assert parse_bot(spec.text) == spec


def test_a_comma_list_keeps_meaning_several_seats(capsys):
    code = main(["play", "base", "--players", "3", "--bot", "mcts:playouts=3:depth=2,greedy",
                 "--seed", "4", "--json"])
    assert code == 0
    assert '"winners"' in capsys.readouterr().out


@pytest.mark.parametrize("argv, message", [
    (["play", "base", "--bot", "mcts:playout=3"], "no option 'playout'"),
    (["simulate", "base", "--bot", "mcts:c=x", "--games", "2"], "option 'c' must be a number"),
    (["simulate", "base", "--bot", "human:words=1", "--games", "2"], "bots only"),
    (["tournament", "base", "--bot", "greedy", "--bot", "robot"], "unknown bot 'robot'"),
])
def test_the_commands_refuse_a_bad_bot_with_one_line(capsys, argv, message):
    assert main(argv) == 1
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("argv, message", [
    (["play", "base", "--bot", "mcts:playouts=x"],
     "optie 'playouts' moet een geheel getal zijn, niet 'x'"),
    (["play", "base", "--bot", "mcts:c=x"], "optie 'c' moet een getal zijn"),
    (["play", "base", "--bot", "greedy:depth=2"], "deze bot heeft geen opties"),
    (["simulate", "base", "--bot", "mcts:depth", "--games", "2"], "is geen OPTIE=WAARDE"),
    (["simulate", "base", "--bot", "mcts:c=1:c=2", "--games", "2"], "staat er twee keer"),
    (["tournament", "base", "--bot", "greedy", "--bot", "no_such_module_x:f"],
     "kan 'no_such_module_x' niet importeren"),
    (["tournament", "base", "--bot", "greedy", "--bot", "random:f"],
     "'f' is geen OPTIE=WAARDE"),
])
def test_a_bad_bot_is_told_in_the_users_language(capsys, argv, message):
    """Every refusal of a bot spec has its catalogue key, not only an unknown bot's."""
    assert main([*argv, "--lang", "nl"]) == 1
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_simulate_plays_a_bot_with_options(capsys):
    assert main(["simulate", "base", "--bot", "mcts:playouts=2:depth=1,random", "--games", "2",
                 "--jobs", "1", "--json", "--quiet"]) == 0
    assert '"mcts:playouts=2:depth=1"' in capsys.readouterr().out


# --- a user's own bot --------------------------------------------------------------------------

USER_BOT = '''
import random

def first_or_random(rng: random.Random, greed: float = 0.5, **_context):
    """A bot of a user's own: the first legal move, else (1 - greed of the time) random."""
    def choose(state):
        moves = list(state.iter_moves())
        return moves[0] if rng.random() < greed else moves[rng.randrange(len(moves))]
    return choose


class Cautious:
    """A bot as a class: never places a follower when it can help it."""

    def __init__(self, rng, label: str = "cautious", shy: bool = True, words=None):
        self.rng, self.label, self.shy = rng, label, shy

    def __call__(self, state):
        moves = list(state.iter_moves())
        plain = [m for m in moves if m[3] == -1] or moves
        return plain[self.rng.randrange(len(plain))]


def cheat(rng):
    return lambda state: (0, 99999, 0, -1)
'''


@pytest.fixture
def user_module(tmp_path, monkeypatch):
    name = "carcdsl_test_user_bots"
    (tmp_path / f"{name}.py").write_text(textwrap.dedent(USER_BOT), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    yield name
    sys.modules.pop(name, None)
    bot_spec._resolved.cache_clear()


def test_a_user_bot_by_module_path_with_its_options(user_module):
    found = resolve(f"{user_module}:first_or_random:greed=0.9")
    assert found.plugin and dict(found.options) == {"greed": 0.9}
    game = carcdsl.load("base")
    state = play_game(game, ["A", "B"], [f"{user_module}:first_or_random:greed=0.9",
                                         f"{user_module}:Cautious:label=x"], 5)
    assert state.finished
    with pytest.raises(BotError, match="no option 'depth'"):
        check_bot(f"{user_module}:first_or_random:depth=1")


def test_a_user_bot_on_the_command_line(user_module, capsys):
    assert main(["play", "base", "--bot", f"{user_module}:Cautious,greedy", "--seed", "3",
                 "--json"]) == 0
    assert '"winners"' in capsys.readouterr().out


def test_a_user_bot_that_plays_an_illegal_move_is_stopped(user_module):
    state = carcdsl.load("base").new_game(2, 1)
    bot = make_bots([f"{user_module}:cheat"], 2, 1)[0]
    with pytest.raises(BotError, match="not a legal move"):
        bot(state)


def test_a_bot_from_an_entry_point(user_module, monkeypatch):
    point = importlib.metadata.EntryPoint(
        name="cautious", value=f"{user_module}:Cautious", group="carcdsl.bots")
    monkeypatch.setattr(bot_spec.importlib.metadata, "entry_points",
                        lambda group: [point] if group == "carcdsl.bots" else [])
    bot_spec._resolved.cache_clear()
    assert "cautious" in bot_spec.known_kinds()
    assert resolve("cautious:label=y:shy=no").options == {"label": "y", "shy": False}
    with pytest.raises(BotError, match="'shy' must be yes or no, not 'maybe'"):
        check_bot("cautious:shy=maybe")
    with pytest.raises(BotError, match=r"no option 'words' \(its options: label, shy\)"):
        check_bot("cautious:words=1")
    state = play_game(carcdsl.load("base"), ["A", "B"], ["cautious", "random"], 2)
    assert state.finished


def test_register_refuses_a_name_a_spec_could_not_write():
    with pytest.raises(ValueError):
        bot_spec.register("a:b", lambda rng: None)


# --- mcts ----------------------------------------------------------------------------------------

COMBINATIONS = [
    ("base", (), 2), ("base", ("farmers",), 3), ("base", ("abbot",), 4), ("base", ("bag",), 2),
    ("base", ("table-edge", "border-closes"), 2), ("base", ("fill-hole-extra-turn",), 3),
    ("base", ("first-player-most-roads",), 3), ("base", ("hand-of-three",), 3),
    ("base", ("hand-of-three:visibility=open",), 2), ("base", ("incomplete-zero",), 2),
    ("base", ("inns-cathedrals",), 5), ("base", ("inns-cathedrals-tiles",), 2),
    ("base", ("river",), 2), ("base", ("table-edge",), 2), ("base", ("tiny-city",), 2),
    ("base", ("traders-builders",), 3), ("base", ("traders-builders-tiles",), 2),
    ("base", ("river", "abbot", "inns-cathedrals", "traders-builders", "farmers"), 6),
    ("base", ("river", "hand-of-three", "farmers"), 2),
    ("maps-germany", (), 2), ("maps-germany", ("small-city-extra-turn",), 3),
    ("maps-germany", ("small-city-penalty",), 2), ("maps-germany", ("small-city-roads",), 5),
    ("nuts", (), 6), ("nuts", ("nuts-proposal",), 3), ("nuts", ("nuts-proposal",), 2),
    ("pnp-demo", (), 4),
]


def _checked(bot, seen):
    def choose(state):
        move = bot(state)
        assert move in set(state.iter_moves()), move
        seen.append(move)
        return move
    return choose


@pytest.mark.parametrize("rules, variants, players", COMBINATIONS,
                         ids=["+".join((r, *v)) + f"/{n}" for r, v, n in COMBINATIONS])
def test_mcts_plays_only_legal_moves(rules, variants, players):
    game = carcdsl.load(rules, list(variants))
    if players > game.tables.modes.players[1]:
        players = game.tables.modes.players[1]
    seed = len(variants) + players
    state = game.new_game(players, seed)
    seen: list = []
    bots = [_checked(bot, seen) for bot in seat_bots(state, [SMALL], seed)]
    play_out(state, bots)
    assert state.finished and seen


def test_same_seed_and_budget_same_game():
    game = carcdsl.load("base", ["farmers"])
    one = play_game(game, ["A", "B"], ["mcts:playouts=12:depth=4", "greedy"], 9)
    two = play_game(game, ["A", "B"], ["mcts:playouts=12:depth=4", "greedy"], 9)
    assert carcdsl.record_of(one) == carcdsl.record_of(two)
    assert one.scores == two.scores


def _hidden_reshuffled(state: carcdsl.State, seed: int) -> carcdsl.State:
    """The same position as the mover sees it, with another hidden order (and other hands
    for the others)."""
    other = state.clone()
    supply = other.supply
    rng = random.Random(seed)
    pool = supply.pile[:-1] if supply.hands is None else supply.pile[:]
    hands = [h for s, h in enumerate(supply.hands or []) if s != state.current]
    tiles = pool + [t for h in hands for t in h]
    rng.shuffle(tiles)
    supply.pile[:len(pool)] = tiles[:len(pool)]
    rest = tiles[len(pool):]
    for hand in hands:
        hand[:], rest = rest[:len(hand)], rest[len(hand):]
    return other


@pytest.mark.parametrize("variants", [("farmers",), ("hand-of-three",)])
def test_mcts_does_not_peek_at_the_hidden_draw(variants):
    game = carcdsl.load("base", list(variants))
    rng = random.Random(4)
    state = game.new_game(3, 4)
    for _ in range(12):
        state.apply_fast(*state.sample_move(rng))
    other = _hidden_reshuffled(state, 5)
    assert other.supply.pile != state.supply.pile
    assert other.hand == state.hand and list(other.iter_moves()) == list(state.iter_moves())
    for seed in range(3):
        bot_one = make_bots(["mcts:playouts=30:depth=6"], 3, seed)[0]
        bot_two = make_bots(["mcts:playouts=30:depth=6"], 3, seed)[0]
        assert bot_one(state) == bot_two(other)


def test_a_seconds_budget_searches_for_that_long():
    import time

    state = carcdsl.load("base").new_game(2, 1)
    bot = make_bots(["mcts:seconds=0.05:depth=2"], 2, 1)[0]
    started = time.perf_counter()
    bot(state)
    assert 0.04 < time.perf_counter() - started < 1.0


def test_mcts_with_a_small_budget_beats_random():
    """Six games, seats swapped: a loose bound (it could fail, very rarely)."""
    game = carcdsl.load("base")
    wins = 0
    for seed in range(6):
        kinds = ["mcts:playouts=20:depth=5", "random"][:: 1 if seed % 2 else -1]
        state = play_game(game, ["A", "B"], kinds, seed)
        me = 0 if seed % 2 else 1
        wins += state.scores[me] > state.scores[1 - me]
    assert wins >= 5


def test_the_user_bot_of_the_docs_plays(tmp_path, monkeypatch, capsys):
    """docs/bots.md's complete example, as a module on the path, by module path."""
    import pathlib
    import re

    docs = (pathlib.Path(__file__).parent.parent / "docs" / "bots.md").read_text("utf-8")
    code = next(block for block in re.findall(r"```python\n(.*?)```", docs, re.S)
                if "def cautious" in block)
    package = tmp_path / "carcdsl_docs_bots"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "strategies.py").write_text(code, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    try:
        assert main(["play", "base", "--bot", "carcdsl_docs_bots.strategies:cautious:follow=0.5,"
                     "carcdsl_docs_bots.strategies:Lookahead", "--seed", "2", "--json"]) == 0
        assert '"winners"' in capsys.readouterr().out
    finally:
        for name in ("carcdsl_docs_bots.strategies", "carcdsl_docs_bots"):
            sys.modules.pop(name, None)
        bot_spec._resolved.cache_clear()
