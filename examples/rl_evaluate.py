"""Evaluate a policy in the RL environment against a built-in bot.

    python examples/rl_evaluate.py --games 20                       # random over the mask
    python examples/rl_evaluate.py --policy linear --train-seconds 60 --games 50
    python examples/rl_evaluate.py --rules base --variant farmers --opponent random

One seat is the policy, which acts through ``env.step`` and sees only its observation (and
the action mask); the other seats are a bot of ``carcdsl.bots`` (``greedy`` by default),
which plays through ``env.unwrapped.play``. The policy's seat alternates from game to game.
Game ``g`` uses seed ``seed + g``, so a run is repeatable.

``linear`` is a tiny softmax policy over a few features of each legal action (the score
margin it gains at once, a follower placed or not, the kind it stands on, a figure taken
back), trained with REINFORCE in plain NumPy: no deep learning framework.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

import numpy as np

from carcdsl.bots import make_bots
from carcdsl.rl import env as make_env
from carcdsl.rl import margin

Policy = Callable[[object, dict], int]
"""(the raw environment, the observation) -> an action."""


def random_policy(rng: np.random.Generator) -> Policy:
    def act(_raw, obs: dict) -> int:
        return int(rng.choice(np.flatnonzero(obs["action_mask"])))
    return act


class Linear:
    """A softmax over ``w . features(action)`` for the legal actions."""

    def __init__(self, raw, rng: np.random.Generator):
        self.kinds = len(raw.game.tables.kinds)
        self.w = np.zeros(4 + self.kinds)
        self.rng = rng

    def features(self, raw, actions: list[int]) -> np.ndarray:
        """Per action: the margin gained at once (its score, not the game's end), a figure
        placed, one taken back, the outside action, and the kind of the figure's segment."""
        state, layout, tables = raw.engine_state, raw.layout, raw.game.tables
        me = state.current
        before = margin(state.scores, me, "mean")
        out = np.zeros((len(actions), len(self.w)))
        for i, action in enumerate(actions):
            t, key, r, spot = raw.legal.moves[action]
            trial = state.clone()
            trial.auto_discard = False
            trial.apply_fast(t, key, r, spot)
            out[i, 0] = (margin(trial.scores, me, "mean") - before) / 10
            out[i, 1] = spot >= 0
            out[i, 2] = spot < -1
            out[i, 3] = action == layout.outside
            if spot >= 0:
                local = spot & 0xFFFF
                out[i, 4 + tables.segments[4 * t + r][local].kind] = 1
        return out

    def probabilities(self, phi: np.ndarray) -> np.ndarray:
        z = phi @ self.w
        z = np.exp(z - z.max())
        return z / z.sum()

    def act(self, raw, obs: dict, trace: list | None = None, greedy: bool = False) -> int:
        actions = list(np.flatnonzero(obs["action_mask"]))
        phi = self.features(raw, actions)
        p = self.probabilities(phi)
        i = int(np.argmax(p)) if greedy else int(self.rng.choice(len(actions), p=p))
        if trace is not None:  # REINFORCE's score function: phi(a) - E_pi[phi]
            trace.append(phi[i] - p @ phi)
        return int(actions[i])

    def train(self, play_game: Callable, seconds: float, lr: float = 0.05) -> int:
        """REINFORCE against the opponent for ``seconds``; returns the games played."""
        baseline, games, end = 0.0, 0, time.monotonic() + seconds
        while time.monotonic() < end:
            trace: list = []
            result = play_game(lambda raw, obs, trace=trace: self.act(raw, obs, trace),
                               10_000 + games)
            advantage = result - baseline
            baseline += 0.05 * advantage
            if trace:
                self.w += lr * advantage / 10 * np.sum(trace, axis=0) / len(trace)
            games += 1
        return games


def play(env, bots, policy: Policy, seed: int, seat: int) -> float:
    """One game; returns the policy's final margin (its score less the others' mean)."""
    env.reset(seed=seed)
    raw = env.unwrapped
    me = raw.possible_agents[seat]
    while env.agents:
        agent = env.agent_selection
        obs, _, done, cut, _ = env.last(observe=agent == me)
        if done or cut:
            env.step(None)
        elif agent == me:
            env.step(policy(raw, obs))
        else:  # the bot's engine move, as an action when it has one (else: outside the window)
            move = bots[raw.engine_state.current](raw.engine_state)
            action = raw.action_of(move)
            if action is not None:
                env.step(action)
            else:
                raw.play(move)
    state = raw.engine_state
    return margin(state.scores, state.players.index(me), "mean")


def main(argv: list[str] | None = None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="base")
    parser.add_argument("--variant", action="append", default=[])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--policy", choices=("random", "linear"), default="random")
    parser.add_argument("--opponent", default="greedy")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--train-seconds", type=float, default=60.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)

    env = make_env(args.rules, args.variant, players=args.players, seed=args.seed)
    raw = env.unwrapped
    rng = np.random.default_rng(args.seed)

    def game(policy: Policy, seed: int, seat: int) -> float:
        bots = make_bots([args.opponent], args.players, seed)
        return play(env, bots, policy, seed, seat)

    if args.policy == "linear":
        linear = Linear(raw, rng)
        trained = linear.train(lambda policy, seed: game(policy, seed, seed % args.players),
                               args.train_seconds)
        print(f"trained for {args.train_seconds:g} s ({trained} games): weights "
              + " ".join(f"{w:+.2f}" for w in linear.w))
        policy: Policy = lambda raw, obs: linear.act(raw, obs, greedy=True)  # noqa: E731
    else:
        policy = random_policy(rng)

    margins = np.array([game(policy, args.seed + g, g % args.players)
                        for g in range(args.games)])
    wins = float(np.mean((margins > 0) + 0.5 * (margins == 0)))
    spread = margins.std(ddof=1) / np.sqrt(len(margins)) if len(margins) > 1 else 0.0
    print(f"{args.policy} vs {args.opponent} ({args.rules}"
          f"{''.join(' +' + v for v in args.variant)}), {args.games} games: win rate "
          f"{wins:.0%} (ties count half), mean margin {margins.mean():+.1f} ± {spread:.1f}")
    return {"win_rate": wins, "mean_margin": float(margins.mean()), "games": len(margins)}


if __name__ == "__main__":
    main()
