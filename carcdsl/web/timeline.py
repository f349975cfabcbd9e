"""A record stepped through: opened once (every move checked, as ``carcdsl replay`` does),
then the state after any number of its moves, replayed from the start (the record cut
there, as ``carcdsl render`` cuts it), so that each step's numbers are the replay's. Step
``n`` is the board after move ``n - 1`` (the record's ``moves[n - 1]``, as ``play``'s log and
``render --move`` number it; step 0 before the first move); the last step's board keeps the
followers that stood on it beside the final scoring.

A record comes from a served folder (its rule paths relative to its own folder and inside
it: ``replay.game_for``) or is uploaded; an uploaded one has no folder, so it may name
bundled rule sets and variants only.
"""

from __future__ import annotations

import attrs

from carcdsl.engine.game import Game
from carcdsl.engine.state import State
from carcdsl.formats.record import Record, replay_output
from carcdsl.lang.sources import bundled_names, parse_ref
from carcdsl.replay import game_for, replay


@attrs.define(eq=False)
class OpenedRecord:
    """A record that replays, with its game and its whole replay."""

    id: str
    name: str
    record: Record
    game: Game
    whole: State

    @property
    def count(self) -> int:
        return len(self.record.moves)

    def at(self, n: int) -> State:
        """The state after the first ``n`` moves (0: before the first); after all of them,
        final scoring as the record says."""
        if n >= self.count:
            return self.whole
        part = attrs.evolve(self.record, moves=self.record.moves[:n], final=False)
        return replay(part, self.game)

    def replay_json(self) -> dict:
        """``carcdsl replay --json``'s output for the record."""
        return replay_output(self.whole)


def open_record(key: str, name: str, record: Record) -> OpenedRecord:
    """Load a record's rules and replay it whole; RecordError when it does not replay."""
    game = game_for(record)
    return OpenedRecord(key, name, record, game, replay(record, game))


class NotBundled(ValueError):
    """An uploaded record naming a rule file: it has no folder to read it from."""

    def __init__(self, ref: str):
        super().__init__(ref)
        self.ref = ref


def check_uploaded(record: Record) -> None:
    """An uploaded record may name bundled rule sets and variants only (NotBundled)."""
    names = bundled_names()
    for ref in (record.rules, *record.variants):
        target, _params, _problems = parse_ref(ref)
        if target not in names:
            raise NotBundled(ref)

