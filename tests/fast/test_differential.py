"""The differential suite: the compiled engine (``fast``, the Numba kernel) against the Python
engine (``engine``, the reference), on the same rule tables, seeds and random bots.

- Every bundled rule set, alone and with every bundled variant that loads on it, with the
  parameter values that change a game (``PARAMETER_VALUES``), every two variants
  together, and the mixes of ``COMBINATIONS`` (all four expansions, with the
  river, farmers, ...): the same moves (discards too) by the same seats, the same scorings
  (move, seat, what, when, points), the same final scores and end, told at the first move
  that differs.
- The same ``simulate`` rows (``sim.rows.GameRow``) for a few of them.
- Random positions of the Python engine, loaded into the kernel: the same legal moves in the
  same order, the same features, open squares and scores.
- Generated rule files (``hypothesis``, derandomised): small variants of ``base`` written
  from the language's constructs, checked by ``carcdsl.load``, played on both engines.

Where the kernel refuses a bundled rule set or variant (``support.unsupported``), its case
says why in a skip line (the phrase must not be empty); a mix written here must run.

CI runs the suite compiled (the main pytest run) and once more under ``NUMBA_DISABLE_JIT=1``,
the kernel as plain Python, with fewer games (``differential.QUICK``). It replaces
``test_crosscheck.py``, whose combinations are ``COMBINATIONS``, ``MORE_PLAYERS`` and
``ROW_COMBINATIONS`` here.
"""

from __future__ import annotations

import os
import random
import tempfile
from pathlib import Path

import attrs
import pytest

if not os.environ.get("CARCDSL_REQUIRE_NUMBA"):
    pytest.importorskip("numba")

from differential import (  # noqa: E402
    QUICK,
    assert_same_games,
    bundled,
    bundled_cases,
    count,
    difference,
    label,
    load,
    python_log,
    refusal,
    variant_pairs,
)
from hypothesis import HealthCheck, assume, given, note, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from test_positions import python_position  # noqa: E402

import carcdsl  # noqa: E402
from carcdsl.compile.facts import DECIDE  # noqa: E402
from carcdsl.errors import CarcError  # noqa: E402
from carcdsl.fast.kernel import Kernel  # noqa: E402
from carcdsl.sim.compiled import play_rows  # noqa: E402
from carcdsl.sim.local import play_out, seat_bots  # noqa: E402
from carcdsl.sim.rows import GameRow, play_row  # noqa: E402

DATA = Path(__file__).parent / "data"
MIX = str(DATA / "effects-mix.carc")
"""Every effect the kernel runs (tokens, on place and on complete rules, extra turns)."""
FIGURES = str(DATA / "figures-mix.carc")
COVERS = str(DATA / "covers-mix.carc")
FIELD_RECALL = str(DATA / "field-recall.carc")
JUNCTIONS = str(Path(__file__).parent.parent / "data" / "constructs" / "junctions.carc")
"""Roads through three and four sides (a path with three or four ends)."""
RIVER_ARMS = str(Path(JUNCTIONS).parent / "river-arms.carc")
"""A river fork whose arms may not meet (``require apart``)."""
TILE_BAN = str(Path(JUNCTIONS).parent / "tile-ban.carc")
"""A kind whose tile takes no figure (``tile figures no``)."""
HILLS = str(Path(JUNCTIONS).parent / "hills.carc")
SHRINES = str(Path(JUNCTIONS).parent / "shrines.carc")
EXCLUDES = str(Path(JUNCTIONS).parent / "excludes.carc")
MAYOR = str(Path(JUNCTIONS).parent / "mayor.carc")
ABBEY = str(Path(JUNCTIONS).parent / "abbey.carc")
"""Abbey & Mayor's abbey alone: a tile each player owns, sides that fit any, last turns."""
WAGON = str(Path(JUNCTIONS).parent / "wagon.carc")
"""Abbey & Mayor's wagon alone: a figure its owner moves on when its feature scores."""
BARN = str(Path(JUNCTIONS).parent / "barn.carc")
"""Abbey & Mayor's barn alone (with farmers): at corner, keeps out, score to most, extends
with anyone's F, on final."""
GOLD = str(Path(JUNCTIONS).parent / "gold.carc")
BUILDINGS = str(Path(JUNCTIONS).parent / "buildings.carc")
HALVES = str(Path(JUNCTIONS).parent / "halves.carc")
"""``//``: incomplete cities and roads score half, rounded down."""
QUOTIENTS = str(Path(JUNCTIONS).parent / "quotients.carc")
"""``//`` at its edges: negative numerators and divisors, a divisor that measures 0."""
"""``figures(F)``: every player's figures of a kind on the feature."""
"""A token whose points are an expression of how many a player holds."""
"""A figure whose strength is an expression (``strength = pennants``)."""
"""Figures that ``excludes`` others from their feature."""
"""``require at most/at least N KIND around``."""
"""Two centres on a tile, a kind that breaks ties, ``neighbours(K)``, ``hide N tiles``."""

