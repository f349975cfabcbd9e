"""A batched environment: N games of one rule set stepped in one call on the compiled kernel.

>>> from carcdsl.rl.vector import VectorEnv
>>> envs = VectorEnv("base", variants=["farmers"], players=2, num_envs=1024, copy=False)
>>> obs, infos = envs.reset(seed=0)
>>> obs, rewards, terminated, truncated, infos = envs.step(actions)     # actions: (N,) ints

**The API is Gymnasium's** ``gymnasium.vector.VectorEnv`` (``reset(seed)`` ->
``(obs, infos)``, ``step(actions)`` -> ``(obs, rewards, terminations, truncations, infos)``,
autoreset, a ``copy`` flag), not pgx's: pgx's ``init``/``step`` are pure functions of a state
that JAX traces, and this kernel is Numba over NumPy arrays that it updates in place; a
Gymnasium vector environment is what Stable-Baselines3-, CleanRL- and TorchRL-style loops take.
Two things follow the game, as pgx does for its board games: ``rewards`` has one column per
seat (``(N, P)``: every seat's margin moves on every step, as the AEC environment rewards
every agent), and ``infos["seat"]`` says whose decision each game's observation and mask
are (pgx's ``current_player``). Seats are numbered in turn order (seat 0 moves first); after
a draw-off the AEC environment's ``player_k`` sits at ``engine_state.players.index(...)``,
a name the arrays do not need.

**The encoding is the AEC environment's** (``rl.observe``, ``rl.actions``): ``obs`` is
``{"observation": ..., "action_mask": ...}`` with a leading axis of N, the observation being
what ``CarcassonneEnv.observe(agent_to_move)`` returns, so that a policy trained on one runs
on the other (``tests/test_rl_vector.py`` plays both side by side). ``observation="none"``
leaves the observation out (masks only).

**Autoreset: same step** (``AutoresetMode.SAME_STEP``). A step that ends a game returns
``terminations[i] = True``, the rewards of the game's last move (its final scoring
included), ``infos["final_scores"][i]`` (by seat) and, as ``obs``, the first decision of
the next game. Truncations never happen.

**Seeds.** ``reset(seed=s)`` starts game ``s + i`` in environment ``i``; an environment's
``k``-th game after it (auto-reset) is game ``s + i + k * N``: each environment's sequence
depends on its own actions only. A game seed deals what ``carcdsl play --seed`` deals.
``infos["game_seed"]`` says each game's.

**Copies.** With ``copy=False`` the arrays of ``obs`` are the environment's own buffers,
updated in place by the next ``step`` or ``reset``: a caller that keeps an observation or a
mask past the next call copies it. ``rewards``, ``terminations`` and ``infos`` are always
fresh arrays. ``copy=True`` (Gymnasium's default) copies ``obs`` every step, which costs more
than the step itself with observations on (about 380 KB a game for base + farmers).

**What it runs.** Rule sets the AEC environment takes and the kernel runs
(``fast.support``), two players or more, and not yet tiles held back (``hold back``).
Others are refused in one line naming what stops them (``EnvOptionError``): play them with
the AEC environment. There is no slower fallback.
"""

from __future__ import annotations

import operator
import os
import random
from collections.abc import Sequence
from functools import cached_property
from pathlib import Path
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from gymnasium.vector import VectorEnv as GymVectorEnv
from gymnasium.vector.utils import batch_space

from carcdsl.engine.game import Game
from carcdsl.rl.actions import ActionLayout
from carcdsl.rl.aec import (
    EnvOptionError,
    IllegalActionError,
    _check_options,
    _load,
    window_size,
)
from carcdsl.rl.observe import ALLOWED, FIXED, PLACES, Observer

OBSERVATIONS = ("dict", "flat", "none")
SEED_ROOM = 2 ** 40
"""A seed plus N times the games an environment may play stays below the kernel's 2**49."""
MAX_LISTED = 4096
"""Actions a game remembers to clear from its mask; a decision with more clears the row."""


_CHOICES = (
    ("choosing", "choose ... or ..."),
    ("deciding", "a decision between moves: a capture, a ransom"),
    ("elsewhere", "a figure placed on another tile than the one just placed"),
    ("targets", "a move acting on a figure on the board"),
    ("owned", "owned tiles"),
)
"""``Modes`` flags whose moves the kernel's stepping does not list, and what they are."""


