"""The compiled play loop: whole games of random bots over the tables as arrays
(``fast.layout``), in Numba, making the same moves and scores as the Python engine on the same
seeds; and ``Kernel``, its Python face (as ``engine.game``'s ``Game`` is the engine's).

Every kernel function mirrors a piece of ``engine``, in its order (the order is part of what
makes the games the same), in the module of ``fast`` named as the engine's: ``grid``
(``place``), ``features`` (``union``), ``supply``, ``turn``, ``scoring``, ``movegen``
(``sample``), ``state`` (``apply``), ``figures``, ``effects`` and ``requirements``;
``boards`` plays bounded tables and printed maps (``engine.grid``'s). This module plays turns
(``sim.local.play_out``, ``mcts``' roll-out), games and batches, rolls out positions of the
Python engine (``loading`` carries them over), and is the one Python calls. (Its functions
stay in a module named ``kernel``: ``sim.compiled`` tells a cache that holds the kernel by
their files, ``kernel.*.nbi``.)
"""

from __future__ import annotations

import time

import numba as nb
import numpy as np

from carcdsl.compile.facts import DECIDE, TOKEN_ACTIONS
from carcdsl.compile.modes import WALK
from carcdsl.engine.state import draw_off_seating
from carcdsl.fast import boards, decisions, effects, figures, moving, mt, owned
from carcdsl.fast.jit import I64, JIT, PY
from carcdsl.fast.layout import DECIDING, GENERAL, HAND, PARAMS, kernel_tables
from carcdsl.fast.loading import load_generators, load_state
from carcdsl.fast.movegen import (
    begin_turn,
    count_moves,
    fitting_rotations,
    list_moves,
    moves_at,
    placements_of,
    sample,
    sample_general,
    square_occupied,
)
from carcdsl.fast.packed import Packed
from carcdsl.fast.scoring import STOPPED, SUPPLY_EMPTY, finish, largest
from carcdsl.fast.slots import (
    CHANGES,
    CTR,
    CURRENT,
    D_PENDING,
    DEC_ST,
    END,
    FINISHED,
    G_NOW,
    G_STEP,
    KIND_ROWS,
    KR_POINTS,
    KR_SCORINGS,
    MOVES,
    MTX,
    N_DISCARDS,
    N_GROUPS,
    N_LOG_EVENTS,
    N_LOGGED,
    N_NODES,
    N_OPEN,
    N_PILE,
    N_ROWS,
    NFOL,
    NODES,
    OPEN_CELL,
    OPEN_ENDS,
    OPENS,
    PENNANTS,
    PILE,
    PLACED,
    R_CHANGES,
    R_DECISIONS,
    R_DISCARDS,
    R_END,
    R_LEAD_FROM,
    R_MOVES,
    R_N_EVENTS,
    R_N_MOVES,
    R_PLACEMENTS,
    ROOT,
    ROWS,
    SCORE,
    SCRATCH,
    SEAT_ROWS,
    SEATS,
    SR_SCORE,
    SR_TURNS,
    STACK_ROW,
    TILES_,
    TOKEN_ROWS,
    VALUES,
    WIDTH,
)
from carcdsl.fast.state import after_move, apply, decide, keep, new_state, reset, set_up
from carcdsl.fast.supply import is_empty
from carcdsl.geometry.squares import to_key