COMBINATIONS = [
    ("base", ()), ("base", ("farmers",)), ("pnp-demo", ()), ("pnp-demo", ("farmers",)),
    ("base", ("incomplete-zero",)), ("base", ("tiny-city",)), ("base", ("farmers", "tiny-city")),
    ("base", ("inns-cathedrals-tiles",)), ("base", ("traders-builders-tiles",)),
    ("base", ("inns-cathedrals-tiles", "traders-builders-tiles", "farmers")),
    ("base", ("incomplete-zero", "farmers")),
    ("base", ("hand-of-three",)), ("base", ("bag",)), ("base", ("first-player-most-roads",)),
    ("base", ("table-edge",)), ("base", ("table-edge", "border-closes")),
    ("base", ("table-edge", "farmers")),
    ("base", ("table-edge", "border-closes:reading=absent", "farmers")),
    ("maps-germany", ()), ("maps-germany", ("small-city-roads",)), ("maps-germany", ("farmers",)),
    ("maps-germany:areas=3", ("farmers", "small-city-roads")),
    ("maps-germany", ("small-city-extra-turn",)), ("maps-germany", ("small-city-penalty",)),
    ("maps-germany", ("small-city-extra-turn", "small-city-penalty", "farmers")),
    ("maps-germany", (COVERS,)),
    ("base", ("table-edge", "border-closes", "abbot")),
    ("base", ("table-edge", "border-closes:reading=absent", "abbot", "farmers")),
    ("base", ("hand-of-three", "bag", "farmers")), ("pnp-demo", ("bag", "farmers")),
    ("nuts", ()), ("nuts", ("nuts-proposal",)), ("base", ("fill-hole-extra-turn",)),
    ("base", ("river",)), ("base", ("river", "farmers")), ("base", ("river", "hand-of-three")),
    ("base", ("river:u-turn=look-ahead",)), ("base", ("fill-hole-extra-turn", "hand-of-three")),
    ("base", (MIX,)), ("base", (MIX, "farmers")), ("base", (MIX, "hand-of-three")),
    ("base", ("traders-builders",)), ("base", ("traders-builders", "farmers")),
    ("base", ("traders-builders", "abbot", "river")),
    ("base", ("abbot",)), ("base", ("abbot", "farmers")), ("base", ("inns-cathedrals",)),
    ("base", ("inns-cathedrals", "farmers")), ("base", ("abbot", "inns-cathedrals", "farmers")),
    ("base", ("abbot", "hand-of-three")), ("pnp-demo", ("abbot",)),
    ("base", (FIGURES,)),
    ("base", ("abbot", "inns-cathedrals", "traders-builders", "farmers")),
    ("base", ("river", "abbot", "inns-cathedrals", "traders-builders", "farmers")),
    ("base", ("monastery-bonus",)), ("base", ("monastery-bonus", "fill-hole-extra-turn")),
    ("base", ("monastery-bonus", "table-edge", "border-closes", "abbot")),
    ("base", (FIELD_RECALL,)), ("base", (FIELD_RECALL, "table-edge", "border-closes")),
    ("base", (JUNCTIONS,)), ("base", (JUNCTIONS, "farmers")),
    ("base", (JUNCTIONS, "table-edge", "border-closes", "farmers")),
    ("base", (RIVER_ARMS,)), ("base", (RIVER_ARMS, "farmers")),
    ("base", (TILE_BAN, "farmers")), ("base", (TILE_BAN, "abbot", "traders-builders")),
    ("base", (HILLS,)), ("base", (HILLS, "farmers")),
    ("base", (HILLS, "inns-cathedrals", "hand-of-three", "farmers")),
    ("base", (HILLS, "bag", "abbot")), ("maps-germany", (HILLS, "farmers")),
    ("base", (SHRINES,)), ("base", (SHRINES, "farmers", "hand-of-three")),
    ("base", (SHRINES, HILLS, "river", "farmers")), ("maps-germany", (SHRINES,)),
    ("base", (EXCLUDES,)), ("base", (EXCLUDES, "farmers", "abbot", "traders-builders")),
    ("base", (EXCLUDES, "inns-cathedrals", "farmers", "hand-of-three")),
    ("base", (MAYOR,)), ("base", (MAYOR, "inns-cathedrals", "farmers")),
    ("base", (MAYOR, "hills-sheep-tiles", "traders-builders", "abbot")),
    ("base", (GOLD,)), ("base", (GOLD, "traders-builders", "farmers")),
    ("base", (BUILDINGS,)), ("base", (BUILDINGS, "inns-cathedrals", "abbot", "farmers")),
    ("base", (HALVES,)), ("base", (QUOTIENTS, "inns-cathedrals", "abbot")),
    ("base", ("hills-sheep", "farmers")),
    ("base", ("hills-sheep", "abbot", "inns-cathedrals", "hand-of-three", "farmers")),
    # parameters and rule sets in the mixes above that they left out
    ("base", ("river:u-turn=look-ahead", "abbot", "inns-cathedrals", "traders-builders",
              "farmers")),
    ("maps-germany", ("abbot", "inns-cathedrals", "traders-builders", "farmers")),
    ("maps-germany:areas=3,sets=2", ("river", "hand-of-three:size=5", "farmers")),
    ("pnp-demo", ("river", "abbot", "inns-cathedrals", "traders-builders", "farmers")),
    ("nuts", ("nuts-proposal", "bag", "hand-of-three")),
    ("nuts", ("table-edge:width=7,height=5", "fill-hole-extra-turn")),
    ("base", ("table-edge:width=5,height=5", "border-closes", "river", "farmers")),
    ("base", ("bag:start=placed", "hand-of-three:size=1,visibility=open",
              "first-player-most-roads")),
    # The Tower: figures placed elsewhere, captures, prisoners and ransoms
    ("base", ("tower",)), ("base", ("tower", "farmers")),
    ("base", ("tower", "abbot", "inns-cathedrals", "traders-builders", "farmers")),
    ("base", ("tower", "hand-of-three", "farmers")), ("base", ("tower", "river", "bag")),
    ("maps-germany", ("tower", "farmers")),
    ("base", ("tower", "table-edge:width=5,height=7", "border-closes", "farmers")),
    # The Princess & the Dragon: neutral figures walked by every player in turn, tiles held
    # back, targets instead of a figure (the princess, the fairy), a figure placed anywhere
    ("base", ("princess-dragon",)), ("base", ("princess-dragon", "farmers")),
    ("base", ("princess-dragon", "tower", "farmers")),
    ("base", ("princess-dragon", "abbot", "inns-cathedrals", "traders-builders", "farmers")),
    ("base", ("princess-dragon", "river", "bag")),
    ("base", ("princess-dragon", "table-edge", "border-closes", "farmers")),
    # Abbey & Mayor's abbey: owned tiles played instead of the drawn one, last turns (placed
    # or kept), sides that fit any and close what they face, only into a hole
    ("base", (ABBEY,)), ("base", (ABBEY, "farmers")), ("base", (ABBEY, "tower", "farmers")),
    ("base", (ABBEY, "princess-dragon", "farmers")),
    ("base", (ABBEY, "abbot", "inns-cathedrals", "traders-builders", "farmers")),
    ("base", (ABBEY, "river", "bag")), ("base", (ABBEY, MAYOR, "fill-hole-extra-turn")),
    # ... on a bounded table (sides that fit any facing a closing edge) and a printed map
    ("base", (ABBEY, "table-edge:width=5,height=5", "border-closes", "farmers")),
    ("base", (ABBEY, "table-edge:width=7,height=5")), ("maps-germany", (ABBEY, "farmers")),
    # Abbey & Mayor's barn: a figure at a corner of four fields that scores the field's
    # farmers and keeps them out, fields joined to it scored, fields scored to the most barns
    ("base", ("farmers", BARN)), ("base", ("farmers", BARN, "tower")),
    ("base", ("farmers", BARN, "princess-dragon")),
    ("base", ("farmers", BARN, "abbot", "inns-cathedrals", "traders-builders")),
    ("base", ("farmers", BARN, "river", "bag")), ("base", ("farmers", BARN, ABBEY, MAYOR)),
    # Abbey & Mayor's wagon: a scored figure's owner decides where it goes on (the owners in
    # turn order from the mover), blocked squares (the dragon), last turns (the abbey)
    ("base", (WAGON,)), ("base", (WAGON, "farmers")), ("base", (WAGON, "tower", "farmers")),
    ("base", (WAGON, "princess-dragon", "farmers")),
    ("base", (WAGON, "abbot", "inns-cathedrals", "traders-builders", "farmers")),
    ("base", (WAGON, "river", "bag")), ("base", (WAGON, ABBEY, MAYOR, "fill-hole-extra-turn")),
]
"""Mixes of variants played for 2, 3 and 4 players (the combinations the cross-check of the
two engines has grown by, then more)."""

