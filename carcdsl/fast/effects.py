"""The kernel's effects, as ``engine.effects`` and the token parts of ``engine.scoring`` and
``engine.state`` run them: ``on place`` rules (an extra turn, points to the placer, tokens onto
the tile), ``on complete`` rules (an extra turn, points, tokens taken), tokens (the supply, each
player's, on the start tile's sides, collected by a feature's scorers, scored at the end). Its
tables and state also hold what ``fast.requirements`` reads (the placement requirements' rows,
the turns a path made) and ``fast.turn`` (whether the turn is an extra one).

Its tables are two arrays of ``TB`` (``RULES`` at ``EFF_TB``, ``PER_TILE`` after it) and its
state two of ``ST`` (``ON`` at ``EFF_ST``, ``MISC`` after it), each one-dimensional, its rows
laid end to end at the offsets named below: every array of ``TB`` and ``ST`` is passed to every
kernel function as its fields, and four two-dimensional arrays instead of one-dimensional ones
cost the base game a sixth of its speed (measured). The kernel calls in where the Python engine
does the work, each call behind a count of ``RULES``' header, so rule sets without these
constructs pay almost nothing.

Scorings these make (an ``on place``/``on complete`` rule's points, a token's final points or
majority) name their rule's feature or the token, not a kind: ``event_names`` gives every
scoring name an index (the kinds first, as ``emit`` and ``Batch.points`` count them).
"""

from __future__ import annotations

import numba as nb
import numpy as np

from carcdsl.compile.facts import (
    TOKEN_COLLECTED,
    TOKEN_GIVEN,
    TOKEN_HELD,
    TOKEN_PUT,
    TOKEN_TAKEN,
    start_token_segments,
)
from carcdsl.compile.modes import (
    ANY_FOLLOWER,
    CAPTURE,
    CHOOSE,
    COVERS,
    DRAW_BAG,
    EXTENDS,
    EXTRA_TURN,
    HIDE,
    NO_NEED,
    PUT,
    RETURN_FIGURES,
    RETURN_TOKENS,
    SCORE,
    SCORE_MOST,
    SCORE_TO,
    SHOWS,
    SURROUNDED,
    TAKE,
)
from carcdsl.compile.scorings import all_actions as _all_actions
from carcdsl.compile.scorings import scoring_names as event_names
from carcdsl.compile.tables import Tables
from carcdsl.fast import boards, supply
from carcdsl.fast.figures import PF_FIG, STRENGTH
from carcdsl.fast.jit import I64, JIT
from carcdsl.fast.layout import (
    CODE,
    EFF_TB,
    FIG_TB,
    N_KINDS,
    N_SEG,
    N_TYPES,
    O1,
    OS,
    PARAMS,
    SEG_KIND,
    SLOTS,
    SUPPLY,
    capture_actions,
    marker_names,
    most_actions,
)
from carcdsl.fast.program import compile_program, run
from carcdsl.fast.slots import (
    C_TILE,
    CELLS,
    CTR,
    CURRENT,
    EFF_ST,
    FIG_ST,
    GEO,
    N_NODES,
    N_PIECES,
    NATTR,
    NFOL,
    NODES,
    NTILE,
    NXT,
    P_NODE,
    P_SEAT,
    ROOT,
    SCRATCH,
    STACK_ROW,
    T_CELL,
    T_O,
    TILES_,
    VALUES,
    emit,
    log_tokens,
)
from carcdsl.geometry import ports as P

RULES, PER_TILE = EFF_TB, EFF_TB + 1
ON, MISC = EFF_ST, EFF_ST + 1

