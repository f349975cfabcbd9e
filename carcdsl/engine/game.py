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

The rules that only some moves or some rule sets need live beside it, as mixins of ``State``
(methods only, no state of their own): ``legality`` (checked play, discards), ``tally``
(scoring) and ``modes`` (set-up and special modes: start areas, draw-off, hands, bag, tokens,
triggers). Square keys are in ``squares``.
"""

from __future__ import annotations

import os
import random
from bisect import bisect_right
from collections.abc import Iterator, Sequence
from itertools import accumulate
from typing import cast

import attrs

from carcdsl.compile.tiles import Tables, compile_rules
from carcdsl.engine.events import DrawOff, EndReason, ScoreEvent, TokenEvent
from carcdsl.engine.legality import Legality
from carcdsl.engine.moves import Discard, FollowerSpec, Placement
from carcdsl.engine.scoring import Tally
from carcdsl.engine.turn import Modes, below
from carcdsl.errors import IllegalMoveError
from carcdsl.formats.record import Record
from carcdsl.geometry import ports as P
from carcdsl.geometry.squares import AROUND, STEP, to_key, to_xy
from carcdsl.model.rules import RuleSet

__all__ = ["AROUND", "STEP", "DrawOff", "EndReason", "Game", "ScoreEvent", "State",
           "TokenEvent", "to_key", "to_xy"]


@attrs.frozen
class Game:
    """A compiled rule set: immutable, shared by every game played with it."""

    rules: RuleSet
    tables: Tables
    source: str = "base"
    """How records name the rule set (a bundled name or a path)."""
    variant_refs: tuple[str, ...] = ()
    warnings: tuple = attrs.field(default=(), eq=False, repr=False)
    """What the checker warned about the rule set (``Diagnostic``s); it loaded all the same."""

    @classmethod
    def from_rules(cls, rules: RuleSet, source: str | None = None,
                   variant_refs: Sequence[str] = (), warnings: Sequence = ()) -> Game:
        return cls(rules, compile_rules(rules), source or rules.name, tuple(variant_refs),
                   tuple(warnings))

    @property
    def name(self) -> str:
        return self.rules.name

    def new_game(self, players: Sequence[str] | int = 2, seed: int | None = None,
                 auto_discard: bool = True, replaying: bool = False) -> State:
        """A new game: the start tile at the origin, the rest shuffled by ``seed``.

        With ``auto_discard`` (a live game) the engine draws: a move must place the drawn
        tile, and a drawn tile that fits nowhere is discarded (and recorded as a discard) and
        the same player draws again, as the rules say. Without it the caller draws, as a
        record does: a move may name any tile left in the supply, and a tile is discarded
        only by a ``Discard`` move. ``replaying`` (implies no ``auto_discard``): the players
        are seated as given, with no draw-off for the first player (a record states its
        outcome: seat 0 starts), and without a seed the supply is not shuffled (see
        ``State``).
        """
        if isinstance(players, int):
            players = [f"P{i + 1}" for i in range(players)]
        self.check_players(len(players))
        if len(set(players)) != len(players):
            raise IllegalMoveError("player names must be unique", "players", "unique")
        if seed is None and not replaying:  # a record without a seed: not shuffled
            seed = int.from_bytes(os.urandom(4), "big")
        return State(self, tuple(players), seed, auto_discard, replaying)

    def check_players(self, count: int) -> None:
        """Refuse a player count outside the rule set's range, or one whose hands the supply
        cannot deal in full."""
        low, high = self.rules.game.players
        if not low <= count <= high:
            raise IllegalMoveError(f"{self.name} is for {low} to {high} players, not {count}",
                                   "players", "range", rules=self.name, low=low, high=high,
                                   count=count)
        hand = self.rules.supply.hand
        if hand:
            tiles = len(self.tables.fast.supply) + (self.rules.supply.start != "placed")
            if hand * count > tiles:
                need, each = hand * count, tiles // count
                raise IllegalMoveError(
                    f"a hand of {hand} for {count} players needs {need} tiles; the "
                    f"supply has {tiles} (at most {each} each for {count} players)",
                    "players", "hands", hand=hand, count=count, need=need, tiles=tiles,
                    each=each)


class State(Legality, Tally, Modes):
    """One game in progress. Mutable; ``clone`` copies it for search."""

    def __init__(self, game: Game, players: tuple[str, ...], seed: int | None,
                 auto_discard: bool = True, replaying: bool = False):
        self.game = game
        t = game.tables
        self.tables = t
        self.players = players
        """Names in seat order, which is turn order: after a draw-off, the winner first."""
        self.seed = seed
        self.auto_discard = auto_discard and not replaying
        self.free_draw = not self.auto_discard
        """A move may name any tile left in the supply (the caller draws, as a record does);
        else it must place the drawn tile."""
        n = len(players)
        self.scores = [0] * n
        self.supply_followers = [game.rules.game.followers_for(n)] * n
        self.current = 0
        self.finished = False
        self._moves: list[Placement | Discard | tuple[int, int, int, int]] = []
        self._shown = 0  # moves[:_shown] are Placement/Discard objects (see ``moves``)
        self.move_seats: list[int] = []
        """The seat that made each move of ``moves`` (placements and discards, those before
        the first turn included): always as long as ``moves``."""
        self.aside_moves: list[int] = []
        """Bag: the indices in ``moves`` of the discards whose tile was set aside (back into
        the bag after the next placement) rather than taken out of the game."""
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
        rules = game.rules
        self.rng = random.Random(seed) if seed is not None else None
        """The game's own generator: the shuffle, then bag returns and draw-offs."""
        supply = list(t.fast.supply)
        start_placed = rules.supply.start == "placed"
        if not start_placed and t.start_type is not None:
            supply.append(t.start_type)
        if self.rng is not None:
            self.rng.shuffle(supply)
        supply.reverse()  # drawn from the end
        self.supply = supply
        board = t.board
        self._limited = board.limited
        self._triggers = rules.triggers
        self._bag = rules.supply.draw == "bag"
        self.latent: dict[int, int] = {}
        """Map squares next to printed tiles only: what they require, not open yet."""
        self.active: set[int] = set()
        """Big cities a tile has reached: the squares around them are open."""
        self.aside: list[int] = []
        """Bag: tiles that fit nowhere, back into the bag after the next placement."""
        self.in_extra = False
        """Whether the current turn is an extra turn (which never gives another)."""
        self.hands: list[list[int]] | None = None
        self.hands_known = not replaying or seed is not None
        """Whether the hands dealt are the players' real hands. A record replayed without a
        seed does not say them: a move may name any tile still in play (see
        ``Legality.play``)."""
        tokens = rules.tokens
        self.token_supply = [tok.supply - tok.each_player * n for tok in tokens]
        """Tokens of each kind not yet put out."""
        self.held = [[tok.each_player] * n for tok in tokens]
        """Per token kind, per seat: the tokens a player holds."""
        self.token_on: dict[int, list[int]] = {}
        """Feature root -> tokens of each kind lying on it."""
        self.token_events: list[TokenEvent] = []
        """Every movement of tokens, in order (``TokenEvent``); kept apart from ``events``,
        the scoring."""
        self.seating = tuple(range(n))
        """Seat -> the index of that player in the ``players`` given (a draw-off turns it)."""
        self.draw_off: DrawOff | None = None
        """How the draw-off for the first player went, when the rules have one."""
        self.end_reason: EndReason | None = None
        """Why and after which move the game ended; None while it goes on."""
        for key, i, _ in board.printed:
            self._place(t.printed_from + i, key, -1, printed=True)
        if start_placed and t.start_type is not None:
            start_base = self._place(4 * t.start_type, board.starts[0], -1)
            for i, tok in enumerate(tokens):
                for d in range(4) if tok.start_sides else ():
                    local = t.seg_at[4 * t.start_type][P.middle(d)]
                    local = local if local >= 0 else t.seg_at[4 * t.start_type][3 * d]
                    if local >= 0:
                        self._put_tokens(i, tok.start_sides, start_base + local, -1)
            for key in board.starts[1:]:
                self._set_up_start_area(key)
        if rules.turn.first_player == "draw" and seed is not None and not replaying:
            self._seat_by_draw_off(rules.turn.first_player_kind)
        for tok in tokens:
            for seat in range(n) if tok.each_player else ():
                self.token_events.append(TokenEvent(-1, tok.name, tok.each_player, "given",
                                                    seat, self.players[seat],
                                                    events_before=len(self.events)))
        if rules.supply.hand:
            self.hands = [[] for _ in players]
            for seat in range(n):
                self._refill(seat)
        if self._out_of_tiles():
            self._finish()
        elif self.auto_discard:
            self._discard_unplaceable()

    # --- reading the state -------------------------------------------------------------
    @property
    def player(self) -> str:
        """The player to move."""
        return self.players[self.current]

    @property
    def drawn(self) -> str | None:
        """The tile the current player has drawn (the next in the supply); None when players
        hold hands (see ``hand``)."""
        if self.hands is not None:
            return None
        return self.tables.type_names[self.supply[-1]] if self.supply else None

    @property
    def hand(self) -> list[str]:
        """The tiles the current player holds (with hands; else the drawn tile)."""
        if self.hands is None:
            drawn = self.drawn
            return [drawn] if drawn is not None else []
        return [self.tables.type_names[t] for t in self.hands[self.current]]

    @property
    def is_over(self) -> bool:
        return self.finished

    @property
    def moves(self) -> list[Placement | Discard]:
        """Every move so far, placements and discards. Fast play stores a move as a small
        tuple; it becomes a Placement here, the first time someone looks."""
        moves = self._moves
        for i in range(self._shown, len(moves)):
            move = moves[i]
            if isinstance(move, tuple):
                moves[i] = self._to_placement(*move)
        self._shown = len(moves)
        return cast("list[Placement | Discard]", moves)  # no tuple is left

    def out_of_tiles(self) -> bool:
        """No tile left to play: the supply and every hand are empty."""
        return self._out_of_tiles()

    def _out_of_tiles(self) -> bool:
        if self.supply:
            return False
        return self.hands is None or not any(self.hands)

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
    def can_place(self, t: int) -> bool:
        return any(map(self.tables.fast.by_type[t], self.fitting.values()))

    def _occupied(self, key: int) -> int | tuple[int, tuple[int, ...]]:
        """Where the features around open square ``key`` already have followers, as a bit
        mask of the square's ring positions (``Tables.free_spots`` reads it).

        When some feature with no follower meets the square at two or more positions, a
        tile placed there may join that feature to an occupied one through its own other
        segments; the masks of such features then come along: ``(mask, (feature mask, ...))``.
        """
        board, root, followers = self.board, self.root, self.followers
        faces = self.tables.fast.faces
        occupied = 0
        at: dict[int, int] = {}  # root -> the ring positions where its feature meets the square
        for d in range(4):
            nb = board.get(key + STEP[d])
            if nb is not None:
                nbase = nb[1]
                for bit, j in faces[nb[0]][(d + 2) % 4]:
                    r = root[nbase + j]
                    if followers[r]:
                        occupied |= bit
                    else:
                        at[r] = at.get(r, 0) | bit
        if occupied:
            bridges = tuple(sorted(m for m in at.values() if m & (m - 1)))
            if bridges:
                return occupied, bridges
        return occupied

    def free_spots(self, t: int, key: int, r: int) -> list[int]:
        """Local segments of the placed tile a follower may go on (an empty feature)."""
        if not self.supply_followers[self.current] or not self.tables.spots[4 * t + r]:
            return []
        return list(self.tables.free_spots(4 * t + r, self._occupied(key)))

    def iter_moves(self, t: int | None = None) -> Iterator[tuple[int, int, int, int]]:
        """Fast legal moves: (tile type, key, rotation, local segment or -1)."""
        if t is None:
            if self.finished:
                return
            if self.hands is not None:
                for t in dict.fromkeys(self.hands[self.current]):
                    yield from self.iter_moves(t)
                return
            if not self.supply:
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
        if self.hands is not None:
            moves = list(self.iter_moves())
            return moves[below(rng, len(moves))] if moves else None
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
            pick, choice = divmod(below(rng, ends[-1] * width), width)
            i = bisect_right(ends, pick)
            here = rotations[i]
            r = here[pick - ends[i] + len(here)]
            if not choice:
                return t, keys[i], r, -1
            spot = spots[4 * t + r][choice - 1]
            if spot in self.tables.free_spots(4 * t + r, self._occupied(keys[i])):
                return t, keys[i], r, spot

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

    # --- changing the state --------------------------------------------------------------
    def _remove_from_supply(self, t: int) -> None:
        supply = self.supply
        if supply[-1] == t:
            supply.pop()
        else:
            del supply[len(supply) - 1 - supply[::-1].index(t)]

    def apply_fast(self, t: int, key: int, r: int, spot: int) -> None:
        """Play a move from ``iter_moves`` without checking it again (bots, search)."""
        self._apply(t, key, r, spot, None)

    def _apply(self, t: int, key: int, r: int, spot: int, move: Placement | None) -> None:
        if self.hands is not None:
            self.hands[self.current].remove(t)
        else:
            supply = self.supply
            if supply[-1] == t:  # the drawn tile: always, except in some replayed records
                supply.pop()
            else:
                self._remove_from_supply(t)
        moves = self._moves
        moves.append(move if move is not None else (t, key, r, spot))
        self.move_seats.append(self.current)
        o = 4 * t + r
        base = self._place(o, key, spot)
        # placement triggers act at once (a nut onto the tile, a penalty), before scoring
        extra = self._fire_triggers(o, key, len(moves) - 1) if self._triggers else False
        self._score_completed(o, key, base, len(moves) - 1)
        if self.aside:
            self._return_aside()
        self._end_turn(extra)
        if self._out_of_tiles():
            self._finish()
        elif self.auto_discard:
            self._discard_unplaceable()

    def _place(self, o: int, key: int, spot: int, printed: bool = False) -> int:
        """Put oriented tile ``o`` on square ``key`` (and a follower on local segment
        ``spot`` unless it is -1); returns the tile's first node id. A printed tile (a map's
        big city or border segment) makes no square open by itself."""
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
        if self.open.pop(key, None) is not None:
            del self.fitting[key]
        self._join_neighbours(o, key, base, printed)
        if spot >= 0:
            self._put_follower(o, key, base + spot, spot)
        return base

    def _join_neighbours(self, o: int, key: int, base: int, printed: bool = False) -> None:
        """Join the new tile's segments to its neighbours', and tell the empty squares around
        it what they now require. Sides facing off the board close there when the edge
        closes features."""
        tb = self.tables
        board, open_, fitting, fit_cache = self.board, self.open, self.fitting, tb.fit_cache
        root, open_ends, seg_at = self.root, self.open_ends, tb.seg_at
        limited, latent, printed_from = self._limited, self.latent, tb.printed_from
        for step, bits, side_links in zip(STEP, tb.fast.pattern_bits[o], tb.links[o]):
            nkey = key + step
            nb = board.get(nkey)
            if nb is None:
                if limited and not tb.board.allows(nkey):
                    if tb.board.edge_closes and not tb.board.exists(nkey):
                        for i, _, counts in side_links:
                            if counts:
                                open_ends[root[base + i]] -= 1
                    continue
                code = open_.get(nkey)
                if code is None:
                    if printed:
                        latent[nkey] = latent.get(nkey, 0) | bits
                        continue
                    code = latent.pop(nkey, 0) if latent else 0
                code |= bits
                open_[nkey] = code
                fitting[nkey] = fit_cache.get(code) or tb.fit_entry(code)
                continue
            if nb[0] >= printed_from and not printed:
                self._reach(nkey)
            nat, nbase = seg_at[nb[0]], nb[1]
            for i, fpos, counts in side_links:
                a, b = root[base + i], root[nbase + nat[fpos]]
                if a != b:
                    a = self._union(a, b)
                if counts:
                    open_ends[a] -= 2

    def _reach(self, key: int) -> None:
        """A tile reached printed square ``key``: if it is a big city, the squares around all
        of its squares are open from now on."""
        group = self.tables.board.group_of.get(key)
        if group is None or group in self.active:
            return
        self.active.add(group)
        tb = self.tables
        for square in tb.board.groups[group]:
            for step in STEP:
                code = self.latent.pop(square + step, None)
                if code is not None:
                    self.open[square + step] = code
                    self.fitting[square + step] = tb.fit_entry(code)

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
        token_on = self.token_on
        if token_on and b in token_on:
            moved = token_on.pop(b)
            here = token_on.setdefault(a, [0] * len(moved))
            for i, count in enumerate(moved):
                here[i] += count
        return a

    # --- copies and records ----------------------------------------------------------------
    _LISTS = ("scores", "supply_followers", "_moves", "move_seats", "events", "root", "members",
              "kind", "node_key", "pennants", "open_ends", "followers", "meeples", "supply")
    _DICTS = ("board", "open", "fitting", "watched", "latent")

    def clone(self) -> State:
        new = State.__new__(State)
        state = new.__dict__
        state.update(self.__dict__)
        for name in self._LISTS:
            state[name] = state[name][:]
        for name in self._DICTS:
            state[name] = state[name].copy()
        if self.hands is not None:
            state["hands"] = [hand[:] for hand in self.hands]
        if self._bag and self.rng is not None:  # only the bag draws from it after set-up
            state["rng"] = random.Random()
            state["rng"].setstate(self.rng.getstate())
        state["active"] = set(self.active)
        state["aside"] = self.aside[:]
        if self._bag:
            state["aside_moves"] = self.aside_moves[:]
        if self.token_supply:
            state["token_events"] = self.token_events[:]
            state["token_supply"] = self.token_supply[:]
            state["held"] = [h[:] for h in self.held]
            state["token_on"] = {k: v[:] for k, v in self.token_on.items()}
        return new

    def to_record(self) -> Record:
        return Record(self.game.source, self.game.variant_refs, self.players, self.seed,
                      tuple(self.moves), self.finished and bool(self.supply), None)