MORE_PLAYERS = [("base", ("inns-cathedrals",), 5), ("base", ("inns-cathedrals", "farmers"), 5),
                ("base", ("inns-cathedrals",), 6),
                ("base", ("abbot", "inns-cathedrals", "traders-builders", "farmers"), 5),
                ("base", ("abbot", "inns-cathedrals", "traders-builders", "farmers"), 6),
                ("base", ("tower", "inns-cathedrals", "farmers"), 5),
                ("base", ("tower", "inns-cathedrals"), 6),
                ("base", ("princess-dragon", "inns-cathedrals", "farmers"), 6),
                ("base", (ABBEY, "inns-cathedrals", "farmers"), 5),
                ("base", (ABBEY, "tower", "inns-cathedrals"), 6),
                ("base", ("farmers", BARN, "inns-cathedrals"), 5),
                ("base", ("farmers", BARN, "tower", "inns-cathedrals"), 6),
                ("base", (WAGON, "inns-cathedrals", "farmers"), 5),
                ("base", (WAGON, "princess-dragon", "inns-cathedrals"), 6)]
"""Combinations that seat more than four (the pink set's sixth player)."""

ROW_COMBINATIONS = COMBINATIONS[:4] + [
    ("base", ("hand-of-three", "bag", "farmers")), ("base", ("abbot", "farmers")),
    ("nuts", ("nuts-proposal",)), ("base", ("fill-hole-extra-turn",)),
    ("base", ("river", "farmers")), ("base", (MIX,)), ("base", ("traders-builders", "farmers")),
    ("maps-germany", ("farmers", "small-city-roads")), ("base", ("hills-sheep", "farmers")),
    ("base", ("abbot", "hand-of-three")),  # a recall is no placement of its own (issue 31)
    ("base", ("tower", "farmers")), ("base", ("tower", "hand-of-three")),  # decision steps
    ("base", ("princess-dragon", "farmers")),  # walks: other players' decisions in a turn
    ("base", (ABBEY, "farmers")), ("base", (ABBEY, "tower")),  # last turns, kept tiles
    ("base", ("farmers", BARN)), ("base", ("farmers", BARN, "inns-cathedrals")),  # barns
    ("base", (WAGON, "farmers")), ("base", (WAGON, "princess-dragon")),  # others decide
]
"""Combinations whose ``simulate`` rows are compared field by field."""