H_TRIGGERS, H_COMPLETE, H_TOKENS, H_REQUIREMENTS, H_KINDS, H_WIDTH, H_START = range(7)
H_ON_FIGURE, H_ON_DRAW, H_ON_FINAL, H_EXTENDS_ACTS = range(H_START + 4, H_START + 8)
"""How many ``on figure``, ``on draw`` and ``on final`` rules: their rows follow the
requirements', then the rows of ``choose``'s options (``fast.bags``); whether an ``on place
extends`` rule acts on its feature (``bags.fire_extends``)."""
H_SIZE = H_START + 8
"""``TB[RULES]`` begins with a header: how many ``on place`` rules, ``on complete`` rules,
token kinds and requirements (their rows follow it in that order, one each, ``H_WIDTH``
long); the kinds; from ``H_START``, per side N E S W the start tile's local segment its
tokens go on (-1: none)."""
R_COND, R_KIND, R_KINDS, R_FIGURE, R_N_ACTIONS, R_ACTIONS = range(6)
"""A rule's row: its condition, kind (SHOWS, COMPLETE; -1: none; COVERS: the marker,
``_marker``; EXTENDS: 1 when anyone's figure counts, ``with F``), kinds (EXTENDS, a bit
mask), figure (EXTENDS), how many actions, then 4 columns per action: ``(EXTRA_TURN)``,
``(SCORE, points, scoring name)``, ``(PUT, count, token, kind)``, ``(TAKE, token, attribute
of the rule's kind or -1)``."""
(TK_SUPPLY, TK_EACH, TK_START, TK_COLLECTED, TK_FINAL, TK_MOST, TK_NAME, TK_CODE_LEN, TK_BAG,
 TK_WORTH) = range(10)
"""A token kind's row: ``TokenKind``'s numbers, its scoring name and the length of its
``score final = EXPR`` program (0: none; its rows: ``layout._programs``), its bag (-1: none)
and worth."""
Q_COND, Q_SHOWN, Q_TEST, Q_KIND, Q_DISTANCE = range(5)
"""A requirement's row: ``Requirement``'s numbers (``Q_SHOWN``, for COVERS: the marker,
``_marker``). ``TB[PER_TILE]``, 2K per oriented tile:
at k, the sides (bits N E S W) whose middle shows kind k; at K + k, its first local segment of
kind k (-1: none); after them, per oriented tile, whether some requirement may apply to it
(one shows a kind it shows, or asks for its surroundings): ``passes`` looks no further where
none may."""

IN_EXTRA, E_SUPPLY = 0, 1
"""``ST[MISC]``: whether the turn being played is an extra turn; from ``E_SUPPLY``, per token
kind the tokens in supply; then per kind the turns its path made lately (3 each, as
``Grid.turns``: ``_turns``); then per token kind, per seat the tokens held (``_held``).
``ST[ON]``, nodes per token kind: the tokens lying on each node; a feature's are those on its
members (``Features.union`` adds them up at the root kept; here a feature's are summed when it
scores, so that joining features costs nothing more)."""


def tables(tb: Tables, players: int) -> tuple[np.ndarray, np.ndarray]:
    """The two arrays of ``TB`` this module owns (``RULES``, ``PER_TILE``)."""
    modes, kinds = tb.modes, tb.kinds
    names = {name: i for i, name in enumerate(event_names(tb))}
    rules = (*modes.triggers, *modes.on_complete)
    later = (*modes.on_figure, *modes.on_draw, *modes.on_final)
    options = [acts for a in _all_actions(tb) if a[0] == CHOOSE for _n, acts in a[1]]
    width = max([TK_WORTH + 1, Q_DISTANCE + 1]
                + [R_ACTIONS + 4 * len(r.actions) for r in (*rules, *later)]
                + [R_ACTIONS + 4 * len(acts) for acts in options])
    rows = len(rules) + len(modes.tokens) + len(modes.requirements) + len(later)
    header = np.full(H_SIZE, -1, np.int64)
    header[:H_START] = (len(modes.triggers), len(modes.on_complete), len(modes.tokens),
                        len(modes.requirements), len(kinds), width)
    header[H_START:H_START + 4] = start_token_segments(tb)
    header[H_ON_FIGURE:H_SIZE] = (len(modes.on_figure), len(modes.on_draw), len(modes.on_final),
                                  any(a[0] >= DRAW_BAG for r in modes.triggers
                                      for a in r.actions if r.condition == EXTENDS))
    out = np.full((rows + len(options), width), -1, np.int64)
    option_rows: list[tuple] = []
    row = 0
    for r in rules:
        _rule_row(tb, out[row], r, r.actions, names, rows, option_rows)
        row += 1
    for t in modes.tokens:
        out[row, :TK_WORTH + 1] = (
            t.supply, t.each_player, t.start_sides, t.collected, t.final_points, t.most_points,
            names.get(t.name, -1),
            len(compile_program(t.final_program)[0]) if t.final_program is not None else 0,
            t.bag, t.worth)
        row += 1
    for q in modes.requirements:
        out[row, :Q_DISTANCE + 1] = (q.condition, _marker(tb, q.marker) if q.condition == COVERS
                                     else q.kind_shown, q.test, q.kind, q.distance)
        row += 1
    for r in later:
        _rule_row(tb, out[row], r, r.actions, names, rows, option_rows)
        row += 1
    for acts in option_rows:  # appended while the rows above were written
        _rule_row(tb, out[row], None, acts, names, rows, option_rows)
        row += 1
    n_o, n_k = 4 * len(tb.type_names), len(kinds)
    per_tile = np.full((n_o, 2 * n_k), -1, np.int64)
    per_tile[:, :n_k] = 0
    for o in range(n_o):
        segments, seg_at = tb.segments[o], tb.seg_at[o]
        for i in range(len(segments) - 1, -1, -1):
            per_tile[o, n_k + segments[i].kind] = i
        for d in range(4):
            i = seg_at[P.middle(d)]
            if i >= 0:
                per_tile[o, segments[i].kind] |= 1 << d
    checked = np.zeros(n_o, np.int64)
    for q in modes.requirements:
        for o in range(n_o):
            if q.condition != SHOWS or q.kind_shown >= 0 and per_tile[o, n_k + q.kind_shown] >= 0:
                checked[o] = 1
    return np.concatenate((header, out.ravel())), np.concatenate((per_tile.ravel(), checked))


