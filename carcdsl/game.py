"""Game (immutable: compiled rules) and State (mutable: one game in progress).

The state keeps the board as a dict from square keys to (oriented tile, first node id); the open
squares with the code of the side signatures their neighbours require and, looked up once when
a neighbour arrives, the rotations of every tile type that fit there; and a union-find over
segment nodes that keeps each node's root at hand, with per-feature totals (pennants, open ends,
followers by seat) at the roots. What only scoring needs (a feature's tiles, the cities a field
touches) is counted from the feature's members when it scores. All of it is small ints and
tuples in lists and dicts, so that ``clone`` is a handful of shallow copies.

The hot loop (``sample_move``, ``apply_fast``) only indexes tables made by ``compile``; the
checked path (``play``) and ``legal_moves`` build Placement objects.
"""

from __future__ import annotations

import os
import random
from bisect import bisect_right
from collections.abc import Iterator, Sequence
from itertools import accumulate

import attrs

from . import ports as P
from .compile import CENTRE, Tables, compile_rules
from .errors import IllegalMoveError
from .model import RuleSet
from .records import Discard, FollowerSpec, Placement, Record
from .scoring import detail

SHIFT = 20
ROW = 1 << SHIFT
STEP = (-ROW, 1, ROW, -1)  # N E S W
AROUND = tuple(dx + dy * ROW for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dx or dy)
NEAR = {off: i for i, off in enumerate((0, *AROUND))}
"""Offsets of a square and the 8 around it -> the order in which their centres score."""


