"""The kernel's state and a turn (``engine.state``): the stacks of a game (``ST``), allocated
once per batch and reset per game; the set-up; and a turn as ``State._apply`` plays it, then
``_after_move``'s discards of tiles that fit nowhere (``_discard``), logged as ``Log`` logs
the moves.

``ST`` is a tuple of stacked arrays (``fast.slots`` names each stack, row and counter; its
scalars live in ``ctr``, ``ST[CTR]``), then two slots each of ``fast.figures``,
``fast.effects`` and ``fast.boards``. Few, stacked arrays keep the compiled code small: every
array passed is a struct the compiler copies.
"""

from __future__ import annotations

import numba as nb
import numpy as np

from carcdsl.compile.facts import (
    BAG_SALT,
    BOT_SEED_FACTOR,
    CHOICE_SHIFT,
    DECIDE,
    ELSEWHERE,
    TARGET,
)
from carcdsl.fast import (
    bags,
    boards,
    decisions,
    effects,
    elsewhere,
    figures,
    moving,
    mt,
    neutral,
    opened,
    owned,
    targets,
)
from carcdsl.fast.grid import place, place_endless, place_limited
from carcdsl.fast.jit import I64, JIT, PY
from carcdsl.fast.layout import (
    BAG,
    BAGS,
    CENTRE_SPOT,
    DECIDING,
    ELSE_MAX,
    END_UNPLACEABLE,
    FIG_TB,
    FOLLOWERS,
    HAND,
    MOST_OPTIONS,
    NEUTRAL,
    OS,
    PARAMS,
    SEG_ATTR,
    START_PLACED,
    START_TYPE,
    SUPPLY,
    TT,
)
from carcdsl.fast.movegen import fits_required, fits_somewhere
from carcdsl.fast.requirements import remember_turns
from carcdsl.fast.scoring import (
    SUPPLY_EMPTY,
    TILE_UNPLACEABLE,
    close_group,
    finish,
    score_completed,
    score_recall,
)
from carcdsl.fast.slots import (
    ASIDE,
    C_MASK,
    C_NEED,
    C_OPEN,
    C_TILE,
    C_WATCH,
    CELLS,
    CTR,
    CURRENT,
    D_ASKED,
    D_BASE,
    D_CELL,
    D_CHOICE,
    D_INDEX,
    D_O,
    D_PENDING,
    D_RANSOMED,
    DEC_ST,
    FIG_ST,
    FINISHED,
    GEO,
    HAND_N,
    HANDS,
    LEAD,
    LEADER,
    LEFT,
    META,
    MTX,
    N_ASIDE,
    N_CTR,
    N_DISCARDS,
    N_LOGGED,
    N_MOVES,
    N_NODES,
    N_OPEN,
    N_PIECES,
    N_PILE,
    N_TILES,
    N_WATCHED,
    NFOL,
    NODES,
    OPEN_CELL,
    OPENS,
    P_NODE,
    P_SEAT,
    PILE,
    PLACED,
    ROOT,
    SCORE,
    SCRATCH,
    SEAT_ROWS,
    SEATING,
    SEATS,
    SR_TURNS,
    STAMP,
    T_CELL,
    TILES_,
    TURNS,
    VALUES,
    WIDTH,
)
from carcdsl.fast.supply import deal, hand_remove, is_empty, new_pile, refill, return_aside
from carcdsl.fast.turn import end_turn, pass_turn


