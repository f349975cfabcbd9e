"""The kernel's neutral figures (``engine.neutral``): figures nobody owns, which rules move
(``move F here``, ``walk F N``, each step decided by the next player in turn), what happens
on a square one comes to (``on enter F: return figures here``), and tiles held back until
one is on the board (``hold back K until F``).

Its table is ``TB[NEU_TB]``, one array (``X_*``: a header of counts and offsets, then rows):
per figure (``FR_*``: neutral, ``avoids``, ``blocks``, ``beside``), the ``move``/``walk``
actions of ``on place`` rules in rule order (``AR_*``, one row per action, with its rule's
condition), and the rows ``fast.targets`` reads (instead of a figure, ``place F anywhere``,
``on turn beside``/``on score beside``). Its state is the end of ``ST[DEC_ST]`` (``mine``;
``S_*``: the walk under way, its pending step's options and decider, where each neutral
figure stands (a cell, -1: off the board), the piece each stands beside, the tiles held back,
this turn's candidates of ``fast.targets``); the generator that puts held tiles back
(``facts.hold_seed``) is the last row of ``ST[MTX]``.
"""

from __future__ import annotations

import numba as nb
import numpy as np

from carcdsl.compile.facts import HOLD_SALT, unshuffled_pile
from carcdsl.compile.modes import (
    BESIDE,
    COVERS,
    INSTEAD_RETURN,
    MOVE_HERE,
    PLACE_ANYWHERE,
    RETURN_HERE,
    SCORE,
    SURROUNDED,
    WALK,
)
from carcdsl.compile.tables import Tables
from carcdsl.fast import boards, effects, figures, mt
from carcdsl.fast.jit import I64, JIT, PY
from carcdsl.fast.layout import N_SEG, O1, OS, SEG_ATTR, SEG_KIND
from carcdsl.fast.slots import (
    C_TILE,
    CELLS,
    CTR,
    CURRENT,
    D_BASE,
    D_CELL,
    D_CHOICE,
    D_HELD_N,
    D_INDEX,
    D_O,
    D_PENDING,
    DEC_ST,
    GEO,
    LEFT,
    MTX,
    N_MOVES,
    N_PIECES,
    N_PILE,
    NFOL,
    NODES,
    NTILE,
    P_NODE,
    PILE,
    SCRATCH,
    SEATS,
    T_CELL,
    TILES_,
)

NEU_TB = 20
"""``fast.decisions``' ``DEC_TB``: this module's table follows its two entries, and its state
is the end of ``ST[DEC_ST]`` (from ``X_BASE``; ``mine``): every array more in ``TB`` or ``ST``
costs every game (three cost base + farmers 2%, measured)."""
(X_F, X_HOLD_KIND, X_HOLD_FIG, X_LIST_ALL, X_N_ACTS, X_N_TARGETS, X_N_ANY, X_N_BESIDE,
 X_ENTER, X_ANY_MASK, X_NEUTRAL, X_FIGS, X_ACTS, X_TARGETS, X_ANY, X_BESIDE, X_POS,
 X_BESIDE_AT, X_VISITED, X_HELD, X_CAND, X_WALKS, X_FIXED, X_SIZE, X_BASE) = range(2, 27)
