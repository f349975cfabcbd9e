"""One finished game as one row of plain data (``GameRow``), and a row as flat columns
(``to_record``; ``sim.files`` writes them as CSV and Parquet).

A row holds what the metrics need (``sim.metrics``) and what a pandas or polars user would
ask of a game: its seed, who sat where, the scores, the winners, how long it ran, the points
by feature kind and by when they were scored, and counts taken during play (choices per
turn). Every field depends on the game seed only, never on which process played it.

Seats count from 1 in column names (``score_1`` is the first player's score) and from 0 in
the Python fields (``scores[0]``), as the engine counts them.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping, Sequence

import attrs

from carcdsl.bots import make_bots
from carcdsl.compile.facts import DECIDE
from carcdsl.engine.game import Game
from carcdsl.engine.moves import Discard
from carcdsl.engine.state import State

WHEN = ("complete", "final")
"""When a scoring happens (``ScoreEvent.when``): during the game, or at the end."""


@attrs.frozen
class GameRow:
    """One finished game, as plain data."""

    seed: int
    bots: tuple[str, ...]
    """The kind of bot in each seat, in turn order."""
    scores: tuple[int, ...]
    """Final score per seat."""
    winners: tuple[int, ...]
    """The seats with the top score (more than one: a tie)."""
    turns: tuple[int, ...]
    """Tiles placed by each seat."""
    discards: int
    """Tiles discarded because they fit nowhere."""
    end: str
    """Why the game ended (``EndReason.why``)."""
    points: dict[str, int]
    """``"kind.when"`` (``city.complete``, ``field.final``) -> points scored, all seats."""
    scorings: dict[str, int]
    """``"kind.when"`` -> how many scorings (one per feature and seat scored)."""
    lead_changes: int
    """Times the sole leader became another seat (after a turn, or at final scoring)."""
    lead_from: int
    """The step from which the sole winner led for good: 1..T after the T-th turn, T + 1 at
    final scoring; 0 when the game is tied."""
    decisions: int
    """Turns on which the mover had more than one legal (placement, follower) move."""
    placement_choices: int
    """Sum over turns of the legal placements (square and rotation; no follower choice)."""
    move_choices: int | None
    """Sum over turns of the legal (placement, follower) moves; None when not counted."""
    placed: tuple[int, ...]
    """Tiles placed per tile type, in the rule set's type order (``Tables.type_names``)."""

    @property
    def players(self) -> int:
        return len(self.scores)

    @property
    def length(self) -> int:
        """Turns played: tiles placed (discards are not turns)."""
        return sum(self.turns)

    def win_shares(self) -> list[float]:
        """Per seat, the share of this game's win: 1 for a sole winner, 1/k each for k tied."""
        shares = [0.0] * len(self.scores)
        for seat in self.winners:
            shares[seat] = 1 / len(self.winners)
        return shares


def play_row(game: Game, players: int, bot_kinds: Sequence[str], seed: int,
             branching: bool = False, bot_options: Mapping[str, object] | None = None
             ) -> GameRow:
    """Play one game to its end (players ``P1``.. ``Pn``; bots by kind, the last filling
    the remaining seats) and sum it up. ``branching``: also count every legal move of every
    turn (exact, and about twice as slow); decision turns are counted exactly either way."""
    names = [f"P{i + 1}" for i in range(players)]
    kinds = list(bot_kinds) or ["random"]
    state = game.new_game(names, seed)
    by_player = make_bots(kinds, players, seed, **(bot_options or {}))
    bots = [by_player[i] for i in state.seating]
    decisions, placements, moves = _play_counted(state, bots, branching)
    return _row(state, seed, tuple(kinds[min(i, len(kinds) - 1)] for i in state.seating),
                decisions, placements, moves if branching else None)


def play_rows(game: Game, players: int, bot_kinds: Sequence[str], seeds: Iterable[int],
              branching: bool = False, bot_options: Mapping[str, object] | None = None
              ) -> list[GameRow]:
    """``play_row`` for each seed, in order (what one worker does with one chunk)."""
    return [play_row(game, players, bot_kinds, seed, branching, bot_options) for seed in seeds]