PARAMETER_VALUES = {
    "maps-germany": ("areas=3", "sets=2"),
    "bag": ("start=placed",),
    "border-closes": ("reading=absent",),
    "hand-of-three": ("size=1", "size=6,visibility=open"),
    "river": ("u-turn=look-ahead",),
    "table-edge": ("width=5,height=7", "width=15,height=4"),
}
"""Values besides the defaults of each bundled file's parameters, each played as a case of its
own (a test holds every parameter ``carcdsl list`` shows to this table)."""

CASES, NOT_LOADING = bundled_cases(tuple(PARAMETER_VALUES.items()))


def _playable(rules: str, variants: tuple, chosen: bool = False) -> carcdsl.Game:
    """The game, where the kernel runs it; where it does not, a skip line that says why (a
    bundled file), or a failure (``chosen``: a mix written here for the kernel to run)."""
    game = load(rules, variants)
    why = refusal(game)
    assert not (chosen and why), f"the compiled engine does not run {label(rules, variants)}: {why}"
    if why is not None:
        pytest.skip(f"the compiled engine does not run {label(rules, variants)}: {why}")
    return game


# --- what is played ----------------------------------------------------------------------------

def test_every_bundled_file_and_parameter_is_played():
    """Each rule set and variant ``carcdsl list`` shows is a case, each variant at least on
    the rule set it is written for; each parameter it shows has values in
    ``PARAMETER_VALUES``, every choice of a parameter with a few; and what does not load
    together is refused by the checker with a reason."""
    rule_sets, variants = bundled()
    played_rules = {rules.split(":")[0] for rules, _ in CASES}
    played_variants = {(rules.split(":")[0], v.split(":")[0]) for rules, vs in CASES for v in vs}
    assert played_rules == set(rule_sets)
    for name, variant in variants.items():
        assert (variant["for"], name) in played_variants, \
            f"{name} does not load on {variant['for']}: " \
            f"{NOT_LOADING.get((variant['for'], (name,)))}"
    for name, info in {**rule_sets, **variants}.items():
        given_values = [pair for value in PARAMETER_VALUES.get(name, ())
                        for pair in value.split(",")]
        for param, (default, allowed) in info["params"].items():
            assert any(v.startswith(f"{param}=") for v in given_values), \
                f"{name}:{param} has no value in PARAMETER_VALUES"
            if isinstance(allowed, tuple):
                for choice in allowed:
                    assert choice == default or f"{param}={choice}" in given_values, \
                        f"{name}:{param}={choice} is not played"
    for pair, why in NOT_LOADING.items():
        assert why.strip(), pair
    for rules in rule_sets:  # a variant may be refused (its case says why), a rule set not
        assert refusal(load(rules, ())) is None, rules


def test_the_comparison_tells_two_rule_sets_apart():
    """Not vacuous: the kernel of base + farmers against the Python engine's base differs
    (its farmers), at a move, and says where."""
    k = Kernel(load("base", ("farmers",)), 2)
    k.game = load("base", ())
    found = [difference(k, seed) for seed in (1, 2, 3)]
    assert all(f and f.startswith(("moves differ at ", "events differ at ")) for f in found), found


@pytest.mark.parametrize("rules,variants", CASES, ids=[label(*c) for c in CASES])
def test_the_same_games_on_every_bundled_file(rules, variants):
    """Seeds 1.. (each with the next player count the rules allow), one seed from 2**48 (the
    64-bit seeding) and a negative one (``random.Random`` seeds with its absolute value)."""
    game = _playable(rules, variants)
    low, high = game.tables.modes.players
    seeds = [*range(1, 1 + count(12, 3)), 2 ** 48 + 5, -7]
    for i, seed in enumerate(seeds):
        assert_same_games(game, low + i % (high - low + 1), [seed], label(rules, variants))


@pytest.mark.parametrize("rules,variants", COMBINATIONS, ids=[label(*c) for c in COMBINATIONS])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_same_games_on_mixes(rules, variants, players):
    game = _playable(rules, variants, chosen=True)
    # without the JIT one game a player count, each from its own seed (CI's time)
    seeds = range(1, 16) if not QUICK else (players,)
    assert_same_games(game, players, seeds, label(rules, variants))


@pytest.mark.parametrize("rules,variants,players", MORE_PLAYERS,
                         ids=[f"{label(r, v)}-{p}" for r, v, p in MORE_PLAYERS])
def test_the_same_games_for_more_players(rules, variants, players):
    test_the_same_games_on_mixes(rules, variants, players)


PAIR_CASES = [(rules, first) for rules in sorted(bundled()[0])
              for first in sorted({a for a, _ in variant_pairs(rules)})]


@pytest.mark.slow
@pytest.mark.parametrize("rules,first", PAIR_CASES, ids=[f"{r}+{v}" for r, v in PAIR_CASES])
def test_the_same_games_for_every_two_variants(rules, first):
    """``first`` with each variant after it in name order (each loading on ``rules`` alone
    and run by the kernel alone): a pair that loads plays a few seeds of its own; one that
    does not is refused by the checker with a reason; one the kernel refuses together says
    why."""
    played, refused = 0, []
    for n, (a, b) in enumerate(variant_pairs(rules)):
        if a != first:
            continue
        try:
            game = carcdsl.load(rules, [a, b])
        except CarcError as error:
            assert str(error).strip()
            continue
        why = refusal(game)
        if why is not None:
            refused.append(f"{b} ({why})")
            continue
        low, high = game.tables.modes.players
        for i in range(count(2, 1)):
            seed = 1000 * n + i
            assert_same_games(game, low + seed % (high - low + 1), [seed], label(rules, (a, b)))
        played += 1
    if refused:
        pytest.skip(f"{played} pairs played; the compiled engine does not run {first} with "
                    + ", ".join(refused))


