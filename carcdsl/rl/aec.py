"""A PettingZoo AEC environment over any rule set: ``env(rules, variants, players, ...)``.

One agent per player (``player_0`` ...: the names the engine seats them by; after a draw-off
the turn order is the engine's, the names stay). The engine's seeded generator draws the
tiles; ``reset(seed=s)`` plays the game ``carcdsl play --seed s`` would deal. Observations and
actions: ``observe`` and ``actions``; rewards: ``margin``.
"""

from __future__ import annotations

import operator
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from carcdsl.engine.game import Game
from carcdsl.engine.movegen import FastMove
from carcdsl.engine.state import State
from carcdsl.errors import CarcError
from carcdsl.geometry.squares import to_xy
from carcdsl.pipeline import load
from carcdsl.rl.actions import ActionLayout, Legal, legal_actions
from carcdsl.rl.observe import Observer

DEFAULT_SIZE = 31
"""The window of a rule set without a map or table edge: in 3,000 random two-player base
games no tile went further than 14 squares from the start (``tests/test_rl_env.py``)."""
MAX_SIZE = 101
REWARDS = ("mean", "max")
OBSERVATIONS = ("dict", "flat")


class EnvOptionError(CarcError, ValueError):
    """An option of the environment is wrong (unknown rules, a player count the rules do not
    allow, a window that is no odd size ...): said once, before anything is built."""


class IllegalActionError(CarcError, ValueError):
    """``step`` was given an action the ``action_mask`` does not mark (nothing changes)."""


def env(rules: str | Path | Game = "base", variants: Sequence[str | Path] = (),
        players: int = 2, seed: int | None = None, board_size: int | None = None,
        reward: str = "mean", render_mode: str | None = None,
        observation: str = "dict") -> AECEnv:
    """The environment with PettingZoo's usual wrappers (actions in the space, calls in
    order); ``raw_env`` takes the same arguments."""
    raw = CarcassonneEnv(rules, variants, players, seed, board_size, reward, render_mode,
                         observation)
    return wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(raw))


def window_size(game: Game) -> int:
    """The default window: a map's or table's squares around the start square, else
    ``DEFAULT_SIZE``."""
    board = game.tables.board
    if not board.limited:
        return DEFAULT_SIZE
    cx, cy = to_xy(board.starts[0])
    corners = [(x, y) for x in board.bounds[:2] for y in board.bounds[2:]] if board.bounds else []
    squares = [to_xy(k) for k in board.map_keys | board.squares] + corners
    reach = max((max(abs(x - cx), abs(y - cy)) for x, y in squares), default=1)
    return 2 * max(reach, 1) + 1


def _load(rules: str | Path | Game, variants: Sequence[str | Path]) -> Game:
    if isinstance(rules, Game):
        if variants:
            raise EnvOptionError("variants go with a rule set's name, not with a loaded Game")
        return rules
    if isinstance(variants, (str, Path)):
        raise EnvOptionError(f"variants must be a sequence of names, not {variants!r}")
    try:
        return load(rules, tuple(variants))
    except CarcError as error:
        raise EnvOptionError(str(error)) from None  # it names the rules and the first error


def _check_options(game: Game, players: object, board_size: object, reward: object,
                   render_mode: object, observation: object, metadata: dict) -> None:
    if not isinstance(players, int) or isinstance(players, bool):
        raise EnvOptionError(f"players must be a whole number, not {players!r}")
    try:
        game.check_players(players)
    except CarcError as error:
        raise EnvOptionError(str(error)) from None
    if board_size is not None and (not isinstance(board_size, int) or isinstance(
            board_size, bool) or board_size < 3 or board_size > MAX_SIZE or board_size % 2 == 0):
        raise EnvOptionError(f"board_size must be an odd number from 3 to {MAX_SIZE} (the "
                             f"window is centred on the start square), not {board_size!r}")
    if reward not in REWARDS:
        raise EnvOptionError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
    if observation not in OBSERVATIONS:
        raise EnvOptionError(f"observation must be one of {', '.join(OBSERVATIONS)}, "
                             f"not {observation!r}")
    if render_mode is not None and render_mode not in metadata["render_modes"]:
        raise EnvOptionError(f"render_mode must be None or one of "
                             f"{', '.join(metadata['render_modes'])}, not {render_mode!r}")


def margin(scores: Sequence[int], seat: int, reward: str) -> float:
    """A player's score less the mean (``reward="mean"``) or the best (``"max"``) of the
    others' scores: what the rewards of a game add up to."""
    others = [s for i, s in enumerate(scores) if i != seat]
    if not others:
        return float(scores[seat])
    return scores[seat] - (sum(others) / len(others) if reward == "mean" else max(others))