def _rule_row(tb: Tables, out: np.ndarray, r, actions: tuple, names: dict, first: int,
              options: list) -> None:
    """One rule's row (``r`` None: a ``choose`` option's, actions only): its condition, kind
    (SHOWS, COMPLETE, DRAW: the token), kinds mask, figure, then 4 columns per action. A
    ``choose`` writes (CHOOSE, options, the row of its first option, -1) and queues its
    options' rows (in ``options``, from row ``first``)."""
    if r is not None:
        out[:R_ACTIONS] = (r.condition, _marker(tb, r.marker) if r.condition == COVERS
                           else int(r.anyone) if r.condition == EXTENDS else r.kind,
                           sum(1 << k for k in r.kinds if k >= 0), r.figure, len(actions))
    else:
        out[R_N_ACTIONS] = len(actions)
    kinds = tb.kinds
    for a, action in enumerate(actions):
        col = R_ACTIONS + 4 * a
        out[col] = action[0]
        if action[0] == SCORE:
            out[col + 1:col + 3] = action[1], names[r.feature]
        elif action[0] == PUT:
            out[col + 1:col + 4] = action[1:]
        elif action[0] in (HIDE, DRAW_BAG, RETURN_TOKENS, RETURN_FIGURES):
            out[col + 1] = action[1]
        elif action[0] == SCORE_TO:
            out[col + 1:col + 4] = action[1], action[2], names[tb.modes.bags[action[1]]]
        elif action[0] == CHOOSE:
            out[col + 1:col + 3] = len(action[1]), first + len(options)
            options += [acts for _name, acts in action[1]]
        elif action[0] == CAPTURE:  # its reach: a program row of ``layout._programs``
            row = len(kinds) + len(tb.modes.figures) + len(tb.modes.tokens) + \
                capture_actions(tb).index(action)
            code, slots = compile_program(action[2], marker_names(tb))
            out[col + 1:col + 4] = action[1], row, len(code) | len(slots) << 16
        elif action[0] == SCORE_MOST:  # its program: a row of ``layout._programs``
            row = len(kinds) + len(tb.modes.figures) + len(tb.modes.tokens) + len(
                capture_actions(tb)) + most_actions(tb).index(action)
            code, slots = compile_program(action[1], marker_names(tb))
            out[col + 1:col + 4] = row, len(code) | len(slots) << 16, action[2]
        elif action[0] == TAKE:
            attributes = kinds[r.kind].attribute_names if r.kind >= 0 else ()
            out[col + 1] = action[1]
            out[col + 2] = attributes.index(action[2]) if action[2] in attributes else -1


def _marker(tb: Tables, name: str | None) -> int:
    """A marker's bit (``marker_names`` order), or -1 for one the board does not have."""
    names = marker_names(tb)
    return names.index(name) if name in names else -1


@nb.njit(cache=True, inline="always")
def rule_row(TB, q):
    """Row ``q`` of ``TB[RULES]`` (the ``on place`` rules, ``on complete`` rules, token
    kinds, requirements, counted together)."""
    rules = TB[RULES]
    at = H_SIZE + q * rules[H_WIDTH]
    return rules[at:at + rules[H_WIDTH]]


