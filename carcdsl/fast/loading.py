"""A position of the Python engine into the kernel's state (``ST``), for a roll-out from it
(``Kernel.roll_out``, ``mcts``) or to compare the two engines there (``Kernel.position``).

Every part of ``engine.state.State`` the kernel keeps state for is carried over: the tiles
placed again in the order they were (which rebuilds the same nodes, features, open and
latent squares and groups reached), the pieces and figures, the figures in supply and held
(prisoners), watched centres, the pile, hands, set-aside and held-back tiles, scores and the
player to move; tokens in supply, held and lying on features; the turns a ``no-repeat``
requirement remembers; whether the turn is an extra one; a decision under way (a capture,
a walk's step, where a scored figure goes on) and how the turn resumes after it; neutral
figures; owned tiles and last turns; the moves played so far (tiles held back return at
random places drawn from a generator seeded by them); and the game's generators (a bag's
returns, bags of tokens) in the state they are in.

Not carried: what only a batch's rows count (``simulate``'s lead changes, turns per seat,
discards), which a roll-out's scores do not read.
"""

from __future__ import annotations

import numba as nb
import numpy as np

from carcdsl.engine.parts import CAPTURING, WALKING
from carcdsl.engine.position import position
from carcdsl.fast import decisions, effects, figures, moving, mt, neutral, owned
from carcdsl.fast.grid import place
from carcdsl.fast.layout import FIG_TB
from carcdsl.fast.slots import (
    ASIDE,
    C_WATCH,
    CELLS,
    CTR,
    CURRENT,
    D_ASKED,
    D_BASE,
    D_CELL,
    D_CHOICE,
    D_HELD_N,
    D_INDEX,
    D_N_OPTIONS,
    D_O,
    D_PENDING,
    D_RANSOMED,
    DEC_ST,
    HAND_N,
    HANDS,
    HELD_ST,
    LEAD,
    LEFT,
    MTX,
    N_ASIDE,
    N_LOGGED,
    N_MOVES,
    N_PIECES,
    N_PILE,
    N_WATCHED,
    NFOL,
    NODES,
    P_NODE,
    P_SEAT,
    PILE,
    ROOT,
    SCORE,
    SEATING,
    SEATS,
    TILES_,
    WIDTH,
)
from carcdsl.fast.state import reset
from carcdsl.geometry.squares import to_xy


@nb.njit(cache=True)
def load(TB, ST, placed, pieces, figure_supply, watched, pile, hands, hand_n, scores, left,
         current, aside):
    """The core of a position into ``ST``: its tiles placed again in the order they were
    (which rebuilds the same nodes, features and open squares), its followers and figures
    (``pieces``: seat, node, figure), the figures in supply, watched centres, pile, hands,
    scores and the player to move."""
    cells, nodes, nfol, tiles, seats, ctr = (ST[CELLS], ST[NODES], ST[NFOL], ST[TILES_],
                                             ST[SEATS], ST[CTR])
    reset(TB, ST)
    wild = TB[owned.OWN_TB][owned.X_WILD]
    for i in range(placed.shape[0]):
        if wild:
            owned.place(TB, ST, placed[i, 0], placed[i, 1])
        else:
            place(TB, ST, placed[i, 0], placed[i, 1])
    if TB[FIG_TB].shape[0]:
        figures.load(TB, ST, pieces, figure_supply)
    else:
        for p in range(pieces.shape[0]):
            seat, node = pieces[p, 0], pieces[p, 1]
            nfol[nodes[ROOT, node], seat] += 1
            tiles[P_SEAT, p], tiles[P_NODE, p] = seat, node
        ctr[N_PIECES] = pieces.shape[0]
    for c in watched:
        cells[C_WATCH, c] = 1
    ctr[N_WATCHED] = watched.shape[0]
    tiles[PILE, :pile.shape[0]] = pile
    ctr[N_PILE] = pile.shape[0]
    tiles[ASIDE, :aside.shape[0]] = aside
    ctr[N_ASIDE] = aside.shape[0]
    ST[HANDS][:, :hands.shape[1]] = hands
    seats[HAND_N] = hand_n
    seats[SCORE] = scores
    seats[LEAD] = scores
    seats[LEFT] = left
    ctr[CURRENT] = current


