"""``mcts``: information-set Monte Carlo tree search that never peeks at the hidden draw.

Each iteration plays in a world of its own: the root state determinised from the mover's
point of view (``State.determinise``: the tiles left reshuffled, other players' hidden hands
dealt anew, all from the bot's own generator). The iteration descends the tree by UCT,
adds one move, plays on with random moves for ``depth`` turns (none by default; -1: to the
end), scores the position as if the game ended there (final scoring, ``State.finish``) and
backs up a value per player (max^n: every node counts the value of the player who moves
there). Scoring the new leaf as it stands played as well as random turns after it, at equal
iterations and at three quarters of the cost (docs/bots.md).

The draw is a chance event: below a move, the tree branches on what the next mover sees
(the tile drawn, or the hand held) as it came up in the worlds sampled, so each outcome is
visited about as often as it is likely. A node's legal moves depend only on the moves above
it and what its mover sees, so they are listed once, when the node is made.

Deterministic for a given ``playouts`` budget and seed; a ``seconds`` budget depends on the
machine's speed and is not. ``docs/bots.md`` gives the options and what was measured.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from carcdsl.bots.spec import Bot, Move
from carcdsl.engine.state import State

VALUES = ("margin", "win")
ENGINES = ("python", "compiled")


class Node:
    """A decision: the seat to move, its legal moves in the order they are tried, and per
    move tried its visits, summed value (for this seat) and the nodes below it, by what the
    next mover sees."""

    __slots__ = ("seat", "moves", "n", "w", "kids", "visits")

    def __init__(self, state: State, rng: random.Random):
        self.seat = state.seats.current
        self.moves = list(state.iter_moves())
        rng.shuffle(self.moves)
        self.n: list[int] = []
        self.w: list[float] = []
        self.kids: list[dict[object, Node]] = []
        self.visits = 0


def mcts_bot(rng: random.Random, playouts: int = 500, seconds: float = 0.0, c: float = 0.7,
             depth: int = 0, value: str = "margin", scale: float = 20.0, widen: float = 0.0,
             engine: str = "python", **_context: object) -> Bot:
    """Information-set MCTS. ``playouts``: iterations per move (ignored when ``seconds`` is
    more than 0: search for that long instead); ``c``: the UCT exploration constant;
    ``depth``: random turns after the tree before the position is scored as if the game
    ended (0: none, the new leaf is scored as it stands; -1: play to the end); ``value``:
    ``margin`` (own score less the best other's, squashed to 0..1 by a logistic of
    ``scale`` points) or ``win`` (1 for a win, shared on a tie); ``widen``: progressive
    widening (a node with N visits tries at most ``widen * sqrt(N)`` moves; 0: off);
    ``engine``: ``compiled`` rolls out on the compiled engine (``carcdsl[fast]``; it pays
    with ``depth`` other than 0) where it runs the rule set, else on the Python engine."""
    if playouts < 1:
        raise ValueError("playouts must be at least 1")
    if seconds < 0 or c < 0 or widen < 0 or scale <= 0:
        raise ValueError("seconds, c and widen must not be negative, scale must be more "
                         "than 0")
    if depth < -1:
        raise ValueError("depth is a number of turns, or -1: to the end")
    if value not in VALUES:
        raise ValueError(f"value must be one of {', '.join(VALUES)}, not {value!r}")
    if engine not in ENGINES:
        raise ValueError(f"engine must be one of {', '.join(ENGINES)}, not {engine!r}")
    search = Search(rng, c, depth, value, scale, widen, engine == "compiled")

    def choose(state: State) -> Move:
        return search.best_move(state, playouts, seconds)
    choose.search = search  # type: ignore[attr-defined]  # for benchmarks: iterations run
    return choose


class Search:
    """One seat's search: its generator and settings; a new tree for every move."""

    def __init__(self, rng: random.Random, c: float, depth: int, value: str, scale: float,
                 widen: float, compiled: bool = False):
        self.rng, self.c, self.depth, self.scale, self.widen = rng, c, depth, scale, widen
        self.compiled = compiled and depth != 0
        """Roll out on the compiled engine (with depth 0 there is nothing to roll out)."""
        self.kernel: Any = None
        """``fast.kernel.Kernel`` for roll-outs (made at the first)."""
        self.win = value == "win"
        self.iterations = 0
        """Iterations run for the last move (the ``seconds`` budget varies)."""

    def best_move(self, state: State, playouts: int, seconds: float) -> Move:
        rng = self.rng
        root = Node(state, rng)
        if len(root.moves) == 1:
            return root.moves[0]
        hands_open = state.game.rules.supply.hand_visibility == "open"
        deadline = time.perf_counter() + seconds if seconds > 0 else None
        done = 0
        while True:
            if deadline is None:
                if done >= playouts:
                    break
            elif done and time.perf_counter() >= deadline:
                break
            self.iterate(root, state.determinise(rng, root.seat, hands_open))
            done += 1
        self.iterations = done
        best = max(range(len(root.n)), key=lambda i: (root.n[i], root.w[i]))
        return root.moves[best]

    def iterate(self, root: Node, world: State) -> None:
        """One iteration in ``world``: select, expand one move, roll out, back up."""
        rng, c, widen = self.rng, self.c, self.widen
        node = root
        path: list[tuple[Node, int]] = []
        while True:
            tried = len(node.n)
            visits = node.visits
            room = len(node.moves)
            if widen:
                room = min(room, max(1, int(widen * math.sqrt(visits + 1))))
            if tried < room:  # expand the next untried move, then roll out
                node.n.append(0)
                node.w.append(0.0)
                node.kids.append({})
                world.apply_fast(*node.moves[tried])
                path.append((node, tried))
                break
            if not tried:  # no legal move: score the position as it stands
                break
            n, w = node.n, node.w
            explore = c * math.sqrt(math.log(visits))
            best, pick = -1.0, 0
            for i in range(tried):
                ni = n[i]
                u = w[i] / ni + explore / math.sqrt(ni)
                if u > best:
                    best, pick = u, i
            world.apply_fast(*node.moves[pick])
            path.append((node, pick))
            if world.log.finished:
                break
            key = _seen(world)
            kids = node.kids[pick]
            child = kids.get(key)
            if child is None:
                child = kids[key] = Node(world, rng)
            node = child
        values = self.values(self.roll_out(world))
        for node, i in path:
            node.visits += 1
            node.n[i] += 1
            node.w[i] += values[node.seat]

    def roll_out(self, world: State) -> list[int]:
        """Random moves for ``depth`` turns (-1: to the end), then final scoring: the
        scores."""
        if self.compiled and not world.log.finished:
            kernel = self.kernel or self._kernel(world)
            if kernel is not None:
                return kernel.roll_out(world, self.rng.getrandbits(62), self.depth)
        rng, log = self.rng, world.log
        sample, apply = world.sample_move, world.apply_fast
        turns = self.depth if self.depth >= 0 else 1 << 30
        while not log.finished and turns:
            if world.out_of_tiles():  # a last capture, the last turns for owned tiles: played
                break
            move = sample(rng)
            if move is None:
                break
            apply(*move)
            turns -= 1
        if not log.finished:
            world.finish()
        return world.seats.scores

    def _kernel(self, world: State):
        """The compiled engine for ``world``'s rule set and players; None (and roll-outs on
        the Python engine from now on) when it cannot roll out from its positions."""
        from carcdsl.fast.search import kernel_for_roll_outs

        self.kernel = kernel_for_roll_outs(world.game, len(world.players))
        self.compiled = self.kernel is not None
        return self.kernel

    def values(self, scores: list[int]) -> list[float]:
        """Per seat, the value of a final position in 0..1."""
        if self.win:
            best = max(scores)
            winners = scores.count(best)
            return [1 / winners if s == best else 0.0 for s in scores]
        out = []
        scale = self.scale
        for i, s in enumerate(scores):
            other = max(scores[:i] + scores[i + 1:]) if len(scores) > 1 else 0
            out.append(1 / (1 + math.exp(max(-50.0, min(50.0, (other - s) / scale)))))
        return out


def _seen(world: State) -> object:
    """What the next mover sees of the chance that came: the drawn tile (with the seat), or
    the hand held."""
    supply = world.supply
    seat = world.seats.current
    if supply.hands is None:
        return supply.pile[-1] * 8 + seat if supply.pile else seat - 8
    return seat, tuple(sorted(supply.hands[seat]))
