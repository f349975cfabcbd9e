"""The kernel's rules that act on a feature (``engine.effects``' ``act_on``, ``fire_figure``
and the ``extends ... with own F`` rules' feature actions): draws from bags of tokens, tokens
and figures sent back, a bag's worth scored, the option a move chose (``compile.modes``:
DRAW_BAG and after). A draw takes the last row but one of ``ST[MTX]`` (``facts.bag_seed``).

Their rows are ``fast.effects``': the ``on figure`` and ``on draw`` rules after the
requirements, then each ``choose`` option's actions (``effects._rule_row``).
"""

from __future__ import annotations

import numba as nb

from carcdsl.compile.facts import TOKEN_DRAWN, TOKEN_RETURNED
from carcdsl.compile.modes import (
    ANY_FOLLOWER,
    CAPTURE,
    CHOOSE,
    DRAW_BAG,
    EXTENDS,
    RETURN_FIGURES,
    RETURN_TOKENS,
    SCORE_MOST,
    SCORE_TO,
)
from carcdsl.fast import mt
from carcdsl.fast.effects import (
    E_SUPPLY,
    H_COMPLETE,
    H_ON_DRAW,
    H_ON_FIGURE,
    H_ON_FINAL,
    H_REQUIREMENTS,
    H_TOKENS,
    H_TRIGGERS,
    MISC,
    ON,
    R_ACTIONS,
    R_COND,
    R_FIGURE,
    R_KIND,
    R_KINDS,
    R_N_ACTIONS,
    RULES,
    TK_BAG,
    TK_WORTH,
    extending_piece,
    rule_row,
)
from carcdsl.fast.features import kind_of
from carcdsl.fast.figures import FC, NEAR_D, NEAR_SEG, PF_FIG, STRENGTH, neighbour_roots
from carcdsl.fast.jit import I64, JIT
from carcdsl.fast.layout import FIG_TB, N_SEG, O1, OS, SEG_KIND
from carcdsl.fast.measure import score_most
from carcdsl.fast.slots import (
    CTR,
    D_ASK_NODE,
    D_ASK_ROOT,
    D_ASKED,
    DEC_ST,
    FIG_ST,
    LEFT,
    MTX,
    N_PIECES,
    NEAR_ROOT,
    NFOL,
    NODES,
    NXT,
    P_NODE,
    P_SEAT,
    ROOT,
    SCRATCH,
    SEATS,
    TILES_,
    emit,
    log_tokens,
)


@nb.njit(**JIT)
def choice_count(TB, ST, o, cell, seat):
    """``figures.choice_names`` before ``o`` is placed on ``cell``: how many options the
    first ``choose`` rule that applies offers (0: none applies)."""
    header = TB[RULES]
    fk, os_ = TB[FIG_TB], TB[OS]
    for q in range(header[H_TRIGGERS]):
        rule = rule_row(TB, q)
        for a in range(rule[R_N_ACTIONS]):
            col = R_ACTIONS + 4 * a
            if rule[col] != CHOOSE or rule[R_COND] != EXTENDS:
                continue
            n_near = neighbour_roots(TB, ST, o, cell)
            mask = 0
            for i in range(TB[O1][N_SEG, o]):
                if rule[R_KINDS] >> os_[SEG_KIND, o, i] & 1:
                    mask |= ST[FIG_ST][NEAR_SEG, i]
            if _holds_own(ST, fk, n_near, mask, rule[R_FIGURE], -1 if rule[R_KIND] == 1 else seat):
                return rule[col + 1]
    return 0


