"""The checked path: ``play`` validates a move against the rules before applying it, and
tiles that fit nowhere are discarded.

``Legality`` is a mixin of ``game.State``: methods only, no state of their own. Every check
runs before anything changes, so a move that raises IllegalMoveError leaves the state exactly
as it was. The fast path (``iter_moves``, ``apply_fast``) does not come through here.
"""

from __future__ import annotations

from . import ports as P
from .compile import CENTRE
from .errors import IllegalMoveError
from .records import Discard, FollowerSpec, Placement
from .squares import SPAN, on_board, to_key
from .tally import ScoreEvent


class Legality:
    """Checked play and discards (mixed into ``State``)."""

    def play(self, move: Placement | Discard) -> list[ScoreEvent]:
        """Play a move (a placement or a discard); raises IllegalMoveError naming the rule
        broken, leaving the state exactly as it was. Returns the scoring it caused.

        In a live game (``auto_discard``) a move places or discards the drawn tile; when the
        caller draws (replaying a record) it may name any tile left in the supply."""
        if self.finished:
            raise IllegalMoveError("the game is over", "game-over")
        if isinstance(move, Discard):
            t = self._take(move.tile)
            self._check_drawn(t, "discard")
            if self.hands is not None and any(map(self.can_place, self.hands[self.current])):
                raise IllegalMoveError(f"a tile in {self.player}'s hand fits on the board: "
                                       "no tile of the hand may be discarded",
                                       "discard-only-unplaceable")
            if self.can_place(t):
                raise IllegalMoveError(f"tile {move.tile} fits on the board and cannot be "
                                       "discarded", "discard-only-unplaceable")
            before = len(self.events)
            self._discard(t, move)
            return self.events[before:]
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

    def _check_drawn(self, t: int, what: str) -> None:
        """A live game: the move must place (or discard) the tile the player drew."""
        if self.free_draw or self.hands is not None or t == self.supply[-1]:
            return
        names = self.tables.type_names
        raise IllegalMoveError(f"{self.player} drew {names[self.supply[-1]]}: a move must "
                               f"{what} that tile, not {names[t]}", "drawn-tile")

    def _check_placement(self, t: int, move: Placement) -> tuple[int, int, int]:
        tb = self.tables
        name = tb.type_names[t]
        if move.rotation not in P.ROTATIONS:
            raise IllegalMoveError(f"rotation {move.rotation} is not 0, 90, 180 or 270",
                                   "rotation")
        if not on_board(*move.at):
            raise IllegalMoveError(f"square {list(move.at)} is off the board (x and y lie "
                                   f"between {-SPAN} and {SPAN})", "board")
        key, r = to_key(*move.at), move.rotation // 90
        if key in self.board:
            self._check_printed(key, move.at)
            raise IllegalMoveError(f"square {list(move.at)} already has a tile", "square-taken")
        code = self.open.get(key)
        if code is None:
            if self._limited and not self.tables.board.allows(key):
                raise IllegalMoveError(f"square {list(move.at)} is off the board", "board")
            raise IllegalMoveError(f"square {list(move.at)} is not next to a placed tile",
                                   "adjacent")
        self._check_drawn(t, "place")
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

    def _check_printed(self, key: int, at: tuple[int, int]) -> None:
        """A map prints some squares: a big city, or a border segment off the map."""
        tb = self.tables
        if self.board[key][0] < tb.printed_from:
            return
        if key in tb.board.group_of:
            name = tb.board.labels.get(key)
            raise IllegalMoveError(f"square {list(at)} is a printed big city"
                                   f"{f' ({name})' if name else ''}: no tile goes there",
                                   "board")
        raise IllegalMoveError(f"square {list(at)} is not a square of the map", "board")

    def _check_follower_kind(self, spec: FollowerSpec) -> None:
        """A record's ``{"at": ..., "kind": ...}``: the rule set has one kind of follower,
        named by the game (``meeple``) or, on a feature, by its role there (``knight``)."""
        rules = self.game.rules
        feature = rules.kind(spec.feature)
        role = feature.role if feature is not None else None
        if spec.kind in (rules.game.follower, role):
            return
        known = [rules.game.follower] if rules.game.follower else []
        roles = [f"{k.role} on a {k.name}" for k in rules.kinds if k.role and k.followers]
        if any(k.role == spec.kind for k in rules.kinds):
            raise IllegalMoveError(f"a {spec.kind} does not stand on a {spec.feature}"
                                   f"{f' (a {role} does)' if role else ''}", "follower-kind")
        told = ", ".join(known + roles) or "none: name no kind"
        raise IllegalMoveError(f"unknown follower kind '{spec.kind}'; this rule set has one "
                               f"kind of follower ({told})", "follower-kind")

    def _spot(self, o: int, spec: FollowerSpec) -> int:
        tb = self.tables
        if spec.kind is not None:
            self._check_follower_kind(spec)
        for i, seg in enumerate(tb.segments[o]):
            kind = tb.kinds[seg.kind]
            if kind.name != spec.feature:
                continue
            # a port names an edge segment; no port, the centre
            centre = seg.geometry == CENTRE
            if spec.port is None:
                if not centre:
                    continue
            elif centre or not P.is_port(spec.port) or P.INDEX[spec.port] not in seg.ports:
                continue
            if not kind.followers:
                raise IllegalMoveError(f"followers may not stand on a {kind.name}",
                                       "follower-kind")
            return i
        where = f":{spec.port}" if spec.port else ""
        raise IllegalMoveError(f"the tile has no {spec.feature}{where} to put a follower on",
                               "follower-spot")

    def _discard(self, t: int, move: Discard | None = None) -> None:
        """The tile fits nowhere: it leaves the game (bag: goes aside, back into the bag after
        the next placement; hand: leaves the hand, which is refilled once empty, and passes
        the turn when the supply is empty too). Under ``end tile-unplaceable`` the game
        ends."""
        unplaceable_ends = self.game.rules.game.end == "tile-unplaceable"
        hand = self.hands[self.current] if self.hands is not None else None
        if hand is not None:
            hand.remove(t)
        else:
            self._remove_from_supply(t)
        if self._bag and not unplaceable_ends:
            self.aside.append(t)
        self._moves.append(move or Discard(self.tables.type_names[t]))
        if unplaceable_ends:
            self._finish("tile-unplaceable", self.tables.type_names[t])
            return
        if hand is not None and not hand:
            self._refill(self.current)
            if not hand:
                self._pass_turn()
        if self._out_of_tiles():
            self._finish()

    def _discard_unplaceable(self) -> None:
        if self.hands is not None:
            self._discard_unplaceable_hand()
            return
        supply, fitting, by_type = self.supply, self.fitting, self.tables.fast.by_type
        while supply and not self.finished:
            if any(map(by_type[supply[-1]], fitting.values())):  # can_place, inlined
                return
            self._discard(supply[-1])

    def _discard_unplaceable_hand(self) -> None:
        """No tile of the hand fits: every tile of it is discarded (in hand order) and a new
        hand drawn; with an empty supply the turn passes instead."""
        while not self.finished:
            hand = self.hands[self.current]
            if not hand or any(map(self.can_place, hand)):
                return
            for t in list(hand):
                self._discard(t)
                if self.finished:
                    return
