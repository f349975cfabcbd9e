"""Set-up and special modes: further start areas, the draw-off for the first player,
hands, the bag's set-aside tiles, tokens on features, and ``on place`` triggers.

``Modes`` is a mixin of ``game.State``: methods only, no state of their own. The base game
uses none of it; the rule set's supply, turn, tokens and triggers switch it on.
"""

from __future__ import annotations

import random

from carcdsl.compile.expr import render
from carcdsl.engine.events import DrawOff, ScoreEvent, TokenEvent
from carcdsl.engine.shape import StateShape
from carcdsl.geometry import ports as P
from carcdsl.geometry.squares import STEP, to_xy


def below(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)``, exactly as uniform, without its three Python-level calls
    (the bag, and ``State.sample_move``)."""
    bits = n.bit_length()
    j = rng.getrandbits(bits)
    while j >= n:
        j = rng.getrandbits(bits)
    return j


class Modes(StateShape):
    """Set-up and the rule set's special modes (mixed into ``State``)."""

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

    def _seat_by_draw_off(self, kind_name: str | None) -> None:
        """The first player: each contender draws a different tile of the supply; the most
        sides showing ``kind_name`` wins; the tied draw again; the tiles go back. Seats are
        then turned so that the winner sits first (seat 0; play goes on in the same order).

        The draw-off has its own generator, derived from the seed, so that the shuffle and
        later draws from the game's generator are the same whether it runs or not (a
        replayed record never runs it: the record's seating states its outcome). When no draw
        can narrow a tie (fewer tiles than contenders, or every tile shows the same), the
        first of the tied in seat order starts.
        """
        tb, supply, players = self.tables, self.supply, self.players
        kind = next((k.index for k in tb.kinds if k.name == kind_name), -1)
        shows = [sum(1 for d in range(4) if (i := tb.seg_at[4 * t][P.middle(d)]) >= 0
                     and tb.segments[4 * t][i].kind == kind) for t in range(len(tb.type_names))]
        rng = random.Random(f"{self.seed}/draw-off")
        contenders = list(range(len(players)))
        rounds: list[tuple[tuple[str, str, int], ...]] = []
        decided = True
        while len(contenders) > 1:
            # no draw can narrow the tie when every tile shows the same
            if (len(supply) < len(contenders) or len(rounds) >= 1000
                    or len({shows[t] for t in supply}) < 2):
                decided = False
                break
            drawn = rng.sample(supply, len(contenders))
            rounds.append(tuple((players[seat], tb.type_names[t], shows[t])
                                for seat, t in zip(contenders, drawn)))
            best = max(shows[t] for t in drawn)
            contenders = [seat for seat, t in zip(contenders, drawn) if shows[t] == best]
        first = contenders[0]
        n = len(players)
        self.seating = tuple((first + i) % n for i in range(n))
        self.players = tuple(players[i] for i in self.seating)
        self.draw_off = DrawOff(kind_name, tuple(rounds), players[first], decided)

    def _put_tokens(self, i: int, count: int, node: int, index: int) -> None:
        """Up to ``count`` tokens of kind ``i`` from the supply onto the feature of ``node``
        (``index``: the move that puts them, -1 at set-up)."""
        count = min(count, self.token_supply[i])
        if count <= 0:
            return
        self.token_supply[i] -= count
        root = self.root[node]
        on = self.token_on.setdefault(root, [0] * len(self.token_supply))
        on[i] += count
        self.token_events.append(TokenEvent(
            index, self.game.rules.tokens[i].name, count, "put", None, None,
            self.tables.kinds[self.kind[root]].name, to_xy(self.node_key[node]),
            len(self.events)))

    def _refill(self, seat: int) -> None:
        assert self.hands is not None  # only rule sets with hands refill them
        hand, size, supply = self.hands[seat], self.game.rules.supply.hand, self.supply
        while len(hand) < size and supply:
            hand.append(supply.pop())

    def _end_turn(self, extra: bool) -> None:
        """Pass the turn, unless it earned an extra turn (at most one in a row). With hands,
        draw back up first; an extra turn with an empty hand is forfeited."""
        if self.hands is not None:
            self._refill(self.current)
            if extra and not self.in_extra and self.hands[self.current]:
                self.in_extra = True
            else:
                self._pass_turn()
            return
        if extra and not self.in_extra:
            self.in_extra = True
            return
        self.in_extra = False
        self.current = (self.current + 1) % len(self.players)

    def _pass_turn(self) -> None:
        """The next player moves (a new turn, not an extra one). With hands, a player whose
        hand is empty draws up when the supply has tiles again (a bag's returns), else is
        passed over; when nobody holds a tile, the next player in seat order is left to move
        and the caller ends the game."""
        self.in_extra = False
        n, hands = len(self.players), self.hands
        self.current = (self.current + 1) % n
        if hands is None:
            return
        for _ in range(n):
            if hands[self.current]:
                return
            if self.supply:
                self._refill(self.current)
                return
            self.current = (self.current + 1) % n

    def _put_on_tile(self, o: int, key: int, index: int, count: int, token: str,
                     kind: str) -> None:
        tb = self.tables
        i = next(j for j, tok in enumerate(self.game.rules.tokens) if tok.name == token)
        base = self.board[key][1]
        for local, seg in enumerate(tb.segments[o]):
            if tb.kinds[seg.kind].name == kind:
                self._put_tokens(i, count, base + local, index)
                return

    def _return_aside(self) -> None:
        """Bag: the tiles set aside go back into the bag at random places."""
        rng = self.rng or random.Random(len(self._moves))
        for t in self.aside:
            self.supply.insert(below(rng, len(self.supply) + 1), t)
        self.aside = []

    def _fire_triggers(self, o: int, key: int, index: int) -> bool:
        """``on place`` rules for the tile just placed; True when one gives an extra turn."""
        tb, board = self.tables, self.board
        extra = False
        for trigger in self._triggers:
            if trigger.condition == "surrounded":
                hit = all(key + step in board for step in STEP)
            elif trigger.condition == "covers":
                hit = key in tb.board.markers.get(trigger.arg, ())
            else:
                hit = any(tb.kinds[s.kind].name == trigger.arg for s in tb.segments[o])
            if not hit:
                continue
            for action, value in trigger.actions:
                if action == "extra-turn":
                    extra = True
                elif action == "put":
                    self._put_on_tile(o, key, index, *value)
                elif action == "score" and value:
                    seat = self.current
                    self.scores[seat] += value
                    # the breakdown as data, as scoring's terms are: told in any language
                    terms = (("t", trigger.condition, trigger.arg),)
                    self.events.append(ScoreEvent(
                        index, seat, self.players[seat], trigger.arg or trigger.condition,
                        "complete", value, render(terms), to_xy(key), terms))
        return extra
