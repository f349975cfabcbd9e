"""The compiled kernel stepped one decision at a time, for N games in one call: the kernel side
of ``carcdsl.rl.vector`` (issue 29).

Each game keeps its own stacks (``ST``, ``state.new_state``); the call takes their addresses
(``Packed.address``) in one array and reads each as the first one's type (``_packed_at``),
so that N games cost one call from Python. Per game the call plays the action given
(``state.apply``: the turn, its scorings, the discards after it and, with the supply empty,
final scoring), works out the rewards (the change of each seat's margin), starts the next
game where one ended, lists the next decision's legal moves (``movegen.list_moves``, the
order of ``State.iter_moves``) into the action mask, and brings the observation up to date.

Everything per game lives in persistent arrays (``VB``, a ``Packed``; ``batch``) that are
updated in place, never rebuilt: the mask clears the actions it set last time; the board's
tile channels gain the tiles placed since the last step; the open squares and the figures'
entries are cleared where they were set, then set again (the observer changes every step).
A new game clears its board once. The encoding is ``carcdsl.rl.observe`` and
``carcdsl.rl.actions``' (``rl.vector`` builds the tables, ``VT``, from them).
"""

from __future__ import annotations

import numba as nb
import numpy as np
from llvmlite import ir
from numba.core import cgutils, types
from numba.core.extending import intrinsic
from numba.core.typing.templates import signature

from carcdsl.compile.facts import FIGURE_SHIFT, LOCAL_MASK
from carcdsl.fast import effects, figures
from carcdsl.fast.jit import I64, JIT, PY
from carcdsl.fast.kernel import every_move
from carcdsl.fast.packed import PackedType
from carcdsl.fast.slots import (
    ASIDE,
    C_MASK,
    C_NEED,
    C_TILE,
    CELLS,
    CTR,
    CURRENT,
    FINISHED,
    HAND_N,
    HANDS,
    LEFT,
    MOVES,
    N_ASIDE,
    N_NODES,
    N_OPEN,
    N_PIECES,
    N_PILE,
    N_TILES,
    NFOL,
    NODES,
    NTILE,
    NXT,
    OPEN_CELL,
    OPENS,
    P_NODE,
    P_SEAT,
    PILE,
    ROOT,
    SCORE,
    SEATS,
    T_BASE,
    T_CELL,
    T_O,
    TILES_,
    WIDTH,
)
from carcdsl.fast.state import after_move, apply, reset, set_up

# VT: the tables of one environment (``rl.vector`` fills them)
CELL_SQ, SQ_CELL, VECTORS, PLACES, SEATING, PARAMS = range(6)
"""``VT[CELL_SQ]`` kernel square -> window square (-1: outside); ``VT[SQ_CELL]`` the other
way; ``VT[VECTORS]`` [O, Tc] tile vectors; ``VT[PLACES]`` [O, segments, 13] where each
local segment lies (``observe.PLACES``); ``VT[SEATING]`` seats in order; ``VT[PARAMS]``."""
(W, SPOTS, SEGMENTS, N_ACTIONS, REWARD_MAX, OBSERVING, TC, PIECES_AT, COUNTS_AT, FIGURE_KINDS,
 PER_SEAT, TYPES, PRINTED_FROM, TILES_AT, VECTOR_AT, SEED_BASE, FIXED_CH, ALLOWED_CH,
 RECALL_AT, RECALLS, SLOTS, HELD, TOKENS_AT) = range(23)
N_PARAMS = 23
"""``VT[PARAMS]``: the window's side, ``S``, ``L``, the actions, the reward (1: "max"),
whether observations are kept, then the observation's layout (``observe.Observer``), the
seed of game 0 of environment 0, where the allowed squares lie (a copy of the plane), the
first spot taking a figure back (``1 + (1 + F) * L``), ``R``, ``H``, whether players
hold hands of tiles, and the first token channel."""
TILE_CH, PRINTED_CH, OPEN_CH = 0, 1, 2

# VB: the batch's arrays (``rl.vector`` allocates them)
(ADDRS, GAMES, GAME_SEED, MASK, ACTS, N_SET, OUTSIDE, REWARDS, TERMINATED, FINAL, SEAT, OBS,
 SEEN, OPEN_PREV, N_OPEN_PREV, PIECE_PREV, N_PIECE_PREV, ALLOWED, MARGINS, TOKEN_PREV,
 N_TOKEN_PREV) = range(21)


