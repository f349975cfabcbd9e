"""Codes and facts both engines read, defined once: how a move's spot encodes a figure or a
recall, why a game ends, how a bot's generator is seeded, the pile before it is shuffled,
the order of a board's markers, and which segments of the start tile take tokens.

The Python engine (``engine``) reads them as they are; the compiled engine (``fast``) packs
them into its arrays or uses the constants in its kernels. Neither spells them again.
"""

from __future__ import annotations

from itertools import accumulate

from carcdsl.compile.tables import Tables
from carcdsl.geometry import ports as P

FIGURE_SHIFT = 16
"""A move's spot: -1 nothing; ``local | figure << FIGURE_SHIFT`` a figure (0: the ordinary
follower, ``f + 1``: ``Modes.figures[f]``) on the placed tile's local segment; no tile has
65,536 segments."""
LOCAL_MASK = (1 << FIGURE_SHIFT) - 1
RECALL = -2
"""Spots at or below it (and above ``ELSEWHERE``) take a figure back: ``RECALL - node``."""


ELSEWHERE = -(1 << 26)
"""Spots at or below it put a figure on a segment of another placed tile (a figure or kind
that stands ``anywhere``): ``ELSEWHERE - (node << ELSEWHERE_SHIFT | figure)``, the figure's
code as in ``figure_spot``; recalls stay above it (nodes below 2**26 - 2)."""
ELSEWHERE_SHIFT = 6
"""Figure codes of spots elsewhere stay below 64; nodes below 2**20 (the spot within
``±2**27``, as ``CHOICE_SHIFT`` needs)."""

TARGET = -(1 << 25)
"""Spots at or below it (and above ``ELSEWHERE``) act, instead of placing a figure, on a
figure standing on ``node`` (``engine.targets``): ``TARGET - (node << TARGET_SHIFT | t)``,
``t`` an index of ``Modes.targets``; recalls stay above it (nodes below 2**20)."""
TARGET_SHIFT = 4


def target_spot(node: int, t: int) -> int:
    return TARGET - (node << TARGET_SHIFT | t)


def split_target(spot: int) -> tuple[int, int]:
    """(node, target index) of a spot at or below TARGET (and above ELSEWHERE)."""
    code = TARGET - spot
    return code >> TARGET_SHIFT, code & ((1 << TARGET_SHIFT) - 1)


DECIDE = -1
"""A fast move ``(DECIDE, 0, 0, option)`` makes the decision the game waits for
(``engine.decisions``) instead of placing a tile: its tile type is this."""


def elsewhere_spot(node: int, figure: int) -> int:
    return ELSEWHERE - (node << ELSEWHERE_SHIFT | figure)


def split_elsewhere(spot: int) -> tuple[int, int]:
    """(node, figure code) of a spot at or below ELSEWHERE."""
    code = ELSEWHERE - spot
    return code >> ELSEWHERE_SHIFT, code & ((1 << ELSEWHERE_SHIFT) - 1)


def figure_spot(local: int, figure: int) -> int:
    return local | figure << FIGURE_SHIFT


def split_spot(spot: int) -> tuple[int, int]:
    """(local segment, figure code) of a figure's spot."""
    return spot & LOCAL_MASK, spot >> FIGURE_SHIFT


CHOICE_SHIFT = 28
"""A move that makes a choice (``choose a: ... or b: ...``) adds ``c << CHOICE_SHIFT`` to its
spot, ``c`` the option's number from 1 (at most ``MAX_OPTIONS``): the spot without it stays
within ``±2**27``, and the whole within an action code's 32 bits (``movegen.encode``)."""
MAX_OPTIONS = 7


def with_choice(spot: int, choice: int) -> int:
    return spot + (choice << CHOICE_SHIFT)


def split_choice(spot: int) -> tuple[int, int]:
    """(the spot without its choice, the option's number from 1, or 0: no choice)."""
    choice = (spot + (1 << (CHOICE_SHIFT - 1))) >> CHOICE_SHIFT
    return spot - (choice << CHOICE_SHIFT), choice


END_REASONS = ("supply-empty", "tile-unplaceable", "stopped")
"""Why a game ended, by code: ``EndReason.why`` and the kernel's end codes."""
SUPPLY_EMPTY, TILE_UNPLACEABLE, STOPPED = range(3)

TOKEN_ACTIONS = ("put", "given", "taken", "collected", "held", "drawn", "returned")
"""How tokens move (``TokenEvent.action``), by code."""
TOKEN_PUT, TOKEN_GIVEN, TOKEN_TAKEN, TOKEN_COLLECTED, TOKEN_HELD, TOKEN_DRAWN, TOKEN_RETURNED = \
    range(7)

BAG_SALT = 0x2545F4914F6CDD1D


def bag_seed(seed: int) -> int:
    """The seed of a game's draws from bags (``Random(bag_seed(seed))``), an int both engines
    seed their Mersenne Twister with (below 2**63)."""
    return (abs(seed) ^ BAG_SALT) & ((1 << 63) - 1)

HOLD_SALT = 0x5851F42D4C957F2D


def hold_seed(seed: int | None, moves: int) -> int:
    """The seed of where tiles held back go into the pile (``hold back K until F``) when
    they come back after ``moves`` moves: an int both engines can seed their Mersenne
    Twister with (below 2**63); the same on any copy of the state."""
    return (abs(seed or 0) * 1_000_003 + moves ^ HOLD_SALT) & ((1 << 63) - 1)


BOT_SEED_FACTOR = 7919
"""Seat ``i``'s bot in a game seeded ``seed`` draws from ``Random(seed * 7919 + i)``."""


def bot_seed(seed: int, seat: int) -> int:
    return seed * BOT_SEED_FACTOR + seat


def unshuffled_pile(tb: Tables) -> tuple[list[int], list[int]]:
    """The pile before the shuffle: the supply (and the start tile when it is not placed),
    in draw groups when the rules order them; and where each group ends (each is shuffled on
    its own, in order)."""
    pile = list(tb.fast.supply)
    if not tb.modes.start_placed and tb.start_type is not None:
        pile.append(tb.start_type)
    rank = tb.modes.draw_rank
    if not rank:
        return pile, [len(pile)]
    groups = [[t for t in pile if rank[t] == g] for g in sorted(set(map(rank.__getitem__, pile)))]
    return [t for group in groups for t in group], list(accumulate(len(g) for g in groups))


def marker_names(tb: Tables) -> tuple[str, ...]:
    """The board's marker names in the order of their indexes (bits in the kernel)."""
    return tuple(sorted(tb.board.markers))


def start_token_segments(tb: Tables) -> tuple[int, ...]:
    """Per side N E S W, the start tile's local segment that ``start sides`` tokens go on:
    the segment at the side's middle, else at its first half-side; -1 for none."""
    if tb.start_type is None:
        return (-1, -1, -1, -1)
    seg_at = tb.seg_at[4 * tb.start_type]
    return tuple(seg_at[P.middle(d)] if seg_at[P.middle(d)] >= 0 else seg_at[3 * d]
                 for d in range(4))
