"""What a player sees, as arrays: the board over the window, its tiles, and a vector.

Everything is derived from the compiled tables, never from feature names: a kind is its index
in ``Tables.kinds``, a place on a tile one of the twelve border positions (``geometry.ports``)
or its centre. One *tile vector* of ``Tc = K * 13 + 1 + A`` numbers describes an oriented tile:

- ``k * 13 + p``: 1 when a segment of kind ``k`` lies on border position ``p`` (0..11,
  clockwise from north-north-west: ``NNW N NNE ENE E ESE SSE S SSW WSW W WNW``);
  ``k * 13 + 12``: a segment of kind ``k`` with no border position (a centre, an enclosed
  field);
- ``K * 13``: the tile's pennants;
- ``K * 13 + 1 + a``: the tile's count of attribute ``a`` (each kind's attributes in turn:
  inns, cathedrals, goods).

The observation (a ``Dict``; with ``observation="flat"`` one float32 vector holding the
same three arrays raveled in this order):

- ``board`` ``(C, W, W)``, float32, the window centred on the start square (row = y, column
  = x): channel 0 a tile lies here; 1 it is printed (a map); 2 the square is open (some tile
  may go there now); 3 a tile may ever go there (all ones without a map or table edge); then
  the tile vector of the tile lying there (``Tc`` channels); then per player, relative to the
  observer (0: the observer, 1: the next in turn order, ...), 13 channels of where its
  figures stand on the square (the border positions of their segment, or 12: none) and
  ``1 + F`` channels counting its figures of each kind there (0: ordinary followers); then
  per token kind the tokens lying on a feature, on every square the feature covers.
- ``tiles`` ``(H, 4, Tc)``: the tile vectors of the observer's tiles in each rotation: the
  drawn tile (``H = 1``; everybody sees it), or the observer's hand, one row per slot (other
  players' hands are not shown). Nothing of the supply's order is.
- ``vector`` ``(V,)``: per player (relative, as above) its score, followers in supply, figures
  of each kind in supply and tokens of each kind held; then per tile type the copies still to
  come that the observer does not hold (the pile with the drawn tile, other hands, tiles set
  aside: counts only); then the
  tiles left to draw, whether this is an extra turn, and whether the observer is to move.
"""

from __future__ import annotations

import numpy as np
from gymnasium import spaces

from carcdsl.compile.tables import Tables
from carcdsl.engine.state import State
from carcdsl.geometry.squares import to_key
from carcdsl.rl.actions import ActionLayout

PLACES = 13
"""Places on a tile: the twelve border positions and the centre (12)."""
CENTRE = 12
FIXED = 4
"""Board channels before the tile vector: tile, printed, open, allowed."""
TILE, PRINTED, OPEN, ALLOWED = range(FIXED)
HIGH = 1e6
"""The bound of every number observed (scores and counts stay far below it)."""


def tile_vectors(tables: Tables) -> np.ndarray:
    """Per oriented tile (printed ones included), its tile vector."""
    kinds = tables.kinds
    offsets, width = [], 0
    for kind in kinds:
        offsets.append(width)
        width += len(kind.attribute_names)
    size = len(kinds) * PLACES + 1 + width
    out = np.zeros((len(tables.segments), size), dtype=np.float32)
    for o, segments in enumerate(tables.segments):
        row = out[o]
        for seg in segments:
            for p in seg.ports or (CENTRE,):
                row[seg.kind * PLACES + p] = 1
            row[len(kinds) * PLACES] += seg.pennants
            for a, count in enumerate(seg.attributes or ()):
                row[len(kinds) * PLACES + 1 + offsets[seg.kind] + a] += count
    return out