@intrinsic
def _packed_at(typingctx, address, like):
    """The ``Packed`` at ``address``, of the type of ``like`` (every game's stacks have the
    same type)."""
    if not isinstance(address, types.Integer) or not isinstance(like, PackedType):
        return None

    def codegen(context, irb, sig, args):
        return irb.inttoptr(args[0], context.get_value_type(sig.return_type))

    return signature(like, address, like), codegen


@intrinsic
def _prefetch(typingctx, array, row, column):
    """Ask the processor to bring ``array[row, column]`` into the cache (``llvm.prefetch``:
    a read, kept close): it does not wait, and the step of the game before goes on."""
    if not isinstance(array, types.Array) or array.ndim != 2:
        return None

    def codegen(context, irb, sig, args):
        view = context.make_array(sig.args[0])(context, irb, value=args[0])
        pointer = cgutils.get_item_pointer(context, irb, sig.args[0], view, list(args[1:]),
                                           wraparound=False)
        i32 = ir.IntType(32)
        fnty = ir.FunctionType(ir.VoidType(), [cgutils.voidptr_t, i32, i32, i32])
        fn = cgutils.get_or_insert_function(irb.module, fnty, "llvm.prefetch.p0i8")
        irb.call(fn, [irb.bitcast(pointer, cgutils.voidptr_t), i32(0), i32(3), i32(1)])
        return context.get_dummy_value()

    return signature(types.none, array, row, column), codegen


@nb.njit(**JIT)
def _warm(ST):
    """Prefetch what listing the moves of the game ``ST`` reads first and most: the squares
    around its open squares. Its stacks were last read N games ago, long out of the cache;
    asked for one game ahead, they arrive while the game before is stepped."""
    cells, opens, ctr = ST[CELLS], ST[OPENS], ST[CTR]
    w = ctr[WIDTH]
    for j in range(ctr[N_OPEN]):
        c = opens[OPEN_CELL, j]
        for d in (-w, 0, w):
            _prefetch(cells, C_TILE, c + d)
            _prefetch(cells, C_MASK, c + d)
            _prefetch(cells, C_NEED, c + d)
    nodes, nfol = ST[NODES], ST[NFOL]
    for n in range(0, ctr[N_NODES], 8):
        _prefetch(nodes, ROOT, n)
    for n in range(0, ctr[N_NODES], 4):
        _prefetch(nfol, n, 0)


@nb.njit(**JIT)
def _warm_mask(VB, i):
    """Prefetch the lines of game ``i``'s mask that its last decision set (cleared next)."""
    mask, acts, n = VB[MASK], VB[ACTS], VB[N_SET][i]
    if n <= acts.shape[1]:
        for k in range(n):
            _prefetch(mask, i, acts[i, k])


@nb.njit(**JIT)
def _margins(VT, ST, out):
    """Each seat's margin (``rl.aec.margin``) into ``out``."""
    scores = ST[SEATS][SCORE]
    n = scores.shape[0]
    for seat in range(n):
        if n == 1:
            out[seat] = scores[seat]
            continue
        if VT[PARAMS][REWARD_MAX]:
            best = -(1 << 62)
            for s in range(n):
                if s != seat and scores[s] > best:
                    best = scores[s]
            out[seat] = scores[seat] - best
        else:
            total = 0
            for s in range(n):
                if s != seat:
                    total += scores[s]
            out[seat] = scores[seat] - total / (n - 1)


@nb.njit(**JIT)
def _recall_rank(ST, node):
    """The rank of ``node`` among the mover's figures that may be taken back (listed by
    ``figures.begin_turn``), by square (north to south, west to east: a kernel square's
    order) and local segment: ``rl.actions.recall_ranks``."""
    nodes, tiles = ST[NODES], ST[TILES_]
    recallable = ST[figures.FIG_ST][figures.RECALLABLE]
    n = ST[figures.FC][ST[figures.FC].shape[0] - 1, figures.N_RECALLABLE]
    rank = 0
    ti = nodes[NTILE, node]
    key = tiles[T_CELL, ti] << 16 | node - tiles[T_BASE, ti]
    for q in range(n):
        other = recallable[q]
        tq = nodes[NTILE, other]
        if tiles[T_CELL, tq] << 16 | other - tiles[T_BASE, tq] < key:
            rank += 1
    return rank