@nb.njit(**JIT)
def _holds_own(ST, fk, n_near, mask, figure, seat):
    """Whether a piece of ``seat`` of ``figure`` (ANY_FOLLOWER: any that counts) stands on
    one of the near roots ``mask`` marks (``NEAR_D``); ``seat`` -1: anyone's."""
    nodes, tiles, fs = ST[NODES], ST[TILES_], ST[FIG_ST]
    for q in range(n_near):
        if not mask >> q & 1:
            continue
        for p in range(ST[CTR][N_PIECES]):
            if seat >= 0 and tiles[P_SEAT, p] != seat or nodes[ROOT, tiles[P_NODE, p]] != fs[
                    NEAR_D, q]:
                continue
            fig = fs[PF_FIG, p] if fk.shape[0] else 0
            if fig == figure + 1 or figure == ANY_FOLLOWER and (fig == 0
                                                                or fk[fig - 1, STRENGTH] > 0):
                return True
    return False


@nb.njit(**JIT)
def _first_later(TB):
    """The row of the first ``on figure`` rule."""
    h = TB[RULES]
    return h[H_TRIGGERS] + h[H_COMPLETE] + h[H_TOKENS] + h[H_REQUIREMENTS]


@nb.njit(**JIT)
def fire_figure(TB, ST, OUT, LOG, g, figure, node, index):
    """``effects.fire_figure``: the mover just placed figure ``figure`` on ``node``."""
    first = _first_later(TB)
    for q in range(TB[RULES][H_ON_FIGURE]):
        rule = rule_row(TB, first + q)
        if rule[R_FIGURE] == figure:
            root = ST[NODES][ROOT, node]
            act_on(TB, ST, OUT, LOG, g, first + q, I64(0), I64(-1), root, index, I64(0))
            for a in range(rule[R_N_ACTIONS]):  # the state offers it (``decisions``)
                if rule[R_ACTIONS + 4 * a] == CAPTURE:
                    dc = ST[DEC_ST]
                    dc[D_ASKED] = (first + q) << 8 | R_ACTIONS + 4 * a
                    dc[D_ASK_ROOT], dc[D_ASK_NODE] = root, node


@nb.njit(**JIT)
def fire_extends(TB, ST, OUT, LOG, g, o, cell, base, index, choice):
    """The feature actions of the ``on place extends ... with [own] F`` rules, after the
    other ``on place`` actions (``effects.fire_triggers``' ``later``), in rule order: a
    ``choose`` on the first feature extended, each other action on every feature extended
    that holds F (``with F``: anyone's; ``effects.extended_roots``), one action after the
    other."""
    for q in range(TB[RULES][H_TRIGGERS]):
        rule = rule_row(TB, q)
        if rule[R_COND] != EXTENDS:
            continue
        n = I64(-1)
        for a in range(rule[R_N_ACTIONS]):
            action = rule[R_ACTIONS + 4 * a]
            if action < DRAW_BAG:
                continue
            if n < 0:
                n = _extended_roots(TB, ST, o, cell, base, rule)
                if n == 0:
                    break
            roots = ST[SCRATCH][NEAR_ROOT]
            if action == CHOOSE:
                if 0 < choice <= rule[R_ACTIONS + 4 * a + 1]:
                    act_on(TB, ST, OUT, LOG, g, rule[R_ACTIONS + 4 * a + 2] + choice - 1,
                           I64(0), I64(-1), roots[0], index, I64(0))
            else:
                for e in range(n if rule[R_KIND] == 1 else 1):
                    act_on(TB, ST, OUT, LOG, g, q, a, a + 1, roots[e], index, I64(0))


@nb.njit(**JIT)
def _extended_roots(TB, ST, o, cell, base, rule):
    """``effects.extended_roots`` of an ``extends`` rule into ``ST[SCRATCH][NEAR_ROOT]``, in
    the order their first such figure came; returns how many."""
    roots, nodes, tiles = ST[SCRATCH][NEAR_ROOT], ST[NODES], ST[TILES_]
    n = 0
    p = extending_piece(TB, ST, o, cell, base, rule[R_KINDS], rule[R_FIGURE],
                        rule[R_KIND] == 1, I64(0))
    while p >= 0:
        r = nodes[ROOT, tiles[P_NODE, p]]
        seen = False
        for e in range(n):
            seen |= roots[e] == r
        if not seen:
            roots[n] = r
            n += 1
        p = extending_piece(TB, ST, o, cell, base, rule[R_KINDS], rule[R_FIGURE],
                            rule[R_KIND] == 1, p + 1)
    return n