@nb.njit(**JIT)
def tile_entry(TB, o, col):
    """Column ``col`` of oriented tile ``o``'s row of ``TB[PER_TILE]``."""
    return TB[PER_TILE][2 * o * TB[RULES][H_KINDS] + col]


@nb.njit(**JIT)
def turns_at(TB):
    """Where ``ST[MISC]`` keeps the turns of kind 0."""
    return E_SUPPLY + TB[RULES][H_TOKENS]


@nb.njit(**JIT)
def _held(TB, ST, i):
    """Where ``ST[MISC]`` keeps seat 0's tokens of kind ``i``."""
    return turns_at(TB) + 3 * TB[RULES][H_KINDS] + i * ST[NFOL].shape[1]


@nb.njit(cache=True)
def state(TB, players, owned):
    """The two arrays of ``ST`` this module owns (allocated once per batch); ``owned``: the
    tiles the players own (``owned.extra_tiles``)."""
    n_tok = TB[RULES][H_TOKENS]
    nodes = (TB[SUPPLY].shape[0] + 1 + boards.extra_tiles(TB) + owned) * TB[OS].shape[2]
    return (np.zeros(n_tok * nodes, np.int64),
            np.zeros(E_SUPPLY + n_tok + 3 * TB[RULES][H_KINDS] + n_tok * players, np.int64))


@nb.njit(**JIT)
def reset(TB, ST):
    """A new game (before the kernel clears its counters): no tokens on features, each kind's
    supply less what the players are given, no path turns, not an extra turn."""
    header, on, misc = TB[RULES], ST[ON], ST[MISC]
    nodes, used = ST[NODES].shape[1], ST[CTR][N_NODES]
    misc[:] = 0
    players = ST[NFOL].shape[1]
    first = header[H_TRIGGERS] + header[H_COMPLETE]
    for i in range(header[H_TOKENS]):
        on[i * nodes:i * nodes + used] = 0
        row = rule_row(TB, first + i)
        misc[E_SUPPLY + i] = row[TK_SUPPLY] - row[TK_EACH] * players
        held = _held(TB, ST, i)
        misc[held:held + players] = row[TK_EACH]


@nb.njit(**JIT)
def put_tokens(ST, LOG, i, count, node, index):
    """``effects.put_tokens``: up to ``count`` tokens of kind ``i`` from the supply onto the
    feature of ``node`` (``index``: the move, -1 at set-up)."""
    misc = ST[MISC]
    count = min(count, misc[E_SUPPLY + i])
    if count <= 0:
        return
    misc[E_SUPPLY + i] -= count
    ST[ON][i * ST[NODES].shape[1] + node] += count
    log_tokens(ST, LOG, index, i, count, I64(TOKEN_PUT), I64(-1))


@nb.njit(**JIT)
def set_up(TB, ST, LOG, base):
    """``State._place_start``'s tokens: ``start sides`` tokens on each side of the start tile
    (placed with first node ``base``)."""
    header = TB[RULES]
    first = header[H_TRIGGERS] + header[H_COMPLETE]
    for i in range(header[H_TOKENS]):
        count = rule_row(TB, first + i)[TK_START]
        if count <= 0:
            continue
        for d in range(4):
            local = header[H_START + d]
            if local >= 0:
                put_tokens(ST, LOG, i, count, base + local, I64(-1))


@nb.njit(**JIT)
def surrounded4(ST, cell):
    """A tile on each side of ``cell`` (N E S W)."""
    cells, geo = ST[CELLS], ST[SCRATCH][GEO]
    for d in range(4):  # noqa: SIM110 (no generators in the kernel)
        if cells[C_TILE, cell + geo[d]] < 0:
            return False
    return True


