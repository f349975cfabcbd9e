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
    terms: tuple = attrs.field(default=(), eq=False, repr=False)
    """The breakdown as data, to be told in another language (``scoring.render``)."""

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
        self.supply_followers = [game.rules.game.followers_for(n)] * n
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
        tokens = rules.tokens
        self.token_supply = [tok.supply - tok.each_player * n for tok in tokens]
        """Tokens of each kind not yet put out."""
        self.held = [[tok.each_player] * n for tok in tokens]
        """Per token kind, per seat: the tokens a player holds."""
        self.token_on: dict[int, list[int]] = {}
        """Feature root -> tokens of each kind lying on it."""
        for key, i, _ in board.printed:
            self._place(t.printed_from + i, key, -1, printed=True)
        if start_placed and t.start_type is not None:
            start_base = self._place(4 * t.start_type, board.starts[0], -1)
            for i, tok in enumerate(tokens):
                for d in range(4) if tok.start_sides else ():
                    local = t.seg_at[4 * t.start_type][P.middle(d)]
                    local = local if local >= 0 else t.seg_at[4 * t.start_type][3 * d]
                    if local >= 0:
                        self._put_tokens(i, tok.start_sides, start_base + local)
            for key in board.starts[1:]:
                self._set_up_start_area(key)
        if rules.turn.first_player == "draw" and self.rng is not None:
            self.current = self._draw_off(rules.turn.first_player_kind)
        if rules.supply.hand:
            self.hands = [[] for _ in players]
            for seat in range(n):
                self._refill(seat)
        if auto_discard:
            self._discard_unplaceable()

    def _set_up_start_area(self, key: int) -> None:
        """A further start area: the next tile of the supply that fits there, in its first
        fitting rotation (a map's set-up, before the first turn)."""
        code = self.open.pop(key, None)
        if code is None:
            code = self.latent.pop(key, 0)
        self.open[key] = code
        entry = self.fitting[key] = self.tables.fit_entry(code)
        for i in range(len(self.supply) - 1, -1, -1):
            t = self.supply[i]
            if entry[t]:
                del self.supply[i]
                self._place(4 * t + entry[t][0], key, -1)
                return

    def _draw_off(self, kind_name: str | None) -> int:
        """The first player: each contender draws a tile at random; the most sides showing
        ``kind_name`` wins; ties draw again. The tiles go back."""
        tb = self.tables
        kind = next((k.index for k in tb.kinds if k.name == kind_name), -1)
        shows = [sum(1 for d in range(4) if (i := tb.seg_at[4 * t][P.middle(d)]) >= 0
                     and tb.segments[4 * t][i].kind == kind) for t in range(len(tb.type_names))]
        contenders = list(range(len(self.players)))
        for _ in range(1000):
            if len(contenders) == 1 or not self.supply:
                break
            drawn = {seat: shows[self.rng.choice(self.supply)] for seat in contenders}
            best = max(drawn.values())
            contenders = [seat for seat in contenders if drawn[seat] == best]
        return contenders[0]

    def _put_tokens(self, i: int, count: int, node: int) -> None:
        """Up to ``count`` tokens of kind ``i`` from the supply onto the feature of ``node``."""
        count = min(count, self.token_supply[i])
        if count <= 0:
            return
        self.token_supply[i] -= count
        on = self.token_on.setdefault(self.root[node], [0] * len(self.token_supply))
        on[i] += count

    def _collect_tokens(self, root: int, winners: list[int]) -> None:
        """Tokens on a scored feature go to its scorers, one at a time in turn order from
        the player to move; kinds not collected stay."""
        on = self.token_on.get(root)
        if not on:
            return
        n = len(self.players)
        order = sorted(winners, key=lambda seat: (seat - self.current) % n)
        for i, tok in enumerate(self.game.rules.tokens):
            if tok.collected and on[i]:
                for k in range(on[i]):
                    self.held[i][order[k % len(order)]] += 1
                on[i] = 0

    def _refill(self, seat: int) -> None:
        hand, size, supply = self.hands[seat], self.game.rules.supply.hand, self.supply
        while len(hand) < size and supply:
            hand.append(supply.pop())

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
            return [self.drawn] if self.supply else []
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
            return moves[_below(rng, len(moves))] if moves else None
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
            if self.hands is not None and any(map(self.can_place, self.hands[self.current])):
                raise IllegalMoveError(f"a tile in {self.player}'s hand fits on the board: "
                                       "no tile of the hand may be discarded",
                                       "discard-only-unplaceable")
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
        if self.hands is not None:
            t = self.tables.type_index(name) if name is not None else None
            if t is None or t not in self.hands[self.current]:
                raise IllegalMoveError(f"{self.player} holds {', '.join(self.hand) or 'nothing'}"
                                       f"; a move must name one of those tiles, not "
                                       f"{name or 'none'}", "hand")
            return t
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
            if self._limited and not self.tables.board.allows(key):
                raise IllegalMoveError(f"square {list(move.at)} is off the board", "board")
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
        """The tile fits nowhere: it leaves the game (bag: goes aside, back into the bag after
        the next placement; hand: leaves the hand, which is refilled once empty)."""
        if self.hands is not None:
            hand = self.hands[self.current]
            hand.remove(t)
            if not hand:
                self._refill(self.current)
        else:
            self._remove_from_supply(t)
            if self._bag:
                self.aside.append(t)
        self._moves.append(move or Discard(self.tables.type_names[t]))
        if self._out_of_tiles():
            self._finish()

    def out_of_tiles(self) -> bool:
        """No tile left to play: the supply and every hand are empty."""
        return self._out_of_tiles()

    def _out_of_tiles(self) -> bool:
        if self.supply:
            return False
        return self.hands is None or not any(self.hands)

    def _remove_from_supply(self, t: int) -> None:
        supply = self.supply
        if supply[-1] == t:
            supply.pop()
        else:
            del supply[len(supply) - 1 - supply[::-1].index(t)]

    def _discard_unplaceable(self) -> None:
        if self.hands is not None:
            self._discard_unplaceable_hand()
            return
        supply, fitting, by_type = self.supply, self.fitting, self.tables.fast.by_type
        while supply and not self.finished:
            if any(map(by_type[supply[-1]], fitting.values())):  # can_place, inlined
                return
            if self.game.rules.game.end == "tile-unplaceable":
                self._finish()
                return
            self._discard(supply[-1])

    def _discard_unplaceable_hand(self) -> None:
        """No tile of the hand fits: every tile of it is discarded and a new hand drawn."""
        while not self.finished:
            hand = self.hands[self.current]
            if not hand:  # the supply is empty and so is this hand: the next player
                if self._out_of_tiles():
                    self._finish()
                    return
                self.current = (self.current + 1) % len(self.players)
                continue
            if any(map(self.can_place, hand)):
                return
            if self.game.rules.game.end == "tile-unplaceable":
                self._finish()
                return
            for t in list(hand):
                self._discard(t)

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

    def _end_turn(self, extra: bool) -> None:
        """Draw back up (hands), then pass the turn, unless it earned an extra turn (at most
        one in a row). With hands and an empty supply, players with empty hands pass."""
        if self.hands is not None:
            self._refill(self.current)
        if extra and not self.in_extra:
            self.in_extra = True
            return
        self.in_extra = False
        n = len(self.players)
        self.current = (self.current + 1) % n
        if self.hands is not None and any(self.hands):
            while not self.hands[self.current]:
                self.current = (self.current + 1) % n

    def _put_on_tile(self, o: int, key: int, count: int, token: str, kind: str) -> None:
        tb = self.tables
        i = next(j for j, tok in enumerate(self.game.rules.tokens) if tok.name == token)
        base = self.board[key][1]
        for local, seg in enumerate(tb.segments[o]):
            if tb.kinds[seg.kind].name == kind:
                self._put_tokens(i, count, base + local)
                return

    def _return_aside(self) -> None:
        """Bag: the tiles set aside go back into the bag at random places."""
        rng = self.rng or random.Random(len(self._moves))
        for t in self.aside:
            self.supply.insert(_below(rng, len(self.supply) + 1), t)
        self.aside = []

    def _fire_triggers(self, o: int, key: int, index: int) -> bool:
        """``on place`` rules for the tile just placed; True when one gives an extra turn."""
        tb, board = self.tables, self.board
        extra = False
        for trigger in self._triggers:
            if trigger.condition == "surrounded":
                hit = all(key + step in board for step in STEP)
                what = "fills a hole"
            elif trigger.condition == "covers":
                hit = key in tb.board.markers.get(trigger.arg, ())
                what = f"covers a {trigger.arg}"
            else:
                hit = any(tb.kinds[s.kind].name == trigger.arg for s in tb.segments[o])
                what = f"shows a {trigger.arg}"
            if not hit:
                continue
            for action, value in trigger.actions:
                if action == "extra-turn":
                    extra = True
                elif action == "put":
                    self._put_on_tile(o, key, *value)
                elif action == "score" and value:
                    seat = self.current
                    self.scores[seat] += value
                    self.events.append(ScoreEvent(
                        index, seat, self.players[seat], trigger.arg or trigger.condition,
                        "complete", value, what, to_xy(key)))
        return extra

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
            if self._surrounded(k):
                for node in self.watched.pop(k):
                    if followers[node]:
                        self._score(node, "complete", index)

    def _surrounded(self, key: int) -> bool:
        """All 8 squares around ``key`` filled; with an edge that closes, squares off the
        board need no tile."""
        board = self.board
        if not self._limited or not self.tables.board.edge_closes:
            return all(key + off in board for off in AROUND)
        exists = self.tables.board.exists
        return all(key + off in board or not exists(key + off) for off in AROUND)

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
            if name == "markers":
                return self._markers(root, arg)
            raise ValueError(f"unknown quantity {name}")
        return measure

    def _neighbours(self, root: int) -> int:
        """Filled squares around a centre feature. On a limited board printed squares count,
        squares off the board count only when the edge counts as filled (reading A)."""
        key, board = self.node_key[root], self.board
        if not self._limited:
            return sum(1 for off in AROUND if key + off in board)
        tb = self.tables.board
        filled = sum(1 for off in AROUND if key + off in board and tb.exists(key + off))
        if tb.edge_closes and tb.edge_filled:
            filled += sum(1 for off in AROUND if not tb.exists(key + off))
        return filled

    def _markers(self, root: int, marker: str | None) -> int:
        """Uncovered squares with ``marker`` next to the feature's tiles."""
        marked, board = self.tables.board.markers.get(marker, frozenset()), self.board
        near = {k + step for k in self.feature_tiles(root) for step in STEP}
        return len({k for k in near & marked if k not in board})

    def _score(self, root: int, when: str, index: int) -> None:
        kind = self.tables.kinds[self.kind[root]]
        scorer = kind.complete if when == "complete" else kind.final
        counts = self.followers[root] or ()
        if scorer is not None and counts:
            points, terms = scorer(self._measure(root))
            best = max(counts)
            winners = [seat for seat, c in enumerate(counts) if c == best]
            if points:
                text = detail(points, terms)
                at = to_xy(min(self.feature_tiles(root)))
                for seat in winners:
                    self.scores[seat] += points
                    self.events.append(ScoreEvent(index, seat, self.players[seat],
                                                  kind.name, when, points, text, at, terms))
            if self.token_on:
                self._collect_tokens(root, winners)
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
        for i, tok in enumerate(self.game.rules.tokens):
            if tok.final_points:
                for seat, held in enumerate(self.held[i]):
                    if held:
                        points = held * tok.final_points
                        self.scores[seat] += points
                        terms = (("q", held, "tokens", tok.name, tok.final_points),)
                        self.events.append(ScoreEvent(
                            index, seat, self.players[seat], tok.name, "final", points,
                            detail(points, terms), (0, 0), terms))
        self.finished = True

    def finish(self) -> None:
        """End the game now and run final scoring (a record's ``"final": true``)."""
        self._finish()

    # --- copies and records ----------------------------------------------------------------
    _LISTS = ("scores", "supply_followers", "_moves", "events", "root", "members", "kind",
              "node_key", "pennants", "open_ends", "followers", "meeples", "supply")
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
        if self.token_supply:
            state["token_supply"] = self.token_supply[:]
            state["held"] = [h[:] for h in self.held]
            state["token_on"] = {k: v[:] for k, v in self.token_on.items()}
        return new

    def to_record(self) -> Record:
        return Record(self.game.source, self.game.variant_refs, self.players, self.seed,
                      tuple(self.moves), self.finished and bool(self.supply), None)