TOKEN_CASES = [("nuts", ()), ("nuts", ("nuts-proposal",)), ("base", ("traders-builders",)),
               ("base", (MIX,)), ("base", ("hills-sheep", "farmers"))]


@pytest.mark.parametrize("rules,variants", TOKEN_CASES, ids=[label(*c) for c in TOKEN_CASES])
def test_the_same_token_events(rules, variants):
    """Tokens put, given, taken, collected and held, movement by movement (``Kernel.log``'s
    ``"tokens"``, as ``python_log`` gives them)."""
    game = _playable(rules, variants, chosen=True)
    k = Kernel(game, 3)
    assert any(python_log(game, 3, seed)["tokens"] for seed in (1, 2, 3)), \
        "the Python engine moves no tokens here"
    assert any(k.log(seed)["tokens"] for seed in (1, 2, 3))
    assert_same_games(game, 3, range(1, 1 + count(15, 2)), label(rules, variants))


ELSEWHERE_RULES = [
    "override feature city { followers anywhere }",
    "override feature road { followers anywhere }",
    "override feature monastery { followers anywhere }",
    "override feature field { followers anywhere }",
    "figure flag { each player 3  strength 0  stands on city, road, monastery, field }\n"
    "override feature city { followers anywhere with flag }",
    "figure flag { each player 3  strength 0  stands on city, road, monastery, field }\n"
    "override feature field { followers anywhere with flag }",
    "figure flag { each player 2  strength 0  stands on road }\n"
    "figure post { each player 2  stands on road  with flag }",
    "figure scout { each player 2  strength 0  stands on road, city  anywhere }",
    "figure scout { each player 1  each player 4 for 2  strength 0  stands on road }",
    "figure tower { each player 4  strength 0  stands on monastery  anywhere }\n"
    "on figure tower: capture follower in line 1 + figures(tower)\noverride game { ransom 2 }",
    "figure guard { each player 3  stands on road, city  anywhere  with own follower }\n"
    "on figure guard: capture follower, guard in line 2\noverride game { ransom 1 }",
    "figure flag { each player 3  strength 0  stands on city, road, monastery, field }\n"
    "override feature city { followers anywhere }\n"
    "override feature road { followers anywhere with flag }",
]
"""The Tower's core on other kinds (``test_constructs``' live rules, and a figure that counts,
placed elsewhere beside its own follower, capturing its own kind): followers and figures
placed on another tile, joined features judged as the tile leaves them, captures, ransoms."""


@pytest.mark.parametrize("text", ELSEWHERE_RULES)
def test_the_same_games_with_figures_elsewhere(tmp_path, text):
    path = tmp_path / "elsewhere.carc"
    path.write_text(f"variant elsewhere for base\n{text}\n")
    game = carcdsl.load("base", ["farmers", str(path)])
    assert refusal(game) is None
    for players in (2, 3):
        assert_same_games(game, players, range(1, 1 + count(10, 2)), text)


NEUTRAL_RULES = [
    "figure dragon { neutral  avoids fairy }\nfigure fairy { neutral }\n"
    "on place shows monastery: move dragon here\non place surrounded: move fairy here\n"
    "on place shows city: walk dragon 3\non enter dragon: return figures here",
    "figure dragon { neutral }\non place shows monastery: move dragon here\n"
    "supply { hold back city until dragon }",
    "figure fairy { neutral  beside own follower }\non turn beside fairy: score 1\n"
    "on score beside fairy: score 3",
    "figure dragon { neutral  blocks }\non place shows monastery: move dragon here\n"
    "on place shows road: place follower anywhere",
    "extends princess-dragon-tiles\non place shows city princess: instead return follower",
    "figure dragon { neutral }\non place shows road: move dragon here\n"
    "on place shows city: walk dragon 100\non enter dragon: return figures here\n"
    "override game { ransom 2 }\n"
    "figure tower { each player 4  strength 0  stands on monastery  anywhere }\n"
    "on figure tower: capture follower in line 1 + figures(tower)",
]
"""``test_constructs``' live rules of neutral figures and targets, each alone on base +
farmers, and a walk beside captures and ransoms (a turn waiting for two kinds of decision)."""


@pytest.mark.parametrize("text", NEUTRAL_RULES)
def test_the_same_games_with_neutral_figures(tmp_path, text):
    path = tmp_path / "neutral.carc"
    path.write_text(f"variant neutral for base\n{text}\n")
    game = carcdsl.load("base", ["farmers", str(path)])
    assert refusal(game) is None
    for players in (2, 3, 4):
        assert_same_games(game, players, range(1, 1 + count(8, 2)), text)


GOING_ON = """figure wagon { each player 5  stands on road, city, monastery }
figure cart { each player 2  strength 2  stands on city, road }
on scored wagon: move wagon within 2 to road, city, monastery
on scored cart: move cart within 1 to city
"""
"""Several figures that go on, each within its reach and to its kinds: five wagons a player
within 2 squares, two carts of strength 2 within 1 (``engine.moving``)."""