@nb.njit(**JIT)
def extending_piece(TB, ST, o, cell, base, kinds, figure, anyone, p0):
    """``effects.extended_roots``, a piece at a time: the first piece from ``p0`` on that is
    the mover's ``figure`` (``anyone``: anyone's; ANY_FOLLOWER: any that counts) on another
    square, on a feature of ``kinds`` (a mask) that ``o`` just placed on ``cell`` extended;
    -1 when none is (its root: the feature ``effects.extended_root`` names)."""
    if figure == NO_NEED:
        return -1
    nodes, tiles, ctr = ST[NODES], ST[TILES_], ST[CTR]
    piece_fig, fk = ST[FIG_ST][PF_FIG], TB[FIG_TB]
    seat = ctr[CURRENT]
    os_ = TB[OS]
    for p in range(p0, ctr[N_PIECES]):
        node = tiles[P_NODE, p]
        if not anyone and tiles[P_SEAT, p] != seat or tiles[T_CELL, nodes[NTILE, node]] == cell:
            continue
        r = nodes[ROOT, node]
        joined = False
        for i in range(TB[O1][N_SEG, o]):
            if kinds >> os_[SEG_KIND, o, i] & 1 and nodes[ROOT, base + i] == r:
                joined = True
                break
        if not joined:
            continue
        fig = piece_fig[p]
        if fig == figure + 1 or figure == ANY_FOLLOWER and (fig == 0
                                                            or fk[fig - 1, STRENGTH] > 0):
            return p
    return -1


@nb.njit(**JIT)
def showing_around(TB, ST, cell, kind):
    """``Grid.showing_around``: placed tiles of the eight around ``cell`` that show
    ``kind``."""
    cells, geo, types4 = ST[CELLS], ST[SCRATCH][GEO], 4 * TB[PARAMS][N_TYPES]
    n = 0
    for q in range(4, 12):
        t = cells[C_TILE, cell + geo[q]]
        if t < 0:
            continue
        o = ST[TILES_][T_O, t]
        if o < types4 and tile_entry(TB, o, TB[RULES][H_KINDS] + kind) >= 0:
            n += 1
    return n


@nb.njit(**JIT)
def fire_triggers(TB, ST, OUT, LOG, g, o, cell, base, index):
    """``effects.fire_triggers``: the ``on place`` rules for ``o`` just placed on ``cell``
    (first node ``base``), in rule order; True when one gives an extra turn."""
    n_k = TB[RULES][H_KINDS]
    extra = False
    for q in range(TB[RULES][H_TRIGGERS]):
        rule = rule_row(TB, q)
        cond = rule[R_COND]
        if cond == SURROUNDED:
            hit = surrounded4(ST, cell)
        elif cond == EXTENDS:
            hit = extending_piece(TB, ST, o, cell, base, rule[R_KINDS], rule[R_FIGURE],
                                  rule[R_KIND] == 1, I64(0)) >= 0
        elif cond == COVERS:
            hit = rule[R_KIND] >= 0 and boards.marker_at(TB, ST, cell, rule[R_KIND])
        else:
            hit = rule[R_KIND] >= 0 and tile_entry(TB, o, n_k + rule[R_KIND]) >= 0
        if not hit:
            continue
        for a in range(rule[R_N_ACTIONS]):
            col = R_ACTIONS + 4 * a
            action = rule[col]
            if action == EXTRA_TURN:
                extra = True
            elif action == PUT:
                kind = rule[col + 3]
                local = tile_entry(TB, o, n_k + kind) if kind >= 0 else -1
                if local >= 0:
                    put_tokens(ST, LOG, rule[col + 2], rule[col + 1], base + local, index)
            elif action == SCORE:
                emit(ST, OUT, LOG, g, index, ST[CTR][CURRENT], rule[col + 2], I64(0),
                     rule[col + 1])
            elif action == HIDE:
                supply.hide(ST, rule[col + 1])
    return extra


@nb.njit(**JIT)
def fire_completed(TB, ST, OUT, LOG, g, r, kind, index):
    """``effects.fire_completed``: the ``on complete`` rules of ``kind`` for the feature of
    root ``r`` that the placement completed; True when one gives an extra turn."""
    header, misc = TB[RULES], ST[MISC]
    extra = False
    seat = ST[CTR][CURRENT]
    for q in range(header[H_COMPLETE]):
        rule = rule_row(TB, header[H_TRIGGERS] + q)
        if rule[R_KIND] != kind:
            continue
        for a in range(rule[R_N_ACTIONS]):
            col = R_ACTIONS + 4 * a
            action = rule[col]
            if action == EXTRA_TURN:
                extra = True
            elif action == SCORE:
                emit(ST, OUT, LOG, g, index, seat, rule[col + 2], I64(0), rule[col + 1])
            elif action == TAKE and rule[col + 2] >= 0:
                token = rule[col + 1]
                count = min(ST[NATTR][r, rule[col + 2]], misc[E_SUPPLY + token])
                if count > 0:
                    misc[E_SUPPLY + token] -= count
                    misc[_held(TB, ST, token) + seat] += count
                    log_tokens(ST, LOG, index, token, count, I64(TOKEN_TAKEN), seat)
            elif action == HIDE:
                supply.hide(ST, rule[col + 1])
    return extra