@nb.njit(**JIT)
def fire_final(TB, ST, OUT, LOG, g, r, index):
    """``effects.fire_final``: the ``on final`` rules of the kind of root ``r``, at final
    scoring, before its own final score."""
    h = TB[RULES]
    first = _first_later(TB) + h[H_ON_FIGURE] + h[H_ON_DRAW]
    k = kind_of(TB, ST, r)
    for q in range(h[H_ON_FINAL]):
        if rule_row(TB, first + q)[R_KIND] == k:
            act_on(TB, ST, OUT, LOG, g, first + q, I64(0), I64(-1), r, index, I64(1))


@nb.njit(**JIT)
def act_on(TB, ST, OUT, LOG, g, row, a_from, a_to, root, index, when):
    """``effects.act_on``: actions ``a_from`` to ``a_to`` (-1: all) of rule row ``row`` on
    the feature of ``root`` (``when``: 1 at final scoring, else 0). A draw runs the ``on
    draw`` rules of the kind drawn here, not by calling back: Numba's disk cache cannot load
    functions that call each other (and ``support`` leaves an ``on draw`` rule that draws
    again to the Python engine)."""
    rule = rule_row(TB, row)
    end = rule[R_N_ACTIONS] if a_to < 0 else a_to
    for a in range(a_from, end):
        col = R_ACTIONS + 4 * a
        if rule[col] != DRAW_BAG:
            _act_one(TB, ST, OUT, LOG, g, rule, col, root, index, when)
            continue
        root = ST[NODES][ROOT, root]
        drawn = _draw(TB, ST, LOG, rule[col + 1], root, index)
        if drawn < 0:
            continue
        h = TB[RULES]
        first = _first_later(TB) + h[H_ON_FIGURE]
        for q in range(h[H_ON_DRAW]):
            then = rule_row(TB, first + q)
            if then[R_KIND] == drawn:
                for b in range(then[R_N_ACTIONS]):
                    _act_one(TB, ST, OUT, LOG, g, then, R_ACTIONS + 4 * b, root, index, when)


@nb.njit(**JIT)
def _act_one(TB, ST, OUT, LOG, g, rule, col, root, index, when):
    """The action at column ``col`` of ``rule`` but a draw, on the feature ``root`` is part
    of now (joined since, maybe)."""
    root = ST[NODES][ROOT, root]
    action = rule[col]
    if action == RETURN_TOKENS:
        _return_tokens(TB, ST, LOG, rule[col + 1], root, index)
    elif action == RETURN_FIGURES:
        _return_figures(TB, ST, rule[col + 1], root)
    elif action == SCORE_TO:
        _score_to(TB, ST, OUT, LOG, g, rule[col + 1], rule[col + 2], rule[col + 3], root,
                  index)
    elif action == SCORE_MOST:
        score_most(TB, ST, OUT, LOG, g, rule[col + 1], rule[col + 2], rule[col + 3], root, when,
                   index)


@nb.njit(**JIT)
def _tokens_at(TB):
    """The row of token kind 0."""
    h = TB[RULES]
    return h[H_TRIGGERS] + h[H_COMPLETE]


@nb.njit(**JIT)
def _on_feature(ST, i, root):
    """Tokens of kind ``i`` lying on the feature of ``root`` (on its members)."""
    on, nxt = ST[ON], ST[NODES][NXT]
    nodes = nxt.shape[0]
    count, m = 0, root
    while True:
        count += on[i * nodes + m]
        m = nxt[m]
        if m == root:
            return count