def refusal(game: Game, players: int) -> str | None:
    """What keeps ``VectorEnv`` from running ``game`` (a phrase), or None."""
    modes = game.tables.modes
    found = [what for name, what in _CHOICES if getattr(modes, name)]
    if found:
        return f"a rule's choices ({'; '.join(found)})"
    try:
        from carcdsl.fast.support import unsupported
    except ImportError as error:  # pragma: no cover - the message is the point
        return f"the compiled engine (pip install 'carcdsl[fast]': {error})"
    construct = unsupported(game.tables)
    if construct is not None:
        return f"{construct} (the compiled engine does not run it yet)"
    if modes.hold is not None:
        return "tiles held back"
    if players < 2:
        return "one player"
    return None


def _whole(value: Any) -> int | None:
    """``value`` as an int when it is a whole number (NumPy's too), not a bool; else None."""
    if isinstance(value, (bool, np.bool_)):
        return None
    try:
        return operator.index(value)
    except TypeError:
        return None


class VectorEnv(GymVectorEnv):
    """N games stepped together on the compiled kernel (see the module's docstring)."""

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP}

    def __init__(self, rules: str | Path | Game = "base", variants: Sequence[str | Path] = (),
                 players: int = 2, num_envs: int = 1, seed: int | None = None,
                 board_size: int | None = None, reward: str = "mean",
                 observation: str = "dict", copy: bool = True):
        if observation not in OBSERVATIONS:
            raise EnvOptionError(f"observation must be one of {', '.join(OBSERVATIONS)}, "
                                 f"not {observation!r}")
        self.game = _load(rules, variants)
        _check_options(self.game, players, board_size, reward, None,
                       "dict" if observation == "none" else observation, {"render_modes": []})
        count = _whole(num_envs)
        if count is None or not 1 <= count <= 1 << 20:
            raise EnvOptionError(f"num_envs must be a whole number from 1 to {1 << 20}, "
                                 f"not {num_envs!r}")
        num_envs = count
        if seed is not None and _whole(seed) is None:
            raise EnvOptionError(f"seed must be a whole number or None, not {seed!r}")
        why = refusal(self.game, players)
        if why is not None:
            raise EnvOptionError(f"the vector environment does not run {why}: use the AEC "
                                 f"environment (carcdsl.rl.env)")
        self.num_envs, self.players, self.copy = num_envs, players, copy
        self.observation_kind = observation
        self.layout = ActionLayout.of(self.game.tables, board_size or window_size(self.game))
        self.observer = Observer(self.game.tables, players, self.layout, observation == "flat")
        self.single_action_space = spaces.Discrete(self.layout.n)
        self.action_space = spaces.MultiDiscrete(np.full(num_envs, self.layout.n))
        mask_space = spaces.Box(0, 1, (self.layout.n,), np.int8)
        self.single_observation_space = spaces.Dict(
            {"action_mask": mask_space} if observation == "none" else
            {"observation": self.observer.space, "action_mask": mask_space})
        self._seeds = random.Random(None if seed is None else _whole(seed))
        self._run = _Batch(self, reward)
        self._ready = False

    @cached_property
    def observation_space(self) -> spaces.Space:  # type: ignore[override]
        """The batched space (built when asked: its bounds are N observations' worth)."""
        return batch_space(self.single_observation_space, self.num_envs)

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None):
        """Every environment starts a game: ``seed + i`` (see the module's docstring); without
        ``seed``, one drawn from the environment's generator. ``options`` are not used."""
        if seed is None:
            seed = self._seeds.getrandbits(40)
        if _whole(seed) is None:
            raise EnvOptionError(f"seed must be a whole number from 0 to 2**40 - 1, not "
                                 f"{seed!r}")
        seed = operator.index(seed)
        if not 0 <= seed < SEED_ROOM:
            raise EnvOptionError(f"seed must be from 0 to 2**40 - 1, not {seed}")
        self._run.reset(seed)
        self._ready = True
        return self._obs(), self._infos()

    def step(self, actions):
        """Each game plays its action (one the game's mask marks, else
        ``IllegalActionError`` and nothing changes)."""
        if not self._ready:
            raise EnvOptionError("reset the environment first")
        actions = np.asarray(actions)
        if actions.shape != (self.num_envs,) or actions.dtype.kind not in "iu":
            raise IllegalActionError(f"actions must be {self.num_envs} whole numbers, not an "
                                     f"array of shape {actions.shape} ({actions.dtype})")
        bad = self._run.step(actions.astype(np.int64, copy=False))
        if bad >= 0:
            a = int(actions[bad])
            what = (self.layout.describe(a) if 0 <= a < self.layout.n
                    else f"outside 0..{self.layout.n - 1}")
            raise IllegalActionError(
                f"game {bad}: action {a} ({what}) is not legal now: "
                f"{int(self._run.legal_count(bad))} legal actions, see its action_mask")
        run = self._run
        return (self._obs(), run.rewards.copy(), run.terminated.copy(),
                np.zeros(self.num_envs, bool), self._infos())

    def random_actions(self, seed: int | None = None) -> np.ndarray:
        """A legal action per game, drawn uniformly from its mask (a random policy for
        opponents, roll-outs and benchmarks; ``seed`` makes the draws repeat)."""
        if not self._ready:
            raise EnvOptionError("reset the environment first")
        seed = self._seeds.getrandbits(31) if seed is None else operator.index(seed) % 2 ** 32
        out = np.zeros(self.num_envs, np.int64)
        self._run.stepping.random_actions(self._run.vb, seed, out)
        return out

    def _obs(self) -> dict[str, Any]:
        run = self._run
        out: dict[str, Any] = {"action_mask": run.mask}
        if self.observation_kind == "flat":
            out["observation"] = run.obs
        elif self.observation_kind == "dict":
            out["observation"] = run.views
        if self.copy:
            out = {k: ({n: a.copy() for n, a in v.items()} if isinstance(v, dict) else v.copy())
                   for k, v in out.items()}
        return out

    def _infos(self) -> dict[str, np.ndarray]:
        run = self._run
        return {"seat": run.seat.copy(), "game_seed": run.game_seed.copy(),
                "final_scores": run.final.copy(), "_final_scores": run.terminated.copy()}

    def close_extras(self, **kwargs: Any) -> None:
        """Nothing to release (no process, no window)."""


