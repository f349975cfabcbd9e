"""Games that live on the server: every game the browser app starts, its rules, its seats and
every move, in one SQLite file (Python's ``sqlite3``; nothing to install).

The file is in WAL mode with a busy timeout, so that two servers (or a server and a script)
on one file take turns instead of corrupting it; every write is one transaction, committed
before the request that made it is answered. A game is kept as what rebuilds it: its rules
and variants as the page named them, the players (in the order given, with the seating the
draw-off made and each one's kind), the seed, and every move of its record, as the record's
move JSON, in order. The engine is deterministic (same seed, same moves), so a game is
rebuilt by replaying its moves (``sessions.rebuild``): a reload, a closed tab or a server
restart loses nothing.

Besides the moves that stand, ``history`` keeps every change in order (a move made, a move
taken back), which undo needs and which a record leaves out; ``asked`` is an undo waiting for
the other people's consent, dropped by any move.

A game's ``mode`` says how it is rebuilt: ``live`` (the page's games: a seed, bots, seats)
or ``table`` (table mode, ``web.table``: a game played on a real table, entered turn by turn).
A table game has no seed (NULL: the people draw), no tokens and no bots; its moves are the
table's entries (``{"tile": T, "move": M}``, ``{"tile": T, "move": {"discard": T}}``, ``{"end":
true}``), each naming the tile drawn, and it is rebuilt by entering them again
(``table.rebuild``).

The schema carries its version (``PRAGMA user_version``); a file of a newer version is
refused, saying so, rather than misread, and a file of version 1 (no ``mode``, a seed for
every game) is upgraded in place when it is opened, its games kept as live games.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs

SCHEMA_VERSION = 2
BUSY_MS = 10_000
"""How long a write waits for another process's transaction, in milliseconds."""
MAX_LISTED = 200
"""The most games the list shows (the newest first)."""

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    rules TEXT NOT NULL,
    variants TEXT NOT NULL,
    params TEXT NOT NULL,
    seed INTEGER,
    players TEXT NOT NULL,
    kinds TEXT NOT NULL,
    seating TEXT NOT NULL,
    tokens TEXT NOT NULL,
    taken TEXT NOT NULL,
    room TEXT,
    owner TEXT NOT NULL,
    asked TEXT,
    title TEXT NOT NULL,
    moves INTEGER NOT NULL DEFAULT 0,
    finished INTEGER NOT NULL DEFAULT 0,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    mode TEXT NOT NULL DEFAULT 'live'
);
CREATE TABLE IF NOT EXISTS moves (
    game TEXT NOT NULL REFERENCES games(id),
    n INTEGER NOT NULL,
    move TEXT NOT NULL,
    PRIMARY KEY (game, n)
);
CREATE TABLE IF NOT EXISTS history (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    game TEXT NOT NULL REFERENCES games(id),
    at REAL NOT NULL,
    what TEXT NOT NULL,
    n INTEGER NOT NULL,
    move TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS history_game ON history (game, seq);
CREATE INDEX IF NOT EXISTS games_updated ON games (updated);
"""
UPGRADE_1 = """
INSERT INTO games_2 ({columns}) SELECT {columns} FROM games;
DROP TABLE games;
ALTER TABLE games_2 RENAME TO games;
CREATE INDEX IF NOT EXISTS games_updated ON games (updated)
"""
"""Version 1 to 2: ``seed`` may be NULL (a table game) and ``mode`` is new. SQLite cannot
drop a NOT NULL in place, so the games move to a new table, renamed ``games`` once the old
one is gone (SQLite's own recipe: the moves' and history's references keep naming
``games``); moves and history stay as they are. The games' columns are copied by name: the
first files of version 1 have no ``asked`` (NULL now), and every game becomes a live one."""


class StoreError(Exception):
    """The database cannot be used: ``reason`` names why (``newer``, ``open``), ``path`` where."""

    def __init__(self, reason: str, path: str, detail: str = ""):
        super().__init__(f"{reason}: {path} {detail}".strip())
        self.reason, self.path, self.detail = reason, path, detail


class Conflict(Exception):
    """Another server moved the game first: the moves stored are not those this one had."""


def default_path() -> Path:
    """``$XDG_DATA_HOME/carcdsl/games.sqlite3``, else ``~/.local/share/carcdsl/...``."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "carcdsl" / "games.sqlite3"


@attrs.frozen
class StoredGame:
    """A game as stored: what rebuilds it and who may move for which seat."""

    id: str
    rules: str
    variants: list[str]
    params: dict[str, Any]
    seed: int | None
    """None: a table game (the people draw)."""
    players: list[str]
    """Names in the order given (the draw-off's seating says who sits where)."""
    kinds: list[str]
    """Per player, in the order given: ``human`` or a bot kind."""
    seating: list[int]
    """Seat -> the index of its player in ``players``."""
    tokens: list[str | None]
    """Per seat: the token that moves for it (None: a bot's seat)."""
    taken: list[bool]
    """Per seat: whether someone took it (its link was handed out or used)."""
    room: str | None
    owner: str
    """The creator's token."""
    title: str
    moves: list[dict[str, Any]]
    finished: bool
    created: float
    updated: float
    mode: str = "live"
    """``live`` or ``table`` (see the module's words)."""


class GameStore:
    """The games of one SQLite file (``":memory:"``: none kept after the process)."""

    def __init__(self, path: str | os.PathLike[str] = ":memory:"):
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        try:
            self._db = sqlite3.connect(self.path, timeout=BUSY_MS / 1000,
                                       check_same_thread=False, isolation_level=None)
            self._db.execute(f"PRAGMA busy_timeout = {BUSY_MS}")
            if self.path != ":memory:":
                self._db.execute("PRAGMA journal_mode = WAL")
                self._db.execute("PRAGMA synchronous = NORMAL")
            self._lock = threading.Lock()
            self._migrate()
        except sqlite3.Error as exc:
            raise StoreError("open", self.path, str(exc)) from None

    def _migrate(self) -> None:
        with self._write():
            version = self._db.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise StoreError("newer", self.path, f"schema {version} > {SCHEMA_VERSION}")
            if version == SCHEMA_VERSION:
                return
            if version == 0:
                self._run(SCHEMA)
            else:
                self._upgrade_1()
            self._db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    def _run(self, script: str) -> None:
        for statement in script.split(";"):  # one by one: executescript would commit
            if statement.strip():
                self._db.execute(statement)

    def _upgrade_1(self) -> None:
        """A file of version 1 made one of version 2 (``UPGRADE_1``), in the migration's
        transaction: the new games table, then what the old one holds, column by column."""
        self._db.execute(SCHEMA.split(";")[0].replace("IF NOT EXISTS games", "games_2"))
        new = [row[1] for row in self._db.execute("PRAGMA table_info(games_2)")]
        old = {row[1] for row in self._db.execute("PRAGMA table_info(games)")}
        self._run(UPGRADE_1.format(columns=", ".join(c for c in new if c in old)))

    def close(self) -> None:
        with self._lock:
            self._db.close()

    # --- transactions -------------------------------------------------------------------
    def _write(self) -> _Transaction:
        return _Transaction(self._db, self._lock)

    # --- games --------------------------------------------------------------------------
    def add(self, game: StoredGame) -> None:
        """A new game and its first moves (the bots' before a person's turn), in one
        transaction."""
        with self._write() as db:
            db.execute(
                "INSERT INTO games (id, rules, variants, params, seed, players, kinds, "
                "seating, tokens, taken, room, owner, title, moves, finished, created, updated, "
                "mode) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?)",
                (game.id, game.rules, _dump(game.variants), _dump(game.params), game.seed,
                 _dump(game.players), _dump(game.kinds), _dump(game.seating),
                 _dump(game.tokens), _dump(game.taken), game.room, game.owner, game.title,
                 int(game.finished), game.created, game.updated, game.mode))
            _put_moves(db, game.id, 0, [_dump(m) for m in game.moves], game.finished)

    def save_moves(self, game_id: str, start: int, moves: Sequence[dict[str, Any]],
                   finished: bool, expected: int | None = None, undone: bool = False) -> None:
        """The game's moves from index ``start`` on are ``moves`` now (a decision completes
        the move before it; an undo leaves fewer), committed at once. ``expected``: how
        many moves the caller saw stored; Conflict when another writer changed that."""
        with self._write() as db:
            row = db.execute("SELECT moves FROM games WHERE id = ?", (game_id,)).fetchone()
            if row is None:
                raise KeyError(game_id)
            if expected is not None and row[0] != expected:
                raise Conflict(game_id)
            if undone:
                for n, text in db.execute("SELECT n, move FROM moves WHERE game = ? AND n >= ? "
                                          "ORDER BY n DESC", (game_id, start)).fetchall():
                    db.execute("INSERT INTO history (game, at, what, n, move) VALUES "
                               "(?, ?, 'undo', ?, ?)", (game_id, time.time(), n, text))
            db.execute("DELETE FROM moves WHERE game = ? AND n >= ?", (game_id, start))
            _put_moves(db, game_id, start, [_dump(m) for m in moves], finished)

    def take_seat(self, game_id: str, seat: int | None = None) -> tuple[int, str] | None:
        """Mark a seat taken: ``seat``, else the first free person's seat; its index and
        token, None when there is none free."""
        with self._write() as db:
            row = db.execute("SELECT tokens, taken FROM games WHERE id = ?",
                             (game_id,)).fetchone()
            if row is None:
                return None
            tokens, taken = json.loads(row[0]), json.loads(row[1])
            free = [i for i, tok in enumerate(tokens) if tok is not None and not taken[i]]
            pick = seat if seat is not None else (free[0] if free else None)
            if pick is None or pick not in free:
                return None
            taken[pick] = True
            db.execute("UPDATE games SET taken = ? WHERE id = ?", (_dump(taken), game_id))
            return pick, tokens[pick]

    def set_asked(self, game_id: str, asked: dict[str, Any] | None) -> None:
        """An undo waiting for consent (``undo``), or None; any move stored drops it."""
        with self._write() as db:
            db.execute("UPDATE games SET asked = ? WHERE id = ?",
                       (None if asked is None else _dump(asked), game_id))

    def room(self, game_id: str) -> str | None:
        """The game's room token (None: not shared, or no such game)."""
        with self._lock:
            row = self._db.execute("SELECT room FROM games WHERE id = ?", (game_id,)).fetchone()
        return None if row is None else row[0]

    def asked(self, game_id: str) -> dict[str, Any] | None:
        with self._lock:
            row = self._db.execute("SELECT asked FROM games WHERE id = ?",
                                   (game_id,)).fetchone()
        return None if row is None or row[0] is None else json.loads(row[0])

    def get(self, game_id: str) -> StoredGame | None:
        with self._lock:
            row = self._db.execute(f"SELECT {_COLUMNS} FROM games WHERE id = ?",
                                   (game_id,)).fetchone()
            if row is None:
                return None
            moves = [json.loads(text) for (text,) in self._db.execute(
                "SELECT move FROM moves WHERE game = ? ORDER BY n", (game_id,))]
        return _game(row, moves)

    def count(self, game_id: str) -> int | None:
        """How many moves the game has stored (None: no such game)."""
        with self._lock:
            row = self._db.execute("SELECT moves FROM games WHERE id = ?",
                                   (game_id,)).fetchone()
        return None if row is None else int(row[0])

    def listed(self, most: int = MAX_LISTED) -> list[dict[str, Any]]:
        """The games, the latest moved first: what the games page lists (no tokens)."""
        with self._lock:
            rows = self._db.execute(
                "SELECT id, rules, variants, players, seating, kinds, title, moves, "
                "finished, created, updated, mode FROM games ORDER BY updated DESC LIMIT ?",
                (most,)).fetchall()
        out = []
        for (gid, rules, variants, players, seating, kinds, title, moves, done, made, upd,
             mode) in rows:
            names, order, kinds_of = json.loads(players), json.loads(seating), json.loads(kinds)
            out.append({"id": gid, "rules": rules, "variants": json.loads(variants),
                        "players": [names[i] for i in order],
                        "kinds": [kinds_of[i] for i in order], "title": title,
                        "moves": moves, "finished": bool(done), "created": made,
                        "updated": upd, "mode": mode})
        return out

    def history(self, game_id: str) -> list[tuple[str, int, dict[str, Any]]]:
        """Every change of the game in order: (``move`` or ``undo``, index, the move)."""
        with self._lock:
            rows = self._db.execute("SELECT what, n, move FROM history WHERE game = ? "
                                    "ORDER BY seq", (game_id,)).fetchall()
        return [(what, n, json.loads(text)) for what, n, text in rows]

    def check(self) -> str:
        """SQLite's own integrity check: ``ok`` when the file is sound."""
        with self._lock:
            return str(self._db.execute("PRAGMA integrity_check").fetchone()[0])


_COLUMNS = ("id, rules, variants, params, seed, players, kinds, seating, tokens, taken, room, "
            "owner, title, finished, created, updated, mode")


def _game(row: tuple, moves: list[dict[str, Any]]) -> StoredGame:
    (gid, rules, variants, params, seed, players, kinds, seating, tokens, taken, room, owner,
     title, finished, created, updated, mode) = row
    return StoredGame(gid, rules, json.loads(variants), json.loads(params), seed,
                      json.loads(players), json.loads(kinds), json.loads(seating),
                      json.loads(tokens), json.loads(taken), room, owner, title, moves,
                      bool(finished), created, updated, mode)


def _put_moves(db: sqlite3.Connection, game_id: str, start: int, texts: list[str],
               finished: bool) -> None:
    now = time.time()
    db.executemany("INSERT INTO moves (game, n, move) VALUES (?, ?, ?)",
                   [(game_id, start + i, text) for i, text in enumerate(texts)])
    db.executemany("INSERT INTO history (game, at, what, n, move) VALUES (?, ?, 'move', ?, ?)",
                   [(game_id, now, start + i, text) for i, text in enumerate(texts)])
    db.execute("UPDATE games SET moves = ?, finished = ?, updated = ?, asked = NULL "
               "WHERE id = ?",
               (start + len(texts), int(finished), now, game_id))


def _dump(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


class _Transaction:
    """``with``: this process's lock, then ``BEGIN IMMEDIATE`` (the file's write lock, waited
    for up to the busy timeout); committed on leaving, rolled back on an error."""

    def __init__(self, db: sqlite3.Connection, lock: threading.Lock):
        self.db, self.lock = db, lock

    def __enter__(self) -> sqlite3.Connection:
        self.lock.acquire()
        try:
            self.db.execute("BEGIN IMMEDIATE")
        except BaseException:
            self.lock.release()
            raise
        return self.db

    def __exit__(self, kind: object, exc: object, tb: object) -> None:
        try:
            self.db.execute("COMMIT" if kind is None else "ROLLBACK")
        finally:
            self.lock.release()