@nb.njit(**JIT)
def _draw(TB, ST, LOG, bag, root, index):
    """``effects._draw``: a token at random from the bag (weighted by what is left of each
    kind) onto the feature; the kind drawn (-1: the bag is empty)."""
    misc = ST[MISC]
    total = 0
    for i in range(TB[RULES][H_TOKENS]):
        if rule_row(TB, _tokens_at(TB) + i)[TK_BAG] == bag:
            total += misc[E_SUPPLY + i]
    if total == 0:
        return -1
    mtx = ST[MTX]
    pick = mt.below(mtx[mtx.shape[0] - 2], total)
    drawn = -1
    for i in range(TB[RULES][H_TOKENS]):
        if rule_row(TB, _tokens_at(TB) + i)[TK_BAG] == bag:
            left = misc[E_SUPPLY + i]
            if pick < left:
                drawn = i
                break
            pick -= left
    misc[E_SUPPLY + drawn] -= 1
    ST[ON][drawn * ST[NODES].shape[1] + root] += 1
    log_tokens(ST, LOG, index, drawn, I64(1), I64(TOKEN_DRAWN), I64(-1))
    return drawn


@nb.njit(**JIT)
def _return_tokens(TB, ST, LOG, bag, root, index):
    """``effects._return_tokens``: the bag's tokens on the feature back into the bag."""
    on, nxt, misc = ST[ON], ST[NODES][NXT], ST[MISC]
    nodes = nxt.shape[0]
    for i in range(TB[RULES][H_TOKENS]):
        if rule_row(TB, _tokens_at(TB) + i)[TK_BAG] != bag:
            continue
        count, m = 0, root
        while True:
            count += on[i * nodes + m]
            on[i * nodes + m] = 0
            m = nxt[m]
            if m == root:
                break
        if count:
            misc[E_SUPPLY + i] += count
            log_tokens(ST, LOG, index, i, count, I64(TOKEN_RETURNED), I64(-1))


@nb.njit(**JIT)
def _return_figures(TB, ST, code, root):
    """``effects._return_figures``: the pieces of figure ``code`` (0: ordinary followers) on
    the feature go home; the others keep their order."""
    nodes, tiles, ctr, nfol = ST[NODES], ST[TILES_], ST[CTR], ST[NFOL]
    pf, fk = ST[FIG_ST][PF_FIG], TB[FIG_TB]
    kept = 0
    for p in range(ctr[N_PIECES]):
        node, seat, f = tiles[P_NODE, p], tiles[P_SEAT, p], pf[p]
        if f == code and nodes[ROOT, node] == root:
            strength = fk[f - 1, STRENGTH] if f else 1
            if strength:
                nfol[root, seat] -= strength
            if f:
                ST[FC][f - 1, seat] += 1
            else:
                ST[SEATS][LEFT, seat] += 1
        else:
            tiles[P_NODE, kept], tiles[P_SEAT, kept], pf[kept] = node, seat, f
            kept += 1
    ctr[N_PIECES] = kept


@nb.njit(**JIT)
def _score_to(TB, ST, OUT, LOG, g, bag, code, name, root, index):
    """``effects._score_to``: each owner of a figure ``code`` on the feature scores the
    worth of the bag's tokens on it (once each, in the pieces' order)."""
    worth = 0
    for i in range(TB[RULES][H_TOKENS]):
        row = rule_row(TB, _tokens_at(TB) + i)
        if row[TK_BAG] == bag:
            worth += _on_feature(ST, i, root) * row[TK_WORTH]
    if worth == 0:
        return
    nodes, tiles, pf = ST[NODES], ST[TILES_], ST[FIG_ST][PF_FIG]
    n = ST[CTR][N_PIECES]
    for p in range(n):
        seat = tiles[P_SEAT, p]
        if pf[p] != code or nodes[ROOT, tiles[P_NODE, p]] != root:
            continue
        first = True
        for e in range(p):
            if (tiles[P_SEAT, e] == seat and pf[e] == code
                    and nodes[ROOT, tiles[P_NODE, e]] == root):
                first = False
                break
        if first:
            emit(ST, OUT, LOG, g, index, seat, name, I64(0), I64(worth))