"""``TB[NEU_TB]``'s header (after ``DEC_TB``'s two): how many figures; ``hold back K until F``
(K's kind, F's index; -1: none); whether the random bot lists every move
(``movegen.sample_move``: targets, ``place F anywhere``); how many rows of each kind; the
figures with ``on enter F: return figures here`` (bits); every ``place F anywhere``'s mask
together; whether a rule moves or walks one (``Modes.neutral``); where each kind of rows
begins; where its state keeps each thing (``X_POS`` ...), its size, and where it begins in
``ST[DEC_ST]``."""
FR_NEUTRAL, FR_AVOIDS, FR_BLOCKS, FR_BESIDE = range(4)
AR_COND, AR_KIND, AR_ATTR, AR_ACTION, AR_FIGURE, AR_STEPS = range(6)
"""An ``on place`` rule's ``move``/``walk`` action: its rule's condition (SHOWS, SURROUNDED,
COVERS), kind (COVERS: the marker), attribute (-1: any segment of the kind), then MOVE_HERE or
WALK, the figure, the steps. ``fast.targets``' rows are as wide (``W``)."""
TR_CODE, TR_KIND, TR_ATTR, TR_MASK, TR_FIGURE = range(5)
"""A target (``Modes.targets``): INSTEAD_RETURN (its rule's kind and attribute, the figures'
mask) or BESIDE (the neutral figure, its ``beside``)."""
BR_COND, BR_FIGURE, BR_POINTS, BR_NAME = range(4)
"""An ``on turn beside``/``on score beside`` rule's ``score N``: one row per action."""
W = 6
S_SEED, S_ACTED, S_WALKING, S_PENDING, S_DECIDER, S_W_FIG, S_W_LEFT, S_W_NUMBER, S_N_VISITED, \
    S_N_OPT, S_OPT, S_N_HELD, S_N_WALKS, S_N_CAND = 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 14, 15, 16
S_FINAL, S_FINAL_N, S_PREV, S_N_FIXED, S_LEAD = 17, 18, 19, 22, 23
"""Its state (``mine``): the game's seed; whether the turn's walks are over (``Decisions.acted``);
whether a walk is under way and a step pending; the seat deciding it; the walk (figure, steps
left, step number, squares visited); the pending step's options (4); how many tiles are
held back, walks this turn, candidates of ``fast.targets``; during final scoring
(``S_FINAL``), how many ``on score beside`` scorings it made; the leader, lead changes and
groups before the last turn's step closed (``S_PREV``, 3); how many target spots beside a
figure this turn offers every placement (``S_N_FIXED``; from ``X_FIXED``); from ``S_LEAD`` per seat
the leads before it and those points (``fast.scoring.finish``); then from the header's
offsets."""


def _condition(rule) -> tuple[int, int, int]:
    """A rule's condition as a row holds it (EXTENDS is refused: ``support``)."""
    return rule.condition, rule.kind if rule.condition != COVERS else -1, rule.attribute


def tables(tb: Tables, players: int) -> np.ndarray:
    """``TB[NEU_TB]`` but its first two entries (``fast.decisions``' own), and this module's
    rows (``fast.targets`` reads some)."""
    modes = tb.modes
    figs, acts, targets, anywhere, beside = _rows(tb)
    enter = sum(1 << rule.figure for rule in modes.on_enter
                if any(a[0] == RETURN_HERE for a in rule.actions))
    any_mask = 0
    for row in anywhere:
        any_mask |= row[3]
    rows = [list(r) + [0] * (W - len(r)) for r in (*figs, *acts, *targets, *anywhere, *beside)]
    header = np.zeros(X_BASE + 1, np.int64)
    hold = modes.hold if modes.hold is not None else (-1, -1)
    at = X_BASE + 1
    starts = []
    for part in (figs, acts, targets, anywhere, beside):
        starts.append(at)
        at += W * len(part)
    header[X_F:X_POS] = (len(figs), hold[0], hold[1],
                         bool(modes.targets) or modes.placing_anywhere, len(acts), len(targets),
                         len(anywhere), len(beside), enter, any_mask, modes.neutral, *starts)
    header[X_POS:X_BASE + 1] = _state_layout(tb, players, len(acts), len(targets))
    body = np.array(rows, np.int64).reshape(-1) if rows else np.zeros(0, np.int64)
    return np.concatenate((header, body))


