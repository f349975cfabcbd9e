"""Seats and turns: who plays in which order, whose turn it is, scores and followers in
hand; passing the turn, extra turns, and the draw-off for the first player."""

from __future__ import annotations

import random

from carcdsl.compile.tables import Tables
from carcdsl.engine.events import DrawOff
from carcdsl.engine.supply import Supply
from carcdsl.geometry import ports as P


class Seats:
    """The players in turn order, the player to move, scores and followers in supply."""

    __slots__ = ("players", "seating", "current", "in_extra", "scores", "followers", "figures")

    def __init__(self, players: tuple[str, ...], followers: int,
                 figures: tuple[int, ...] = ()):
        self.players = players
        """Names in seat order, which is turn order: after a draw-off, the winner first."""
        self.seating = tuple(range(len(players)))
        """Seat -> the index of that player in the ``players`` given (a draw-off turns it)."""
        self.current = 0
        self.in_extra = False
        """Whether the current turn is an extra turn (which never gives another)."""
        self.scores = [0] * len(players)
        self.followers = [followers] * len(players)
        """Per seat, followers still in supply."""
        self.figures = [[each] * len(players) for each in figures]
        """Per figure of the rule set, per seat: those still in supply."""

    def copy(self) -> Seats:
        new = Seats.__new__(Seats)
        new.players, new.seating, new.current = self.players, self.seating, self.current
        new.in_extra, new.scores, new.followers = self.in_extra, self.scores[:], self.followers[:]
        new.figures = [f[:] for f in self.figures] if self.figures else self.figures
        return new


    def supply_of(self, figure: int) -> list[int]:
        """Per seat, figures of kind ``figure`` in supply (0: ordinary followers)."""
        return self.followers if not figure else self.figures[figure - 1]

    def end_turn(self, extra: bool, supply: Supply) -> None:
        """Pass the turn, unless it earned an extra turn (at most one in a row). With hands,
        draw back up first; an extra turn with an empty hand is forfeited."""
        hands = supply.hands
        if hands is not None:
            supply.refill(self.current)
            if extra and not self.in_extra and hands[self.current]:
                self.in_extra = True
            else:
                self.pass_turn(supply)
            return
        if extra and not self.in_extra:
            self.in_extra = True
            return
        self.in_extra = False
        self.current = (self.current + 1) % len(self.players)

    def pass_turn(self, supply: Supply) -> None:
        """The next player moves (a new turn, not an extra one). With hands, a player whose
        hand is empty draws up when the pile has tiles again (a bag's returns), else is
        passed over; when nobody holds a tile, the next player in seat order is left to move
        and the caller ends the game."""
        self.in_extra = False
        n, hands = len(self.players), supply.hands
        self.current = (self.current + 1) % n
        if hands is None:
            return
        for _ in range(n):
            if hands[self.current]:
                return
            if supply.pile:
                supply.refill(self.current)
                return
            self.current = (self.current + 1) % n

    def seat_by_draw_off(self, tb: Tables, pile: list[int], seed: int | None) -> DrawOff:
        """The first player: each contender draws a different tile of the pile; the most
        sides showing the rule set's draw-off kind wins; the tied draw again; the tiles go
        back. Seats are then turned so that the winner sits first (seat 0; play goes on in
        the same order).

        The draw-off has its own generator, derived from the seed, so that the shuffle and
        later draws from the game's generator are the same whether it runs or not (a
        replayed record never runs it: the record's seating states its outcome). When no draw
        can narrow a tie (fewer tiles than contenders, or every tile shows the same), the
        first of the tied in seat order starts.
        """
        players = self.players
        first, rounds, decided = draw_off(tb, len(players), pile, seed)
        n = len(players)
        self.seating = tuple((first + i) % n for i in range(n))
        self.players = tuple(players[i] for i in self.seating)
        return DrawOff(tb.modes.draw_off_kind_name,
                       tuple(tuple((players[seat], tb.type_names[t], shows)
                                   for seat, t, shows in drawn) for drawn in rounds),
                       players[first], decided)


def draw_off(tb: Tables, players: int, pile: list[int], seed: int | None
             ) -> tuple[int, list[tuple[tuple[int, int, int], ...]], bool]:
    """``Seats.seat_by_draw_off`` as plain data: the first player's seat, each round's
    (seat, tile type, sides showing the kind) and whether a draw decided it."""
    kind = tb.modes.draw_off_kind
    shows = [sum(1 for d in range(4) if (i := tb.seg_at[4 * t][P.middle(d)]) >= 0
                 and tb.segments[4 * t][i].kind == kind) for t in range(len(tb.type_names))]
    rng = random.Random(f"{seed}/draw-off")
    contenders = list(range(players))
    rounds: list[tuple[tuple[int, int, int], ...]] = []
    while len(contenders) > 1:
        # no draw can narrow the tie when every tile shows the same
        if (len(pile) < len(contenders) or len(rounds) >= 1000
                or len({shows[t] for t in pile}) < 2):
            return contenders[0], rounds, False
        drawn = rng.sample(pile, len(contenders))
        rounds.append(tuple((seat, t, shows[t]) for seat, t in zip(contenders, drawn)))
        best = max(shows[t] for t in drawn)
        contenders = [seat for seat, t in zip(contenders, drawn) if shows[t] == best]
    return contenders[0], rounds, True
