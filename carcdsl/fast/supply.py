"""The kernel's supply (``engine.supply``): the draw pile (``ST[TILES_]``' ``PILE`` row,
``N_PILE`` tiles, drawn from its end), the hands (``ST[HANDS]``, ``HAND_N`` per seat) and a
bag's tiles set aside (``ASIDE``), shuffled and drawn by the game's generator (the third row
from the end of ``ST[MTX]``; the next draws from bags of tokens, ``fast.bags``, the last puts
tiles held back into the pile, ``fast.neutral``).
"""

from __future__ import annotations

import numba as nb

from carcdsl.fast import mt
from carcdsl.fast.jit import JIT
from carcdsl.fast.layout import GROUP_ENDS, HAND, PARAMS, SUPPLY
from carcdsl.fast.slots import ASIDE, CTR, HAND_N, HANDS, MTX, N_ASIDE, N_PILE, PILE, SEATS, TILES_


@nb.njit(cache=True, inline="always")
def new_pile(TB, ST):
    """``State.__init__``'s pile: the supply shuffled by the game's generator (each draw group
    on its own, ``Supply.__init__``) and reversed, to be drawn from its end."""
    tiles, ctr, mtx = ST[TILES_], ST[CTR], ST[MTX]
    supply = TB[SUPPLY]
    n = supply.shape[0]
    pile = tiles[PILE]
    for i in range(n):  # a loop, not a slice copy: that compiles an error message
        pile[i] = supply[i]
    begin = 0
    for end in TB[GROUP_ENDS]:
        mt.shuffle(mtx[mtx.shape[0] - 3], pile[begin:end])
        begin = end
    for i in range(n // 2):
        pile[i], pile[n - 1 - i] = pile[n - 1 - i], pile[i]
    ctr[N_PILE] = n


@nb.njit(cache=True, inline="always")
def deal(TB, ST):
    """``Supply.deal``: each seat's hand drawn up from the pile, seat by seat."""
    for s in range(ST[SEATS].shape[1]):
        refill(TB, ST, s)


@nb.njit(**JIT)
def is_empty(ST):
    """``Supply.is_empty``: no tile in the pile or in any hand."""
    if ST[CTR][N_PILE]:
        return False
    return ST[SEATS][HAND_N].sum() == 0


@nb.njit(**JIT)
def hide(ST, n):
    """``Supply.hide``: the first ``n`` tiles of the pile (drawn last) leave the game."""
    pile, ctr = ST[TILES_][PILE], ST[CTR]
    k = min(n, ctr[N_PILE])
    for i in range(ctr[N_PILE] - k):
        pile[i] = pile[i + k]
    ctr[N_PILE] -= k


@nb.njit(**JIT)
def refill(TB, ST, seat):
    """``Supply.refill``: the hand drawn up from the pile."""
    tiles, seats, ctr, hands = ST[TILES_], ST[SEATS], ST[CTR], ST[HANDS]
    while seats[HAND_N, seat] < TB[PARAMS][HAND] and ctr[N_PILE]:
        ctr[N_PILE] -= 1
        hands[seat, seats[HAND_N, seat]] = tiles[PILE, ctr[N_PILE]]
        seats[HAND_N, seat] += 1


@nb.njit(**JIT)
def hand_remove(ST, seat, t):
    """``hand.remove(t)``: its first copy leaves the hand, the rest keep their order."""
    seats, hands = ST[SEATS], ST[HANDS]
    n = seats[HAND_N, seat]
    for i in range(n):
        if hands[seat, i] == t:
            for k in range(i, n - 1):
                hands[seat, k] = hands[seat, k + 1]
            seats[HAND_N, seat] = n - 1
            return


@nb.njit(**JIT)
def return_aside(ST):
    """``Supply.return_aside``: a bag's tiles set aside go back in at random places, drawn
    by the game's generator."""
    tiles, ctr, mtx = ST[TILES_], ST[CTR], ST[MTX]
    pile = tiles[PILE]
    for a in range(ctr[N_ASIDE]):
        i = mt.below(mtx[mtx.shape[0] - 3], ctr[N_PILE] + 1)
        for k in range(ctr[N_PILE], i, -1):
            pile[k] = pile[k - 1]
        pile[i] = tiles[ASIDE, a]
        ctr[N_PILE] += 1
    ctr[N_ASIDE] = 0