def _below(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)``, exactly as uniform, without its three Python-level calls."""
    bits = n.bit_length()
    j = rng.getrandbits(bits)
    while j >= n:
        j = rng.getrandbits(bits)
    return j


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
        self._moves: list[Placement | Discard | tuple[int, int, int, int]] = []
        self._shown = 0  # moves[:_shown] are Placement/Discard objects (see ``moves``)
        self.events: list[ScoreEvent] = []
        self.board: dict[int, tuple[int, int]] = {}
        self.open: dict[int, int] = {0: 0}
        """Open square -> the code of the signatures its neighbours require."""
        self.fitting: dict[int, tuple[tuple[int, ...], ...]] = {0: t.fit_entry(0)}
        """Open square -> per tile type, the rotations that fit there (``Tables.fit_entry``)."""
        self.watched: dict[int, tuple[int, ...]] = {}
        """Squares whose centre feature has a follower -> the tile's centre nodes."""
        # Segment nodes, with a union-find that keeps every node's root at hand ("quick
        # find"): joining relabels the smaller feature, so ``find`` is one list index. The
        # per-feature figures are valid at roots.
        self.root: list[int] = []
        self.members: list[tuple[int, ...] | None] = []  # None: the node alone
        self.kind: list[int] = []
        self.node_key: list[int] = []
        self.pennants: list[int] = []
        self.open_ends: list[int] = []
        self.followers: list[tuple[int, ...] | None] = []
        self.meeples: list[tuple[int, int, int]] = []  # (seat, node, key)
        self._none_followers = (0,) * n
        supply = list(t.fast.supply)
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

    @property
    def moves(self) -> list[Placement | Discard]:
        """Every move so far, placements and discards. Fast play stores a move as a small
        tuple; it becomes a Placement here, the first time someone looks."""
        moves = self._moves
        for i in range(self._shown, len(moves)):
            if type(moves[i]) is tuple:
                moves[i] = self._to_placement(*moves[i])
        self._shown = len(moves)
        return moves

    def remaining(self) -> int:
        return len(self.supply)

    def winners(self) -> list[str]:
        best = max(self.scores)
        return [p for p, s in zip(self.players, self.scores) if s == best]

    def find(self, node: int) -> int:
        """The root of the feature ``node`` belongs to."""
        return self.root[node]

    def feature_tiles(self, node: int) -> frozenset[int]:
        """The squares (keys) of the feature ``node`` belongs to."""
        node_key = self.node_key
        return frozenset(node_key[n] for n in self._members(self.root[node]))

    def _members(self, root: int) -> tuple[int, ...]:
        return self.members[root] or (root,)

    # --- moves ---------------------------------------------------------------------------
    def iter_placements(self, t: int) -> Iterator[tuple[int, int]]:
        """(square key, rotation 0..3) for every distinct placement of tile type ``t``."""
        for key, entry in self.fitting.items():
            for r in entry[t]:
                yield key, r

    def can_place(self, t: int) -> bool:
        return any(map(self.tables.fast.by_type[t], self.fitting.values()))

    def _occupied(self, key: int) -> int:
        """The ring positions of open square ``key`` where the feature across the side
        already has a follower (a bit mask)."""
        board, root, followers = self.board, self.root, self.followers
        faces = self.tables.fast.faces
        occupied = 0
        for d in range(4):
            nb = board.get(key + STEP[d])
            if nb is not None:
                nbase = nb[1]
                for bit, j in faces[nb[0]][(d + 2) % 4]:
                    if followers[root[nbase + j]]:
                        occupied |= bit
        return occupied

    def free_spots(self, t: int, key: int, r: int) -> list[int]:
        """Local segments of the placed tile a follower may go on (an empty feature)."""
        if not self.supply_followers[self.current] or not self.tables.spots[4 * t + r]:
            return []
        return list(self.tables.free_spots(4 * t + r, self._occupied(key)))

    def iter_moves(self, t: int | None = None) -> Iterator[tuple[int, int, int, int]]:
        """Fast legal moves: (tile type, key, rotation, local segment or -1)."""
        if t is None:
            if not self.supply or self.finished:
                return
            t = self.supply[-1]
        tb = self.tables
        followers = self.supply_followers[self.current] and tb.fast.spot_count[t]
        free_spots = tb.free_spots
        for key, entry in self.fitting.items():
            rotations = entry[t]
            if not rotations:
                continue
            occupied = self._occupied(key) if followers else 0
            for r in rotations:
                yield t, key, r, -1
                if followers:
                    for i in free_spots(4 * t + r, occupied):
                        yield t, key, r, i

    def sample_move(self, rng: random.Random) -> tuple[int, int, int, int] | None:
        """A legal move drawn uniformly from all (placement, follower) moves, like
        ``rng.choice(list(self.iter_moves()))`` but without listing them; None if there is
        none.

        Every placement of the drawn tile offers the same number of choices (no follower,
        or one of its spots), so a uniform (placement, choice) pair is drawn and drawn again
        while its spot turns out to be taken: what is accepted is uniform over legal moves.
        """
        if not self.supply or self.finished:
            return None
        t = self.supply[-1]
        fast = self.tables.fast
        # per open square, the rotations of t that fit, and the placements up to it, at C speed
        rotations = list(map(fast.by_type[t], self.fitting.values()))
        ends = list(accumulate(map(len, rotations)))
        if not ends or not ends[-1]:
            return None
        width = 1 + fast.spot_count[t] if self.supply_followers[self.current] else 1
        keys, spots = list(self.fitting), self.tables.spots
        while True:
            pick, choice = divmod(_below(rng, ends[-1] * width), width)
            i = bisect_right(ends, pick)
            here = rotations[i]
            r = here[pick - ends[i] + len(here)]
            if not choice:
                return t, keys[i], r, -1
            spot = spots[4 * t + r][choice - 1]
            if self._spot_is_free(4 * t + r, keys[i], spot):
                return t, keys[i], r, spot

    def _spot_is_free(self, o: int, key: int, spot: int) -> bool:
        board, root, followers = self.board, self.root, self.followers
        seg_at = self.tables.seg_at
        for d, fpos in self.tables.fast.seg_links[o][spot]:
            nb = board.get(key + STEP[d])
            if nb is not None and followers[root[nb[1] + seg_at[nb[0]][fpos]]]:
                return False
        return True

    def legal_moves(self) -> list[Placement]:
        """Every legal (placement, follower) move for the drawn tile."""
        return [self._to_placement(*move) for move in self.iter_moves()]

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
        code = self.open.get(key)
        if code is None:
            raise IllegalMoveError(f"square {list(move.at)} is not next to a placed tile",
                                   "adjacent")
        o = 4 * t + r
        if tb.canonical[o] - 4 * t not in self.fitting[key][t]:
            pattern = tb.pattern_of(code)
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
        self._moves.append(move or Discard(self.tables.type_names[t]))
        if not self.supply:
            self._finish()

    def _remove_from_supply(self, t: int) -> None:
        supply = self.supply
        if supply[-1] == t:
            supply.pop()
        else:
            del supply[len(supply) - 1 - supply[::-1].index(t)]

    def _discard_unplaceable(self) -> None:
        supply, fitting, by_type = self.supply, self.fitting, self.tables.fast.by_type
        while supply and not self.finished:
            if any(map(by_type[supply[-1]], fitting.values())):  # can_place, inlined
                return
            if self.game.rules.game.end == "tile-unplaceable":
                self._finish()
                return
            self._discard(supply[-1])

    def apply_fast(self, t: int, key: int, r: int, spot: int) -> None:
        """Play a move from ``iter_moves`` without checking it again (bots, search)."""
        self._apply(t, key, r, spot, None)

    def _apply(self, t: int, key: int, r: int, spot: int, move: Placement | None) -> None:
        supply = self.supply
        if supply[-1] == t:  # the drawn tile: always, except in some replayed records
            supply.pop()
        else:
            self._remove_from_supply(t)
        moves = self._moves
        moves.append(move if move is not None else (t, key, r, spot))
        o = 4 * t + r
        base = self._place(o, key, spot)
        self._score_completed(o, key, base, len(moves) - 1)
        self.current = (self.current + 1) % len(self.players)
        if not self.supply:
            self._finish()
        elif self.auto_discard:
            self._discard_unplaceable()

    def _place(self, o: int, key: int, spot: int) -> int:
        """Put oriented tile ``o`` on square ``key`` (and a follower on local segment
        ``spot`` unless it is -1); returns the tile's first node id."""
        fast = self.tables.fast
        root = self.root
        base = len(root)
        root.extend(range(base, base + len(fast.nones[o])))
        self.members += fast.nones[o]
        self.kind += fast.seg_kinds[o]
        self.node_key += (key,) * len(fast.nones[o])
        self.pennants += fast.seg_pennants[o]
        self.open_ends += fast.seg_open_ends[o]
        self.followers += fast.nones[o]
        self.board[key] = (o, base)
        del self.open[key]
        del self.fitting[key]
        self._join_neighbours(o, key, base)
        if spot >= 0:
            self._put_follower(o, key, base + spot, spot)
        return base

    def _join_neighbours(self, o: int, key: int, base: int) -> None:
        """Join the new tile's segments to its neighbours', and tell the empty squares around
        it what they now require."""
        tb = self.tables
        board, open_, fitting, fit_cache = self.board, self.open, self.fitting, tb.fit_cache
        root, open_ends, seg_at = self.root, self.open_ends, tb.seg_at
        for step, bits, side_links in zip(STEP, tb.fast.pattern_bits[o], tb.links[o]):
            nkey = key + step
            nb = board.get(nkey)
            if nb is None:
                code = open_.get(nkey, 0) | bits
                open_[nkey] = code
                fitting[nkey] = fit_cache.get(code) or tb.fit_entry(code)
                continue
            nat, nbase = seg_at[nb[0]], nb[1]
            for i, fpos, counts in side_links:
                a, b = root[base + i], root[nbase + nat[fpos]]
                if a != b:
                    a = self._union(a, b)
                if counts:
                    open_ends[a] -= 2

    def _put_follower(self, o: int, key: int, node: int, spot: int) -> None:
        seat = self.current
        root = self.root[node]
        counts = list(self.followers[root] or self._none_followers)
        counts[seat] += 1
        self.followers[root] = tuple(counts)
        self.meeples.append((seat, node, key))
        self.supply_followers[seat] -= 1
        if spot in self.tables.fast.centre_spots[o]:
            base = node - spot
            self.watched[key] = tuple(base + i for i in self.tables.centres[o])

    def _union(self, a: int, b: int) -> int:
        """Join the features of roots ``a`` and ``b``: the smaller one's nodes are relabelled."""
        members = self.members
        ma, mb = members[a] or (a,), members[b] or (b,)
        if len(ma) < len(mb):
            a, b, ma, mb = b, a, mb, ma
        root = self.root
        for n in mb:
            root[n] = a
        members[a] = ma + mb
        members[b] = None
        self.pennants[a] += self.pennants[b]
        self.open_ends[a] += self.open_ends[b]
        fb = self.followers[b]
        if fb:
            fa = self.followers[a]
            self.followers[a] = fb if not fa else tuple(x + y for x, y in zip(fa, fb))
        return a

    # --- scoring ---------------------------------------------------------------------------
    def _score_completed(self, o: int, key: int, base: int, index: int) -> None:
        root, open_ends, followers = self.root, self.open_ends, self.followers
        for i in self.tables.fast.closable[o]:
            r = root[base + i]
            # scoring returns the followers, so a feature met twice scores once
            if not open_ends[r] and followers[r]:
                self._score(r, "complete", index)
        if self.watched:
            self._score_centres(key, index)

    def _score_centres(self, key: int, index: int) -> None:
        """Centre features with followers on and around ``key`` that are now surrounded, in
        the order of ``NEAR``."""
        board, followers = self.board, self.followers
        near = sorted((NEAR[k - key], k) for k in self.watched if k - key in NEAR)
        for _, k in near:
            if all(k + off in board for off in AROUND):
                for node in self.watched.pop(k):
                    if followers[node]:
                        self._score(node, "complete", index)

    def _tile_count(self, root: int) -> int:
        if self.tables.kinds[self.kind[root]].geometry == CENTRE:
            return 1 + self._neighbours(root)
        node_key = self.node_key
        return len({node_key[n] for n in self._members(root)})

    def _completed(self, root: int, kind_name: str | None) -> int:
        """How many different completed features of ``kind_name`` the feature touches (a
        field's cities): each member's ``touches`` are segments of its own tile."""
        tb, node_key, board, this = self.tables, self.node_key, self.board, self.root
        found = set()
        for n in self._members(root):
            o, base = board[node_key[n]]
            for j in tb.segments[o][n - base].touches:
                r = this[base + j]
                if tb.kinds[self.kind[r]].name == kind_name and self.open_ends[r] == 0:
                    found.add(r)
        return len(found)

    def _measure(self, root: int):
        def measure(name: str, arg: str | None) -> int:
            if name == "tiles":
                return self._tile_count(root)
            if name == "pennants":
                return self.pennants[root]
            if name == "neighbours":
                return self._neighbours(root)
            if name == "followers":
                return sum(self.followers[root] or ())
            if name == "completed":
                return self._completed(root, arg)
            raise ValueError(f"unknown quantity {name}")
        return measure

    def _neighbours(self, root: int) -> int:
        key = self.node_key[root]
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
                at = to_xy(min(self.feature_tiles(root)))
                for seat, c in enumerate(counts):
                    if c == best:
                        self.scores[seat] += points
                        self.events.append(ScoreEvent(index, seat, self.players[seat],
                                                      kind.name, when, points, text, at))
        self._return_followers(root)

    def _return_followers(self, root: int) -> None:
        keep = []
        for meeple in self.meeples:
            if self.root[meeple[1]] == root:
                self.supply_followers[meeple[0]] += 1
            else:
                keep.append(meeple)
        self.meeples = keep
        self.followers[root] = None

    def _finish(self) -> None:
        """Final scoring of every feature that still has followers; the game is over."""
        if self.finished:
            return
        index = len(self._moves) - 1
        roots = []
        for _, node, _ in self.meeples:
            root = self.root[node]
            if root not in roots:
                roots.append(root)
        for root in roots:
            self._score(root, "final", index)
        self.finished = True

    def finish(self) -> None:
        """End the game now and run final scoring (a record's ``"final": true``)."""
        self._finish()

    # --- copies and records ----------------------------------------------------------------
    _LISTS = ("scores", "supply_followers", "_moves", "events", "root", "members", "kind",
              "node_key", "pennants", "open_ends", "followers", "meeples", "supply")
    _DICTS = ("board", "open", "fitting", "watched")

    def clone(self) -> State:
        new = State.__new__(State)
        state = new.__dict__
        state.update(self.__dict__)
        for name in self._LISTS:
            state[name] = state[name][:]
        for name in self._DICTS:
            state[name] = state[name].copy()
        return new

    def to_record(self) -> Record:
        return Record(self.game.source, self.game.variant_refs, self.players, self.seed,
                      tuple(self.moves), self.finished and bool(self.supply), None)
