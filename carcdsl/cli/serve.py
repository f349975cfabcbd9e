"""``carcdsl serve``: the browser app (``carcdsl.web``) on this machine.

``serve [RULES_DIR ...]`` offers the bundled rule sets and the ``.carc`` files and records
of the folders given (none: the bundled ones only, and the editor cannot save); it listens
on 127.0.0.1 unless told otherwise, prints the address and runs till Ctrl-C. Without the
``web`` extra (Starlette, uvicorn) it says how to install it and exits 1.
"""

from __future__ import annotations

import argparse
import importlib.util
import socket
import sys
import threading
import webbrowser
from pathlib import Path

from carcdsl.cli.output import Said, add_allow_option, add_lang_option, said
from carcdsl.i18n.words import CATALOGS, languages
from carcdsl.lang.sources import bundled_names
from carcdsl.web.pace import MAX_NEW_GAMES


def add_serve(commands) -> None:
    """Register ``serve`` with the command line's subparsers."""
    p = commands.add_parser(
        "serve", help="play, watch, replay, browse and write rules in a browser",
        description="Start the browser app on this machine: play against bots or hot-seat, "
        "watch bots, step through records, browse rule sets and edit rule files (saved "
        "only inside the folders given).")
    p.add_argument("folders", nargs="*", metavar="RULES_DIR",
                   help="folders whose .carc rule files and .json records are offered, and "
                   "where the editor may save (default: none, the bundled rules only)")
    p.add_argument("--host", default="127.0.0.1",
                   help="the address to listen on (default 127.0.0.1: this machine only)")
    p.add_argument("--port", type=int, default=8000,
                   help="the port (default 8000; 0: any free one)")
    add_allow_option(p)
    p.add_argument("--db", metavar="FILE",
                   help="the SQLite file the games are kept in (default: games.sqlite3 in "
                   "$XDG_DATA_HOME/carcdsl or ~/.local/share/carcdsl)")
    p.add_argument("--max-new-games-per-minute", type=int, default=MAX_NEW_GAMES, metavar="N",
                   help="new games one client address may start in a minute (default "
                   f"{MAX_NEW_GAMES}): every game is stored for good")
    p.add_argument("--open", action="store_true", help="open the app in a web browser")
    add_lang_option(p)
    p.set_defaults(run=cmd_serve)


def _known_language(lang: str) -> bool:
    """The tool's own languages, or one a bundled rule set gives names in."""
    if lang in CATALOGS:
        return True
    from carcdsl.pipeline import compose

    for name in bundled_names():
        rules, _found, _sources = compose(name)
        if rules is not None and lang in languages(rules):
            return True
    return False


def cmd_serve(args: argparse.Namespace) -> int:
    """``carcdsl serve``: check the folders and the address, then serve till stopped."""
    if any(importlib.util.find_spec(m) is None for m in ("starlette", "uvicorn")):
        raise Said("serve-missing")
    for folder in [*args.folders, *args.allow_path]:
        if not Path(folder).is_dir():
            raise Said("serve-no-folder", folder=folder)
    if not 0 <= args.port <= 65535:
        raise Said("serve-port", port=args.port)
    if not _known_language(args.lang):
        raise Said("serve-lang", lang=args.lang, langs=", ".join(CATALOGS))
    if args.max_new_games_per_minute < 1:
        raise Said("serve-new-games", most=args.max_new_games_per_minute)
    db = _database(args.db)
    sock = _bind(args.host, args.port)
    from carcdsl.web.app import Settings, create_app
    from carcdsl.web.files import Folders
    from carcdsl.web.guard import LOCAL_HOSTS
    from carcdsl.web.server import make_server

    # on this machine only, requests must name it (no DNS rebinding); elsewhere, any name
    hosts = LOCAL_HOSTS if args.host in LOCAL_HOSTS else None
    app = create_app(Settings(Folders.of(args.folders, args.allow_path), args.lang, hosts,
                              db=db, max_new_games=args.max_new_games_per_minute))
    host, port = sock.getsockname()[:2]
    # every address (0.0.0.0, ::) is no address a browser opens: this machine's loopback is
    host = {"0.0.0.0": "127.0.0.1", "::": "::1"}.get(host, host)
    shown = f"[{host}]" if ":" in host else host
    url = f"http://{shown}:{port}/"
    print(said("serve-listening", args.lang, url=url), flush=True)
    print(f"carcdsl: {said('serve-games-in', args.lang, path=db)}", file=sys.stderr)
    if hosts is None:
        print(f"carcdsl: {said('serve-exposed', args.lang, host=args.host)}", file=sys.stderr)
        print(f"carcdsl: {said('serve-exposed-games', args.lang, host=args.host)}",
              file=sys.stderr)
    if args.open:
        threading.Timer(0.5, webbrowser.open, (url,)).start()
    make_server(app).run(sockets=[sock])  # with deadlines for headers and bodies
    return 0


def _database(given: str | None) -> str:
    """The games' file (``--db``, else the user's data folder), opened once here so that a
    file that cannot be used is one clear message before anything starts."""
    from carcdsl.web.store import GameStore, StoreError, default_path

    if given == "":  # an empty name (``--db "$UNSET"``): not the default without a word
        raise Said("serve-db-empty")
    path = str(Path(given) if given else default_path())
    try:
        GameStore(path).close()
    except StoreError as exc:
        if exc.reason == "newer":
            raise Said("serve-db-newer", path=path) from None
        raise Said("serve-db", path=path, reason=exc.detail) from None
    except OSError as exc:  # its folder cannot be made
        raise Said("serve-db", path=path, reason=exc.strerror or str(exc)) from None
    return path


def _bind(host: str, port: int) -> socket.socket:
    """A listening socket, so that a port in use is one clear message before anything
    starts."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
        family, kind, proto, _, address = infos[0]
        sock = socket.socket(family, kind, proto)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(128)
    except OSError as exc:
        raise Said("serve-cannot-listen", host=host, port=port,
                   reason=exc.strerror or str(exc)) from None
    return sock
