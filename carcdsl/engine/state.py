"""``State``: one game in progress, the facade over its components (``parts``).

The turn, as ``apply`` runs it: the tile leaves the supply → it is placed and joined
(``Grid``, ``Features``) → ``on place`` rules act (``effects``) → completed features score
(``scoring``) → a bag's set-aside tiles go back → the turn passes (``Seats``) → the game ends,
or (a live game) tiles that fit nowhere are discarded until one fits.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import cast

import attrs

from carcdsl.compile.facts import (
    DECIDE,
    ELSEWHERE,
    TARGET,
    bag_seed,
    split_choice,
    split_elsewhere,
    start_token_segments,
    with_choice,
)
from carcdsl.compile.modes import RECALL_FINAL
from carcdsl.compile.tables import CENTRE
from carcdsl.engine import (
    decisions,
    discards,
    figures,
    legality,
    movegen,
    moving,
    neutral,
    owned,
    requirements,
    scoring,
    targets,
)
from carcdsl.engine.effects import fire_figure, fire_triggers, put_tokens
from carcdsl.engine.events import DrawOff, EndReason, Log, ScoreEvent, TokenEvent
from carcdsl.engine.features import Features
from carcdsl.engine.figures import FIGURE_SHIFT, RECALL
from carcdsl.engine.grid import Grid
from carcdsl.engine.moves import Discard, Placement
from carcdsl.engine.parts import Decisions, GameInfo, Parts, Tokens
from carcdsl.engine.supply import Supply, new_pile
from carcdsl.engine.turn import Seats
from carcdsl.errors import IllegalMoveError
from carcdsl.geometry.squares import to_xy

FastMove = movegen.FastMove


class State(Parts):
    """One game in progress. Mutable; ``clone`` copies it for search, and it pickles."""

    __slots__ = ()

    def __init__(self, game: GameInfo, players: tuple[str, ...], seed: int | None,
                 auto_discard: bool = True, replaying: bool = False):
        tb = game.tables
        modes = tb.modes
        n = len(players)
        self.game, self.tables, self.seed = game, tb, seed
        self.auto_discard = auto_discard and not replaying
        rng = random.Random(seed) if seed is not None else None
        self.supply = Supply(new_pile(tb, rng), rng, modes.bag, modes.draw_rank)
        self.supply.hands_known = not replaying or seed is not None
        self.grid, self.features = Grid(tb), Features(n)
        self.seats = Seats(players, modes.followers[n],
                           tuple(f.supply_for(n) for f in modes.figures))
        self.decisions = Decisions(n)
        self.log = Log()
        self.tokens = Tokens([k.supply - k.each_player * n for k in modes.tokens],
                             [[k.each_player] * n for k in modes.tokens],
                             random.Random(bag_seed(seed)) if seed is not None and modes.bags
                             else None)
        self._set_up(replaying)

    def _set_up(self, replaying: bool) -> None:
        """Printed tiles and the start tile(s), the first player, tokens, hands; then the
        first tile is drawn (and discarded while it fits nowhere)."""
        tb, modes, n = self.tables, self.tables.modes, len(self.seats.players)
        for key, i, _ in tb.board.printed:
            self.grid.place(tb, self.features, tb.printed_from + i, key, printed=True)
        if modes.start_placed and tb.start_type is not None:
            self._place_start()
        if modes.draw_off and self.seed is not None and not replaying:
            self.log.draw_off = self.seats.seat_by_draw_off(tb, self.supply.pile, self.seed)
        for kind in modes.tokens:
            for seat in range(n) if kind.each_player else ():
                self.log.token_events.append(TokenEvent(
                    -1, kind.name, kind.each_player, "given", seat, self.seats.players[seat],
                    events_before=len(self.log.events)))
        if modes.hand:
            self.supply.deal(n, modes.hand)
        if modes.owned:
            owned.deal(self, n)
        self._after_move()

    def _place_start(self) -> None:
        """The start tile at the origin (tokens on its sides), then further start areas."""
        tb, start = self.tables, self.tables.start_type
        assert start is not None
        base = self.grid.place(tb, self.features, 4 * start, tb.board.starts[0])
        for i, kind in enumerate(tb.modes.tokens):
            for local in start_token_segments(tb) if kind.start_sides else ():
                if local >= 0:
                    put_tokens(self, i, kind.start_sides, base + local, -1)
        for key in tb.board.starts[1:]:
            self._set_up_start_area(key)

    def _set_up_start_area(self, key: int) -> None:
        """A further start area: the next tile of the supply that fits there, in its first
        fitting rotation (a map's set-up, before the first turn)."""
        entry = self.grid.open_start_area(self.tables, key)
        pile = self.supply.pile
        for i in range(len(pile) - 1, -1, -1):
            t = pile[i]
            if entry[t]:
                del pile[i]
                self.grid.place(self.tables, self.features, 4 * t + entry[t][0], key)
                return

    # --- reading the state -------------------------------------------------------------
    @property
    def player(self) -> str:
        """The player to move (``current``)."""
        return self.seats.players[self.current]

    @property
    def players(self) -> tuple[str, ...]:
        """Names in seat order, which is turn order: after a draw-off, the winner first."""
        return self.seats.players

    @property
    def current(self) -> int:
        """The seat to move: while a decision of another player is pending (a step of a
        walk), that player's."""
        d = self.decisions
        return d.decider if d.pending is not None and d.decider >= 0 else self.seats.current

    @property
    def scores(self) -> list[int]:
        """Each player's score so far, in turn order."""
        return self.seats.scores

    @property
    def seating(self) -> tuple[int, ...]:
        """Seat -> the index of that player in the ``players`` given (a draw-off turns it)."""
        return self.seats.seating

    @property
    def in_extra(self) -> bool:
        """Whether the player to move is taking an extra turn (``on place ...: extra turn``)."""
        return self.seats.in_extra

    @property
    def supply_followers(self) -> list[int]:
        """Per seat, followers still in supply."""
        return self.seats.followers

    @property
    def drawn(self) -> str | None:
        """The tile the current player has drawn (the next in the supply); None when players
        hold hands (see ``hand``)."""
        if self.supply.hands is not None:
            return None
        pile = self.supply.pile
        return self.tables.type_names[pile[-1]] if pile else None

    @property
    def hand(self) -> list[str]:
        """The tiles the current player holds (with hands; else the drawn tile)."""
        hands = self.supply.hands
        if hands is None:
            drawn = self.drawn
            return [drawn] if drawn is not None else []
        return [self.tables.type_names[t] for t in hands[self.seats.current]]

    @property
    def hands(self) -> list[list[int]] | None:
        """The tiles each player holds (tile indexes), when the rule set deals hands; else None."""
        return self.supply.hands

    @property
    def board(self) -> dict[int, tuple[int, int]]:
        """Placed tiles: square key -> (oriented tile, its first node id)."""
        return self.grid.tiles

    @property
    def finished(self) -> bool:
        """Whether the game is over, final scoring done (the same as ``is_over``)."""
        return self.log.finished

    @property
    def is_over(self) -> bool:
        """Whether the game is over, final scoring done."""
        return self.log.finished

    @property
    def events(self) -> list[ScoreEvent]:
        """Every scoring so far, in order."""
        return self.log.events

    @property
    def token_events(self) -> list[TokenEvent]:
        """Every movement of tokens, in order (kept apart from ``events``, the scoring)."""
        return self.log.token_events

    @property
    def end_reason(self) -> EndReason | None:
        """Why and after which move the game ended; None while it goes on."""
        return self.log.end_reason

    @property
    def draw_off(self) -> DrawOff | None:
        """How the draw-off for the first player went, when the rules have one."""
        return self.log.draw_off

    @property
    def move_seats(self) -> list[int]:
        """The seat that made each move of ``moves`` (placements and discards, those before
        the first turn included): always as long as ``moves``."""
        return self.log.move_seats

    @property
    def moves(self) -> list[Placement | Discard]:
        """Every move so far, placements and discards. Fast play stores a move as a small
        tuple; it becomes a Placement here, the first time someone looks."""
        log = self.log
        moves = log.moves
        for i in range(log.shown, len(moves)):
            move = moves[i]
            if isinstance(move, tuple):
                moves[i] = movegen.to_placement(self, *move)
        log.shown = len(moves)
        return cast("list[Placement | Discard]", moves)  # no tuple is left

    def out_of_tiles(self) -> bool:
        """No tile left to play: the supply and every hand are empty, no decision of the
        last turn is pending (the turn ends once it is made), and no player's last turn for
        their owned tiles is to come (``owned.last_turn``)."""
        return (self.supply.is_empty() and self.decisions.pending is None
                and not self.supply.closing)

    def winners(self) -> list[str]:
        """The players with the highest score (several when tied)."""
        best = max(self.scores)
        return [p for p, s in zip(self.players, self.scores) if s == best]

    def feature_tiles(self, node: int) -> frozenset[int]:
        """The squares (keys) of the feature ``node`` belongs to."""
        return self.features.tiles_of(node)

    def tokens_on_features(self) -> list[tuple[tuple[int, int], str, list[int]]]:
        """The features with tokens on them, in the order they got their first: (the square
        of the feature's first tile, where a person looks for it; its kind's name; tokens of
        each kind lying on it)."""
        features, kinds = self.features, self.tables.kinds
        return [(to_xy(features.node_key[min(features.members_of(root))]),
                 kinds[features.kind[root]].name, counts)
                for root, counts in features.tokens.items()]

    def followers_by_square(self) -> dict[int, list[tuple[int, int]]]:
        """Square -> the followers standing on its tile, in the order they were placed:
        (seat, index of the segment in the placed tile's ``Tables.segments`` entry)."""
        placed: dict[int, list[tuple[int, int]]] = {}
        tiles = self.grid.tiles
        for seat, node, key, _ in self.features.pieces:
            placed.setdefault(key, []).append((seat, node - tiles[key][1]))
        return placed

    # --- moves ---------------------------------------------------------------------------
    def can_place(self, t: int) -> bool:
        """Whether tile type ``t`` (an index) fits on some open square in some rotation."""
        return movegen.can_place(self, t)

    def free_spots(self, t: int, key: int, r: int) -> list[int]:
        """Local segments of the placed tile a follower may go on (an empty feature)."""
        return movegen.free_spots(self, t, key, r)

    def iter_moves(self, t: int | None = None) -> Iterator[FastMove]:
        """Fast legal moves: (tile type, key, rotation, local segment or -1)."""
        return movegen.iter_moves(self, t)

    def sample_move(self, rng: random.Random) -> FastMove | None:
        """A legal move drawn uniformly from all (placement, follower) moves."""
        return movegen.sample_move(self, rng)

    def legal_moves(self) -> list[Placement]:
        """Every legal (placement, follower) move for the drawn tile."""
        return [movegen.to_placement(self, *move) for move in self.iter_moves()
                if move[0] != DECIDE]

    def to_placement(self, t: int, key: int, r: int, spot: int) -> Placement:
        """A fast move as the Placement a record writes."""
        return movegen.to_placement(self, t, key, r, spot)

    def legal_actions(self) -> list[int]:
        """Every legal move as an action code (``movegen.encode``)."""
        return [movegen.encode(move) for move in self.iter_moves()]

    def apply_action(self, code: int) -> None:
        """Play the legal move with action code ``code`` (see ``legal_actions``)."""
        self.apply_fast(*movegen.decode(code))

    # --- changing the state --------------------------------------------------------------
    def play(self, move: Placement | Discard) -> list[ScoreEvent]:
        """Play a move (a placement or a discard); raises IllegalMoveError naming the rule
        broken, leaving the state exactly as it was. Returns the scoring it caused.

        In a live game (``auto_discard``) a move places or discards the drawn tile. When the
        caller draws (a record), the tile a move names is the outcome of the draw before it
        (``draw``): any tile left in the supply. With hands, a move names a tile of the
        mover's hand; when the hands are not known (a record replayed without a seed) it may
        name any tile still in play, and the mover is taken to have held it
        (``Supply.hold``)."""
        if self.log.finished:
            raise IllegalMoveError("game-over")
        if self.tables.modes.deciding and isinstance(move, Placement):
            return self._play_deciding(move)
        return self._play(move)

    def _play_deciding(self, move: Placement) -> list[ScoreEvent]:
        """``play`` where a move may pay a ransom first and make decisions after (a capture,
        a walk's steps): tried on a clone first, so that a move refused at any step changes
        nothing."""
        before = len(self.log.events)
        for state in (self.clone(), self):
            if self.decisions.pending is not None:
                raise IllegalMoveError("decision", "pending")
            if move.ransom is not None and state.decisions.paid is None:
                state._decide(decisions.ransom_option(state, move.ransom))
            state._play(attrs.evolve(move, capture=None, walk=(), moved=()))
            decisions.replay_decisions(state, move)
        return self.log.events[before:]

    def _play(self, move: Placement | Discard) -> list[ScoreEvent]:
        before = len(self.log.events)
        if self.supply.closing and isinstance(move, Discard):  # a last turn: keeps the tile
            owned.keep(self, move)
            self._next_last_turn()
            return []
        t = legality.take(self, move.tile)
        drawn = self._caller_draws(move.tile, t)
        try:
            if isinstance(move, Discard):
                legality.check_discard(self, t, move)
            else:
                key, r, spot = legality.check_placement(self, t, move)
        except IllegalMoveError:
            if drawn is not None:
                self.supply.undraw(drawn)
            raise
        self.supply.hold(self.seats.current, t)
        if isinstance(move, Discard):
            discards.discard(self, t, move)
        else:
            if self.tables.modes.bags:  # its draws are tried first: a bad one changes nothing
                try:
                    self.clone()._apply_drawing(t, key, r, spot, move)
                except IllegalMoveError:
                    if drawn is not None:
                        self.supply.undraw(drawn)
                    raise
            self._apply_drawing(t, key, r, spot, move)
        return self.log.events[before:]

    def _apply_drawing(self, t: int, key: int, r: int, spot: int, move: Placement) -> None:
        """``_apply`` with the draws ``move`` says it made (``Placement.drawn``), all of
        them used, else IllegalMoveError."""
        self.tokens.given = list(move.drawn)
        self._apply(t, key, r, spot, move)
        if self.tokens.given:
            left, self.tokens.given = self.tokens.given, []
            raise IllegalMoveError("drawn", "extra", token=left[0])

    def _caller_draws(self, name: str | None, t: int) -> int | None:
        """When the caller draws, a move naming a tile draws it first; returns where it was
        (None: nothing drawn)."""
        if self.auto_discard or name is None or self.supply.hands is not None:
            return None
        if owned.playing(self, t) and not self.supply.drawable(t):
            return None
        return self.supply.draw(t)

    def draw(self, tile: str) -> None:
        """The chance step, decided by the caller: ``tile`` (left in the supply) is the next
        tile drawn (determinising a search, setting up a position). Not with hands."""
        if self.supply.hands is not None:
            raise IllegalMoveError("hand", "none", player=self.player, tiles=", ".join(self.hand))
        self.supply.draw(legality.take(self, tile))

    def chance_outcomes(self) -> list[tuple[str, float]]:
        """What the next draw may bring: (tile, probability) for each tile type left in the
        pile, in rule-file order."""
        counts = self.supply.chances()
        total = sum(counts.values())
        names = self.tables.type_names
        return [(names[t], counts[t] / total) for t in sorted(counts)]

    def determinise(self, rng: random.Random, seat: int | None = None,
                    hands_open: bool = False) -> State:
        """A clone in which what ``seat`` (default: the player to move) cannot know is drawn
        anew from ``rng``: the order of the tiles left (the drawn tile stays, in a live
        game), the other players' hands unless ``hands_open``, where a bag's set-aside
        tiles go back, and what bags of tokens will give. For a search that must not peek at
        the hidden draw: the clone depends on ``rng`` and what ``seat`` sees, not on the
        hidden order of this state."""
        new = self.clone()
        new.supply.resample(rng, self.seats.current if seat is None else seat,
                            self.auto_discard, hands_open)
        if new.tokens.rng is not None:
            new.tokens.rng = random.Random(rng.getrandbits(64))
        return new

    def apply_fast(self, t: int, key: int, r: int, spot: int) -> None:
        """Play a move from ``iter_moves`` without checking it again (bots, search)."""
        if t != DECIDE:
            self._apply(t, key, r, spot, None)
        elif spot == owned.KEEP:
            owned.keep(self)
            self._next_last_turn()
        else:
            self._decide(spot)

    @property
    def pending(self) -> bool:
        """Whether the game waits for a decision (``engine.decisions``) before it goes on."""
        return self.decisions.pending is not None

    def _decide(self, option: int) -> None:
        """Make the pending decision (a capture, a walk's step), or pay a ransom before the
        tile; the turn goes on once nothing is pending (``engine.decisions``)."""
        resume = decisions.decide(self, option)
        if resume is not None and resume[0] == moving.SCORED:
            self._end_turn(resume[1])
        elif resume is not None:
            self._finish_turn(*resume)

    def _apply(self, t: int, key: int, r: int, spot: int, move: Placement | None) -> None:
        supply, seats, log = self.supply, self.seats, self.log
        if supply.owned is not None and owned.playing(self, t):
            owned.take(self, t)
        elif supply.hands is not None:
            supply.hands[seats.current].remove(t)
        else:
            supply.remove(t)
        spot, choice = split_choice(spot)
        modes, d = self.tables.modes, self.decisions
        deciding = modes.deciding  # (paid, asked and pending are all decisions)
        if move is None and (spot <= RECALL or choice or deciding and d.paid):  # named now
            move = movegen.to_placement(self, t, key, r, with_choice(spot, choice))
        if deciding:
            d.paid = None
        log.moves.append(move if move is not None else (t, key, r, spot))
        log.move_seats.append(seats.current)
        index = len(log.moves) - 1
        o = 4 * t + r
        if modes.on_beside and not seats.in_extra:
            targets.turn_starts(self, index)
        if modes.requirements:
            requirements.remember_turns(self, o, key)
        base = self.grid.place(self.tables, self.features, o, key)
        self.tokens.drawn = []
        if spot >= 0:
            self._put_follower(o, key, base, spot)
            if modes.on_figure and spot >> FIGURE_SHIFT:
                local, figure = figures.split_spot(spot)
                fire_figure(self, figure - 1, base + local, index)
        elif spot <= ELSEWHERE:
            node, figure = split_elsewhere(spot)
            self._put_elsewhere(node, figure)
            if modes.on_figure and figure:
                fire_figure(self, figure - 1, node, index)
        elif spot <= TARGET:
            targets.act(self, spot)
        elif spot <= RECALL:
            self._recall(RECALL - spot, index)
        if deciding and d.asked is not None:
            asked, d.asked = d.asked, None
            decisions.offer_capture(self, *asked)
        if deciding and d.pending is not None:  # the turn goes on once it is decided
            d.resume = (o, key, base, index, choice)
            return
        self._finish_turn(o, key, base, index, choice)

    def _finish_turn(self, o: int, key: int, base: int, index: int, choice: int) -> None:
        """The rest of a turn, after the tile, its figure and their decisions: placement
        rules, scoring, the next player."""
        log, modes = self.log, self.tables.modes
        if modes.neutral and neutral.act(self, o, key, (o, key, base, index, choice)):
            return  # the game waits for a walk's step
        # placement triggers act at once (a nut onto the tile, a penalty), before scoring
        extra = fire_triggers(self, o, key, index, choice) if modes.triggers else False
        if self.tokens.drawn:  # the record says what was drawn
            placed = log.moves[index]
            if isinstance(placed, tuple):
                placed = movegen.to_placement(self, *placed)
            log.moves[index] = attrs.evolve(placed, drawn=tuple(self.tokens.drawn))
            self.tokens.drawn = []
        extra = scoring.score_completed(self, o, key, base, index) or extra
        if modes.moving and self.decisions.moving and moving.begin(self):
            self.decisions.resume = (moving.SCORED, extra, index)
            return  # the game waits for the owners of figures that go on
        self._end_turn(extra)

    def _end_turn(self, extra: bool) -> None:
        """The end of a turn, after its scoring: the next player (or an extra turn)."""
        supply, seats, log = self.supply, self.seats, self.log
        if supply.aside:
            supply.return_aside(len(log.moves))
        seats.end_turn(extra, supply)
        if not seats.in_extra:
            self.decisions.ransomed = False
        self._after_move()

    def _put_follower(self, o: int, key: int, base: int, spot: int) -> None:
        """A figure onto the placed tile: ``spot`` is a local segment (an ordinary follower)
        or a figure's spot (``engine.figures``)."""
        seat, tb = self.seats.current, self.tables
        if spot >> FIGURE_SHIFT:
            local, figure = figures.split_spot(spot)
            strength = tb.modes.figures[figure - 1].strength
            self.features.put_follower(seat, base + local, key, figure, strength)
            self.seats.figures[figure - 1][seat] -= 1
            centre = strength and tb.segments[o][local].geometry == CENTRE
        else:
            local = spot
            self.features.put_follower(seat, base + local, key)
            self.seats.followers[seat] -= 1
            centre = local in tb.fast.centre_spots[o]
        if centre:
            self.grid.watched[key] = tuple(base + i for i in tb.centres[o])

    def _put_elsewhere(self, node: int, figure: int) -> None:
        """A figure (0: an ordinary follower) onto segment ``node`` of a placed tile."""
        seat, features = self.seats.current, self.features
        strength = self.tables.modes.figures[figure - 1].strength if figure else 1
        key = features.node_key[node]
        features.put_follower(seat, node, key, figure, strength)
        self.seats.supply_of(figure)[seat] -= 1
        o, base = self.grid.tiles[key]
        if strength and self.tables.segments[o][node - base].geometry == CENTRE:
            self.grid.watched[key] = tuple(base + i for i in self.tables.centres[o])

    def _recall(self, node: int, index: int) -> None:
        """The mover takes back its figure on ``node``; its feature scores as the figure's
        ``recall`` says."""
        seat, features, kinds = self.seats.current, self.features, self.tables.modes.figures
        piece = next(piece for piece in features.pieces
                     if piece[1] == node and piece[0] == seat and piece[3]
                     and kinds[piece[3] - 1].recall)
        kind = kinds[piece[3] - 1]
        if kind.recall == RECALL_FINAL:
            scoring.score_recall(self, features.root[node], index, seat)
        features.take_back(piece, kind.strength)
        self.seats.figures[piece[3] - 1][seat] += 1

    def _after_move(self) -> None:
        """End the game when no tile is left; a live game discards what fits nowhere."""
        if self.supply.is_empty():
            self._next_last_turn()
        elif self.auto_discard:
            discards.discard_unplaceable(self)

    def _next_last_turn(self) -> None:
        """The pile is empty: the next player's last turn for their owned tiles, or the end."""
        if not owned.last_turn(self, movegen.can_place):
            scoring.finish(self)

    def go_live(self) -> None:
        """A game replayed from its record goes on as a live one (``play --resume``): from
        now on the engine draws, and discards a drawn tile that fits nowhere."""
        self.auto_discard = True
        if not self.log.finished:
            self._after_move()

    def finish(self) -> None:
        """End the game now and run final scoring (a record's ``"final": true``); see
        ``end_reason``."""
        scoring.finish(self)

    # --- copies ----------------------------------------------------------------------------
    def clone(self) -> State:
        """An independent copy of the state, for search: playing on it leaves this one as it is."""
        new = State.__new__(State)
        self.copy_parts(new)
        return new


def draw_off_seating(game: GameInfo, players: int, seed: int) -> tuple[int, ...]:
    """Seat -> player of a game of ``players`` seeded ``seed`` after its set-up's draw-off
    (the pile it draws from is the one left once a map's start areas took their tiles): the
    seating as plain data, which the compiled engine seats its games by."""
    return State(game, tuple(f"P{i + 1}" for i in range(players)), seed).seating