@nb.njit(**JIT)
def play_turns(TB, ST, OUT, LOG, g, turns, branching, counts, one_rng):
    """Random moves until the game ends or ``turns`` turns are played (``sim.local.play_out``
    and ``mcts``' roll-out); the player to move draws from its own generator, or
    (``one_rng``) everybody from the first. ``counts``: decisions, placements, moves, as
    ``rows._play_counted`` counts them."""
    tiles, ctr, mtx, buf, move = ST[TILES_], ST[CTR], ST[MTX], ST[MOVES], ST[SCRATCH][VALUES]
    general, hands = TB[PARAMS][GENERAL], TB[PARAMS][HAND]
    while not ctr[FINISHED] and turns:
        turns -= 1
        if is_empty(ST) and not (TB[PARAMS][DECIDING] and ST[DEC_ST][D_PENDING]) and not (
                owned.kinds(TB) and owned.closing(ST)):
            finish(TB, ST, OUT, LOG, g, I64(SUPPLY_EMPTY))
            break
        seat = ctr[CURRENT]
        if TB[PARAMS][DECIDING]:  # a walk's step, a scored figure's next spot: another's
            seat = moving.decider(TB, ST, seat)
        rng = mtx[0] if one_rng else mtx[seat]
        if TB[PARAMS][DECIDING] and decisions.offered(TB, ST, seat):
            decide_turn(TB, ST, OUT, LOG, g, seat, branching, counts, rng)
            continue
        if general and owned.kinds(TB) and owned.closing(ST):
            last_turn(TB, ST, OUT, LOG, g, seat, branching, counts, rng)
            continue
        if general:  # ``rows._play_counted``' counts, then ``_sample_more``
            if branching:
                m = list_moves(TB, ST, seat)
                counts[2] += m
                counts[0] += m > 1
            total = placements_of(TB, ST, seat)
            if total == 0:
                raise ValueError("no legal move in a live game")
            placing, recalling = begin_turn(TB, ST, seat)
            n = total if hands or owned.kinds(TB) else fitting_rotations(
                TB, ST, tiles[PILE, ctr[N_PILE] - 1])
            counts[1] += n
            if not branching:
                if n > 1:
                    counts[0] += 1
                elif total == 1:  # one placement: a choice if it offers more than one move
                    occupied, n_near = square_occupied(TB, ST, buf[0, 1])
                    counts[0] += moves_at(TB, ST, I64(1), buf[0, 0], buf[0, 1], buf[0, 2], seat,
                                          placing, recalling, occupied, n_near) > 2
            sample_general(TB, ST, seat, total, placing, recalling, rng, move)
            apply(TB, ST, OUT, LOG, g, move[0], move[1], move[2], move[3])
            continue
        t = tiles[PILE, ctr[N_PILE] - 1]
        total = fitting_rotations(TB, ST, t)
        counts[1] += total
        if branching:
            m = count_moves(TB, ST, t, seat, I64(1 << 60))
            counts[2] += m
            counts[0] += m > 1
        elif total > 1:
            counts[0] += 1
        else:
            counts[0] += count_moves(TB, ST, t, seat, I64(2)) > 1
        sample(TB, ST, t, seat, total, rng, move)
        apply(TB, ST, OUT, LOG, g, t, move[0], move[1], move[2])


@nb.njit(**JIT)
def decide_turn(TB, ST, OUT, LOG, g, seat, branching, counts, rng):
    """A step of ``play_turns`` while a capture is pending or ransoms are offered: the
    random bot draws from every move (``sample_move``: ``moves[below(rng, len(moves))]``);
    a placement is counted as ``rows._play_counted`` counts a turn (placements of the drawn
    tile, or with hands each distinct (tile, square, rotation) of the moves), a decision
    not at all."""
    buf = ST[MOVES]
    m = decisions.all_moves(TB, ST, seat)
    keeping = owned.kinds(TB) and owned.closing(ST) and not ST[DEC_ST][D_PENDING]
    if keeping:  # a last turn: keeping the tile comes last (``owned.moves_tail``)
        buf[m, 0], buf[m, 1], buf[m, 2], buf[m, 3] = DECIDE, 0, 0, owned.KEEP
        m += 1
    pick = mt.below(rng, m)
    if keeping and pick == m - 1:
        keep(TB, ST, OUT, LOG, g)
        return
    if buf[pick, 0] == DECIDE:  # part of a turn (a capture, a ransom), not one of its own
        decide(TB, ST, OUT, LOG, g, buf[pick, 3])
        return
    if TB[PARAMS][HAND] or owned.kinds(TB):
        n = _distinct_placements(ST, m)
    else:
        n = fitting_rotations(TB, ST, ST[TILES_][PILE, ST[CTR][N_PILE] - 1])
    counts[1] += n
    if branching:
        counts[2] += m
        counts[0] += m > 1
    else:
        counts[0] += n > 1 or m > 1
    apply(TB, ST, OUT, LOG, g, buf[pick, 0], buf[pick, 1], buf[pick, 2], buf[pick, 3])


