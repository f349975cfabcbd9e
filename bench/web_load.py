"""Many games at once on `carcdsl serve`, each played by two clients on loopback; then the
server killed (`kill -9`) mid-run and started again on the same database.

    python bench/web_load.py                      # 50 games of base, 2 clients each
    python bench/web_load.py --games 20 --think 0 --json

Each game is shared (a link per seat): its creator's client holds one seat, a second client
takes the other by its link. Both hold the game's event stream (server-sent events) and, on
each event, ask for the game; the one whose seat is to move waits its think time (a person
looking at the board: `--think` seconds, uniformly 0.5x to 1.5x), then sends a legal move
(a random one of those offered). A move's latency is the round trip of its POST: the move
checked, played, committed to SQLite, and the game answered; the app's own part of it (its
``Server-Timing`` header: from the request's arrival in the app to its answer) is reported
beside it, the rest being the network, uvicorn, and the clients' own event loop.

Phase 1 plays till `--kill-after` moves are acknowledged in all, then the server gets SIGKILL
(requests in flight are cut: those are not acknowledged). Every acknowledged move must then
be in the database, at its index, as sent. Phase 2 starts `serve` again on the same file, and
the same clients (their cookies) play every game to its end. Errors (any status but 200 for a
move, but the kill's cut), lost moves (acknowledged, not stored) and the latencies of each
phase are reported: the median, p99 and the worst.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from carcdsl.web.store import GameStore  # noqa: E402


def start_server(db: str) -> tuple[subprocess.Popen, str]:
    # every game comes from this one address: the limit on new games per address is lifted
    command = [sys.executable, "-m", "carcdsl", "serve", "--port", "0", "--db", db,
               "--max-new-games-per-minute", "100000"]
    proc = subprocess.Popen(command,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                            env={**os.environ, "PYTHONUNBUFFERED": "1"}, cwd=ROOT)
    assert proc.stdout is not None
    found = re.search(r"http://\S+/", proc.stdout.readline())
    assert found, "serve printed no address"
    return proc, found.group(0).rstrip("/")


class Run:
    """What the clients measured and saw."""

    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.server: list[float] = []
        """The app's own time for each move (its ``Server-Timing``), in seconds."""
        self.at: list[float] = []
        """When each move was answered, in seconds from the phase's start."""
        self.began = time.perf_counter()
        self.acked: dict[str, list[tuple[int, dict]]] = {}
        self.errors: list[str] = []
        self.cut = 0
        self.stop = asyncio.Event()


async def watch(client: httpx.AsyncClient, gid: str, versions: asyncio.Queue) -> None:
    """The game's event stream: each event's version on ``versions``."""
    try:
        async with client.stream("GET", f"/api/games/{gid}/events", timeout=None) as answer:
            async for line in answer.aiter_lines():
                if line.startswith("data:"):
                    versions.put_nowait(json.loads(line[5:])["version"])
    except (httpx.HTTPError, asyncio.CancelledError):
        pass


async def player(client: httpx.AsyncClient, gid: str, run: Run, think: float,
                 rng: random.Random) -> None:
    """A person's page: on each event of a version it has not seen, the game asked for (as
    together.js does); on its seat's turn, a move after its think time."""
    versions: asyncio.Queue = asyncio.Queue()
    stream = asyncio.create_task(watch(client, gid, versions))
    game: dict | None = None
    try:
        while not run.stop.is_set():
            if game is None or not versions.empty():
                seen = None
                while not versions.empty():
                    seen = versions.get_nowait()
                if game is None or seen != game["version"]:
                    game = (await client.get(f"/api/games/{gid}")).json()
            if game["state"]["finished"]:
                return
            if not game.get("turn") or game["state"]["current"] not in game["you"]:
                try:
                    versions.put_nowait(await asyncio.wait_for(versions.get(), 5.0))
                except TimeoutError:
                    game = None  # look anyway
                continue
            await asyncio.sleep(think * rng.uniform(0.5, 1.5))
            move = rng.choice(game["turn"]["choices"])["move"]
            turn = game["state"]["moves"]
            began = time.perf_counter()
            answer = await client.post(f"/api/games/{gid}/moves",
                                       json={"move": move, "turn": turn})
            took = time.perf_counter() - began
            if answer.status_code == 200:
                run.latencies.append(took)
                timing = answer.headers.get("server-timing", "app;dur=nan")
                run.server.append(float(timing.split("dur=")[1]) / 1000)
                run.at.append(time.perf_counter() - run.began)
                run.acked.setdefault(gid, []).append((turn, move))
                game = answer.json()  # the page shows the answer
            else:
                run.errors.append(f"{gid} move {turn}: {answer.status_code} {answer.text[:120]}")
                game = None
    except httpx.HTTPError:
        run.cut += 1  # the server went away under it (the kill): this client stops
    finally:
        stream.cancel()