@nb.njit(**JIT)
def collect(TB, ST, LOG, r, best, index):
    """``scoring._collect_tokens``: tokens of kinds collected on the scored feature of root
    ``r`` go to its scorers (those with ``best`` followers), one at a time in turn order from
    the player to move."""
    header, on, misc, nfol, nxt = TB[RULES], ST[ON], ST[MISC], ST[NFOL], ST[NODES][NXT]
    first = header[H_TRIGGERS] + header[H_COMPLETE]
    n, nodes = nfol.shape[1], nxt.shape[0]
    current = ST[CTR][CURRENT]
    for i in range(header[H_TOKENS]):
        if not rule_row(TB, first + i)[TK_COLLECTED]:
            continue
        count, m = 0, r
        while True:  # the feature's members
            count += on[i * nodes + m]
            on[i * nodes + m] = 0
            m = nxt[m]
            if m == r:
                break
        if count == 0:
            continue
        held = _held(TB, ST, i)
        winners = 0
        for s in range(n):
            winners += nfol[r, s] == best
        share, rest = count // winners, count % winners
        k = 0
        for step in range(n):  # winners in turn order from the player to move
            s = (current + step) % n
            if nfol[r, s] == best:
                got = share + (k < rest)
                misc[held + s] += got
                k += 1
                if got:
                    log_tokens(ST, LOG, index, i, got, I64(TOKEN_COLLECTED), s)


@nb.njit(**JIT)
def score_held(TB, ST, OUT, LOG, g, index):
    """``scoring._score_held_tokens``: per token kind, its majority (each seat holding the
    most, at least 1), then its points per token held."""
    header, misc = TB[RULES], ST[MISC]
    first = header[H_TRIGGERS] + header[H_COMPLETE]
    n = ST[NFOL].shape[1]
    for i in range(header[H_TOKENS]):
        row = rule_row(TB, first + i)
        at = _held(TB, ST, i)
        held = misc[at:at + n]
        most = 0
        for s in range(n):
            most = max(most, held[s])
        if row[TK_MOST] and most > 0:
            for s in range(n):
                if held[s] == most:
                    emit(ST, OUT, LOG, g, index, s, row[TK_NAME], I64(1), row[TK_MOST])
        for s in range(n):
            if held[s]:
                log_tokens(ST, LOG, index, i, held[s], I64(TOKEN_HELD), s)
        if row[TK_CODE_LEN]:
            for s in range(n):
                if held[s]:
                    points = _held_points(TB, ST, i, row[TK_CODE_LEN], held[s])
                    if points != 0:
                        emit(ST, OUT, LOG, g, index, s, row[TK_NAME], I64(1), points)
        elif row[TK_FINAL]:
            for s in range(n):
                if held[s]:
                    emit(ST, OUT, LOG, g, index, s, row[TK_NAME], I64(1),
                         held[s] * row[TK_FINAL])


@nb.njit(**JIT)
def _held_points(TB, ST, i, length, count):
    """Token kind ``i``'s ``score final = EXPR`` for a player holding ``count``: its program
    (after the kinds' and figures', ``layout._programs``) with every quantity ``count``."""
    at = TB[PARAMS][N_KINDS] + TB[FIG_TB].shape[0] + i
    values = ST[SCRATCH][VALUES]
    for q in range(TB[SLOTS].shape[2]):
        values[q] = count
    return run(TB[CODE][at, 0], length, values, ST[SCRATCH][STACK_ROW])


@nb.njit(**JIT)
def log_given(TB, ST, LOG):
    """``State._set_up``'s tokens given to each player, in the events of a logged game."""
    header = TB[RULES]
    first = header[H_TRIGGERS] + header[H_COMPLETE]
    for i in range(header[H_TOKENS]):
        each = rule_row(TB, first + i)[TK_EACH]
        if each > 0:
            for s in range(ST[NFOL].shape[1]):
                log_tokens(ST, LOG, I64(-1), i, each, I64(TOKEN_GIVEN), s)