def load_state(tb, st, state) -> None:
    """``state`` (a position of the Python engine) into ``st``, every part of it."""
    w = int(st[CTR][WIDTH])
    half = w // 2

    def cell(key: int) -> int:
        x, y = to_xy(key)
        return (x + half) + (y + half) * w
    _load_core(tb, st, state, cell)
    modes = state.tables.modes
    ctr = st[CTR]
    ctr[N_MOVES] = ctr[N_LOGGED] = len(state.log.moves)  # tiles held back return by it
    st[SEATING][:] = state.seats.seating
    _load_effects(st, state)
    if modes.deciding:
        _load_decisions(st, state, cell)
    neutral.load(tb, st, state, cell)
    if modes.owned:
        owned.load(st, state)
    if modes.moving:
        moving.load(tb, st, state, cell)


def _load_core(tb, st, state, cell) -> None:
    """What ``engine.position`` gives of ``state``, through ``load``."""
    at = position(state)
    players = len(at.scores)
    placed = np.array([(o, cell(key)) for o, key in at.placed], np.int64).reshape(-1, 2)
    pieces = np.array(at.pieces, np.int64).reshape(-1, 3)
    figure_supply = np.array(at.figure_supply, np.int64).reshape(-1, players)
    watched = np.array([cell(key) for key in at.watched], np.int64)
    held = np.zeros((players, max(1, max(map(len, at.hands)))), np.int64)
    for s, hand in enumerate(at.hands):
        held[s, :len(hand)] = hand
    load(tb, st, placed, pieces, figure_supply, watched, np.array(at.pile, np.int64), held,
         np.array([len(h) for h in at.hands], np.int64), np.array(at.scores, np.int64),
         np.array(at.followers, np.int64), at.current, np.array(at.aside, np.int64))


def _load_effects(st, state) -> None:
    """``fast.effects``' state: whether the turn is an extra one; per token kind the supply,
    what each seat holds and what lies on each feature (at its root: the kernel sums a
    feature's members); per kind the turns its path made (``Grid.turns``)."""
    misc, on = st[effects.MISC], st[effects.ON]
    misc[effects.IN_EXTRA] = state.seats.in_extra
    tokens, players = state.tokens, len(state.seats.scores)
    nodes = st[NODES].shape[1]
    turns = effects.E_SUPPLY + len(tokens.supply)
    held = turns + 3 * len(state.tables.kinds)
    for i, count in enumerate(tokens.supply):
        misc[effects.E_SUPPLY + i] = count
        misc[held + i * players:held + (i + 1) * players] = tokens.held[i]
    for root, counts in state.features.tokens.items():
        for i, count in enumerate(counts):
            on[i * nodes + root] = count
    for kind, remembered in state.grid.turns.items():
        misc[turns + 3 * kind:turns + 3 * kind + 3] = remembered


def _load_decisions(st, state, cell) -> None:
    """``state``'s decisions (``parts.Decisions``) into ``st``: the figures each seat holds,
    whether the mover paid a ransom this turn, a pending capture's options, and how a turn
    waiting for a capture or a walk's step goes on (``Decisions.resume``)."""
    dc, held = st[DEC_ST], st[HELD_ST]
    d = state.decisions
    for seat, figures_held in enumerate(d.held):
        dc[D_HELD_N + seat] = len(figures_held)
        for h, (owner, figure) in enumerate(figures_held):
            held[seat, h] = owner << decisions.SHIFT | figure
    dc[D_RANSOMED] = d.ransomed
    dc[D_ASKED] = -1
    options = d.pending[1] if d.pending is not None and d.pending[0] == CAPTURING else ()
    dc[D_PENDING] = d.pending is not None
    dc[D_N_OPTIONS] = len(options)
    first = D_HELD_N + held.shape[0]
    dc[first:first + len(options)] = options
    if d.pending is not None and d.pending[0] in (CAPTURING, WALKING) and d.resume is not None:
        o, key, base, index, choice = d.resume
        dc[D_O], dc[D_CELL], dc[D_BASE], dc[D_INDEX], dc[D_CHOICE] = (o, cell(key), base,
                                                                      index, choice)


def load_generators(st, state, seed: int) -> None:
    """The game's generators (``ST[MTX]``'s last three rows: a bag's returns, bags of
    tokens, tiles held back) in the state ``state``'s are in; one a position has none of
    (a game without a seed) seeded from ``seed``. The bots' rows are the roll-out's."""
    gens = st[MTX]
    first = gens.shape[0] - 3
    for row, rng in ((first, state.supply.rng), (first + 1, state.tokens.rng)):
        if rng is None:
            mt.seed_int(gens[row], seed + 1 + row - first)
        else:
            gens[row] = mt.state_of(rng)