def _rows(tb: Tables) -> tuple[list, list, list, list, list]:
    """The rows of ``tables``: per figure (``FR_*``), ``move``/``walk`` actions (``AR_*``),
    targets (``TR_*``), ``place F anywhere`` rules, ``on ... beside`` scorings (``BR_*``)."""
    from carcdsl.fast.effects import _marker, event_names

    modes = tb.modes
    names = {name: i for i, name in enumerate(event_names(tb))}
    figs = [(f.neutral, f.avoids, f.blocks, f.beside) for f in modes.figures]
    acts, anywhere, targets = [], [], []
    for rule in modes.triggers:
        cond = list(_condition(rule))
        if rule.condition == COVERS:
            cond[1] = _marker(tb, rule.marker)
        for a in rule.actions:
            if a[0] == MOVE_HERE:
                acts.append((*cond, MOVE_HERE, a[1], 0))
            elif a[0] == WALK:
                acts.append((*cond, WALK, a[1], a[2]))
            elif a[0] == PLACE_ANYWHERE:
                anywhere.append((*cond, a[1], 0, 0))
    for code, arg, mask in modes.targets:
        if code == INSTEAD_RETURN:
            rule = modes.triggers[arg]
            targets.append((code, rule.kind, rule.attribute, mask, -1, 0))
        else:
            targets.append((BESIDE, -1, -1, mask, arg, 0))
    beside = [(rule.condition, rule.figure, a[1], names[rule.feature])
              for rule in modes.on_beside for a in rule.actions if a[0] == SCORE]
    return figs, acts, targets, anywhere, beside


def _state_layout(tb: Tables, players: int, acts: int, targets: int) -> tuple[int, ...]:
    """Where the state keeps each thing (``X_POS`` to ``X_FIXED``), its size and where it
    begins in ``ST[DEC_ST]`` (``X_BASE``: after ``decisions.state``'s own)."""
    modes, n_f = tb.modes, len(tb.modes.figures)
    pile, _ = unshuffled_pile(tb)
    tiles = [4 * t for t in pile] + list(range(4 * len(tb.type_names), len(tb.sigs)))
    if tb.start_type is not None:
        tiles.append(4 * tb.start_type)
    tiles += [4 * t for t, n in modes.owned for _ in range(n * players)]  # ``fast.owned``'s
    segments = sum(len(tb.segments[o]) for o in tiles)
    pos = S_LEAD + 2 * modes.players[1]
    visited = pos + 4 * n_f
    held = visited + 102
    cand = held + len(pile) + 1
    walks = cand + 2 * (n_f + 1) * segments + 2
    fixed = walks + 2 * acts + 1
    pieces = players * (modes.followers[players] + sum(f.supply_for(players)
                                                         for f in modes.figures))
    base = D_HELD_N + players + len(pile) + 3 + 1
    return (pos, pos + n_f, visited, held, cand, walks, fixed, fixed + targets * pieces + 1,
            base)


@nb.njit(cache=True, inline="always")
def mine(TB, ST):
    """This module's state: ``ST[DEC_ST]`` from ``X_BASE``."""
    return ST[DEC_ST][TB[NEU_TB][X_BASE]:]


@nb.njit(**JIT)
def reset(TB, ST, seed):
    """A new game: every neutral figure off the board and beside nothing, no walk, nothing
    held back; the game's seed kept for the tiles held back."""
    nt, ns = TB[NEU_TB], mine(TB, ST)
    ns[:nt[X_VISITED]] = 0
    ns[S_SEED] = seed
    ns[S_DECIDER] = -1
    for f in range(nt[X_F]):
        ns[nt[X_POS] + f] = -1
        ns[nt[X_BESIDE_AT] + 3 * f] = -1


@nb.njit(cache=True, inline="always")
def row(TB, at, i):
    """Row ``i`` of the rows that begin at ``at`` (``X_FIGS`` ...)."""
    nt = TB[NEU_TB]
    first = nt[at] + W * i
    return nt[first:first + W]


@nb.njit(**JIT)
def at_of(TB, ST, f):
    """Where neutral figure ``f`` stands (a cell), -1: off the board."""
    return mine(TB, ST)[TB[NEU_TB][X_POS] + f]


