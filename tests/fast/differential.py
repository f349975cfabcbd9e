"""How the differential suite (``test_differential.py``, which holds its cases) finds what to
play and compares: the bundled rule sets and variants as ``carcdsl list`` lists them, which
load together, and one game played on both engines and told apart move by move.

Its size follows the JIT: compiled, every case plays its full count of seeds; under
``NUMBA_DISABLE_JIT=1`` (the kernel run as plain Python, slower than the Python engine) each
plays a few. ``CARCDSL_DIFFERENTIAL=full`` or ``quick`` chooses either way.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
from functools import cache
from pathlib import Path

import numba

import carcdsl
from carcdsl.compile.facts import DECIDE
from carcdsl.engine import owned
from carcdsl.engine.moves import Discard
from carcdsl.engine.parts import RANSOM
from carcdsl.errors import CarcError
from carcdsl.fast.kernel import Kernel
from carcdsl.fast.support import unsupported
from carcdsl.sim.local import play_out, seat_bots

NO_JIT = bool(numba.config.DISABLE_JIT)
QUICK = os.environ.get("CARCDSL_DIFFERENTIAL", "quick" if NO_JIT else "full") == "quick"


def count(full: int, quick: int) -> int:
    """How many of something a case plays: ``full`` compiled, ``quick`` without the JIT."""
    return quick if QUICK else full


def label(rules: str, variants: tuple) -> str:
    return "+".join((rules, *(Path(v).stem if v.endswith(".carc") else v for v in variants)))


# --- the bundled rule sets and variants -------------------------------------------------------

@cache
def bundled() -> tuple[dict[str, dict], dict[str, dict]]:
    """``carcdsl list``, read back: the rule sets and the variants by name, each with its
    parameters (name -> (default, allowed: a tuple of words, a range ``lo..hi`` or None)) and,
    for a variant, the rule set it is written for."""
    from carcdsl.cli.main import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["list"]) == 0
    rule_sets: dict[str, dict] = {}
    variants: dict[str, dict] = {}
    for line in out.getvalue().splitlines():
        if line[:1].isspace():  # what the file says it does (``about``), under its line
            continue
        name, role, *rest = re.split(r"\s{2,}", line.strip())
        params = {}
        for word in rest:
            found = re.fullmatch(r"(\S+)=(\S+)(?: \((.+)\))?", word)
            if found:
                allowed = found[3]
                params[found[1]] = (found[2], tuple(allowed.split("/")) if allowed and
                                    "/" in allowed else allowed)
        if role == "rule set":
            rule_sets[name] = {"params": params}
        else:
            assert role.startswith("variant for "), line
            variants[name] = {"params": params, "for": role.removeprefix("variant for ")}
    assert rule_sets and variants
    return rule_sets, variants


@cache
def load(rules: str, variants: tuple) -> carcdsl.Game:
    return carcdsl.load(rules, list(variants))


@cache
def bundled_cases(values: tuple[tuple[str, tuple[str, ...]], ...] = ()
                  ) -> tuple[list[tuple[str, tuple]], dict[tuple[str, tuple], str]]:
    """Every bundled rule set alone and with each bundled variant, and with each parameter
    value of ``values`` (file name, values: a rule set's, or a variant's on every rule set the
    variant applies to), as ``(rules, variants)``; and the pairs that do not load, with the
    checker's reason.
    A variant applies to a rule set when they load together: one written for ``base``
    applies to the rule sets built on it, and one written for no rule set of the pair (``bag``
    on ``nuts``) may apply too."""
    rule_sets, variants = bundled()
    more = dict(values)
    cases: list[tuple[str, tuple]] = []
    refused: dict[tuple[str, tuple], str] = {}

    def tried(rules: str, chosen: tuple) -> bool:
        try:
            load(rules, chosen)
        except CarcError as error:
            refused[(rules, chosen)] = str(error).splitlines()[0]
            return False
        cases.append((rules, chosen))
        return True

    for rules in sorted(rule_sets):
        for value in ("", *more.get(rules, ())):
            tried(f"{rules}:{value}" if value else rules, ())
        for variant in sorted(variants):
            if tried(rules, (variant,)):
                for value in more.get(variant, ()):
                    tried(rules, (f"{variant}:{value}",))
    return cases, refused


@cache
def variant_pairs(rules: str) -> list[tuple[str, str]]:
    """Every two bundled variants (in name order) that each load on ``rules`` alone and that
    the kernel runs alone (one it refuses is said by its own case)."""
    applying = sorted(v for (r, vs) in bundled_cases()[0] if r == rules and len(vs) == 1
                      for v in vs if ":" not in v and refusal(load(r, vs)) is None)
    return [(a, b) for i, a in enumerate(applying) for b in applying[i + 1:]]


# --- one game on both engines ------------------------------------------------------------------

def refusal(game: carcdsl.Game) -> str | None:
    """Why the kernel does not run ``game`` (``support.unsupported``), held to a phrase."""
    why = unsupported(game.tables)
    assert why is None or (isinstance(why, str) and why.strip()), \
        f"support.unsupported refuses {game.name!r} without saying what: {why!r}"
    return why


def python_log(game, players: int, seed: int) -> dict:
    """``sim.local.play_game``, each bot's move kept as the fast move it chose (the log keeps
    a recall as a ``Placement``), in the form of ``Kernel.log``."""
    state = game.new_game([f"P{i + 1}" for i in range(players)], seed)
    chosen: list = []

    def kept(bot):
        def choose(s):
            chosen.append(bot(s))
            return chosen[-1]
        return choose
    play_out(state, [kept(bot) for bot in seat_bots(state, ["random"], seed)])
    return {"moves": _interleaved(game, state, chosen), "seats": state.log.move_seats,
            "events": [(e.move, e.seat, e.feature, e.when, e.points) for e in state.events],
            "tokens": [(t.move, t.token, t.count, t.action, t.seat)
                       for t in state.log.token_events],
            "scores": state.scores, "end": state.end_reason.why}


def _interleaved(game, state, chosen: list) -> list:
    """The log's moves, each placement as the fast move the bot chose, with the decisions
    where they were made: a ransom before its turn's placement, a capture right after it
    (before the discards that follow the turn)."""
    index = {name: i for i, name in enumerate(game.tables.type_names)}
    made = iter(chosen)
    ahead = next(made, None)
    moves: list = []
    for m in state.log.moves:
        if isinstance(m, Discard):
            moves.append((index[m.tile],))
            if ahead is not None and ahead[0] == DECIDE and ahead[3] == owned.KEEP:
                ahead = next(made, None)  # a last turn's keeping: logged as this discard
            continue
        while ahead is not None and ahead[0] == DECIDE:  # ransoms
            moves.append(tuple(ahead))
            ahead = next(made, None)
        moves.append(tuple(ahead))
        ahead = next(made, None)
        while ahead is not None and ahead[0] == DECIDE and ahead[3] < RANSOM:  # its capture
            moves.append(tuple(ahead))
            ahead = next(made, None)
    return moves


def first_difference(a: list, b: list) -> str:
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return f"at {i}: compiled {x!r}, python {y!r}"
    return f"lengths {len(a)} (compiled) and {len(b)} (python)"


def difference(k: Kernel, seed: int) -> str | None:
    """Where one game of random bots differs between the engines, told move by move: the
    first move (tile, square, rotation, spot; a discard) or seat, the first scoring (move
    index, seat, what, when, points) that differs, the first movement of tokens (move
    index, token, count, action, seat), then the scores and the end; None when they are the
    same game."""
    mine, theirs = k.log(seed), python_log(k.game, k.players, seed)
    for field in ("moves", "seats", "events", "tokens"):
        if mine[field] != theirs[field]:
            return f"{field} differ {first_difference(mine[field], theirs[field])}"
    for field in ("scores", "end"):
        if mine[field] != theirs[field]:
            return f"{field} differ: compiled {mine[field]!r}, python {theirs[field]!r}"
    return None


def assert_same_games(game, players: int, seeds, what: str) -> None:
    """The same games on both engines for every seed of ``seeds``; ``what`` names the case."""
    k = Kernel(game, players)
    for seed in seeds:
        found = difference(k, seed)
        assert found is None, f"{what}, {players} players, seed {seed}: {found}"