def test_the_same_games_with_several_figures_going_on(tmp_path):
    """Several figures waiting at once (their owners in turn order from the mover), each
    offered its own options: the same games; and in the Python engine's games (2 and 5
    players, seeds 1-8) some turn moves two or more on."""
    path = tmp_path / "going-on.carc"
    path.write_text(f"variant going-on for base\n{GOING_ON}")
    game = carcdsl.load("base", ["farmers", str(path)])
    assert refusal(game) is None
    for players in (2, 3, 5):
        assert_same_games(game, players, range(1, 1 + count(8, 2)), "several figures going on")
    several = 0
    for players in (2, 5):
        for seed in range(1, 9):
            state = game.new_game(players, seed)
            play_out(state, seat_bots(state, ["random"], seed))
            several += sum(len(getattr(move, "moved", ())) >= 2 for move in state.log.moves)
    assert several


OWNED_RULES = [
    "feature wall { geometry area  fits any  followers no }\n"
    "tile HOLE 0 monastery; wall N+E+S+W\nsupply { each player owns HOLE }\n"
    "on place shows wall: require surrounded",
    "feature wall { geometry area  fits any  followers no }\n"
    "tile HOLE 0 monastery; wall N+E+S+W\nsupply { each player owns 2 HOLE }",
    "feature wall { geometry area  fits any  followers no }\n"
    "tile GATE 0 road W+S; wall N+E\nsupply { each player owns GATE }",
    "tile TWIN 0 city N; road E+W\nsupply { each player owns TWIN }",
]
"""``test_constructs``' live rule of owned tiles, and owned tiles placed anywhere (two each),
with two sides that fit any (tiles never fit beside those), or none."""


@pytest.mark.parametrize("text", OWNED_RULES)
def test_the_same_games_with_owned_tiles(tmp_path, text):
    """Owned tiles played instead of the drawn one (which stays on the pile), and the last
    turns once the pile is empty: the same games, and the owned tile is played in them."""
    path = tmp_path / "owned.carc"
    path.write_text(f"variant owned for base\n{text}\n")
    game = carcdsl.load("base", ["farmers", str(path)])
    assert refusal(game) is None
    owned_type = len(game.tables.type_names) - 1
    for players in (2, 3):
        assert_same_games(game, players, range(1, 1 + count(8, 2)), text)
        moves = Kernel(game, players).log(1)["moves"]
        assert any(m[0] == owned_type and len(m) == 4 for m in moves)


@pytest.mark.parametrize("variants,text,says", [
    (("hand-of-three",), "", "supply owned with hands"),
    ((), "feature wall { geometry area  fits any  followers no }\n"
     "tile WALLED 2 monastery; wall N+E+S+W", "fits any on a tile that is not owned"),
])
def test_the_kernel_refuses_owned_tiles_it_does_not_run(tmp_path, variants, text, says):
    """Owned tiles with hands, sides that fit any on a tile the pile holds: refused in one
    line (the Python engine plays them). (The checker refuses an
    owned tile the pile holds too.)"""
    path = tmp_path / "owned.carc"
    path.write_text(f"variant owned for base\n{text}\n")
    extra = [str(path)] if text else [ABBEY]
    assert refusal(carcdsl.load("base", [*extra, *variants])) == says


def test_wagons_go_on_in_their_games():
    """Not vacuous: in the wagon's games (base + farmers, 2 players, seeds 1-10) scored
    wagons go home and go on, moved by the mover and by another player (the Python engine's
    records), and the kernel's games hold as many decisions of each (home, a node)."""
    game = _playable("base", (WAGON, "farmers"), chosen=True)
    k = Kernel(game, 2)
    home = by_mover = by_another = 0
    kernel_home = kernel_on = 0
    for seed in range(1, 11):
        state = game.new_game(["P1", "P2"], seed)
        play_out(state, seat_bots(state, ["random"], seed))
        for move, seat in zip(state.log.moves, state.log.move_seats):
            for spec in getattr(move, "moved", ()):
                home += spec.at is None
                by_mover += spec.at is not None and spec.player == state.players[seat]
                by_another += spec.at is not None and spec.player != state.players[seat]
        options = [m[3] for m in k.log(seed)["moves"] if m[0] == DECIDE]
        kernel_home += options.count(-1)
        kernel_on += sum(1 for o in options if o >= 0)
    assert home and by_mover and by_another, (home, by_mover, by_another)
    assert (kernel_home, kernel_on) == (home, by_mover + by_another)


@pytest.mark.parametrize("rules,variants", ROW_COMBINATIONS,
                         ids=[label(*c) for c in ROW_COMBINATIONS])
@pytest.mark.parametrize("branching", [False, True])
def test_the_same_rows(rules, variants, branching):
    """``Kernel.play``'s batch against ``sim.rows.play_row``: every field of ``GameRow``,
    whatever fields it gains, and the names every kind's points are counted under."""
    players = 3 if branching else 2
    game = _playable(rules, variants, chosen=True)
    seeds = list(range(100, 100 + count(12, 2)))
    mine = play_rows(game, players, ["random"], seeds, branching=branching)
    kinds = game.tables.kinds
    for seed, ours in zip(seeds, mine):
        theirs = play_row(game, players, ["random"], seed, branching=branching)
        for field in attrs.fields(GameRow):
            assert getattr(ours, field.name) == getattr(theirs, field.name), \
                f"seed {seed}: {field.name}"
        assert set(ours.points) >= {f"{kind.name}.{when}" for kind in kinds
                                    for when in ("complete", "final")}
    assert all(row.move_choices is not None for row in mine) == branching