@nb.njit(**JIT)
def rule_holds(TB, ST, cond, kind, attribute, o, cell):
    """``effects.rule_root`` != MISSED for a rule of condition SHOWS (``kind`` with
    ``attribute``, -1: any), SURROUNDED or COVERS (``kind``: the marker) and ``o`` on
    ``cell`` (placed or not: its neighbours decide)."""
    if cond == SURROUNDED:
        return effects.surrounded4(ST, cell)
    if cond == COVERS:
        return kind >= 0 and boards.marker_at(TB, ST, cell, kind)
    return kind >= 0 and first_showing(TB, o, kind, attribute) >= 0


@nb.njit(**JIT)
def first_showing(TB, o, kind, attribute):
    """The first local segment of ``o`` of ``kind`` carrying ``attribute`` (-1: any), or -1
    (``targets._segments``)."""
    os_ = TB[OS]
    for i in range(TB[O1][N_SEG, o]):
        if os_[SEG_KIND, o, i] == kind and (attribute < 0 or TB[SEG_ATTR][o, i, attribute] > 0):
            return i
    return -1


@nb.njit(**JIT)
def blocked(TB, ST, cell):
    """``targets.blocked``: a neutral figure that ``blocks`` stands on ``cell``."""
    nt = TB[NEU_TB]
    for f in range(nt[X_F]):
        if row(TB, I64(X_FIGS), f)[FR_BLOCKS] and at_of(TB, ST, f) == cell:
            return True
    return False


# --- held tiles ----------------------------------------------------------------------------------

@nb.njit(**JIT)
def must_hold(TB, ST, t):
    """``neutral.must_hold``: tile type ``t``, drawn now, shows the kind held back and its
    figure is off the board."""
    nt = TB[NEU_TB]
    if nt[X_HOLD_KIND] < 0 or at_of(TB, ST, nt[X_HOLD_FIG]) >= 0:
        return False
    return effects.tile_entry(TB, 4 * t, TB[effects.RULES][effects.H_KINDS] + nt[X_HOLD_KIND]) >= 0


@nb.njit(**JIT)
def hold(TB, ST, t):
    """Tile ``t`` is set aside until the figure comes (``Supply.held``)."""
    ns = mine(TB, ST)
    ns[TB[NEU_TB][X_HELD] + ns[S_N_HELD]] = t
    ns[S_N_HELD] += 1


@nb.njit(**PY)
def hold_seed(seed, moves):
    """``facts.hold_seed`` in 64 bits without an overflow: ``|seed| * 1_000_003`` taken
    below 2**63 in two halves (|seed| < 2**49), as the mask keeps 63 bits."""
    a = abs(seed)
    hi, lo = a >> 31, a & 0x7FFFFFFF
    v = np.uint64(((hi * 1_000_003) & 0xFFFFFFFF) << 31) + np.uint64(lo * 1_000_003) \
        + np.uint64(moves)
    return np.int64((v ^ np.uint64(HOLD_SALT)) & np.uint64(0x7FFFFFFFFFFFFFFF))


@nb.njit(**JIT)
def release_held(TB, ST):
    """``neutral.release_held``: the held tiles go into the pile at random places, drawn
    from ``Random(hold_seed(seed, moves))``."""
    ns, tiles, ctr, gen = mine(TB, ST), ST[TILES_], ST[CTR], ST[MTX][ST[MTX].shape[0] - 1]
    mt.seed_int(gen, hold_seed(ns[S_SEED], ctr[N_MOVES]))
    pile, first = tiles[PILE], TB[NEU_TB][X_HELD]
    for h in range(ns[S_N_HELD]):
        i = mt.below(gen, ctr[N_PILE] + 1)
        for k in range(ctr[N_PILE], i, -1):
            pile[k] = pile[k - 1]
        pile[i] = ns[first + h]
        ctr[N_PILE] += 1
    ns[S_N_HELD] = 0


# --- coming to a square ---------------------------------------------------------------------------