@nb.njit(**JIT)
def last_turn(TB, ST, OUT, LOG, g, seat, branching, counts, rng):
    """A step of ``play_turns`` in a seat's last turn for its owned tiles: the random bot
    draws from every move, keeping the tile last (``sample_move``: ``moves[below(rng,
    len(moves))]``); a placement is counted as ``rows._play_counted`` counts a turn (each
    distinct (tile, square, rotation), keeping once), keeping the tile not at all."""
    buf = ST[MOVES]
    m = list_moves(TB, ST, seat)
    buf[m, 0], buf[m, 1], buf[m, 2], buf[m, 3] = DECIDE, 0, 0, owned.KEEP
    m += 1
    pick = mt.below(rng, m)
    if pick == m - 1:
        keep(TB, ST, OUT, LOG, g)
        return
    counts[1] += _distinct_placements(ST, m)
    if branching:
        counts[2] += m
    counts[0] += 1  # keeping, or some placement
    apply(TB, ST, OUT, LOG, g, buf[pick, 0], buf[pick, 1], buf[pick, 2], buf[pick, 3])


@nb.njit(**JIT)
def _distinct_placements(ST, m):
    """How many distinct (tile, square, rotation) the first ``m`` moves hold (a decision's
    (DECIDE, 0, 0) once): ``{move[:3] for move in iter_moves()}``."""
    buf = ST[MOVES]
    n = 0
    for k in range(m):
        seen = False
        for e in range(k):
            if buf[e, 0] == buf[k, 0] and buf[e, 1] == buf[k, 1] and buf[e, 2] == buf[k, 2]:
                seen = True
                break
        n += not seen
    return n


@nb.njit(**PY)
def every_move(TB, ST, seat):
    """``iter_moves``: every legal move into ``ST[MOVES]``, decisions first
    (``decisions.all_moves``) where the rules have them; returns how many."""
    n = decisions.all_moves(TB, ST, seat) if TB[PARAMS][DECIDING] else list_moves(TB, ST, seat)
    if owned.kinds(TB) and owned.closing(ST) and not ST[DEC_ST][D_PENDING]:
        buf = ST[MOVES]  # a last turn: keeping the tile comes last
        buf[n, 0], buf[n, 1], buf[n, 2], buf[n, 3] = DECIDE, 0, 0, owned.KEEP
        n += 1
    return n


@nb.njit(cache=True, inline="always")
def play_game(TB, ST, OUT, LOG, g, seed, seating, branching, counts):
    """One game of random bots to its end, its row into ``OUT``'s row ``g``."""
    tiles, seats, ctr = ST[TILES_], ST[SEATS], ST[CTR]
    reset(TB, ST)
    set_up(TB, ST, LOG, seed, seating)
    after_move(TB, ST, OUT, LOG, g)
    counts[:] = 0
    play_turns(TB, ST, OUT, LOG, g, I64(-1), branching, counts, np.bool_(False))
    decisions, placements, moves = counts[0], counts[1], counts[2]
    scores = seats[SCORE]
    best = largest(scores)
    winner, tops = -1, 0
    for s in range(scores.shape[0]):
        if scores[s] == best:
            winner = s
            tops += 1
    lead_from = 0
    for q in range(ctr[N_GROUPS]):
        sole = tops == 1 and tiles[G_NOW, q] == winner
        if sole and lead_from == 0:
            lead_from = tiles[G_STEP, q]
        elif not sole:
            lead_from = 0
    for s in range(scores.shape[0]):  # a loop: see supply.new_pile
        OUT[SEAT_ROWS][SR_SCORE, g, s] = scores[s]
    rows = OUT[ROWS]
    rows[g, R_DISCARDS], rows[g, R_END], rows[g, R_CHANGES] = (ctr[N_DISCARDS], ctr[END],
                                                               ctr[CHANGES])
    rows[g, R_LEAD_FROM], rows[g, R_DECISIONS], rows[g, R_PLACEMENTS] = (lead_from, decisions,
                                                                         placements)
    rows[g, R_MOVES] = moves if branching else -1
    rows[g, R_N_MOVES], rows[g, R_N_EVENTS] = ctr[N_LOGGED], ctr[N_LOG_EVENTS]


