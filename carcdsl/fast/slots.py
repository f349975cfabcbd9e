"""Where the kernel's state (``ST``) and a batch's rows (``OUT``) keep what: the index of each
stack in ``ST``, of each row in a stack, of each counter in ``ctr``; and ``emit``, the one way
points are scored. Every kernel module imports them from here, so that none needs to import
another for its names (``fast.state``, say, which imports nearly all of them).
"""

from __future__ import annotations

import numba as nb

from carcdsl.fast.jit import JIT

# ST: the stacks of a game
CELLS, NODES, NATTR, NFOL, TILES_, SEATS, CTR, MTX, OPENS, ROTS, SCRATCH, HANDS, MOVES, \
    SEATING = range(14)
FIG_ST, EFF_ST, BOARD_ST = 14, 16, 18
"""Two slots each for the state of ``fast.figures``, ``fast.effects`` and ``fast.boards``."""
ELSE_ST, DEC_ST, HELD_ST = 20, 21, 22
"""``ST[ELSE_ST]`` [2, cap]: this turn's candidates of ``fast.elsewhere`` (figure code, node);
``ST[DEC_ST]``: ``fast.decisions``' scalars (``D_*``) then a pending capture's options;
``ST[HELD_ST]`` [players, cap]: per seat the figures it holds (``owner << 6 | figure``)."""
D_PENDING, D_RANSOMED, D_ASKED, D_ASK_ROOT, D_ASK_NODE, D_O, D_CELL, D_BASE, D_INDEX, \
    D_CHOICE, D_N_OPTIONS, D_PAID = range(12)
D_HELD_N = 12
"""``ST[DEC_ST]``: whether a capture is pending; whether the mover paid a ransom this turn; a
capture a rule asked for (its rule row and action column, -1: none; the root and the node);
the turn's rest (``State._finish_turn``'s arguments); how many options are pending; from
``D_HELD_N``, per seat how many figures it holds, then the options."""
C_TILE, C_MASK, C_NEED, C_WATCH, C_OPEN = range(5)
"""``ST[CELLS]`` [5, W*W]: the tile on a square (-1: none); what an empty square requires;
whether its centre is watched; whether the square is in the open list (``ST[OPENS]``; not 0,
so that asking costs no walk over the list: its ``fast.opened`` slot + 1 while those are
kept)."""
ROOT, NXT, SIZE, NTILE, OPEN_ENDS, PENNANTS, STAMP = range(7)
"""``ST[NODES]`` [7, nodes]: the union-find (root, a circular members list, size), each
node's tile, and at roots open ends and pennants; a stamp for counting distinct things."""
T_O, T_BASE, T_CELL, P_SEAT, P_NODE, PILE, TODO, G_STEP, G_NOW, ASIDE = range(10)
"""``ST[TILES_]`` [10, tiles + 2]: placed tiles (oriented tile, first node, square), pieces
in the order placed (seat, node), the pile (drawn from its end), roots to score, per step
with scorings who led, and a bag's tiles set aside."""
SCORE, LEFT, LEAD, HAND_N = range(4)
"""``ST[SEATS]`` [4, players]: score, followers in supply, score by the scorings so far,
tiles in hand (``ST[HANDS]`` [players, hand size] holds them, in the order drawn).
``ST[MOVES]`` [cap, 4]: the legal moves listed (general path); ``ST[SEATING]`` [players]:
seat -> the player (and bot) sitting there."""
OPEN_CELL, N_ROTS, ENDS, SLOT_CELL, COUNTS, META = range(6)
"""``ST[OPENS]`` [6, ``opened.width``]: the open squares in the order they opened (the move
order), and for the drawn tile the rotations that fit there (``ST[ROTS]``) and running
counts; on a board of many open squares, ``fast.opened``'s slots, blocks and scalars."""
NEAR_ROOT, NEAR_MASK, VALUES, STACK_ROW, GEO = range(5)
"""``ST[SCRATCH]`` [5, 64]: the empty features around a square, a program's values and
stack; ``GEO``: the steps N E S W, then the 8 squares around (``squares.AROUND`` order)."""
(N_TILES, N_NODES, N_OPEN, N_PIECES, N_PILE, CURRENT, GEN, N_MOVES, TURNS, FINISHED, END,
 N_WATCHED, LEADER, CHANGES, N_GROUPS, GROUP_EVENTS, N_LOG_EVENTS, N_DISCARDS, WIDTH,
 N_ASIDE, N_CANDIDATES, N_LOGGED) = range(22)
N_CTR = 22
"""``N_MOVES`` counts the moves as ``Log.moves`` does (placements and discards);
``N_LOGGED`` the rows of a logged game's moves, decisions included."""

# OUT: a batch's rows
ROWS, SEAT_ROWS, KIND_ROWS, PLACED = range(4)
(R_DISCARDS, R_CHANGES, R_LEAD_FROM, R_DECISIONS, R_PLACEMENTS, R_MOVES, R_N_MOVES, R_END,
 R_N_EVENTS) = range(9)
N_ROWS = 9
SR_SCORE, SR_TURNS = range(2)
KR_POINTS, KR_SCORINGS = range(2)


@nb.njit(**JIT)
def emit(ST, OUT, LOG, g, index, seat, k, when, points):
    """``points`` to ``seat`` for a feature of kind ``k`` (when: 0 complete, 1 final)."""
    seats, ctr = ST[SEATS], ST[CTR]
    seats[SCORE, seat] += points
    seats[LEAD, seat] += points
    ctr[GROUP_EVENTS] += 1
    OUT[KIND_ROWS][KR_POINTS, g, k, when] += points
    OUT[KIND_ROWS][KR_SCORINGS, g, k, when] += 1
    if LOG[0][0]:
        e = ctr[N_LOG_EVENTS]
        if e < LOG[2].shape[0]:
            ev = LOG[2]
            ev[e, 0], ev[e, 1], ev[e, 2], ev[e, 3], ev[e, 4] = index, seat, k, when, points
        ctr[N_LOG_EVENTS] += 1


TOKEN_ROWS = 2
"""A logged event whose ``when`` is ``TOKEN_ROWS + action`` is tokens moving: (move index,
seat or -1, token kind, ``TOKEN_ROWS`` + ``compile.facts`` token action, count)."""


@nb.njit(**JIT)
def log_tokens(ST, LOG, index, token, count, action, seat):
    """Tokens moving, in the events of a logged game (``TokenEvent``); nothing otherwise."""
    if LOG[0][0]:
        ctr = ST[CTR]
        e = ctr[N_LOG_EVENTS]
        if e < LOG[2].shape[0]:
            ev = LOG[2]
            ev[e, 0], ev[e, 1], ev[e, 2], ev[e, 3], ev[e, 4] = (index, seat, token,
                                                                TOKEN_ROWS + action, count)
        ctr[N_LOG_EVENTS] += 1