@nb.njit(**JIT)
def enter(TB, ST, f, cell):
    """``neutral.enter``: figure ``f`` comes to ``cell``; the tiles held until it came go
    back; its ``on enter`` rules act there."""
    nt, ns = TB[NEU_TB], mine(TB, ST)
    if nt[X_HOLD_FIG] == f and ns[S_N_HELD]:
        release_held(TB, ST)
    ns[nt[X_POS] + f] = cell
    if nt[X_ENTER] >> f & 1:
        return_here(TB, ST, cell)


@nb.njit(**JIT)
def return_here(TB, ST, cell):
    """Every player's figure standing on ``cell`` goes home, unscored."""
    nodes, tiles, ctr = ST[NODES], ST[TILES_], ST[CTR]
    p = 0
    while p < ctr[N_PIECES]:
        if tiles[T_CELL, nodes[NTILE, tiles[P_NODE, p]]] == cell:
            seat, code = figures.remove(TB, ST, p)
            supply_of(ST, code, seat)
        else:
            p += 1


@nb.njit(**JIT)
def supply_of(ST, code, seat):
    """``Seats.supply_of(code)[seat] += 1``."""
    if code:
        ST[figures.FC][code - 1, seat] += 1
    else:
        ST[SEATS][LEFT, seat] += 1


# --- a turn's moves and walks ---------------------------------------------------------------------

@nb.njit(**JIT)
def act(TB, ST, o, cell, base, index, choice):
    """``neutral.act``: this turn's ``move``s, then its walks; True when the turn waits for
    a walk's step (the turn's rest kept in ``ST[DEC_ST]``)."""
    nt, ns = TB[NEU_TB], mine(TB, ST)
    if ns[S_ACTED]:
        ns[S_ACTED] = 0
        return False
    walks = nt[X_WALKS]
    ns[S_N_WALKS] = 0
    for i in range(nt[X_N_ACTS]):
        a = row(TB, I64(X_ACTS), i)
        if not rule_holds(TB, ST, a[AR_COND], a[AR_KIND], a[AR_ATTR], o, cell):
            continue
        if a[AR_ACTION] == MOVE_HERE:
            enter(TB, ST, a[AR_FIGURE], cell)
        else:
            ns[walks + 2 * ns[S_N_WALKS]] = a[AR_FIGURE]
            ns[walks + 2 * ns[S_N_WALKS] + 1] = a[AR_STEPS]
            ns[S_N_WALKS] += 1
    for w in range(ns[S_N_WALKS]):
        f = ns[walks + 2 * w]
        if at_of(TB, ST, f) < 0:
            continue
        ns[S_WALKING], ns[S_W_FIG], ns[S_W_LEFT], ns[S_W_NUMBER] = 1, f, ns[walks + 2 * w + 1], 0
        ns[nt[X_VISITED]] = at_of(TB, ST, f)
        ns[S_N_VISITED] = 1
        offer(TB, ST)
        if ns[S_PENDING]:
            ns[S_ACTED] = 1
            dc = ST[DEC_ST]
            dc[D_O], dc[D_CELL], dc[D_BASE], dc[D_INDEX], dc[D_CHOICE] = (o, cell, base, index,
                                                                          choice)
            return True
    return False


@nb.njit(**JIT)
def offer(TB, ST):
    """``neutral.offer``: the walk's next step waits for the next player in turn; with no
    step left, or nowhere to go, the walk ends."""
    nt, ns = TB[NEU_TB], mine(TB, ST)
    n = 0
    if ns[S_W_LEFT] > 0:
        f = ns[S_W_FIG]
        here = at_of(TB, ST, f)
        avoids = row(TB, I64(X_FIGS), f)[FR_AVOIDS]
        cells, geo = ST[CELLS], ST[SCRATCH][GEO]
        for d in range(4):
            c = here + geo[d]
            if cells[C_TILE, c] < 0:
                continue
            ok = True
            for v in range(ns[S_N_VISITED]):
                if ns[nt[X_VISITED] + v] == c:
                    ok = False
            for g in range(nt[X_F]):
                if avoids >> g & 1 and at_of(TB, ST, g) == c:
                    ok = False
            if ok:
                ns[S_OPT + n] = d
                n += 1
    ns[S_N_OPT] = n
    if n == 0:
        ns[S_WALKING], ns[S_PENDING], ns[S_DECIDER] = 0, 0, -1
        return
    ns[S_PENDING] = 1
    ST[DEC_ST][D_PENDING] = 1
    players = ST[NFOL].shape[1]
    ns[S_DECIDER] = (ST[CTR][CURRENT] + ns[S_W_NUMBER]) % players