@nb.njit(**JIT)
def _recall_node(ST, rank):
    """The node of the figure of ``rank`` (``_recall_rank``); -1: none."""
    recallable = ST[figures.FIG_ST][figures.RECALLABLE]
    for q in range(ST[figures.FC][ST[figures.FC].shape[0] - 1, figures.N_RECALLABLE]):
        if _recall_rank(ST, recallable[q]) == rank:
            return recallable[q]
    return -1


@nb.njit(**JIT)
def _action_of(VT, ST, k):
    """The action of the ``k``-th listed move (``rl.actions.legal_actions``); -1 outside the
    window (or a segment beyond ``L``)."""
    buf, p = ST[MOVES], VT[PARAMS]
    square = VT[CELL_SQ][buf[k, 1]]
    spot = buf[k, 3]
    if square < 0:
        return -1
    index = 0
    if spot >= 0:
        local, figure = spot & LOCAL_MASK, spot >> FIGURE_SHIFT
        if local >= p[SEGMENTS]:
            return -1
        index = 1 + figure * p[SEGMENTS] + local
    elif spot <= figures.RECALL:
        rank = _recall_rank(ST, figures.RECALL - spot)
        if rank >= p[RECALLS]:
            return -1
        index = p[RECALL_AT] + rank
    slot = _slot_of(VT, ST, buf[k, 0])
    if slot < 0:
        return -1
    return ((slot * p[W] * p[W] + square) * 4 + buf[k, 2]) * p[SPOTS] + index


@nb.njit(**JIT)
def _slot_of(VT, ST, t):
    """The hand slot of tile type ``t``: the first holding it (0 without hands; -1 beyond
    ``H``)."""
    if not VT[PARAMS][HELD]:
        return 0
    seat = ST[CTR][CURRENT]
    hands = ST[HANDS]
    for slot in range(ST[SEATS][HAND_N, seat]):
        if hands[seat, slot] == t:
            return slot if slot < VT[PARAMS][SLOTS] else -1
    return -1


@nb.njit(**JIT)
def _list_legal(TB, VT, VB, ST, i):
    """The mask of game ``i``: clear what the last decision set, then the moves now legal."""
    mask, acts, n_set = VB[MASK], VB[ACTS], VB[N_SET]
    if n_set[i] > acts.shape[1]:
        mask[i, :] = 0
    else:
        for k in range(n_set[i]):
            mask[i, acts[i, k]] = 0
    n = every_move(TB, ST, ST[CTR][CURRENT])
    count, first_out = 0, -1
    for k in range(n):
        a = _action_of(VT, ST, k)
        if a < 0:
            if first_out < 0:
                first_out = k
            continue
        mask[i, a] = 1
        if count < acts.shape[1]:
            acts[i, count] = a
        count += 1
    if count == 0 and first_out >= 0:  # ``layout.outside``: the first move outside
        a = VT[PARAMS][N_ACTIONS] - 1
        mask[i, a] = 1
        acts[i, 0] = a
        count = 1
        for f in range(4):
            VB[OUTSIDE][i, f] = ST[MOVES][first_out, f]
    n_set[i] = count


@nb.njit(**JIT)
def _new_game(TB, VT, VB, ST, OUT, LOG, i):
    """Game ``i`` starts its next game: seed ``SEED_BASE + i + games * N``."""
    n_envs, games = VB[ADDRS].shape[0], VB[GAMES]
    seed = VT[PARAMS][SEED_BASE] + i + games[i] * n_envs
    games[i] += 1
    VB[GAME_SEED][i] = seed
    reset(TB, ST)
    set_up(TB, ST, LOG, seed, VT[SEATING])
    after_move(TB, ST, OUT, LOG, I64(0))
    _margins(VT, ST, VB[MARGINS][i])
    if VT[PARAMS][OBSERVING]:
        obs = VB[OBS][i]
        obs[:] = 0
        ww = VT[PARAMS][W] * VT[PARAMS][W]
        allowed = VB[ALLOWED]
        at = VT[PARAMS][ALLOWED_CH] * ww
        for sq in range(ww):
            obs[at + sq] = allowed[sq]
        VB[SEEN][i], VB[N_OPEN_PREV][i], VB[N_PIECE_PREV][i] = 0, 0, 0
        VB[N_TOKEN_PREV][i] = 0