@nb.njit(**PY)
def play_batch(TB, ST, seeds, seatings, branching, OUT, LOG, counts):
    """Every game of ``seeds`` (players seated by ``seatings`` rows), rows into ``OUT``,
    played on the stacks ``ST`` (``new_state``; ``counts``: 3 zeros); ``LOG[0][0]``: also write
    the moves and events of the (single) game into ``LOG[1]``, ``LOG[2]``."""
    for g in range(seeds.shape[0]):
        play_game(TB, ST, OUT, LOG, g, seeds[g], seatings[g], branching, counts)


@nb.njit(**PY)
def roll_out(TB, ST, OUT, LOG, g, turns, seed):
    """Random moves from the loaded position for ``turns`` turns (-1: to the end), all
    drawn from one generator seeded with ``seed`` (the game's own, a bag's returns and bags
    of tokens, as loaded: ``loading.load_generators``), then final scoring: ``mcts``'
    roll-out. The scores are in ``ST[SEATS][SCORE]``; what the scorings count goes into
    ``OUT``'s row ``g`` (``carcdsl.gpu`` rolls out many at once, a row each)."""
    mtx, ctr = ST[MTX], ST[CTR]
    mt.seed_int(mtx[0], seed)
    counts = ST[SCRATCH][STACK_ROW][:3]
    play_turns(TB, ST, OUT, LOG, g, turns, np.bool_(False), counts, np.bool_(True))
    if not ctr[FINISHED]:
        finish(TB, ST, OUT, LOG, g, I64(STOPPED))


# --- from Python -------------------------------------------------------------------------------


def tables_for(tables, players: int) -> Packed:
    """``TB``: the core's arrays (``layout``), then the two slots each of ``figures``,
    ``effects`` and ``boards``."""
    return Packed(kernel_tables(tables, players) + figures.tables(tables, players)
                  + effects.tables(tables, players) + boards.tables(tables, players)
                  + decisions.tables(tables, players) + owned.tables(tables, players)
                  + moving.tables(tables, players))


def stacks_for(tb: Packed, players: int) -> Packed:
    """``ST``: the stacks of one game at a time (``state.new_state``)."""
    return Packed(new_state(tb, players))


def logs(on: bool, moves: int) -> Packed:
    """``LOG``: whether a game is logged, and room for ``moves`` moves and 16 times as many
    events (``[n, 5]`` rows each)."""
    return Packed((np.array([on], np.int64), np.zeros((moves, 5), np.int64),
                   np.zeros((16 * moves, 5), np.int64)))