# --- random positions --------------------------------------------------------------------------

POSITION_CASES = CASES + [c for c in COMBINATIONS if c not in CASES]


@pytest.mark.parametrize("rules,variants", POSITION_CASES,
                         ids=[label(*c) for c in POSITION_CASES])
def test_the_same_moves_at_random_positions(rules, variants):
    """Positions at random points of random games of the Python engine, loaded into the
    kernel (``Kernel.position``): the same legal moves in the same order (tiles, squares,
    rotations, followers, figures and recalls), the same root for every node, open ends,
    pennants and followers at roots, open squares in order and scores (``fast.loading``
    carries the turns a ``no-repeat`` requirement remembers too: the same moves there)."""
    game = _playable(rules, variants)
    compared = 0
    for seed in range(1, 1 + count(4, 2)):
        players = 2 + seed % 3
        low, high = game.tables.modes.players
        players = min(max(players, low), high)
        k = Kernel(game, players)
        state, rng = game.new_game(players, seed), random.Random(seed)
        while not state.finished and not state.supply.is_empty():
            if rng.random() < 0.3:
                mine, theirs = k.position(state), python_position(state)
                where = f"{label(rules, variants)}, {players} players, seed {seed}, " \
                        f"after move {len(state.log.moves)}"
                for field in theirs:
                    assert mine[field] == theirs[field], (where, field)
                compared += 1
            state.apply_fast(*state.sample_move(rng))
    assert compared >= count(20, 8)


# --- generated rule files ----------------------------------------------------------------------

QUANTITIES = {
    "road": ["tiles", "followers", "own(follower)"],
    "city": ["tiles", "pennants", "followers", "own(follower)"],
    "monastery": ["tiles", "neighbours", "followers"],
    "field": ["completed(city)", "tiles", "followers", "own(follower)"],
}
ATTRIBUTES = {"traders-builders-tiles": {"city": ["wine", "grain", "cloth"]},
              "inns-cathedrals-tiles": {"road": ["inn"], "city": ["cathedral"]}}
FIGURE_NAMES = ["scout", "guard", "mayor"]


@st.composite
def expressions(draw, quantities: list[str], depth: int = 0) -> str:
    """A scoring expression of the language: numbers, quantities, ``+``, ``-``, products,
    parentheses and ``if ... then ... else``."""
    atom = st.one_of(st.integers(-2, 4).map(str), st.sampled_from(quantities))
    form = draw(st.sampled_from(["atom", "scaled", "sum", "product", "if", "parens"]
                                if depth < 2 else ["atom", "scaled"]))
    if form == "atom":
        return draw(atom)
    if form == "scaled":
        return f"{draw(st.integers(-2, 4))} * {draw(st.sampled_from(quantities))}"
    if form == "product":
        return f"{draw(st.sampled_from(quantities))} * {draw(st.sampled_from(quantities))}"
    a = draw(expressions(quantities, depth + 1))
    b = draw(expressions(quantities, depth + 1))
    if form == "sum":
        return f"{a} {draw(st.sampled_from(['+', '-']))} {b}"
    if form == "parens":
        return f"{draw(st.integers(1, 3))} * ({a} + {b})"
    test = draw(st.sampled_from(["<", "<=", ">", ">=", "==", "!="]))
    return f"if {draw(st.sampled_from(quantities))} {test} {draw(st.integers(0, 6))} " \
           f"then {a} else {b}"


