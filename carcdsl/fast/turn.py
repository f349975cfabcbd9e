"""The kernel's turns (``engine.turn``'s ``Seats``): a turn ends in an extra turn or not, and
passes to the next player (with hands, over players whose hand is empty and cannot be drawn
up). Whether the turn being played is an extra one is kept in ``fast.effects``' state
(``ST[MISC]``, ``IN_EXTRA``), beside the other effects of rules.
"""

from __future__ import annotations

import numba as nb
import numpy as np

from carcdsl.fast.effects import IN_EXTRA, MISC
from carcdsl.fast.jit import JIT
from carcdsl.fast.layout import HAND, PARAMS
from carcdsl.fast.slots import CTR, CURRENT, HAND_N, N_PILE, SEATS
from carcdsl.fast.supply import refill


@nb.njit(**JIT)
def end_turn(ST, extra, may):
    """``Seats.end_turn``'s choice: True when the mover plays again (the turn earned an extra
    turn, ``may`` says it can be taken, and it is not an extra turn itself); else the turn is
    over and the next is not an extra one."""
    misc = ST[MISC]
    if extra and may and not misc[IN_EXTRA]:
        misc[IN_EXTRA] = 1
        return True
    misc[IN_EXTRA] = 0
    return False


@nb.njit(**JIT)
def pass_turn(TB, ST):
    """``Seats.pass_turn``: the next player; with hands, one whose hand is empty draws up
    when the pile has tiles, else is passed over."""
    seats, ctr = ST[SEATS], ST[CTR]
    n = seats.shape[1]
    end_turn(ST, np.bool_(False), np.bool_(False))  # a new turn, not an extra one
    ctr[CURRENT] = (ctr[CURRENT] + 1) % n
    if not TB[PARAMS][HAND]:
        return
    for _ in range(n):
        if seats[HAND_N, ctr[CURRENT]]:
            return
        if ctr[N_PILE]:
            refill(TB, ST, ctr[CURRENT])
            return
        ctr[CURRENT] = (ctr[CURRENT] + 1) % n