@nb.njit(cache=True)
def new_state(TB, players):
    """The stacks of one game (``ST``), sized by the rule set: every game of a batch reuses
    them."""
    tiles = TB[SUPPLY].shape[0] + 1 + boards.extra_tiles(TB) + owned.extra_tiles(TB, players)
    w = TB[boards.LISTS_TB][boards.SIDE]
    nodes = tiles * TB[OS].shape[2]
    n_open = 4 * tiles + 8
    cells = np.zeros((5, w * w), np.int64)
    cells[C_TILE] = -1
    ctr = np.zeros(N_CTR, np.int64)
    ctr[WIDTH] = w
    scratch = np.zeros((5, 64), np.int64)
    geo = scratch[GEO]
    geo[0], geo[1], geo[2], geo[3] = -w, 1, w, -1
    k = 4
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            if dx or dy:
                geo[k] = dx + dy * w
                k += 1
    hand = max(1, TB[PARAMS][HAND])
    per_placement = (1 + TB[OS].shape[2] + figures.extra_moves(TB) + TB[PARAMS][ELSE_MAX]) \
        * TB[PARAMS][MOST_OPTIONS]
    # list_moves: the placements (of each tile held, each owned), then moves
    cap = n_open * 4 * (per_placement + 1) * (hand + owned.kinds(TB)) + 1
    return (cells, np.zeros((7, nodes), np.int64),
            np.zeros((nodes, TB[SEG_ATTR].shape[2]), np.int64),
            np.zeros((nodes, players), np.int64), np.zeros((10, tiles + 2), np.int64),
            np.zeros((4, players), np.int64), ctr, np.zeros((players + 3, mt.N + 1), np.uint32),
            np.zeros((6, opened.width(n_open, TB[TT].shape[0])), np.int64),
            np.zeros((n_open, 4), np.int64), scratch,
            np.zeros((players, hand), np.int64), np.zeros((cap, 4), np.int64),
            np.zeros(players, np.int64)) + figures.state(TB, players) + \
        effects.state(TB, players, owned.extra_tiles(TB, players)) + \
        boards.state(TB, players) + \
        (np.zeros((2, (1 + TB[FIG_TB].shape[0]) * nodes + 1), np.int64),) + \
        decisions.state(TB, players) + owned.state(TB, players) + moving.state(TB, players)