@st.composite
def rule_files(draw) -> str:
    """A small variant of ``base``: some of followers, scoring, ``on place`` and ``on
    complete`` rules with their actions, tokens, figures, a requirement, a bounded board, a
    bag or hands, the draw-off, ``end tile-unplaceable`` and junction roads
    (``docs/language.md``)."""
    lines = ["variant generated for base"]
    tiles = draw(st.sampled_from([None, "traders-builders-tiles", "inns-cathedrals-tiles"]))
    if tiles:
        lines.append(f"extends {tiles}")
    attributes = ATTRIBUTES.get(tiles or "", {})
    quantities = {kind: q + attributes.get(kind, []) for kind, q in QUANTITIES.items()}
    game = []
    if draw(st.booleans()):
        game.append(f"followers {draw(st.integers(0, 9))}")
    if draw(st.integers(0, 4)) == 0:
        game.append("end tile-unplaceable")
    junctions = draw(st.integers(0, 3)) == 0  # roads through three and four sides
    if junctions:
        game.append("tiles += 3")
    if game:
        lines.append(f"override game {{ {'  '.join(game)} }}")
    if junctions:
        lines += ["tile J3 2 road N+E+W", "tile J4 1 road N+E+S+W"]
    farming = draw(st.booleans())
    for kind in draw(st.lists(st.sampled_from(sorted(QUANTITIES)), max_size=3, unique=True)):
        props = []
        whens = ["final"] if kind == "field" else ["complete", "final"]
        for when in draw(st.lists(st.sampled_from(whens), min_size=1, unique=True)):
            op = draw(st.sampled_from(["=", "+="]))
            props.append(f"score {when} {op} {draw(expressions(quantities[kind]))}")
        if kind == "field" and farming:
            props.insert(0, "followers yes")
        lines.append(f"override feature {kind} {{ {'  '.join(props)} }}")
    if farming and not any(line.startswith("override feature field") for line in lines):
        lines.append("override feature field { followers yes  score final = "
                     f"{draw(expressions(quantities['field']))} }}")
    tokens = []
    for name in draw(st.lists(st.sampled_from(attributes.get("city", []) + ["gem"]),
                              max_size=2, unique=True)):
        each, sides = draw(st.integers(0, 2)), draw(st.integers(0, 1))
        props = [f"supply {5 * each + 4 * sides + draw(st.integers(0, 12))}"]
        if each:
            props.append(f"each player {each}")
        if sides:
            props.append("start sides 1")
        if draw(st.booleans()):
            props.append("collected yes")
        score = draw(st.sampled_from(["", "score final = {}", "score final most {}"]))
        if score:
            props.append(score.format(draw(st.integers(1, 10))))
        lines.append(f"token {name} {{ {'  '.join(props)} }}")
        tokens.append(name)
    actions = st.sampled_from(["extra turn", "score 2", "score -1"])
    for _ in range(draw(st.integers(0, 3))):
        rule = draw(st.sampled_from(["surrounded", "shows", "extends", "complete"]))
        chosen = draw(st.lists(actions, min_size=1, max_size=2, unique=True))
        if rule == "surrounded":
            lines.append(f"on place surrounded: {', '.join(chosen)}")
        elif rule == "shows":
            kind = draw(st.sampled_from(["road", "city", "monastery", "field"]))
            if tokens and draw(st.booleans()):
                chosen.append(f"put {draw(st.integers(1, 2))} {draw(st.sampled_from(tokens))}"
                              f" on {kind}")
            lines.append(f"on place shows {kind}: {', '.join(chosen)}")
        elif rule == "extends":
            kinds = draw(st.lists(st.sampled_from(["road", "city"]), min_size=1, unique=True))
            lines.append(f"on place extends {', '.join(kinds)} with own follower: extra turn")
        else:
            kind = draw(st.sampled_from(["road", "city", "monastery"]))
            takes = [t for t in tokens if t in attributes.get(kind, [])]
            if takes and draw(st.booleans()):
                chosen.append(f"take {draw(st.sampled_from(takes))}")
            lines.append(f"on complete {kind}: {', '.join(chosen)}")
    names = draw(st.lists(st.sampled_from(FIGURE_NAMES), max_size=2, unique=True))
    for i, name in enumerate(names):
        props = [f"each player {draw(st.integers(1, 2))}"]
        if draw(st.booleans()):
            props.append(f"strength {draw(st.integers(0, 3))}")
        stands = draw(st.lists(st.sampled_from(["road", "city", "monastery"]), unique=True))
        if stands:
            props.append(f"stands on {', '.join(stands)}")
        if draw(st.booleans()):
            props.append(f"with own {draw(st.sampled_from(['follower', *names[:i]]))}")
        recall = draw(st.sampled_from(["", "recall", "recall score final"]))
        if recall:
            props.append(recall)
        lines.append(f"figure {name} {{ {'  '.join(props)} }}")
    if draw(st.integers(0, 5)) == 0:
        lines.append(f"on place shows road: require "
                     f"{draw(st.sampled_from(['joins', 'no-repeat', 'look-ahead']))} road")
    if draw(st.integers(0, 3)) == 0:
        board = [f"bounds {draw(st.integers(4, 11))} x {draw(st.integers(3, 11))}"]
        if draw(st.booleans()):
            board.append("edge closes yes")
            board.append(f"edge neighbours {draw(st.sampled_from(['filled', 'absent']))}")
        lines.append(f"board {{ {'  '.join(board)} }}")
    supply = []
    if draw(st.integers(0, 3)) == 0:
        supply.append("draw bag")
    if draw(st.integers(0, 3)) == 0:
        supply.append(f"hand {draw(st.integers(1, 4))}")
    if draw(st.integers(0, 4)) == 0:
        supply.append("start tile shuffled")
    if supply:
        lines.append(f"supply {{ {'  '.join(supply)} }}")
    if draw(st.integers(0, 4)) == 0:
        lines.append(f"turn {{ first player draw most {draw(st.sampled_from(['road', 'city']))} }}")
    return "\n".join(lines) + "\n"


GENERATED = settings(max_examples=count(40, 10), deadline=None, derandomize=True, database=None,
                     suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
_tally: dict[str, list] = {}


@GENERATED
@given(text=rule_files())
def _play_generated(text):
    note(text)
    with tempfile.TemporaryDirectory(prefix="carcdsl-differential-") as folder:
        path = Path(folder) / "generated.carc"
        path.write_text(text, encoding="utf-8")
        try:
            game = carcdsl.load("base", [path])
        except CarcError as error:
            _tally.setdefault("not checked", []).append(str(error).splitlines()[0])
            assume(False)
    why = refusal(game)
    if why is not None:
        _tally.setdefault("refused", []).append(why)
        return
    low, high = game.tables.modes.players
    for seed in range(1, 1 + count(3, 2)):
        players = min(max(1 + seed, low), high)
        found = difference(Kernel(game, players), seed)
        assert found is None, f"{players} players, seed {seed}: {found}\n{text}"
    _tally.setdefault("played", []).append(text)


@pytest.mark.slow  # 26 s: CI runs it, the README's quick command leaves it
def test_the_same_games_on_generated_rule_files():
    """Generated variants of ``base`` (``rule_files``) that check play the same games on
    both engines; most of them check and run on the kernel (what does not is counted)."""
    _tally.clear()
    _play_generated()
    played = len(_tally.get("played", []))
    assert played >= count(40, 10) * 3 // 4, {k: len(v) for k, v in _tally.items()}
