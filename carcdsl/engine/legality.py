"""The checked path: ``play`` validates a move against the rules before applying it, and
tiles that fit nowhere are discarded.

``Legality`` is a mixin of ``game.State``: methods only, no state of their own. Every check
runs before anything changes, so a move that raises IllegalMoveError leaves the state exactly
as it was. The fast path (``iter_moves``, ``apply_fast``) does not come through here.
"""

from __future__ import annotations

from carcdsl.compile.tiles import CENTRE
from carcdsl.engine.events import ScoreEvent
from carcdsl.engine.moves import Discard, FollowerSpec, Placement
from carcdsl.engine.shape import StateShape
from carcdsl.errors import IllegalMoveError
from carcdsl.geometry import ports as P
from carcdsl.geometry.squares import SPAN, on_board, to_key


class Legality(StateShape):
    """Checked play and discards (mixed into ``State``)."""

    def play(self, move: Placement | Discard) -> list[ScoreEvent]:
        """Play a move (a placement or a discard); raises IllegalMoveError naming the rule
        broken, leaving the state exactly as it was. Returns the scoring it caused.

        In a live game (``auto_discard``) a move places or discards the drawn tile; when the
        caller draws (replaying a record) it may name any tile left in the supply.

        With hands, a move names a tile of the mover's hand, and a discard is accepted only
        when no tile of that hand fits. When the hands are not known (a record replayed
        without a seed: ``hands_known``), a move may name any tile still in play (in the
        supply or in any hand), and a discard is accepted when the tile it names fits
        nowhere: the mover is taken to have held that tile (see ``_hold``)."""
        if self.finished:
            raise IllegalMoveError("the game is over", "game-over")
        if isinstance(move, Discard):
            t = self._take(move.tile)
            self._check_drawn(t, "discard")
            if (self.hands is not None and self.hands_known
                    and any(map(self.can_place, self.hands[self.current]))):
                raise IllegalMoveError(f"a tile in {self.player}'s hand fits on the board: "
                                       "no tile of the hand may be discarded",
                                       "discard-only-unplaceable", "hand", player=self.player)
            if self.can_place(t):
                raise IllegalMoveError(f"tile {move.tile} fits on the board and cannot be "
                                       "discarded", "discard-only-unplaceable",
                                       tile=move.tile)
            before = len(self.events)
            self._hold(t)
            self._discard(t, move)
            return self.events[before:]
        t = self._take(move.tile)
        key, r, spot = self._check_placement(t, move)
        before = len(self.events)
        self._hold(t)
        self._apply(t, key, r, spot, move)
        return self.events[before:]

    def _take(self, name: str | None) -> int:
        if self.hands is not None:
            t = self.tables.type_index(name) if name is not None else None
            if t is None or t not in self.hands[self.current]:
                if self.hands_known or name is None or not self.hands[self.current]:
                    raise self._not_in_hand(name)
                if t is None:
                    raise IllegalMoveError(f"unknown tile '{name}'", "unknown-tile", tile=name)
                if t not in self.supply and not any(t in hand for hand in self.hands):
                    raise IllegalMoveError(f"no tile {name} left in play (in the supply or "
                                           "a hand)", "supply", "in-play", tile=name)
            return t
        if name is None:
            if not self.supply:
                raise IllegalMoveError("no tile left to draw", "supply")
            return self.supply[-1]
        t = self.tables.type_index(name)
        if t is None:
            raise IllegalMoveError(f"unknown tile '{name}'", "unknown-tile", tile=name)
        if t not in self.supply:
            raise IllegalMoveError(f"no tile {name} left in the supply", "supply", "tile",
                                   tile=name)
        return t

    def _hold(self, t: int) -> None:
        """Hands not known (``hands_known``): the mover is taken to hold tile ``t``, which
        is still in play. When the hand dealt lacks it, ``t`` changes places with the first
        tile of that hand: it comes from the supply when a copy is left there, else from
        the hand that holds it. Hand sizes, the supply's size and the tiles in play stay
        as they were."""
        if self.hands is None or self.hands_known:
            return
        hand = self.hands[self.current]
        if t in hand:
            return
        supply = self.supply
        if t in supply:
            supply[len(supply) - 1 - supply[::-1].index(t)] = hand[0]
        else:
            holder = next(h for h in self.hands if t in h)
            holder[holder.index(t)] = hand[0]
        hand[0] = t

    def _not_in_hand(self, name: str | None) -> IllegalMoveError:
        held = ", ".join(self.hand)
        message = (f"{self.player} holds {held or 'nothing'}; a move must name one of those "
                   f"tiles, not {name or 'none'}")
        if name is None:
            if not held:
                return IllegalMoveError(message, "hand", "empty-none", player=self.player)
            return IllegalMoveError(message, "hand", "none", player=self.player, tiles=held)
        if not held:
            return IllegalMoveError(message, "hand", "empty", player=self.player, tile=name)
        return IllegalMoveError(message, "hand", player=self.player, tiles=held, tile=name)

    def _check_drawn(self, t: int, what: str) -> None:
        """A live game: the move must place (or discard) the tile the player drew."""
        if self.free_draw or self.hands is not None or t == self.supply[-1]:
            return
        drawn, named = self.tables.type_names[self.supply[-1]], self.tables.type_names[t]
        message = f"{self.player} drew {drawn}: a move must {what} that tile, not {named}"
        if what == "discard":
            raise IllegalMoveError(message, "drawn-tile", "discard", player=self.player,
                                   drawn=drawn, tile=named)
        raise IllegalMoveError(message, "drawn-tile", "place", player=self.player, drawn=drawn,
                               tile=named)

    def _check_placement(self, t: int, move: Placement) -> tuple[int, int, int]:
        tb = self.tables
        name = tb.type_names[t]
        at = str(list(move.at))
        if move.rotation not in P.ROTATIONS:
            raise IllegalMoveError(f"rotation {move.rotation} is not 0, 90, 180 or 270",
                                   "rotation", rotation=move.rotation)
        if not on_board(*move.at):
            raise IllegalMoveError(f"square {at} is off the board (x and y lie between {-SPAN} "
                                   f"and {SPAN})", "board", "span", at=at, low=-SPAN, high=SPAN)
        key, r = to_key(*move.at), move.rotation // 90
        if key in self.board:
            self._check_printed(key, at)
            raise IllegalMoveError(f"square {at} already has a tile", "square-taken", at=at)
        code = self.open.get(key)
        if code is None:
            if self._limited and not self.tables.board.allows(key):
                raise IllegalMoveError(f"square {at} is off the board", "board", at=at)
            raise IllegalMoveError(f"square {at} is not next to a placed tile", "adjacent",
                                   at=at)
        self._check_drawn(t, "place")
        o = 4 * t + r
        if tb.canonical[o] - 4 * t not in self.fitting[key][t]:
            pattern = tb.pattern_of(code)
            sides = ", ".join(P.SIDES[d] for d in range(4)
                              if pattern[d] >= 0 and pattern[d] != tb.sigs[o][d])
            raise IllegalMoveError(f"tile {name} at {at} rotated {move.rotation} does not match "
                                   f"its neighbour on side {sides}", "sides-match", tile=name,
                                   at=at, rotation=move.rotation, sides=sides)
        spot = -1
        if move.follower is not None:
            spot = self._spot(o, move.follower)
            if not self.supply_followers[self.current]:
                raise IllegalMoveError(f"{self.player} has no follower left in the supply",
                                       "follower-supply", player=self.player)
            if spot not in self.free_spots(t, key, r):
                raise self._feature_taken(move.follower)
        return key, r, spot

    def _feature_taken(self, spec: FollowerSpec) -> IllegalMoveError:
        if spec.port is None:
            return IllegalMoveError(f"the {spec.feature} at the centre already has a follower",
                                    "feature-occupied", "centre", feature=spec.feature)
        return IllegalMoveError(f"the {spec.feature} at {spec.port} already has a follower",
                                "feature-occupied", feature=spec.feature, port=spec.port)

    def _check_printed(self, key: int, at: str) -> None:
        """A map prints some squares: a big city, or a border segment off the map."""
        tb = self.tables
        if self.board[key][0] < tb.printed_from:
            return
        if key in tb.board.group_of:
            name = tb.board.labels.get(key)
            if name:
                raise IllegalMoveError(f"square {at} is a printed big city ({name}): no tile "
                                       "goes there", "board", "named-big-city", at=at, name=name)
            raise IllegalMoveError(f"square {at} is a printed big city: no tile goes there",
                                   "board", "big-city", at=at)
        raise IllegalMoveError(f"square {at} is not a square of the map", "board", "not-on-map",
                               at=at)

    def _check_follower_kind(self, spec: FollowerSpec) -> None:
        """A record's ``{"at": ..., "kind": ...}``: the rule set has one kind of follower,
        named by the game (``meeple``) or, on a feature, by its role there (``knight``)."""
        rules = self.game.rules
        feature = rules.kind(spec.feature)
        role = feature.role if feature is not None else None
        if spec.kind in (rules.game.follower, role):
            return
        if any(k.role == spec.kind for k in rules.kinds):
            if role:
                raise IllegalMoveError(f"a {spec.kind} does not stand on a {spec.feature} (a "
                                       f"{role} does)", "follower-kind", "role", kind=spec.kind,
                                       feature=spec.feature, role=role)
            raise IllegalMoveError(f"a {spec.kind} does not stand on a {spec.feature}",
                                   "follower-kind", "no-role", kind=spec.kind,
                                   feature=spec.feature)
        roles = [(k.role, k.name) for k in rules.kinds if k.role and k.followers]
        if not rules.game.follower and not roles:
            raise IllegalMoveError(f"unknown follower kind '{spec.kind}'; this rule set has one "
                                   "kind of follower (none: name no kind)", "follower-kind",
                                   "none", kind=spec.kind)
        from carcdsl.i18n.words import Phrase

        follower = rules.game.follower
        known = [follower] if follower else []
        told = ", ".join(known + [f"{r} on a {name}" for r, name in roles])
        # the kinds as phrases: a Dutch message says "ridder op een stad"
        said = tuple([Phrase("rule-word", {"word": w}) for w in known]
                     + [Phrase("role-on", {"role": r, "kind": name}) for r, name in roles])
        raise IllegalMoveError(f"unknown follower kind '{spec.kind}'; this rule set has one "
                               f"kind of follower ({told})", "follower-kind", "unknown",
                               kind=spec.kind, known=said)

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
                                       "follower-kind", feature=kind.name)
            return i
        if spec.port:
            raise IllegalMoveError(f"the tile has no {spec.feature}:{spec.port} to put a "
                                   "follower on", "follower-spot", "port", feature=spec.feature,
                                   port=spec.port)
        raise IllegalMoveError(f"the tile has no {spec.feature} to put a follower on",
                               "follower-spot", feature=spec.feature)

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
            self.aside_moves.append(len(self._moves))
        self._moves.append(move or Discard(self.tables.type_names[t]))
        self.move_seats.append(self.current)
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
        assert self.hands is not None
        while not self.finished:
            hand = self.hands[self.current]
            if not hand or any(map(self.can_place, hand)):
                return
            for t in list(hand):
                self._discard(t)
                if self.finished:
                    return