@nb.njit(**JIT)
def _tiles_and_open(VT, VB, ST, i):
    """The board's tile channels (new tiles only) and the open squares (cleared, set)."""
    p, obs, tiles, ctr = VT[PARAMS], VB[OBS][i], ST[TILES_], ST[CTR]
    ww, vectors, cell_sq = p[W] * p[W], VT[VECTORS], VT[CELL_SQ]
    for ti in range(VB[SEEN][i], ctr[N_TILES]):
        sq = cell_sq[tiles[T_CELL, ti]]
        if sq < 0:
            continue
        o = tiles[T_O, ti]
        obs[TILE_CH * ww + sq] = 1
        obs[PRINTED_CH * ww + sq] = o >= p[PRINTED_FROM]
        for c in range(p[TC]):
            obs[(p[FIXED_CH] + c) * ww + sq] = vectors[o, c]
    VB[SEEN][i] = ctr[N_TILES]
    prev = VB[OPEN_PREV]
    for k in range(VB[N_OPEN_PREV][i]):
        obs[OPEN_CH * ww + prev[i, k]] = 0
    count = 0
    opens = ST[OPENS]
    for j in range(ctr[N_OPEN]):
        sq = cell_sq[opens[OPEN_CELL, j]]
        if sq >= 0:
            obs[OPEN_CH * ww + sq] = 1
            prev[i, count] = sq
            count += 1
    VB[N_OPEN_PREV][i] = count


@nb.njit(**JIT)
def _pieces(TB, VT, VB, ST, i, seat):
    """The figures' channels as ``seat`` sees them (cleared where last set, then set)."""
    p, obs, tiles, ctr, nodes = VT[PARAMS], VB[OBS][i], ST[TILES_], ST[CTR], ST[NODES]
    ww, places, prev = p[W] * p[W], VT[PLACES], VB[PIECE_PREV]
    for k in range(VB[N_PIECE_PREV][i]):
        obs[prev[i, k]] = 0
    players = ST[SEATS].shape[1]
    pf = ST[figures.FIG_ST][figures.PF_FIG]
    has_figures = TB[figures.FIG_TB].shape[0] > 0
    count = 0
    for q in range(ctr[N_PIECES]):
        node = tiles[P_NODE, q]
        ti = nodes[NTILE, node]
        sq = VT[CELL_SQ][tiles[T_CELL, ti]]
        if sq < 0:
            continue
        relative = (tiles[P_SEAT, q] - seat) % players
        o, local = tiles[T_O, ti], node - tiles[T_BASE, ti]
        for place in range(places.shape[2]):
            if places[o, local, place]:
                at = (p[PIECES_AT] + relative * 13 + place) * ww + sq
                obs[at] = 1
                prev[i, count] = at
                count += 1
        figure = pf[q] if has_figures else 0
        at = (p[COUNTS_AT] + relative * p[FIGURE_KINDS] + figure) * ww + sq
        obs[at] += 1
        prev[i, count] = at
        count += 1
    VB[N_PIECE_PREV][i] = count