class Observer:
    """Builds observations of one rule set, player count and window."""

    def __init__(self, tables: Tables, players: int, layout: ActionLayout, flat: bool = False):
        self.tables, self.players, self.layout, self.flat = tables, players, layout, flat
        self.vectors = tile_vectors(tables)
        self.tc = self.vectors.shape[1]
        figures, tokens = len(tables.modes.figures), len(tables.modes.tokens)
        self.pieces_at = FIXED + self.tc
        self.counts_at = self.pieces_at + players * PLACES
        self.figure_kinds = 1 + figures
        self.tokens_at = self.counts_at + players * self.figure_kinds
        self.channels = self.tokens_at + tokens
        self.per_seat = 2 + figures + tokens
        types = len(tables.type_names)
        self.length = players * self.per_seat + types + 3
        w = layout.size
        self.places = [[seg.ports or (CENTRE,) for seg in segs] for segs in tables.segments]
        self.allowed = np.zeros((w, w), dtype=np.float32)
        for square in range(w * w):
            if tables.board.allows(to_key(*layout.xy(square))):
                self.allowed.flat[square] = 1
        self.space: spaces.Space = spaces.Dict({
            "board": spaces.Box(0, HIGH, (self.channels, w, w), np.float32),
            "tiles": spaces.Box(0, HIGH, (layout.slots, 4, self.tc), np.float32),
            "vector": spaces.Box(-HIGH, HIGH, (self.length,), np.float32),
        })
        if flat:
            size = self.channels * w * w + layout.slots * 4 * self.tc + self.length
            self.space = spaces.Box(-HIGH, HIGH, (size,), np.float32)
        self._state: State | None = None
        self._tiles = np.zeros((FIXED + self.tc, w, w), dtype=np.float32)
        self._seen = 0

    # --- the board ------------------------------------------------------------------------
    def _tile_planes(self, state: State) -> np.ndarray:
        """Channels of the tiles lying on the board, brought up to date with the tiles
        placed since the last call (tiles are never taken away: only new ones are added)."""
        tiles = state.grid.tiles
        if state is not self._state or len(tiles) < self._seen:
            self._state, self._seen = state, 0
            self._tiles[:] = 0
            self._tiles[ALLOWED] = self.allowed
        if len(tiles) > self._seen:
            planes, square_of = self._tiles, self.layout.at
            printed_from = self.tables.printed_from
            for key, (o, _) in list(tiles.items())[self._seen:]:
                square = square_of(key)
                if square is None:
                    continue
                row, column = divmod(square, self.layout.size)
                planes[TILE, row, column] = 1
                planes[PRINTED, row, column] = o >= printed_from
                planes[FIXED:, row, column] = self.vectors[o]
            self._seen = len(tiles)
        return self._tiles

    def board(self, state: State, seat: int) -> np.ndarray:
        """The ``board`` planes as player ``seat`` sees them."""
        w, n = self.layout.size, self.players
        out = np.zeros((self.channels, w, w), dtype=np.float32)
        out[:FIXED + self.tc] = self._tile_planes(state)
        square_of = self.layout.at
        for key in state.grid.open:
            square = square_of(key)
            if square is not None:
                out[OPEN].flat[square] = 1
        tiles = state.grid.tiles
        for owner, node, key, figure in state.features.pieces:
            square = square_of(key)
            if square is None:
                continue
            relative = (owner - seat) % n
            o, base = tiles[key]
            for p in self.places[o][node - base]:
                out[self.pieces_at + relative * PLACES + p].flat[square] = 1
            out[self.counts_at + relative * self.figure_kinds + figure].flat[square] += 1
        features = state.features
        for root, counts in features.tokens.items():
            for key in features.tiles_of(root):
                square = square_of(key)
                if square is not None:
                    out[self.tokens_at:, square // w, square % w] += counts
        return out

    # --- the tiles in hand, the numbers ----------------------------------------------------
    def tiles(self, state: State, seat: int) -> np.ndarray:
        """The observer's tiles in each rotation: the drawn tile, or its hand."""
        out = np.zeros((self.layout.slots, 4, self.tc), dtype=np.float32)
        supply = state.supply
        held = (supply.hands[seat] if supply.hands is not None
                else supply.pile[-1:] if not state.is_over else [])
        for slot, t in enumerate(held[:self.layout.slots]):
            out[slot] = self.vectors[4 * t:4 * t + 4]
        return out

    def vector(self, state: State, seat: int) -> np.ndarray:
        """Scores, pieces in supply, unseen tiles, and the turn, as ``seat`` sees them."""
        out = np.zeros(self.length, dtype=np.float32)
        seats, n = state.seats, self.players
        held = state.tokens.held
        for relative in range(n):
            other = (seat + relative) % n
            row = [seats.scores[other], seats.followers[other],
                   *(f[other] for f in seats.figures), *(h[other] for h in held)]
            at = relative * self.per_seat
            out[at:at + len(row)] = row
        at = n * self.per_seat
        supply = state.supply
        unseen = [*supply.pile, *supply.aside, *supply.hidden]
        if supply.hands is not None:
            unseen += [t for i, hand in enumerate(supply.hands) if i != seat for t in hand]
        counts = np.bincount(np.asarray(unseen, dtype=np.int64),
                             minlength=len(self.tables.type_names))
        out[at:at + len(counts)] = counts
        at += len(self.tables.type_names)
        out[at:] = (len(supply.pile), seats.in_extra,
                    not state.is_over and seats.current == seat)
        return out

    def observe(self, state: State, seat: int) -> dict[str, np.ndarray] | np.ndarray:
        """The ``observation`` part of what player ``seat`` observes: a dict, or (``flat``)
        its arrays raveled one after the other (board, tiles, vector)."""
        parts = {"board": self.board(state, seat), "tiles": self.tiles(state, seat),
                 "vector": self.vector(state, seat)}
        if self.flat:
            return np.concatenate([part.ravel() for part in parts.values()])
        return parts