def _play_counted(state: State, bots: list, branching: bool) -> tuple[int, int, int]:
    """Play to the end (as ``sim.local.play_out``) and count, per turn, whether there was a
    choice, the legal placements, and (``branching``) the legal moves; the decisions a turn
    waits for (a capture, a walk's steps) are part of it, not turns of their own."""
    decisions = placements = moves = 0
    by_type = state.tables.fast.by_type
    supply, grid = state.supply, state.grid
    while not state.finished:
        if state.out_of_tiles():
            state.finish()
            break
        move = bots[state.current](state)
        if move[0] == DECIDE:  # a decision between moves (a capture, a walk's step, a
            state.apply_fast(*move)  # ransom before the tile): part of a turn, not one
            continue
        if supply.hands is None and supply.owned is None:  # the drawn tile's, at C speed
            n = sum(map(len, map(by_type[supply.pile[-1]], grid.fitting.values())))
        else:  # each (tile, square, rotation) once: a recall is a choice made with one
            n = len({m[:3] for m in state.iter_moves()})
        placements += n
        if branching:
            m = sum(1 for _ in state.iter_moves())
            moves += m
            decisions += m > 1
        elif n > 1:
            decisions += 1
        else:  # one placement: a choice only if a follower may go somewhere
            decisions += sum(1 for _ in itertools.islice(state.iter_moves(), 2)) > 1
        state.apply_fast(*move)
    return decisions, placements, moves


def _row(state: State, seed: int, bots: tuple[str, ...], decisions: int, placements: int,
         moves: int | None) -> GameRow:
    tables = state.tables
    seats = len(state.players)
    turns = [0] * seats
    placed = [0] * len(tables.type_names)
    index = {name: i for i, name in enumerate(tables.type_names)}
    step_of: list[int] = []  # move index -> turns played after it
    discards = 0
    kept = set(state.supply.kept_moves)  # a last turn that kept an owned tile: no discard
    for i, (move, seat) in enumerate(zip(state.log.moves, state.log.move_seats)):
        if isinstance(move, Discard):
            discards += i not in kept
        else:
            turns[seat] += 1
            placed[move[0] if isinstance(move, tuple) else index[move.tile]] += 1
        step_of.append(sum(turns))
    scores = tuple(state.scores)
    best = max(scores)
    winners = tuple(i for i, s in enumerate(scores) if s == best)
    points = {f"{kind.name}.{when}": 0 for kind in tables.kinds for when in WHEN}
    scorings = dict(points)
    for event in state.events:
        key = f"{event.feature}.{event.when}"
        points[key] = points.get(key, 0) + event.points
        scorings[key] = scorings.get(key, 0) + 1
    changes, lead_from = _leads(state, step_of, winners, sum(turns))
    end = state.end_reason.why if state.end_reason is not None else "stopped"
    return GameRow(seed, bots, scores, winners, tuple(turns), discards, end, points, scorings,
                   changes, lead_from, decisions, placements, moves, tuple(placed))


def _leads(state: State, step_of: list[int], winners: tuple[int, ...],
           length: int) -> tuple[int, int]:
    """Lead changes, and the step from which the sole winner led for good (``GameRow``)."""
    scores = [0] * len(state.players)
    leader, changes, lead_from = None, 0, 0
    steps: dict[int, list] = {}
    for event in state.events:
        step = length + 1 if event.when == "final" else step_of[event.move]
        steps.setdefault(step, []).append(event)
    for step in sorted(steps):
        for event in steps[step]:
            scores[event.seat] += event.points
        best = max(scores)
        top = [i for i, s in enumerate(scores) if s == best]
        now = top[0] if len(top) == 1 else None
        if now is not None and leader is not None and now != leader:
            changes += 1
        if now is not None:
            leader = now
        sole = len(winners) == 1 and now == winners[0]
        if sole and not lead_from:
            lead_from = step
        elif not sole:
            lead_from = 0
    return changes, lead_from


# --- rows as a table ---------------------------------------------------------------------------

def to_record(row: GameRow, type_names: Sequence[str], config: str | None = None) -> dict:
    """A row as flat columns (one value each), as CSV and Parquet hold it."""
    out: dict[str, object] = {} if config is None else {"config": config}
    out["seed"] = row.seed
    out["players"] = row.players
    for seat, kind in enumerate(row.bots, 1):
        out[f"bot_{seat}"] = kind
    for seat, score in enumerate(row.scores, 1):
        out[f"score_{seat}"] = score
    out["winners"] = " ".join(str(seat + 1) for seat in row.winners)
    out["tied"] = len(row.winners) > 1
    for seat, n in enumerate(row.turns, 1):
        out[f"turns_{seat}"] = n
    out["length"] = row.length
    out["discards"] = row.discards
    out["end"] = row.end
    for key, value in row.points.items():
        out[f"points.{key}"] = value
    for key, value in row.scorings.items():
        out[f"scorings.{key}"] = value
    out["lead_changes"] = row.lead_changes
    out["lead_from"] = row.lead_from
    out["decisions"] = row.decisions
    out["placement_choices"] = row.placement_choices
    out["move_choices"] = row.move_choices
    for name, n in zip(type_names, row.placed):
        out[f"placed.{name}"] = n
    return out


def to_records(rows: Iterable[GameRow], type_names: Sequence[str],
               config: str | None = None) -> list[dict]:
    return [to_record(row, type_names, config) for row in rows]