@nb.njit(**JIT)
def _numbers(TB, VT, VB, ST, i, seat):
    """The ``tiles`` and ``vector`` parts (``Observer.tiles``, ``Observer.vector``)."""
    p, obs, tiles, ctr, seats = VT[PARAMS], VB[OBS][i], ST[TILES_], ST[CTR], ST[SEATS]
    tc, vectors = p[TC], VT[VECTORS]
    at = p[TILES_AT]
    obs[at:p[VECTOR_AT]] = 0
    held = VT[PARAMS][HELD]
    for slot in range(min(seats[HAND_N, seat], p[SLOTS]) if held else
                      1 if not ctr[FINISHED] and ctr[N_PILE] else 0):
        t = ST[HANDS][seat, slot] if held else tiles[PILE, ctr[N_PILE] - 1]
        for r in range(4):
            for c in range(tc):
                obs[at + (slot * 4 + r) * tc + c] = vectors[4 * t + r, c]
    at = p[VECTOR_AT]
    obs[at:] = 0
    n = seats.shape[1]
    fc = ST[figures.FC]
    n_fig = TB[figures.FIG_TB].shape[0]
    for relative in range(n):
        other = (seat + relative) % n
        row = at + relative * p[PER_SEAT]
        obs[row] = seats[SCORE, other]
        obs[row + 1] = seats[LEFT, other]
        for f in range(n_fig):
            obs[row + 2 + f] = fc[f, other]
        for k in range(TB[effects.RULES][effects.H_TOKENS]):
            obs[row + 2 + n_fig + k] = ST[effects.MISC][effects._held(TB, ST, k) + other]
    at += n * p[PER_SEAT]
    for k in range(ctr[N_PILE]):
        obs[at + tiles[PILE, k]] += 1
    for k in range(ctr[N_ASIDE]):
        obs[at + tiles[ASIDE, k]] += 1
    for other in range(n if held else 0):
        if other != seat:
            for k in range(seats[HAND_N, other]):
                obs[at + ST[HANDS][other, k]] += 1
    at += p[TYPES]
    obs[at] = ctr[N_PILE]
    obs[at + 1] = ST[effects.MISC][effects.IN_EXTRA]
    obs[at + 2] = not ctr[FINISHED] and ctr[CURRENT] == seat


@nb.njit(**JIT)
def _tokens(TB, VT, VB, ST, i):
    """The token channels: the tokens of each kind lying on a feature, on each square it
    covers (cleared where last set, then set); ``ST[effects.ON]`` keeps them per node."""
    p, obs, nodes, tiles = VT[PARAMS], VB[OBS][i], ST[NODES], ST[TILES_]
    ww, on, prev = p[W] * p[W], ST[effects.ON], VB[TOKEN_PREV]
    for k in range(VB[N_TOKEN_PREV][i]):
        obs[prev[i, k]] = 0
    cap, nxt, count = nodes.shape[1], nodes[NXT], 0
    for r in range(ST[CTR][N_NODES]):
        if nodes[ROOT, r] != r:
            continue
        for kind in range(TB[effects.RULES][effects.H_TOKENS]):
            total, m = 0, r
            while True:
                total += on[kind * cap + m]
                m = nxt[m]
                if m == r:
                    break
            if total == 0:
                continue
            while True:  # each square of the feature once
                ti, q = nodes[NTILE, m], r
                while q != m and nodes[NTILE, q] != ti:
                    q = nxt[q]
                sq = VT[CELL_SQ][tiles[T_CELL, ti]]
                if q == m and sq >= 0:
                    at = (p[TOKENS_AT] + kind) * ww + sq
                    obs[at] += total
                    prev[i, count] = at
                    count += 1
                m = nxt[m]
                if m == r:
                    break
    VB[N_TOKEN_PREV][i] = count


@nb.njit(**JIT)
def _observe(TB, VT, VB, ST, i):
    seat = ST[CTR][CURRENT]
    _tiles_and_open(VT, VB, ST, i)
    _pieces(TB, VT, VB, ST, i, seat)
    _numbers(TB, VT, VB, ST, i, seat)
    if TB[effects.RULES][effects.H_TOKENS]:
        _tokens(TB, VT, VB, ST, i)


@nb.njit(**JIT)
def _tile_of(VT, ST, slot):
    """The tile an action's slot names: the mover's hand's, or the drawn tile."""
    if VT[PARAMS][HELD]:
        return ST[HANDS][ST[CTR][CURRENT], slot]
    return ST[TILES_][PILE, ST[CTR][N_PILE] - 1]


