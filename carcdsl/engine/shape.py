"""The shape of ``game.State`` as its mixins see it.

``Legality``, ``Tally`` and ``Modes`` are methods of one object whose attributes ``State``
sets up. ``StateShape`` declares those attributes, and the methods one part calls in
another, for the type checker; at run time it is an empty base class and costs nothing.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from carcdsl.compile.tiles import Tables
    from carcdsl.engine.events import DrawOff, EndReason, ScoreEvent, TokenEvent
    from carcdsl.engine.game import Game
    from carcdsl.engine.moves import Discard, Placement
    from carcdsl.model.rules import Trigger


class StateShape:
    """Attributes and cross-calls of ``State`` (see ``State.__init__`` for their meaning)."""

    game: Game
    tables: Tables
    players: tuple[str, ...]
    seed: int | None
    rng: random.Random | None
    auto_discard: bool
    free_draw: bool
    scores: list[int]
    supply_followers: list[int]
    current: int
    finished: bool
    in_extra: bool
    events: list[ScoreEvent]
    token_events: list[TokenEvent]
    end_reason: EndReason | None
    draw_off: DrawOff | None
    seating: tuple[int, ...]

    # tiles and squares
    supply: list[int]
    aside: list[int]
    hands: list[list[int]] | None
    hands_known: bool
    board: dict[int, tuple[int, int]]
    open: dict[int, int]
    fitting: dict[int, tuple[tuple[int, ...], ...]]
    latent: dict[int, int]
    active: set[int]
    watched: dict[int, tuple[int, ...]]
    _moves: list[Placement | Discard | tuple[int, int, int, int]]
    move_seats: list[int]
    aside_moves: list[int]
    _limited: bool
    _bag: bool
    _triggers: tuple[Trigger, ...]

    # segment nodes and their features
    root: list[int]
    members: list[tuple[int, ...] | None]
    kind: list[int]
    node_key: list[int]
    pennants: list[int]
    open_ends: list[int]
    followers: list[tuple[int, ...] | None]
    meeples: list[tuple[int, int, int]]

    # tokens
    token_supply: list[int]
    held: list[list[int]]
    token_on: dict[int, list[int]]

    if TYPE_CHECKING:
        @property
        def player(self) -> str: ...

        @property
        def hand(self) -> list[str]: ...

        def can_place(self, t: int) -> bool: ...

        def free_spots(self, t: int, key: int, r: int) -> list[int]: ...

        def feature_tiles(self, node: int) -> frozenset[int]: ...

        def _members(self, root: int) -> tuple[int, ...]: ...

        def _out_of_tiles(self) -> bool: ...

        def _remove_from_supply(self, t: int) -> None: ...

        def _apply(self, t: int, key: int, r: int, spot: int,
                   move: Placement | None) -> None: ...

        def _place(self, o: int, key: int, spot: int, printed: bool = False) -> int: ...

        def _finish(self, why: str | None = None, tile: str | None = None) -> None: ...

        def _refill(self, seat: int) -> None: ...

        def _pass_turn(self) -> None: ...
