"""Game (immutable: compiled rules) and State (mutable: one game in progress).

The state keeps the board as a dict from square keys to (oriented tile, first node id), the open
squares with the side signatures their neighbours require, and a union-find over segment nodes
with per-feature totals (tiles, pennants, open ends, followers by seat). All of it is small ints,
tuples and frozensets, so that ``clone`` is a handful of shallow copies.
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterator, Sequence

import attrs

from . import ports as P
from .compile import AREA, CENTRE, FIELD, PATH, Tables, compile_rules
from .errors import IllegalMoveError
from .model import RuleSet
from .records import Discard, FollowerSpec, Placement, Record
from .scoring import detail

SHIFT = 20
ROW = 1 << SHIFT
STEP = (-ROW, 1, ROW, -1)  # N E S W
AROUND = tuple(dx + dy * ROW for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dx or dy)


def to_key(x: int, y: int) -> int:
    return x + (y << SHIFT)


def to_xy(key: int) -> tuple[int, int]:
    y = (key + (ROW >> 1)) >> SHIFT
    return key - (y << SHIFT), y


@attrs.frozen
class ScoreEvent:
    move: int
    """Index of the move after which it was scored (the last move for final scoring)."""
    seat: int
    player: str
    feature: str
    when: str  # "complete" | "final"
    points: int
    detail: str
    at: tuple[int, int] = (0, 0)
    """A square of the feature (for showing it)."""

    def to_json(self) -> dict:
        return {"move": self.move, "player": self.player, "feature": self.feature,
                "when": self.when, "points": self.points, "detail": self.detail}


@attrs.frozen
class Game:
    """A compiled rule set: immutable, shared by every game played with it."""

    rules: RuleSet
    tables: Tables
    source: str = "base"
    """How records name the rule set (a bundled name or a path)."""
    variant_refs: tuple[str, ...] = ()

    @classmethod
    def from_rules(cls, rules: RuleSet, source: str | None = None,
                   variant_refs: Sequence[str] = ()) -> Game:
        return cls(rules, compile_rules(rules), source or rules.name, tuple(variant_refs))

    @property
    def name(self) -> str:
        return self.rules.name

    def new_game(self, players: Sequence[str] | int = 2, seed: int | None = None,
                 auto_discard: bool = True) -> State:
        """A new game: the start tile at the origin, the rest shuffled by ``seed``.

        With ``auto_discard`` a drawn tile that fits nowhere is discarded (and recorded as a
        discard) and the same player draws again, as the rules say.
        """
        if isinstance(players, int):
            players = [f"P{i + 1}" for i in range(players)]
        self.check_players(len(players))
        if len(set(players)) != len(players):
            raise IllegalMoveError("player names must be unique", "players")
        if seed is None:
            seed = int.from_bytes(os.urandom(4), "big")
        return State(self, tuple(players), seed, auto_discard)

    def check_players(self, count: int) -> None:
        low, high = self.rules.game.players
        if not low <= count <= high:
            raise IllegalMoveError(f"{self.name} is for {low} to {high} players, not {count}",
                                   "players")


class State:
    """One game in progress. Mutable; ``clone`` copies it for search."""

    def __init__(self, game: Game, players: tuple[str, ...], seed: int | None,
                 auto_discard: bool = True):
        self.game = game
        t = game.tables
        self.tables = t
        self.players = players
        self.seed = seed
        self.auto_discard = auto_discard
        n = len(players)
        self.scores = [0] * n
        self.supply_followers = [game.rules.game.followers] * n
        self.current = 0
        self.finished = False
        self.moves: list[Placement | Discard] = []
        self.events: list[ScoreEvent] = []
        self.board: dict[int, tuple[int, int]] = {}
        self.open: dict[int, tuple[int, int, int, int]] = {0: (-1, -1, -1, -1)}
        self.centres: dict[int, tuple[int, ...]] = {}
        # union-find over segment nodes; the per-feature lists are valid at roots
        self.parent: list[int] = []
        self.kind: list[int] = []
        self.tiles: list[frozenset] = []
        self.pennants: list[int] = []
        self.open_ends: list[int] = []
        self.followers: list[tuple[int, ...] | None] = []
        self.touches: list[tuple[int, ...]] = []
        self.meeples: list[tuple[int, int, int]] = []  # (seat, node, key)
        supply = [i for i, c in enumerate(t.type_counts) for _ in range(c)]
        if t.start_type is not None:
            supply.remove(t.start_type)
        if seed is not None:
            random.Random(seed).shuffle(supply)
        supply.reverse()  # drawn from the end
        self.supply = supply
        if t.start_type is not None:
            self._place(4 * t.start_type, 0, -1)
        if auto_discard:
            self._discard_unplaceable()

    # --- reading the state -------------------------------------------------------------
    @property
    def player(self) -> str:
        """The player to move."""
        return self.players[self.current]

    @property
    def drawn(self) -> str | None:
        """The tile the current player has drawn (the next in the supply)."""
        return self.tables.type_names[self.supply[-1]] if self.supply else None

    @property
    def is_over(self) -> bool:
        return self.finished

    def remaining(self) -> int:
        return len(self.supply)

    def winners(self) -> list[str]:
        best = max(self.scores)
        return [p for p, s in zip(self.players, self.scores) if s == best]

    def find(self, node: int) -> int:
        parent = self.parent
        while parent[node] != node:
            parent[node] = parent[parent[node]]
            node = parent[node]
        return node

    # --- moves ---------------------------------------------------------------------------
    def iter_placements(self, t: int) -> Iterator[tuple[int, int]]:
        """(square key, rotation 0..3) for every distinct placement of tile type ``t``."""
        fits = self.tables.fits
        for key, pattern in self.open.items():
            for r in fits(pattern)[t]:
                yield key, r

    def can_place(self, t: int) -> bool:
        fits = self.tables.fits
        return any(fits(pattern)[t] for pattern in self.open.values())

    def free_spots(self, t: int, key: int, r: int) -> list[int]:
        """Local segments of the placed tile a follower may go on (an empty feature)."""
        if not self.supply_followers[self.current]:
            return []
        tb = self.tables
        o = 4 * t + r
        spots = tb.spots[o]
        if not spots:
            return []
        taken = set()
        board, find, followers, seg_at = self.board, self.find, self.followers, tb.seg_at
        for d, side_links in enumerate(tb.links[o]):
            nb = board.get(key + STEP[d])
            if nb is None:
                continue
            nat, nbase = seg_at[nb[0]], nb[1]
            for i, fpos, _ in side_links:
                if followers[find(nbase + nat[fpos])]:
                    taken.add(i)
        return [i for i in spots if i not in taken]

    def iter_moves(self, t: int | None = None) -> Iterator[tuple[int, int, int, int]]:
        """Fast legal moves: (tile type, key, rotation, local segment or -1)."""
        if t is None:
            if not self.supply or self.finished:
                return
            t = self.supply[-1]
        for key, r in self.iter_placements(t):
            yield t, key, r, -1
            for i in self.free_spots(t, key, r):
                yield t, key, r, i

    def legal_moves(self) -> list[Placement]:
        """Every legal (placement, follower) move for the drawn tile."""
        tb = self.tables
        out = []
        for t, key, r, spot in self.iter_moves():
            out.append(self._to_placement(t, key, r, spot))
        return out

    def _to_placement(self, t: int, key: int, r: int, spot: int) -> Placement:
        tb = self.tables
        follower = None
        if spot >= 0:
            label = tb.segments[4 * t + r][spot].label
            feature, _, port = label.partition(":")
            follower = FollowerSpec(feature, port or None, None)
        return Placement(tb.type_names[t], to_xy(key), 90 * r, follower)

    def play(self, move: Placement | Discard) -> list[ScoreEvent]:
        """Play a move (a placement or a discard); raises IllegalMoveError naming the rule
        broken, leaving the state exactly as it was. Returns the scoring it caused."""
        if self.finished:
            raise IllegalMoveError("the game is over", "game-over")
        if isinstance(move, Discard):
            t = self._take(move.tile)
            if self.can_place(t):
                raise IllegalMoveError(f"tile {move.tile} fits on the board and cannot be "
                                       "discarded", "discard-only-unplaceable")
            self._discard(t, move)
            return []
        t = self._take(move.tile)
        key, r, spot = self._check_placement(t, move)
        before = len(self.events)
        self._apply(t, key, r, spot, move)
        return self.events[before:]

    def _take(self, name: str | None) -> int:
        if name is None:
            if not self.supply:
                raise IllegalMoveError("no tile left to draw", "supply")
            return self.supply[-1]
        t = self.tables.type_index(name)
        if t is None:
            raise IllegalMoveError(f"unknown tile '{name}'", "unknown-tile")
        if t not in self.supply:
            raise IllegalMoveError(f"no tile {name} left in the supply", "supply")
        return t

    def _check_placement(self, t: int, move: Placement) -> tuple[int, int, int]:
        tb = self.tables
        name = tb.type_names[t]
        if move.rotation not in P.ROTATIONS:
            raise IllegalMoveError(f"rotation {move.rotation} is not 0, 90, 180 or 270",
                                   "rotation")
        key, r = to_key(*move.at), move.rotation // 90
        if key in self.board:
            raise IllegalMoveError(f"square {list(move.at)} already has a tile", "square-taken")
        pattern = self.open.get(key)
        if pattern is None:
            raise IllegalMoveError(f"square {list(move.at)} is not next to a placed tile",
                                   "adjacent")
        o = 4 * t + r
        if tb.canonical[o] - 4 * t not in tb.fits(pattern)[t]:
            sides = [P.SIDES[d] for d in range(4)
                     if pattern[d] >= 0 and pattern[d] != tb.sigs[o][d]]
            raise IllegalMoveError(f"tile {name} at {list(move.at)} rotated {move.rotation} "
                                   f"does not match its neighbour on side {', '.join(sides)}",
                                   "sides-match")
        spot = -1
        if move.follower is not None:
            spot = self._spot(o, move.follower)
            if not self.supply_followers[self.current]:
                raise IllegalMoveError(f"{self.player} has no follower left in the supply",
                                       "follower-supply")
            if spot not in self.free_spots(t, key, r):
                raise IllegalMoveError(f"the {move.follower.feature} at "
                                       f"{move.follower.port or 'the centre'} already has a "
                                       "follower", "feature-occupied")
        return key, r, spot

    def _spot(self, o: int, spec: FollowerSpec) -> int:
        tb = self.tables
        if spec.kind is not None:
            raise IllegalMoveError(f"this rule set has one kind of follower; "
                                   f"unknown follower kind '{spec.kind}'", "follower-kind")
        for i, seg in enumerate(tb.segments[o]):
            kind = tb.kinds[seg.kind]
            if kind.name != spec.feature:
                continue
            if spec.port is None and seg.geometry == CENTRE:
                found = i
            elif spec.port is not None and seg.geometry != CENTRE and \
                    P.is_port(spec.port) and P.INDEX[spec.port] in seg.ports:
                found = i
            else:
                continue
            if not kind.followers:
                raise IllegalMoveError(f"followers may not stand on a {kind.name}",
                                       "follower-kind")
            return found
        where = f":{spec.port}" if spec.port else ""
        raise IllegalMoveError(f"the tile has no {spec.feature}{where} to put a follower on",
                               "follower-spot")

    # --- changing the state --------------------------------------------------------------
    def _discard(self, t: int, move: Discard | None = None) -> None:
        self._remove_from_supply(t)
        self.moves.append(move or Discard(self.tables.type_names[t]))
        if not self.supply:
            self._finish()

    def _remove_from_supply(self, t: int) -> None:
        supply = self.supply
        if supply[-1] == t:
            supply.pop()
        else:
            del supply[len(supply) - 1 - supply[::-1].index(t)]

    def _discard_unplaceable(self) -> None:
        tb = self.tables
        while self.supply and not self.finished and not self.can_place(self.supply[-1]):
            if self.game.rules.game.end == "tile-unplaceable":
                self._finish()
                return
            self._discard(self.supply[-1])

    def apply_fast(self, t: int, key: int, r: int, spot: int) -> None:
        """Play a move from ``iter_moves`` without checking it again (bots, search)."""
        self._apply(t, key, r, spot, None)

    def _apply(self, t: int, key: int, r: int, spot: int, move: Placement | None) -> None:
        self._remove_from_supply(t)
        self.moves.append(move if move is not None else self._to_placement(t, key, r, spot))
        index = len(self.moves) - 1
        base = self._place(4 * t + r, key, spot)
        self._score_completed(4 * t + r, key, base, index)
        self.current = (self.current + 1) % len(self.players)
        if not self.supply:
            self._finish()
        elif self.auto_discard:
            self._discard_unplaceable()

    def _place(self, o: int, key: int, spot: int) -> int:
        tb = self.tables
        segs = tb.segments[o]
        base = len(self.parent)
        tiles = frozenset((key,))
        for i, s in enumerate(segs):
            self.parent.append(base + i)
            self.kind.append(s.kind)
            self.tiles.append(tiles)
            self.pennants.append(s.pennants)
            self.open_ends.append(s.open_ends)
            self.followers.append(None)
            self.touches.append(tuple(base + j for j in s.touches))
        self.board[key] = (o, base)
        del self.open[key]
        if tb.centres[o]:
            self.centres[key] = tuple(base + i for i in tb.centres[o])
        sigs, reverse = tb.sigs[o], tb.reverse_sig
        for d in range(4):
            nkey = key + STEP[d]
            nb = self.board.get(nkey)
            if nb is None:
                pattern = list(self.open.get(nkey, (-1, -1, -1, -1)))
                pattern[(d + 2) % 4] = reverse[sigs[d]]
                self.open[nkey] = tuple(pattern)
                continue
            nat, nbase = tb.seg_at[nb[0]], nb[1]
            for i, fpos, counts in tb.links[o][d]:
                root = self._union(self.find(base + i), self.find(nbase + nat[fpos]))
                if counts:
                    self.open_ends[root] -= 2
        if spot >= 0:
            node = base + spot
            root = self.find(node)
            counts = list(self.followers[root] or (0,) * len(self.players))
            counts[self.current] += 1
            self.followers[root] = tuple(counts)
            self.meeples.append((self.current, node, key))
            self.supply_followers[self.current] -= 1
        return base

    def _union(self, a: int, b: int) -> int:
        if a == b:
            return a
        tiles = self.tiles
        if len(tiles[a]) < len(tiles[b]):
            a, b = b, a
        self.parent[b] = a
        tiles[a] = tiles[a] | tiles[b]
        self.pennants[a] += self.pennants[b]
        self.open_ends[a] += self.open_ends[b]
        fb = self.followers[b]
        if fb:
            fa = self.followers[a]
            self.followers[a] = fb if not fa else tuple(x + y for x, y in zip(fa, fb))
        if self.touches[b]:
            self.touches[a] = self.touches[a] + self.touches[b]
        return a

    # --- scoring ---------------------------------------------------------------------------
    def _score_completed(self, o: int, key: int, base: int, index: int) -> None:
        tb = self.tables
        done = set()
        for i, s in enumerate(tb.segments[o]):
            if s.geometry in (AREA, PATH):
                root = self.find(base + i)
                if root not in done and self.open_ends[root] == 0:
                    done.add(root)
                    if self.followers[root]:
                        self._score(root, "complete", index)
        board, centres = self.board, self.centres
        for k in (key, *(key + off for off in AROUND)):
            nodes = centres.get(k)
            if nodes and all(k + off in board for off in AROUND):
                for node in nodes:
                    if self.followers[node]:
                        self._score(node, "complete", index)

    def _measure(self, root: int):
        def measure(name: str, arg: str | None) -> int:
            if name == "tiles":
                if self.tables.kinds[self.kind[root]].geometry == CENTRE:
                    return 1 + self._neighbours(root)
                return len(self.tiles[root])
            if name == "pennants":
                return self.pennants[root]
            if name == "neighbours":
                return self._neighbours(root)
            if name == "followers":
                return sum(self.followers[root] or ())
            if name == "completed":
                found = set()
                for n in self.touches[root]:
                    r = self.find(n)
                    if self.tables.kinds[self.kind[r]].name == arg and self.open_ends[r] == 0:
                        found.add(r)
                return len(found)
            raise ValueError(f"unknown quantity {name}")
        return measure

    def _neighbours(self, root: int) -> int:
        (key,) = self.tiles[root]
        return sum(1 for off in AROUND if key + off in self.board)

    def _score(self, root: int, when: str, index: int) -> None:
        kind = self.tables.kinds[self.kind[root]]
        scorer = kind.complete if when == "complete" else kind.final
        counts = self.followers[root] or ()
        if scorer is not None and counts:
            points, terms = scorer(self._measure(root))
            best = max(counts)
            if points:
                text = detail(points, terms)
                at = to_xy(min(self.tiles[root]))
                for seat, c in enumerate(counts):
                    if c == best:
                        self.scores[seat] += points
                        self.events.append(ScoreEvent(index, seat, self.players[seat],
                                                      kind.name, when, points, text, at))
        self._return_followers(root)

    def _return_followers(self, root: int) -> None:
        keep = []
        for meeple in self.meeples:
            if self.find(meeple[1]) == root:
                self.supply_followers[meeple[0]] += 1
            else:
                keep.append(meeple)
        self.meeples = keep
        self.followers[root] = None

    def _finish(self) -> None:
        """Final scoring of every feature that still has followers; the game is over."""
        if self.finished:
            return
        index = len(self.moves) - 1
        roots = []
        for _, node, _ in self.meeples:
            root = self.find(node)
            if root not in roots:
                roots.append(root)
        for root in roots:
            self._score(root, "final", index)
        self.finished = True

    def finish(self) -> None:
        """End the game now and run final scoring (a record's ``"final": true``)."""
        self._finish()

    # --- copies and records ----------------------------------------------------------------
    def clone(self) -> State:
        new = State.__new__(State)
        new.__dict__.update(self.__dict__)
        for name in ("scores", "supply_followers", "moves", "events", "parent", "kind", "tiles",
                     "pennants", "open_ends", "followers", "touches", "meeples", "supply"):
            setattr(new, name, list(getattr(self, name)))
        for name in ("board", "open", "centres"):
            setattr(new, name, dict(getattr(self, name)))
        return new

    def to_record(self) -> Record:
        return Record(self.game.source, self.game.variant_refs, self.players, self.seed,
                      tuple(self.moves), self.finished and bool(self.supply), None)