class _Batch:
    """The kernel's side: the games' stacks and the persistent arrays (``fast.stepping``)."""

    def __init__(self, env: VectorEnv, reward: str):
        from carcdsl.fast import boards, stepping
        from carcdsl.fast.kernel import Kernel, logs, stacks_for
        from carcdsl.fast.packed import Packed
        from carcdsl.fast.slots import MOVES, NODES, OPENS, SCRATCH, TILES_

        self.stepping, n, players = stepping, env.num_envs, env.players
        kernel = Kernel(env.game, players)
        self.tb = kernel.tb
        first = stacks_for(self.tb, players)
        observer, layout = env.observer, env.layout
        w = layout.size
        length = (observer.channels * w * w + layout.slots * 4 * observer.tc + observer.length
                  if env.observation_kind != "none" else 0)
        _check_memory(n, sum(a.nbytes for k, a in enumerate(first.arrays)
                             if k not in (MOVES, SCRATCH)) + 4 * length + 9 * layout.n)
        # the games take turns: they share the stacks that hold nothing from one call to the
        # next (the moves listed, the scratch rows), which keeps those in the cache
        self.stacks = [first] + [Packed(tuple(
            first[k] if k in (MOVES, SCRATCH) else a
            for k, a in enumerate(stacks_for(self.tb, players).arrays))) for _ in range(n - 1)]
        self.out, self.log = kernel._out(1), logs(False, 1)
        self.vt = Packed(_tables(env, int(self.tb[boards.LISTS_TB][boards.SIDE]), reward))
        self.mask = np.zeros((n, layout.n), np.int8)
        self.obs = np.zeros((n, length), np.float32)
        self.rewards = np.zeros((n, players), np.float64)
        self.terminated = np.zeros(n, np.bool_)
        self.final = np.zeros((n, players), np.int64)
        self.seat = np.zeros(n, np.int64)
        self.game_seed = np.zeros(n, np.int64)
        self.n_set = np.zeros(n, np.int64)
        st = self.stacks[0]
        open_cap = st[OPENS].shape[1]
        piece_cap = st[TILES_].shape[1] * (PLACES + 1)
        self.vb = Packed((
            np.array([s.address for s in self.stacks], np.int64), np.zeros(n, np.int64),
            self.game_seed, self.mask, np.zeros((n, min(layout.n, MAX_LISTED)), np.int64),
            self.n_set, np.zeros((n, 4), np.int64), self.rewards, self.terminated,
            self.final, self.seat, self.obs, np.zeros(n, np.int64),
            np.zeros((n, open_cap), np.int64), np.zeros(n, np.int64),
            np.zeros((n, piece_cap), np.int64), np.zeros(n, np.int64),
            observer.allowed.ravel().copy(), np.zeros((n, players), np.float64),
            np.zeros((n, st[NODES].shape[1] * len(env.game.tables.modes.tokens) or 1),
                     np.int64), np.zeros(n, np.int64)))
        self.views = {}
        if length:
            c, h, tc = observer.channels, layout.slots, observer.tc
            board, tiles = c * w * w, h * 4 * tc
            self.views = {"board": self.obs[:, :board].reshape(n, c, w, w),
                          "tiles": self.obs[:, board:board + tiles].reshape(n, h, 4, tc),
                          "vector": self.obs[:, board + tiles:]}

    def reset(self, seed: int) -> None:
        self.vt[self.stepping.PARAMS][self.stepping.SEED_BASE] = seed
        self.stepping.reset_batch(self.tb, self.vt, self.vb, self.stacks[0], self.out, self.log)

    def step(self, actions: np.ndarray) -> int:
        return int(self.stepping.step_batch(self.tb, self.vt, self.vb, self.stacks[0], self.out,
                                            self.log, actions))

    def legal_count(self, i: int) -> int:
        return int(self.mask[i].sum())


