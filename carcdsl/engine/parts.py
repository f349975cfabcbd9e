"""The parts of one game in progress: the compiled tables and the components that each own
their data. ``State`` is the facade over them; the rule logic (``movegen``, ``legality``,
``scoring``, ``effects``, ``play``) takes a ``Parts`` and changes the components it names."""

from __future__ import annotations

import random
from typing import Protocol

from carcdsl.compile.tables import Tables
from carcdsl.engine.events import Log
from carcdsl.engine.features import Features
from carcdsl.engine.grid import Grid
from carcdsl.engine.supply import Supply
from carcdsl.engine.turn import Seats
from carcdsl.model.rules import RuleSet


class Tokens:
    """Tokens not on the board: the supply of each kind and what each player holds (tokens
    lying on features are the features' own, ``Features.tokens``)."""

    __slots__ = ("supply", "held", "rng", "given", "drawn")

    def __init__(self, supply: list[int], held: list[list[int]],
                 rng: random.Random | None = None):
        self.supply = supply
        """Per token kind, tokens not yet put out (a bag's: those in the bag)."""
        self.held = held
        """Per token kind, per seat: the tokens a player holds."""
        self.rng = rng
        """Draws from bags (``draw BAG``): the game's own generator for them, from its seed;
        None: a game without a seed, whose draws a record says (``given``)."""
        self.given: list[str] = []
        """The draws the move being played says it made (a record's ``drawn``), in order."""
        self.drawn: list[str] = []
        """The draws made in the move being played, in order (for its record)."""

    def copy(self) -> Tokens:
        if not self.supply:
            return self
        new = Tokens(self.supply[:], [h[:] for h in self.held])
        if self.rng is not None:
            new.rng = random.Random()
            new.rng.setstate(self.rng.getstate())
        return new



NONE = -1
"""A capture option: the mover takes nothing (``engine.decisions``)."""
RANSOM = 1 << 20
"""Ransom options start here (capture options are piece indexes, far below it)."""
CAPTURING = 1
WALKING = 2
"""A step of a neutral figure's walk: options are directions, 0 to 3 (N E S W)."""
MOVING = 3
"""Where a figure whose feature scored goes on (``engine.moving``): options are nodes, or
NONE (home)."""


class Decisions:
    """What the game waits for, who holds whose figures, and whether the mover has paid a
    ransom this turn."""

    __slots__ = ("pending", "held", "ransomed", "resume", "paid", "asked", "decider",
                 "neutral", "walk", "acted", "beside", "moving")

    def __init__(self, seats: int):
        self.pending: tuple[int, tuple[int, ...]] | None = None
        """(CAPTURING, the options) while the game waits for the mover's decision."""
        self.held: list[list[tuple[int, int]]] = [[] for _ in range(seats)]
        """Per seat, the figures it holds: (owner's seat, figure code), first captured first."""
        self.ransomed = False
        """Whether the player to move has paid a ransom this turn."""
        self.resume: tuple | None = None
        """What the turn does once the pending decision is made (``State``'s)."""
        self.asked: tuple | None = None
        """A capture a rule asks for, (action, root, node), until the state offers it."""
        self.paid: tuple[int, int] | None = None
        """The ransom paid this turn, (holder, figure code), until the turn's move names it."""
        self.decider = -1
        """The seat whose decision is pending, when it is not the mover's (a walk's step)."""
        self.neutral: dict[int, int] = {}
        """Neutral figures on the board: figure index -> the square (key) it stands on."""
        self.walk: tuple | None = None
        """The walk under way: (figure index, steps left, step number, squares visited)."""
        self.beside: dict[int, tuple[int, int, int, int]] = {}
        """Neutral figures beside a figure (``beside own F``): figure index -> that piece."""
        self.acted = False
        """Whether this turn's neutral figures have moved (``engine.neutral``), while the
        turn waits for a walk's steps."""
        self.moving: list[tuple[int, int, int]] = []
        """Figures whose feature scored, waiting for their owner to say where they go on
        (``engine.moving``): (seat, figure code, the square it stood on), the first pending."""

    def copy(self) -> Decisions:
        new = Decisions.__new__(Decisions)
        new.pending, new.ransomed, new.resume = self.pending, self.ransomed, self.resume
        new.paid, new.asked = self.paid, self.asked
        new.decider, new.walk, new.acted = self.decider, self.walk, self.acted
        new.neutral, new.beside = dict(self.neutral), dict(self.beside)
        new.held = [h[:] for h in self.held]
        new.moving = self.moving[:]
        return new



class GameInfo(Protocol):
    """What a game tells its states: the tables, and how records name its rules."""

    @property
    def tables(self) -> Tables: ...

    @property
    def source(self) -> str: ...

    @property
    def variant_refs(self) -> tuple[str, ...]: ...

    @property
    def rules(self) -> RuleSet:
        """The rule set as checked, for front ends and views; the engine reads ``tables``."""


class Parts:
    """The tables, the components, and how moves are taken (``auto_discard``)."""

    __slots__ = ("game", "tables", "grid", "features", "supply", "seats", "tokens", "log",
                 "seed", "auto_discard", "decisions")

    game: GameInfo
    tables: Tables
    grid: Grid
    features: Features
    supply: Supply
    seats: Seats
    tokens: Tokens
    log: Log
    decisions: Decisions
    seed: int | None
    auto_discard: bool
    """A live game: the engine draws, and discards a drawn tile that fits nowhere. Else the
    caller draws (a record, a test): a move's tile is the outcome of the draw before it."""

    def copy_parts(self, new: Parts) -> None:
        """Fill ``new`` with copies of these parts (tables and settings shared)."""
        new.game, new.tables, new.seed = self.game, self.tables, self.seed
        new.auto_discard = self.auto_discard
        new.grid, new.features = self.grid.copy(), self.features.copy()
        new.supply, new.seats = self.supply.copy(), self.seats.copy()
        new.tokens, new.log = self.tokens.copy(), self.log.copy()
        new.decisions = self.decisions.copy()


    @property
    def rng(self) -> random.Random | None:
        """The game's own generator, from its seed (None: a game without a seed, whose draws
        the caller or a record decides)."""
        return self.supply.rng