class CarcassonneEnv(AECEnv):
    """The AEC environment (``raw_env``). See ``docs/rl.md`` for the observation, the action
    numbering and the rewards."""

    metadata = {"name": "carcassonne_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, rules: str | Path | Game = "base", variants: Sequence[str | Path] = (),
                 players: int = 2, seed: int | None = None, board_size: int | None = None,
                 reward: str = "mean", render_mode: str | None = None,
                 observation: str = "dict"):
        super().__init__()
        self.game = _load(rules, variants)
        modes = self.game.tables.modes
        if modes.choosing or modes.deciding or modes.elsewhere or modes.targets or modes.owned:
            raise EnvOptionError("the environment's actions have no room for a rule's choices "
                                 "(choose ... or ..., a capture, a ransom, a walk's step, a "
                                 "figure placed elsewhere, a move acting on a figure on the "
                                 "board, a tile a player owns) yet: play this rule set with "
                                 "carcdsl play")
        _check_options(self.game, players, board_size, reward, render_mode, observation,
                       self.metadata)
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise EnvOptionError(f"seed must be a whole number or None, not {seed!r}")
        self.reward_mode, self.render_mode = reward, render_mode
        self.layout = ActionLayout.of(self.game.tables, board_size or window_size(self.game))
        self.observer = Observer(self.game.tables, players, self.layout, observation == "flat")
        self.possible_agents = [f"player_{i}" for i in range(players)]
        obs_space = spaces.Dict({
            "observation": self.observer.space,
            "action_mask": spaces.Box(0, 1, (self.layout.n,), np.int8),
        })
        action_space = spaces.Discrete(self.layout.n)
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: action_space for a in self.possible_agents}
        self._seeds = random.Random(seed)
        self._state: State | None = None
        self._legal: Legal | None = None

    # --- spaces ---------------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # --- the game -------------------------------------------------------------------------
    @property
    def engine_state(self) -> State:
        """The engine's state of the game (everything, hidden parts included: not for a
        policy's eyes)."""
        if self._state is None:
            raise CarcError("reset the environment first")
        return self._state

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; with ``seed``, the game that seed deals (and the seeds of later resets
        without one follow from it). ``options`` are accepted and not used."""
        if seed is not None:
            seed = operator.index(seed)
            self._seeds = random.Random(seed)
        else:
            seed = self._seeds.getrandbits(63)
        self.game_seed = seed
        self._state = self.game.new_game(self.possible_agents, seed=seed)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._margins = self._all_margins()
        self._decide()

    def _all_margins(self) -> list[float]:
        state = self.engine_state
        return [margin(state.scores, seat, self.reward_mode) for seat in range(len(self.agents))]

    def _seat(self, agent: str) -> int:
        return self.engine_state.players.index(agent)

    def _decide(self) -> None:
        """The next decision: whose it is, and its legal actions."""
        state = self.engine_state
        self.agent_selection = state.player
        self._legal = None if state.is_over else legal_actions(state, self.layout)

    @property
    def legal(self) -> Legal:
        """The legal actions of the agent to move (empty once the game is over)."""
        if self._legal is None:
            return Legal({}, {}, 0)
        return self._legal

    def action_of(self, move: FastMove) -> int | None:
        """The action of a legal engine move of the agent to move (None: not legal, or out of
        the window while a move in it is legal); for scripted seats."""
        t, key, r, spot = move
        return self.legal.actions.get((t, key, r, spot))

    def observe(self, agent: str) -> dict[str, Any]:
        state = self.engine_state
        seat = self._seat(agent)
        mask = np.zeros(self.layout.n, dtype=np.int8)
        if agent == self.agent_selection and self._legal is not None:
            mask[list(self._legal.moves)] = 1
        return {"observation": self.observer.observe(state, seat), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalActionError(f"{agent} must act: None is only for a finished game")
        try:
            action = operator.index(action)
        except TypeError:
            raise IllegalActionError(f"an action is a whole number, not {action!r}") from None
        move = self.legal.moves.get(action)
        if move is None:
            what = (self.layout.describe(action) if 0 <= action < self.layout.n
                    else f"outside 0..{self.layout.n - 1}")
            raise IllegalActionError(
                f"action {action} ({what}) is not legal for {agent} now: "
                f"{len(self.legal.moves)} legal actions, see the action_mask")
        self.play(move)

    def play(self, move: FastMove) -> None:
        """Play an engine move for the agent to move, with the bookkeeping ``step`` does: a
        scripted seat (a built-in bot) plays through this. The move must be legal
        (``engine_state.iter_moves``), even outside the window."""
        state, agent = self.engine_state, self.agent_selection
        legal = self.legal
        t, key, r, spot = move
        move = (t, key, r, spot)
        if move not in legal.actions and (not legal.outside or move not in set(state.iter_moves())):
            raise IllegalActionError(f"{state.to_placement(*move)} is not legal for {agent}")
        self._cumulative_rewards[agent] = 0.0
        state.apply_fast(*move)
        margins = self._all_margins()
        self.rewards = {a: margins[self._seat(a)] - self._margins[self._seat(a)]
                        for a in self.agents}
        self._margins = margins
        self._accumulate_rewards()
        if state.is_over:
            for a in self.agents:
                seat = self._seat(a)
                self.terminations[a] = True
                self.infos[a] = {"score": state.scores[seat], "margin": margins[seat],
                                 "scores": dict(zip(state.players, state.scores))}
        self._decide()

    # --- output ---------------------------------------------------------------------------
    def render(self) -> str | None:
        """The board as text (``render_mode="ansi"``), with the scores under it."""
        if self.render_mode is None:
            import gymnasium

            gymnasium.logger.warn("render() without a render_mode: nothing drawn (ansi)")
            return None
        from carcdsl.view.text import render_board

        state = self.engine_state
        scores = ", ".join(f"{p} {s}" for p, s in zip(state.players, state.scores))
        return f"{render_board(state)}\n{scores}"

    def close(self) -> None:
        """Nothing to release (no window, no process)."""


raw_env = CarcassonneEnv
