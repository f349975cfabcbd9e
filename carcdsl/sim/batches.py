"""Games as arrays, whichever engine played them: the Python engine's ``GameRow``\\ s as the
kernel's ``fast.batch.Batch`` (``rows_batch``), and a batch back as rows (``batch_rows``).

A run's results cross from a worker to the parent as batches (a few arrays per chunk,
never an object per game), so the tallies, the files and the rows kept are made the same way
for both engines.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from carcdsl.compile.facts import END_REASONS
from carcdsl.compile.scorings import scoring_names
from carcdsl.compile.tables import Tables
from carcdsl.engine.batch import Batch
from carcdsl.sim.rows import WHEN, GameRow


def names_of(tables: Tables, rows: Sequence[GameRow] = ()) -> tuple[str, ...]:
    """The scoring names of a rule set (``compile.scorings``), then any other name the rows
    scored under, alphabetically."""
    names = scoring_names(tables)
    seen = {key.rpartition(".")[0] for row in rows for key in row.points}
    return tuple(names) + tuple(sorted(seen - set(names)))


def rows_batch(rows: Sequence[GameRow], tables: Tables, bot_kinds: Sequence[str]) -> Batch:
    """The rows of one configuration as a ``Batch``; ``seating`` holds, per seat, the index in
    ``bot_kinds`` of its bot's kind (what ``batch_rows`` reads back)."""
    kinds = list(bot_kinds) or ["random"]
    names = names_of(tables, rows)
    index = {name: k for k, name in enumerate(names)}
    g, p, n = len(rows), len(rows[0].scores) if rows else 0, len(names)
    points = np.zeros((g, n, 2), np.int32)
    scorings = np.zeros((g, n, 2), np.int32)
    for i, row in enumerate(rows):
        for key, value in row.points.items():
            name, _, when = key.rpartition(".")
            points[i, index[name], WHEN.index(when)] = value
            scorings[i, index[name], WHEN.index(when)] = row.scorings.get(key, 0)
    return Batch(
        np.array([r.seed for r in rows], np.int64).reshape(g),
        np.array([r.scores for r in rows], np.int32).reshape(g, p),
        np.array([[kinds.index(kind) for kind in r.bots] for r in rows], np.int8).reshape(g, p),
        np.array([r.turns for r in rows], np.int32).reshape(g, p),
        np.array([r.discards for r in rows], np.int32).reshape(g),
        np.array([END_REASONS.index(r.end) for r in rows], np.int8).reshape(g),
        points, scorings,
        np.array([r.lead_changes for r in rows], np.int32).reshape(g),
        np.array([r.lead_from for r in rows], np.int32).reshape(g),
        np.array([r.decisions for r in rows], np.int32).reshape(g),
        np.array([r.placement_choices for r in rows], np.int64).reshape(g),
        np.array([-1 if r.move_choices is None else r.move_choices for r in rows],
                 np.int64).reshape(g),
        np.array([r.placed for r in rows], np.int32).reshape(g, len(tables.type_names)),
        names, len(tables.kinds))


def batch_rows(batch: Batch, bot_kinds: Sequence[str]) -> list[GameRow]:
    """A ``Batch`` as ``GameRow``\\ s, field for field what ``sim.rows.play_row`` makes of the
    same games."""
    kinds = list(bot_kinds) or ["random"]
    columns = [batch.seeds.tolist(), batch.scores.tolist(), batch.seating.tolist(),
               batch.turns.tolist(), batch.discards.tolist(), batch.end.tolist(),
               batch.lead_changes.tolist(), batch.lead_from.tolist(), batch.decisions.tolist(),
               batch.placement_choices.tolist(), batch.move_choices.tolist(),
               batch.placed.tolist()]
    rows = []
    for g, (seed, scores, seating, turns, discards, end, changes, lead_from, decisions,
            placements, moves, placed) in enumerate(zip(*columns)):
        best = max(scores)
        points, scorings = batch.points_of(g)  # kinds', then rules' and tokens' that scored
        rows.append(GameRow(
            seed, tuple(kinds[min(i, len(kinds) - 1)] for i in seating), tuple(scores),
            tuple(i for i, s in enumerate(scores) if s == best), tuple(turns), discards,
            END_REASONS[end], points, scorings, changes, lead_from, decisions, placements,
            None if moves < 0 else moves, tuple(placed)))
    return rows
