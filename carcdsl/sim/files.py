"""Per-game rows written as the games finish: CSV (``CsvRows``) and Parquet
(``ParquetRows``), a chunk of records at a time, so that a run of any length writes its
file in bounded memory.

The columns are known before the first game: ``columns`` lists them from the rule set
(its seats, scoring names and tile types), in ``rows.to_record``'s order. The file is made
beside the target and renamed over it when the writer is closed
(``formats.files.written_atomically``): an error leaves no half-written file, and Ctrl-C,
which ends a run early but cleanly, leaves one holding every game that finished.
"""

from __future__ import annotations

import contextlib
import csv
import io
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from carcdsl.formats.files import written_atomically
from carcdsl.sim.rows import WHEN

PARQUET_GROUP = 65_536
"""Rows per Parquet row group (records are held until a group is full)."""


def columns(players: int, names: Sequence[str], type_names: Sequence[str],
            config: bool = False) -> list[str]:
    """Every column of a configuration's records (``rows.to_record``), in order: ``names``
    are its scoring names (``batches.names_of``)."""
    seats = range(1, players + 1)
    out = ["config"] if config else []
    out += ["seed", "players", *(f"bot_{s}" for s in seats), *(f"score_{s}" for s in seats),
            "winners", "tied", *(f"turns_{s}" for s in seats), "length", "discards", "end"]
    for what in ("points", "scorings"):
        out += [f"{what}.{name}.{when}" for name in names for when in WHEN]
    out += ["lead_changes", "lead_from", "decisions", "placement_choices", "move_choices"]
    out += [f"placed.{name}" for name in type_names]
    return out


def union(lists: Sequence[Sequence[str]]) -> list[str]:
    """Every column of several configurations, in the order first seen."""
    return list(dict.fromkeys(c for columns_ in lists for c in columns_))


class CsvRows:
    """Records written as CSV (``pandas.read_csv``, ``polars.read_csv``); a column a record
    lacks is left empty."""

    def __init__(self, path: str | Path, names: Sequence[str]):
        self.names = list(names)
        self._atomic = written_atomically(path)
        self._file = self._atomic.__enter__()
        self._text = io.TextIOWrapper(self._file, encoding="utf-8", newline="")
        self._writer = csv.DictWriter(self._text, self.names, restval="")
        self._writer.writeheader()

    def write(self, records: Sequence[dict]) -> None:
        for record in records:
            _known(record, self.names)
        self._writer.writerows(records)

    def close(self, error: BaseException | None = None) -> None:
        """Finish the file (rename it over the target), or, given the error that stopped
        the run, remove it."""
        self._text.flush()
        self._text.detach()
        _finish(self._atomic, error)


class ParquetRows:
    """Records written as Parquet, a row group at a time; needs ``pyarrow`` (the ``sim``
    extra). A column's type is taken from the first rows that give it a value."""

    def __init__(self, path: str | Path, names: Sequence[str]):
        self.names = list(names)
        self._atomic = written_atomically(path)
        self._file = self._atomic.__enter__()
        self._held: list[dict] = []
        self._writer: Any = None

    def write(self, records: Sequence[dict]) -> None:
        for record in records:
            _known(record, self.names)
        self._held.extend(records)
        if len(self._held) >= PARQUET_GROUP:
            self._flush()

    def _flush(self) -> None:
        import pyarrow as pa
        import pyarrow.parquet as pq

        if not self._held and self._writer is not None:
            return
        data = {c: [record.get(c) for record in self._held] for c in self.names}
        if self._writer is None:
            table = pa.table(data)
            self._writer = pq.ParquetWriter(self._file, table.schema)
        else:
            table = pa.table(data, schema=self._writer.schema)
        self._writer.write_table(table)
        self._held = []

    def close(self, error: BaseException | None = None) -> None:
        if error is None:
            self._flush()
            self._writer.close()
        elif self._writer is not None:
            with contextlib.suppress(Exception):
                self._writer.close()
        _finish(self._atomic, error)


def _finish(atomic: Any, error: BaseException | None) -> None:
    """Leave ``written_atomically``: rename the file over its target, or remove it."""
    if error is None:
        atomic.__exit__(None, None, None)
        return
    with contextlib.suppress(BaseException):  # it raises ``error`` again, having cleaned up
        atomic.__exit__(type(error), error, error.__traceback__)


def _known(record: dict, names: Sequence[str]) -> None:
    extra = [key for key in record if key not in names]
    if extra:  # a scoring name ``compile.scorings`` does not list: the columns would lie
        raise ValueError(f"a row has columns the file was not opened with: {extra}")


@contextlib.contextmanager
def rows_file(path: str | Path, names: Sequence[str], kind: str) -> Iterator[Any]:
    """A ``CsvRows`` (``kind`` ``csv``) or ``ParquetRows`` (``parquet``), closed on leaving:
    kept when the block ends, removed when it raises."""
    writer = (CsvRows if kind == "csv" else ParquetRows)(path, names)
    try:
        yield writer
    except BaseException as exc:
        writer.close(exc)
        raise
    writer.close()


def write_csv(records: Sequence[dict], path: str | Path) -> None:
    """Per-game records as CSV, all at once (``simulate`` streams them instead)."""
    with rows_file(path, union([list(r) for r in records]), "csv") as out:
        out.write(records)


def write_parquet(records: Sequence[dict], path: str | Path) -> None:
    """Per-game records as Parquet, all at once; needs ``pyarrow`` (the ``sim`` extra)."""
    with rows_file(path, union([list(r) for r in records]), "parquet") as out:
        out.write(records)