@nb.njit(**JIT)
def step(TB, ST, option):
    """``neutral.step``: the walking figure goes one square in direction ``option``."""
    ns = mine(TB, ST)
    ns[S_PENDING], ns[S_DECIDER] = 0, -1
    ST[DEC_ST][D_PENDING] = 0
    f = ns[S_W_FIG]
    cell = at_of(TB, ST, f) + ST[SCRATCH][GEO][option]
    ns[S_W_LEFT] -= 1
    ns[S_W_NUMBER] += 1
    ns[TB[NEU_TB][X_VISITED] + ns[S_N_VISITED]] = cell
    ns[S_N_VISITED] += 1
    enter(TB, ST, f, cell)
    offer(TB, ST)


@nb.njit(**JIT)
def walking(TB, ST):
    """Whether the pending decision is a walk's step."""
    return TB[NEU_TB][X_N_ACTS] > 0 and mine(TB, ST)[S_PENDING] > 0


@nb.njit(**JIT)
def decider(TB, ST, seat):
    """The seat to move: the one deciding a pending step, else ``seat``."""
    if walking(TB, ST):
        return mine(TB, ST)[S_DECIDER]
    return seat


@nb.njit(**JIT)
def step_moves(TB, ST, buf):
    """``decisions.fast_moves`` of a pending step: ``(DECIDE, 0, 0, direction)`` rows;
    returns how many."""
    ns = mine(TB, ST)
    for k in range(ns[S_N_OPT]):
        buf[k, 0], buf[k, 1], buf[k, 2], buf[k, 3] = -1, 0, 0, ns[S_OPT + k]
    return ns[S_N_OPT]


# --- a position of the Python engine --------------------------------------------------------------

def load(tb, st, state, cell) -> None:
    """``state``'s neutral figures into ``st`` (``Kernel._load``): where each stands, the
    piece each stands beside, the tiles held back, a walk under way (its pending step)."""
    from carcdsl.engine.parts import WALKING

    nt = tb[NEU_TB]
    ns = st[DEC_ST][nt[X_BASE]:]
    d = state.decisions
    ns[:] = 0
    ns[S_SEED] = abs(state.seed or 0)
    ns[S_DECIDER] = -1
    for f in range(int(nt[X_F])):
        ns[nt[X_POS] + f] = cell(d.neutral[f]) if f in d.neutral else -1
        piece = d.beside.get(f)
        ns[nt[X_BESIDE_AT] + 3 * f:nt[X_BESIDE_AT] + 3 * f + 3] = \
            (piece[0], piece[1], piece[3]) if piece is not None else (-1, 0, 0)
    held = state.supply.held
    ns[nt[X_HELD]:nt[X_HELD] + len(held)] = held
    ns[S_N_HELD] = len(held)
    ns[S_ACTED] = d.acted
    if d.walk is not None:
        f, left, number, visited = d.walk
        ns[S_WALKING], ns[S_W_FIG], ns[S_W_LEFT], ns[S_W_NUMBER] = 1, f, left, number
        ns[nt[X_VISITED]:nt[X_VISITED] + len(visited)] = [cell(k) for k in visited]
        ns[S_N_VISITED] = len(visited)
    if d.pending is not None and d.pending[0] == WALKING:
        ns[S_PENDING], ns[S_DECIDER] = 1, d.decider
        ns[S_N_OPT] = len(d.pending[1])
        ns[S_OPT:S_OPT + len(d.pending[1])] = d.pending[1]