@nb.njit(**JIT)
def _step_one(TB, VT, VB, ST, OUT, LOG, i, action):
    """Game ``i`` plays ``action`` (legal: ``step`` checked), then its next decision."""
    p = VT[PARAMS]
    if action == p[N_ACTIONS] - 1:
        move = VB[OUTSIDE][i]
        t, cell, r, spot = move[0], move[1], move[2], move[3]
    else:
        rest, index = action // p[SPOTS], action % p[SPOTS]
        rest, r = rest // 4, rest % 4
        slot, square = rest // (p[W] * p[W]), rest % (p[W] * p[W])
        t, cell, spot = _tile_of(VT, ST, slot), VT[SQ_CELL][square], I64(-1)
        if index >= p[RECALL_AT]:
            spot = figures.RECALL - _recall_node(ST, index - p[RECALL_AT])
        elif index:
            figure, local = (index - 1) // p[SEGMENTS], (index - 1) % p[SEGMENTS]
            spot = local | figure << FIGURE_SHIFT
    apply(TB, ST, OUT, LOG, I64(0), t, cell, r, spot)
    before, rewards = VB[MARGINS][i], VB[REWARDS][i]
    for s in range(rewards.shape[0]):
        rewards[s] = -before[s]
    _margins(VT, ST, before)
    for s in range(rewards.shape[0]):
        rewards[s] += before[s]
    done = ST[CTR][FINISHED] != 0
    VB[TERMINATED][i] = done
    if done:
        for s in range(rewards.shape[0]):
            VB[FINAL][i, s] = ST[SEATS][SCORE, s]
        _new_game(TB, VT, VB, ST, OUT, LOG, i)
    _list_legal(TB, VT, VB, ST, i)
    VB[SEAT][i] = ST[CTR][CURRENT]
    if p[OBSERVING]:
        _observe(TB, VT, VB, ST, i)


@nb.njit(**PY)
def step_batch(TB, VT, VB, ST0, OUT, LOG, actions):
    """Every game plays its action; -1, or the first game whose action its mask does not
    mark (then nothing has changed)."""
    mask, n = VB[MASK], VT[PARAMS][N_ACTIONS]
    for i in range(actions.shape[0]):
        a = actions[i]
        if a < 0 or a >= n or not mask[i, a]:
            return i
    addrs = VB[ADDRS]
    for i in range(actions.shape[0]):
        if i + 1 < actions.shape[0]:
            _warm(_packed_at(addrs[i + 1], ST0))
            _warm_mask(VB, i + 1)
        _step_one(TB, VT, VB, _packed_at(addrs[i], ST0), OUT, LOG, i, actions[i])
    return -1


@nb.njit(**PY)
def reset_batch(TB, VT, VB, ST0, OUT, LOG):
    """Every game starts its first game (``GAMES`` zero) and lists its first decision."""
    addrs = VB[ADDRS]
    for i in range(addrs.shape[0]):
        ST = _packed_at(addrs[i], ST0)
        VB[GAMES][i] = 0
        VB[N_SET][i] = VB[ACTS].shape[1] + 1  # clear the whole mask
        VB[REWARDS][i, :] = 0
        VB[TERMINATED][i] = False
        _new_game(TB, VT, VB, ST, OUT, LOG, i)
        _list_legal(TB, VT, VB, ST, i)
        VB[SEAT][i] = ST[CTR][CURRENT]
        if VT[PARAMS][OBSERVING]:
            _observe(TB, VT, VB, ST, i)


@nb.njit(**PY)
def random_actions(VB, seed, out):
    """A legal action per game, uniformly from its mask, into ``out`` (a random policy for
    opponents and benchmarks); the draws follow ``seed`` (Numba's own generator)."""
    np.random.seed(seed)
    mask, acts, n_set = VB[MASK], VB[ACTS], VB[N_SET]
    for i in range(out.shape[0]):
        n = n_set[i]
        pick = np.random.randint(0, n)
        if n <= acts.shape[1]:
            out[i] = acts[i, pick]
            continue
        for a in range(mask.shape[1]):  # more than the listed: the pick-th marked
            if mask[i, a]:
                if pick == 0:
                    out[i] = a
                    break
                pick -= 1


@nb.njit(**PY)
def list_only(TB, VT, VB, ST0, mode):
    addrs = VB[ADDRS]
    total = 0
    for i in range(addrs.shape[0]):
        ST = _packed_at(addrs[i], ST0)
        if mode == 0:
            _list_legal(TB, VT, VB, ST, i)
        elif mode == 1:
            total += every_move(TB, ST, ST[CTR][CURRENT])
        else:
            _observe(TB, VT, VB, ST, i)
    return total