async def new_games(url: str, games: int, rules: str, variants: list[str],
                    seed: int) -> list[tuple[str, httpx.AsyncClient, httpx.AsyncClient]]:
    made = []
    for g in range(games):
        ann = httpx.AsyncClient(base_url=url, timeout=30)
        bob = httpx.AsyncClient(base_url=url, timeout=30)
        answer = await ann.post("/api/games", json={
            "rules": rules, "variants": variants, "seed": seed + g, "share": True,
            "players": [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}]})
        answer.raise_for_status()
        game = answer.json()
        link = next(s["link"] for s in game["links"]["seats"] if not s["yours"])
        joined = await bob.post(f"/api/games/{game['id']}/join",
                                json={"token": link.split("seat=")[1]})
        joined.raise_for_status()
        made.append((game["id"], ann, bob))
    return made


async def play(made, url: str, run: Run, think: float, seed: int) -> None:
    tasks = []
    for i, (gid, ann, bob) in enumerate(made):
        for j, client in enumerate((ann, bob)):
            client.base_url = httpx.URL(url)
            rng = random.Random(seed * 1000 + 2 * i + j)
            tasks.append(asyncio.create_task(player(client, gid, run, think, rng)))
    await asyncio.gather(*tasks)


def check_stored(db: str, acked: dict[str, list[tuple[int, dict]]]) -> tuple[int, int]:
    """(acknowledged moves, those not stored at their index as sent)."""
    store = GameStore(db)
    total = lost = 0
    for gid, moves in acked.items():
        found = store.get(gid)
        stored = found.moves if found else []
        for turn, move in moves:
            total += 1
            if turn >= len(stored) or stored[turn] != move:
                lost += 1
    store.close()
    return total, lost


def summary(latencies: list[float]) -> dict[str, float | int]:
    if not latencies:
        return {"moves": 0}
    ms = sorted(x * 1000 for x in latencies)
    return {"moves": len(ms), "median_ms": round(statistics.median(ms), 1),
            "p99_ms": round(ms[min(len(ms) - 1, int(0.99 * len(ms)))], 1),
            "max_ms": round(ms[-1], 1)}


async def main_async(args: argparse.Namespace) -> dict:
    db = args.db or str(Path(tempfile.mkdtemp(prefix="carcdsl-load-")) / "games.sqlite3")
    proc, url = start_server(db)
    try:
        made = await new_games(url, args.games, args.rules, args.variant, args.seed)
        first = Run()
        playing = asyncio.create_task(play(made, url, first, args.think, args.seed))
        while sum(map(len, first.acked.values())) < args.kill_after and not playing.done():
            await asyncio.sleep(0.01)
        proc.kill()  # SIGKILL, with requests in flight
        proc.wait()
        await playing  # each player stops at its first refused connection
        first.stop.set()
        total, lost = check_stored(db, first.acked)
        proc, url = start_server(db)
        second = Run()
        second.acked = {gid: list(moves) for gid, moves in first.acked.items()}
        await play(made, url, second, args.think, args.seed + 1)
        listed = httpx.get(f"{url}/api/games").json()["games"]
        total_after, lost_after = check_stored(db, second.acked)
    finally:
        proc.kill()
        proc.wait()
    for _, ann, bob in made:
        await ann.aclose()
        await bob.aclose()
    return {
        "games": args.games, "rules": " + ".join([args.rules, *args.variant]),
        "think_s": args.think, "db": db,
        "before_kill": {**summary(first.latencies), "errors": len(first.errors),
                        "clients_cut_by_kill": first.cut, "acknowledged": total, "lost": lost},
        "after_restart": {**summary(second.latencies), "errors": len(second.errors),
                          "after_its_first_5_s": summary(
                              [x for x, t in zip(second.latencies, second.at) if t > 5]),
                          "finished": sum(g["finished"] for g in listed),
                          "acknowledged": total_after, "lost": lost_after},
        "all": summary(first.latencies + second.latencies),
        "all_in_the_app": summary(first.server + second.server),
        "error_samples": (first.errors + second.errors)[:5],
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--rules", default="base")
    parser.add_argument("--variant", action="append", default=[])
    parser.add_argument("--think", type=float, default=0.5,
                        help="seconds a player looks before moving (0: at once)")
    parser.add_argument("--kill-after", type=int, default=1000,
                        help="acknowledged moves before the server is killed")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--db", help="the database file (default: a new temporary one)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = asyncio.run(main_async(args))
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        for key, value in result.items():
            print(f"{key}: {value}")
    bad = (result["before_kill"]["lost"] or result["after_restart"]["lost"]
           or result["before_kill"]["errors"] or result["after_restart"]["errors"]
           or result["after_restart"]["finished"] != args.games)
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