def _check_memory(n: int, per_game: int) -> None:
    """Refuse, before any is made, more games than this machine's memory holds (each needs
    its stacks, its observation and its mask: ``per_game`` bytes)."""
    try:
        memory = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (AttributeError, ValueError, OSError):  # pragma: no cover - not POSIX
        return
    if n * per_game > memory:
        raise EnvOptionError(
            f"num_envs {n:,} needs about {n * per_game / 2**30:,.1f} GiB "
            f"({per_game / 2**20:.1f} MiB a game), more than this machine's memory "
            f"({memory / 2**30:,.1f} GiB): at most {memory // per_game:,} games fit")


def _tables(env: VectorEnv, side: int, reward: str) -> tuple:
    """``VT`` (``fast.stepping``): squares both ways, tile vectors, places, the seating and
    the parameters."""
    from carcdsl.fast import stepping as s

    layout, observer, tables = env.layout, env.observer, env.game.tables
    half = side // 2
    cell_sq = np.full(side * side, -1, np.int64)
    for cell in range(side * side):
        square = layout.square(cell % side - half, cell // side - half)
        cell_sq[cell] = -1 if square is None else square
    sq_cell = np.full(layout.size * layout.size, -1, np.int64)
    for square in range(sq_cell.shape[0]):
        x, y = layout.xy(square)
        if -half <= x <= half and -half <= y <= half:
            sq_cell[square] = (x + half) + (y + half) * side
    most = max(len(p) for p in observer.places)
    places = np.zeros((len(observer.places), max(1, most), PLACES), np.int8)
    for o, segments in enumerate(observer.places):
        for local, ports in enumerate(segments):
            places[o, local, list(ports)] = 1
    w = layout.size
    p = np.zeros(s.N_PARAMS, np.int64)
    p[[s.W, s.SPOTS, s.SEGMENTS, s.N_ACTIONS, s.REWARD_MAX, s.OBSERVING]] = (
        w, layout.spots, layout.segments, layout.n, reward == "max",
        env.observation_kind != "none")
    p[[s.TC, s.PIECES_AT, s.COUNTS_AT, s.FIGURE_KINDS, s.PER_SEAT, s.TYPES]] = (
        observer.tc, observer.pieces_at, observer.counts_at, observer.figure_kinds,
        observer.per_seat, len(tables.type_names))
    tiles_at = observer.channels * w * w
    p[[s.PRINTED_FROM, s.TILES_AT, s.VECTOR_AT, s.FIXED_CH, s.ALLOWED_CH]] = (
        tables.printed_from, tiles_at, tiles_at + layout.slots * 4 * observer.tc, FIXED,
        ALLOWED)
    p[[s.RECALL_AT, s.RECALLS, s.SLOTS, s.HELD]] = (
        1 + (1 + layout.figures) * layout.segments, layout.recalls, layout.slots,
        bool(tables.modes.hand))
    p[s.TOKENS_AT] = observer.tokens_at
    return (cell_sq, sq_cell, observer.vectors, places, np.arange(env.players, dtype=np.int64),
            p)