class Kernel:
    """Plays batches of games of one rule set and player count, random bots in every seat
    (seat ``i``'s generator ``Random(seed * 7919 + i)``, as ``bots.make_bots`` seeds it):
    the same games as the Python engine on the same seeds. Only for rule sets
    ``support.unsupported`` accepts."""

    compile_seconds: float | None = None
    """How long the first use took to compile the kernel or load it from the disk cache."""

    def __init__(self, game, players: int):

        self.game, self.players = game, players
        self.tables = game.tables
        self.tb = tables_for(game.tables, players)
        self._st: Packed | None = None  # a roll-out's state, kept from one to the next
        self.names = effects.event_names(game.tables)
        """The names scorings carry, by the index ``emit`` counts them under (``Batch``)."""

    def _out(self, games: int) -> Packed:
        p, k, t = self.players, len(self.names), len(self.tables.type_names)
        return Packed((np.zeros((games, N_ROWS), np.int64), np.zeros((2, games, p), np.int64),
                np.zeros((2, games, k, 2), np.int64), np.zeros((games, t), np.int64)))

    def play(self, seeds, branching: bool = False):
        """Play a game for each seed; a ``Batch`` of their rows."""
        from carcdsl.fast.batch import seeds_array

        seeds_a = seeds_array(seeds)
        out = self._out(len(seeds_a))
        no_log = logs(False, 1)
        self.warm()
        seating = self.seatings(seeds_a)
        self._batch(seeds_a, seating, branching, out, no_log)
        return self.batch(seeds_a, seating, out)

    def batch(self, seeds_a: np.ndarray, seating: np.ndarray, out):
        """The ``Batch`` of the rows ``out`` (``_out``'s arrays) of the games of ``seeds_a``
        seated by ``seating``: the kernel's, or the GPU engine's copied back
        (``carcdsl.gpu``)."""
        from carcdsl.fast.batch import Batch

        rows, i32 = out[ROWS], np.int32
        return Batch(seeds_a, out[SEAT_ROWS][SR_SCORE].astype(i32), seating.astype(np.int8),
                     out[SEAT_ROWS][SR_TURNS].astype(i32), rows[:, R_DISCARDS].astype(i32),
                     rows[:, R_END].astype(np.int8), out[KIND_ROWS][KR_POINTS].astype(i32),
                     out[KIND_ROWS][KR_SCORINGS].astype(i32), rows[:, R_CHANGES].astype(i32),
                     rows[:, R_LEAD_FROM].astype(i32), rows[:, R_DECISIONS].astype(i32),
                     rows[:, R_PLACEMENTS].copy(), rows[:, R_MOVES].copy(),
                     out[PLACED].astype(i32), tuple(self.names),
                     len(self.tables.kinds))

    def _batch(self, seeds, seating, branching, out, log) -> None:
        """``play_batch`` on stacks of its own (a batch may run beside another)."""
        play_batch(self.tb, stacks_for(self.tb, self.players), seeds, seating, branching, out,
                   log, np.zeros(3, np.int64))

    def seatings(self, seeds: np.ndarray) -> np.ndarray:
        """Per game, seat -> player: turned by the draw-off for the first player when the
        rules have one (``engine.state.draw_off_seating``: it draws from a generator seeded
        by a string, from the pile the set-up leaves), else as given."""
        seating = np.tile(np.arange(self.players, dtype=np.int64), (len(seeds), 1))
        if self.tables.modes.draw_off:
            for g, seed in enumerate(seeds.tolist()):
                seating[g] = draw_off_seating(self.game, self.players, seed)
        return seating

    def log(self, seed: int) -> dict:
        """One game in full, for comparing with the Python engine: its moves (``(t, key, r,
        spot)``, ``(t,)`` for a discard, a decision ``(DECIDE, 0, 0, option)`` where it was
        made), the seat of each, its scorings ``(move index,
        seat, kind name, when, points)``, its tokens moving ``(move index, token, count,
        action, seat or None)``, the final scores and why it ended."""
        from carcdsl.fast.batch import END_REASONS, seeds_array

        modes = self.tables.modes
        steps = max([0] + [a[2] for r in modes.triggers for a in r.actions if a[0] == WALK])
        cap = (4 + steps) * (len(self.tables.fast.supply) + 2)  # a walk logs each step
        log = logs(True, cap)
        out = self._out(1)
        self.warm()
        seeds_a = seeds_array([seed])
        self._batch(seeds_a, self.seatings(seeds_a), False, out, log)
        n_moves, n_events = int(out[ROWS][0, R_N_MOVES]), int(out[ROWS][0, R_N_EVENTS])
        assert n_moves <= cap and n_events <= 16 * cap
        w = int(self.tb[boards.LISTS_TB][boards.SIDE])  # as new_state sizes it
        moves: list[tuple[int, ...]] = []
        seats = []
        for t, cell, r, spot, seat in log[1][:n_moves].tolist():
            if t == DECIDE:  # a decision: no move of ``Log.moves``
                moves.append((t, 0, 0, spot))
                continue
            if cell < 0:
                moves.append((t,))
            else:
                moves.append((t, to_key(cell % w - w // 2, cell // w - w // 2), r, spot))
            seats.append(seat)
        names, tokens = self.names, [t.name for t in self.tables.modes.tokens]
        events, moved = [], []
        for i, s, k, when, count in log[2][:n_events].tolist():
            if when < TOKEN_ROWS:
                events.append((i, s, names[k], ("complete", "final")[when], count))
            else:
                moved.append((i, tokens[k], count, TOKEN_ACTIONS[when - TOKEN_ROWS],
                              None if s < 0 else s))
        return {"moves": moves, "seats": seats, "events": events, "tokens": moved,
                "scores": out[SEAT_ROWS][SR_SCORE, 0].tolist(),
                "end": END_REASONS[int(out[ROWS][0, R_END])]}

    def warm(self) -> float:
        """Compile the kernels (or load them from the disk cache) now, if not yet done in
        this process: the seconds it took (0 once warm). Any rule set's kernel warms them
        all (the compiled code is the same for every rule set). A process pool's parent calls
        it before forking."""
        if Kernel.compile_seconds is not None:
            return 0.0
        started = time.perf_counter()
        seeds, seating = np.zeros(1, np.int64), np.zeros((1, self.players), np.int64)
        for logging in (False, True):
            log = logs(logging, 1)
            self._batch(seeds, seating, False, self._out(1), log)
        Kernel.compile_seconds = time.perf_counter() - started
        return Kernel.compile_seconds

    def _load(self, state) -> Packed:
        """``state`` (a position of the Python engine) into the kernel's own ``ST``."""
        if self._st is None:
            self._st = stacks_for(self.tb, self.players)
            self._one = self._out(1)
            self._no_log = logs(False, 1)
        load_state(self.tb, self._st, state)
        return self._st

    def position(self, state) -> dict:
        """What the kernel makes of ``state`` (a position of the Python engine), to compare
        with it: the legal moves in order (as ``iter_moves`` gives them), each node's root,
        open ends and pennants at roots, followers per seat at roots, the open squares in
        order, the scores, and the tokens lying on each feature (at roots, per token kind,
        for features with any)."""
        st = self._load(state)
        n = every_move(self.tb, st, st[CTR][CURRENT])
        w = st[CTR][WIDTH]

        def key(c: int) -> int:
            return to_key(c % w - w // 2, c // w - w // 2)

        def move(t: int, c: int, r: int, spot: int) -> tuple[int, int, int, int]:
            return (t, 0, 0, spot) if t == DECIDE else (t, key(c), r, spot)
        nodes, used = st[NODES], st[CTR][N_NODES]
        roots = [r for r in range(used) if nodes[ROOT, r] == r]
        return {"moves": [move(*m) for m in st[MOVES][:n].tolist()],
                "root": nodes[ROOT, :used].tolist(),
                "open_ends": {r: int(nodes[OPEN_ENDS, r]) for r in roots},
                "pennants": {r: int(nodes[PENNANTS, r]) for r in roots},
                "followers": {r: st[NFOL][r].tolist() for r in roots if st[NFOL][r].any()},
                "open": [key(c) for c in st[OPENS][OPEN_CELL, :st[CTR][N_OPEN]].tolist()],
                "scores": st[SEATS][SCORE].tolist(), "tokens": self._tokens(st)}

    def _tokens(self, st: Packed) -> dict[int, list[int]]:
        """Per root, the tokens of each kind lying on its feature's members (``ST[ON]``, per
        node): only features with any."""
        kinds = len(self.tables.modes.tokens)
        used, nodes = int(st[CTR][N_NODES]), st[NODES].shape[1]
        on = st[effects.ON][:kinds * nodes].reshape(kinds, nodes)[:, :used]
        roots = st[NODES][ROOT, :used]
        out: dict[int, list[int]] = {}
        for node in np.flatnonzero(on.any(axis=0)).tolist():
            counts = out.setdefault(int(roots[node]), [0] * kinds)
            for i in range(kinds):
                counts[i] += int(on[i, node])
        return out

    def roll_out(self, state, seed: int, turns: int = -1) -> list[int]:
        """``mcts``' roll-out of ``state`` (a position of the Python engine, left as it is):
        random moves for ``turns`` turns (-1: to the end) drawn from a generator seeded with
        ``seed`` (0 <= seed < 2**62), then final scoring; the scores per seat. Only for rule
        sets ``support.unsupported_roll_out`` accepts."""
        st = self._load(state)
        load_generators(st, state, seed)
        roll_out(self.tb, st, self._one, self._no_log, I64(0), turns, seed)
        return st[SEATS][SCORE].tolist()