@nb.njit(**PY)
def reset(TB, ST):
    """Clear what the last game left (only the squares it touched)."""
    effects.reset(TB, ST)
    cells, nodes, nattr, nfol, tiles, seats, ctr = ST[:7]
    opens = ST[OPENS]
    for i in range(ctr[N_TILES]):
        c = tiles[T_CELL, i]
        cells[C_TILE, c] = -1
        cells[C_MASK, c] = 0
        cells[C_NEED, c] = 0
        cells[C_WATCH, c] = 0
    for j in range(ctr[N_OPEN]):
        cells[C_MASK, opens[OPEN_CELL, j]] = 0
        cells[C_NEED, opens[OPEN_CELL, j]] = 0
        cells[C_OPEN, opens[OPEN_CELL, j]] = 0
    used = ctr[N_NODES]
    nfol[:used] = 0
    nattr[:used] = 0
    nodes[STAMP, :used] = 0
    w = ctr[WIDTH]
    ctr[:] = 0
    ctr[WIDTH] = w
    ctr[LEADER] = -1
    seats[SCORE] = 0
    seats[LEAD] = 0
    seats[HAND_N] = 0
    seats[LEFT] = TB[PARAMS][FOLLOWERS]
    figures.reset(TB, ST)
    if TB[PARAMS][DECIDING]:
        decisions.reset(ST)
        moving.reset(ST)
    neutral.reset(TB, ST, I64(0))
    if owned.kinds(TB):
        owned.reset(TB, ST)
    if TB[boards.LISTS_TB][boards.LIMITED]:
        boards.reset(TB, ST)
    opens[OPEN_CELL, 0] = (w // 2) + (w // 2) * w  # the origin, open before anything
    cells[C_OPEN, opens[OPEN_CELL, 0]] = 1
    ctr[N_OPEN] = 1
    opens[META, opened.ON] = 0


@nb.njit(cache=True, inline="always")
def set_up(TB, ST, LOG, seed, seating):
    """``State.__init__`` and ``_set_up``: the game's and the bots' generators
    (``random.Random`` seeds with |seed|; a seat's bot is its player's); the pile
    (``supply.new_pile``); the board's printed tiles, the start tile and further start areas;
    tokens given to the players (logged); the hands dealt."""
    mtx = ST[MTX]
    players = mtx.shape[0] - 3
    for s in range(seating.shape[0]):  # a loop: see supply.new_pile
        ST[SEATING][s] = seating[s]
    mt.seed_int(mtx[players], abs(seed))
    for s in range(players):
        mt.seed_int(mtx[s], abs(seed * BOT_SEED_FACTOR + seating[s]))
    if TB[PARAMS][BAGS]:  # ``facts.bag_seed``
        mt.seed_int(mtx[players + 1], (abs(seed) ^ BAG_SALT) & 0x7FFFFFFFFFFFFFFF)
    new_pile(TB, ST)
    neutral.mine(TB, ST)[neutral.S_SEED] = abs(seed)
    bl = TB[boards.LISTS_TB]  # the board's printed tiles, then its start areas
    for i in range(bl[boards.N_PRINTED]):
        place(TB, ST, boards.item(bl, I64(boards.PR_O), i),
              boards.item(bl, I64(boards.PR_CELL), i))
    start = TB[PARAMS][START_TYPE]
    if TB[PARAMS][START_PLACED] and start >= 0:
        base = place(TB, ST, 4 * start, boards.item(bl, I64(boards.START_CELL), I64(0)))
        if TB[effects.RULES][effects.H_TOKENS]:
            effects.set_up(TB, ST, LOG, base)
        for k in range(1, bl[boards.N_STARTS]):
            cell = boards.item(bl, I64(boards.START_CELL), k)
            o = boards.start_area(TB, ST, cell)
            if o >= 0:
                place(TB, ST, o, cell)
    if TB[effects.RULES][effects.H_TOKENS]:
        effects.log_given(TB, ST, LOG)
    if TB[PARAMS][HAND]:
        deal(TB, ST)


# --- a turn ------------------------------------------------------------------------------------


@nb.njit(**JIT)
def apply(TB, ST, OUT, LOG, g, t, cell, r, spot):
    """``State._apply``: the tile and its figure; a capture a rule then offers waits for
    the mover's decision (``decide``), else the turn goes on (``finish_turn``)."""
    cells, nodes, nfol, tiles, seats, ctr = (ST[CELLS], ST[NODES], ST[NFOL], ST[TILES_],
                                             ST[SEATS], ST[CTR])
    seat = ctr[CURRENT]
    take(TB, ST, seat, t)
    index = ctr[N_MOVES]
    log_move(ST, LOG, t, cell, r, spot, seat)
    choice = (spot + (1 << (CHOICE_SHIFT - 1))) >> CHOICE_SHIFT  # ``facts.split_choice``
    spot -= choice << CHOICE_SHIFT
    ctr[TURNS] += 1
    OUT[SEAT_ROWS][SR_TURNS, g, seat] += 1
    OUT[PLACED][g, t] += 1
    o = 4 * t + r
    if TB[PARAMS][NEUTRAL] and TB[neutral.NEU_TB][neutral.X_N_BESIDE] and \
            not ST[effects.MISC][effects.IN_EXTRA]:
        targets.turn_starts(TB, ST, OUT, LOG, g, index, seat)
    if TB[effects.RULES][effects.H_REQUIREMENTS]:
        remember_turns(TB, ST, o, cell)
    if TB[owned.OWN_TB][owned.X_WILD]:
        base = owned.place(TB, ST, o, cell)
    elif TB[boards.LISTS_TB][boards.LIMITED]:
        base = place_limited(TB, ST, o, cell)
    else:
        base = place_endless(TB, ST, o, cell)
    if spot >> figures.FIGURE_SHIFT > 0:
        figures.put(TB, ST, o, cell, base, spot, seat)
        if TB[effects.RULES][effects.H_ON_FIGURE]:
            bags.fire_figure(TB, ST, OUT, LOG, g, (spot >> figures.FIGURE_SHIFT) - 1,
                             base + (spot & figures.LOCAL_MASK), index)
    elif spot >= 0:
        node = base + spot
        nfol[nodes[ROOT, node], seat] += 1
        tiles[P_SEAT, ctr[N_PIECES]], tiles[P_NODE, ctr[N_PIECES]] = seat, node
        ST[FIG_ST][figures.PF_FIG, ctr[N_PIECES]] = 0
        ctr[N_PIECES] += 1
        seats[LEFT, seat] -= 1
        if TB[OS][CENTRE_SPOT, o, spot] and not cells[C_WATCH, cell]:
            cells[C_WATCH, cell] = 1
            ctr[N_WATCHED] += 1
    elif spot <= ELSEWHERE:
        node, code = elsewhere.put(TB, ST, spot, seat)
        if code and TB[effects.RULES][effects.H_ON_FIGURE]:
            bags.fire_figure(TB, ST, OUT, LOG, g, code - 1, node, index)
    elif spot <= TARGET:  # ``targets.act``: instead of a figure, one on the board
        targets.act(TB, ST, spot, seat)
    elif spot <= figures.RECALL:  # ``State._recall``: its feature scores first
        p = figures.recall_piece(TB, ST, figures.RECALL - spot, seat)
        if figures.scores_recall(TB, ST, p):
            score_recall(TB, ST, OUT, LOG, g, nodes[ROOT, figures.RECALL - spot], index, seat)
        figures.take_back(TB, ST, p)
    if TB[PARAMS][DECIDING]:
        dc = ST[DEC_ST]
        if dc[D_ASKED] >= 0 and decisions.offer_capture(TB, ST):
            dc[D_O], dc[D_CELL], dc[D_BASE], dc[D_INDEX], dc[D_CHOICE] = (o, cell, base, index,
                                                                          choice)
            return
    finish_turn(TB, ST, OUT, LOG, g, o, cell, base, index, choice)


@nb.njit(**JIT)
def take(TB, ST, seat, t):
    """``State._apply``'s first step: the tile leaves the mover's hand, or their owned tiles
    (the drawn tile stays on the pile), or the pile."""
    if TB[PARAMS][HAND]:
        hand_remove(ST, seat, t)
    elif owned.kinds(TB) and owned.playing(TB, ST, seat, t):
        owned.take(TB, ST, seat, t)
    else:
        ST[CTR][N_PILE] -= 1


@nb.njit(**JIT)
def decide(TB, ST, OUT, LOG, g, option):
    """``State._decide``: the pending capture (then the rest of the turn), or a ransom paid
    before the tile; logged as a move ``(DECIDE, 0, 0, option)``, counted apart."""
    dc, ctr = ST[DEC_ST], ST[CTR]
    seat = ctr[CURRENT]
    log_row(ST, LOG, I64(DECIDE), I64(0), I64(0), option, seat)
    if not dc[D_PENDING]:
        decisions.pay_ransom(TB, ST, OUT, LOG, g, option, seat)
        return
    if moving.pending(TB, ST):  # where a scored figure goes on: the turn ends after the last
        if not moving.move(TB, ST, option):
            end_of_turn(TB, ST, OUT, LOG, g, ST[moving.MOVE_ST][moving.S_EXTRA] > 0)
        return
    if neutral.walking(TB, ST):  # a walk's step: the turn goes on once the walk ends
        neutral.step(TB, ST, option)
        if dc[D_PENDING]:
            return
    else:
        decisions.capture(TB, ST, option, seat)
    finish_turn(TB, ST, OUT, LOG, g, dc[D_O], dc[D_CELL], dc[D_BASE], dc[D_INDEX],
                dc[D_CHOICE])


@nb.njit(**JIT)
def finish_turn(TB, ST, OUT, LOG, g, o, cell, base, index, choice):
    """``State._finish_turn``: placement rules, scoring, then (once the owners of figures
    that go on have decided: ``fast.moving``) the next player."""
    if TB[PARAMS][NEUTRAL] and TB[neutral.NEU_TB][neutral.X_NEUTRAL] and neutral.act(
            TB, ST, o, cell, base, index, choice):
        return  # the game waits for a walk's step
    # placement triggers act at once, before scoring
    extra = TB[effects.RULES][effects.H_TRIGGERS] > 0 and effects.fire_triggers(
        TB, ST, OUT, LOG, g, o, cell, base, index)
    if TB[PARAMS][BAGS] or choice or TB[effects.RULES][effects.H_EXTENDS_ACTS]:
        bags.fire_extends(TB, ST, OUT, LOG, g, o, cell, base, index, choice)
    extra = score_completed(TB, ST, OUT, LOG, g, o, cell, base, index) or extra
    if TB[moving.MOVE_TB][moving.X_ANY] and moving.begin(TB, ST, extra):
        return  # the game waits for the owners of figures that go on
    end_of_turn(TB, ST, OUT, LOG, g, extra)


@nb.njit(**JIT)
def end_of_turn(TB, ST, OUT, LOG, g, extra):
    """``State._end_turn``: the turn's step closes (``rows._leads``), a bag's tiles set
    aside go back, the next player (or an extra turn)."""
    seats, ctr = ST[SEATS], ST[CTR]
    seat = ctr[CURRENT]
    if TB[PARAMS][NEUTRAL] and TB[neutral.NEU_TB][neutral.X_N_BESIDE]:
        targets.before_step(TB, ST)
    close_group(ST, ctr[TURNS])
    if ctr[N_ASIDE]:
        return_aside(ST)
    if TB[PARAMS][HAND]:
        refill(TB, ST, seat)
        if not end_turn(ST, extra, seats[HAND_N, seat] > 0):
            pass_turn(TB, ST)
    elif not end_turn(ST, extra, np.bool_(True)):
        ctr[CURRENT] = (seat + 1) % seats.shape[1]
    if TB[PARAMS][DECIDING] and not ST[effects.MISC][effects.IN_EXTRA]:
        ST[DEC_ST][D_RANSOMED] = 0
    after_move(TB, ST, OUT, LOG, g)


@nb.njit(**JIT)
def log_move(ST, LOG, t, cell, r, spot, seat):
    """``Log``: a move (a discard: square, rotation and spot -1) and its seat, into
    ``LOG[1]`` when the game is logged; every move is counted."""
    log_row(ST, LOG, t, cell, r, spot, seat)
    ST[CTR][N_MOVES] += 1


@nb.njit(**JIT)
def log_row(ST, LOG, t, cell, r, spot, seat):
    """A row of a logged game's moves (a move, or a decision: ``decide``)."""
    ctr = ST[CTR]
    if LOG[0][0]:
        m = ctr[N_LOGGED]
        if m < LOG[1].shape[0]:
            mv = LOG[1]
            mv[m, 0], mv[m, 1], mv[m, 2], mv[m, 3], mv[m, 4] = t, cell, r, spot, seat
    ctr[N_LOGGED] += 1


@nb.njit(**JIT)
def after_move(TB, ST, OUT, LOG, g):
    """``State._after_move``: the game ends with the supply, or tiles that fit nowhere are
    discarded (the turn does not pass); with hands, a hand none of whose tiles fits."""
    tiles, seats, ctr, hands, scratch = ST[TILES_], ST[SEATS], ST[CTR], ST[HANDS], ST[SCRATCH]
    if is_empty(ST):
        if not (owned.kinds(TB) and owned.last_turn(TB, ST)):
            finish(TB, ST, OUT, LOG, g, I64(SUPPLY_EMPTY))
        return
    # (requirements are checked here rather than in fits_somewhere: the base game runs
    # measurably slower with any more code in it)
    required = TB[effects.RULES][effects.H_REQUIREMENTS]
    if TB[PARAMS][HAND]:
        while not ctr[FINISHED]:
            seat = ctr[CURRENT]
            n = seats[HAND_N, seat]
            if n == 0:
                return
            for i in range(n):
                if fits_somewhere(TB, ST, hands[seat, i]) and (
                        not required or fits_required(TB, ST, hands[seat, i])):
                    return
            held = scratch[VALUES]  # the hand as it was: each of its tiles is discarded
            for i in range(n):
                held[i] = hands[seat, i]
            for i in range(n):
                discard(TB, ST, OUT, LOG, g, held[i])
                if ctr[FINISHED]:
                    return
        return
    holds = TB[PARAMS][NEUTRAL] and TB[neutral.NEU_TB][neutral.X_HOLD_KIND] >= 0
    while ctr[N_PILE] and not ctr[FINISHED]:
        if holds and neutral.must_hold(TB, ST, tiles[PILE, ctr[N_PILE] - 1]):
            discard(TB, ST, OUT, LOG, g, tiles[PILE, ctr[N_PILE] - 1])
            continue
        if fits_somewhere(TB, ST, tiles[PILE, ctr[N_PILE] - 1]) and (
                not required or fits_required(TB, ST, tiles[PILE, ctr[N_PILE] - 1])):
            return
        discard(TB, ST, OUT, LOG, g, tiles[PILE, ctr[N_PILE] - 1])


@nb.njit(**JIT)
def discard(TB, ST, OUT, LOG, g, t):
    """``State._discard``: tile ``t`` (drawn, or from the mover's hand) fits nowhere."""
    tiles, seats, ctr = ST[TILES_], ST[SEATS], ST[CTR]
    seat = ctr[CURRENT]
    hands = TB[PARAMS][HAND] > 0
    held = TB[PARAMS][NEUTRAL] and TB[neutral.NEU_TB][neutral.X_HOLD_KIND] >= 0 and \
        neutral.must_hold(TB, ST, t)
    if hands:
        hand_remove(ST, seat, t)
    else:
        ctr[N_PILE] -= 1
    if held:  # ``hold back K until F``: aside until F is on the board
        neutral.hold(TB, ST, t)
    elif TB[PARAMS][BAG] and not TB[PARAMS][END_UNPLACEABLE]:
        tiles[ASIDE, ctr[N_ASIDE]] = t
        ctr[N_ASIDE] += 1
    ctr[N_DISCARDS] += 1
    log_move(ST, LOG, t, I64(-1), I64(-1), I64(-1), seat)
    if TB[PARAMS][END_UNPLACEABLE] and not held:
        finish(TB, ST, OUT, LOG, g, I64(TILE_UNPLACEABLE))
        return
    if hands and seats[HAND_N, seat] == 0:
        refill(TB, ST, seat)
        if seats[HAND_N, seat] == 0:
            pass_turn(TB, ST)
    if is_empty(ST) and not (owned.kinds(TB) and owned.last_turn(TB, ST)):
        finish(TB, ST, OUT, LOG, g, I64(SUPPLY_EMPTY))


@nb.njit(**JIT)
def keep(TB, ST, OUT, LOG, g):
    """``owned.keep`` in a last turn (the fast move ``(DECIDE, 0, 0, KEEP)``), logged as a
    discard of the tile kept (no discard in ``simulate``'s rows); then the next last turn, or
    the end."""
    seat = ST[CTR][CURRENT]
    t = owned.keep(TB, ST)
    log_move(ST, LOG, t, I64(-1), I64(-1), I64(-1), seat)
    if not owned.last_turn(TB, ST):
        finish(TB, ST, OUT, LOG, g, I64(SUPPLY_EMPTY))
