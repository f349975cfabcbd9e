"""``carcdsl render``: pictures drawn from the rules (``view.svg``).

``render RULES --tiles sheet.svg`` (or ``.html``, or ``.png``) writes every tile type with its
name and count, the printable sheet; ``render RECORD --move N board.svg`` (or ``.png``) the
board after move N with move N marked, told as ``play`` tells it, and the scores (``--move
start``: before the first move); ``render RECORD --all DIR`` one board per move, as SVG or
with ``--png`` as PNG, ``move-007.svg`` after move 7. Move N is the record's ``moves[N]``,
numbered from 0 as ``play``'s log, ``replay`` and the browser's replay page number it. The
last board is drawn with the followers that stood on it beside the final scores. A PNG needs
the ``png`` extra (``view.png``); without it, one line says how to install it and nothing is
written.
Every file is written whole or not at all: into a temporary file beside it, then renamed.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import attrs

from carcdsl.cli.commands import title_of
from carcdsl.cli.output import Said, add_allow_option, add_lang_option, add_variant_option
from carcdsl.engine.game import Game
from carcdsl.errors import RecordError
from carcdsl.formats.files import check_name, check_target, write_atomically
from carcdsl.formats.record import Record, load_record
from carcdsl.i18n.words import Words, os_reason
from carcdsl.pipeline import load
from carcdsl.replay import game_for, replay
from carcdsl.view.describe import told_move
from carcdsl.view.png import rasteriser, to_png
from carcdsl.view.svg import board_svg, tile_sheet, tile_sheet_html


def add_render(commands) -> None:
    """Register ``render`` with the command line's subparsers."""
    p = commands.add_parser(
        "render",
        help="draw the tiles of a rule set, or the board of a game record, as SVG or PNG",
        description="Draw every tile type of a rule set (--tiles FILE: .svg, .html with the "
        "SVG inline, or .png), or the board of a game record after a move (--move N FILE: "
        ".svg or .png) or after each move (--all DIR, SVG; with --png, PNG). PNG needs "
        "pip install 'carcdsl[png]'.")
    p.add_argument("source", metavar="RULES|RECORD",
                   help="a rule file or bundled rule set (with --tiles), or a game record")
    add_variant_option(p)
    add_allow_option(p)
    what = p.add_mutually_exclusive_group()
    what.add_argument("--tiles", metavar="FILE",
                      help="write the tile sheet: SVG, HTML when FILE ends in .html, PNG when "
                      "it ends in .png")
    what.add_argument("--move", nargs=2, metavar=("N", "FILE"),
                      help="write the board after move N of the record to FILE (0: the "
                      "first move, as play's log numbers it; start: before it); PNG when "
                      "FILE ends in .png")
    what.add_argument("--all", metavar="DIR", help="write the board after each move into DIR")
    p.add_argument("--png", action="store_true",
                   help="with --all: write PNG files (move-001.png, ...) instead of SVG")
    add_lang_option(p)
    p.set_defaults(run=cmd_render)


def cmd_render(args: argparse.Namespace) -> int:
    if args.png and args.all is None:
        raise Said("render-png-all")
    target = args.tiles if args.tiles is not None else args.move[1] if args.move else None
    if args.tiles is not None:
        _check_suffix(args.tiles, "--tiles", (".svg", ".html", ".htm", ".png"))
    elif args.move is not None:
        _check_suffix(args.move[1], "--move", (".svg", ".png"))
    if args.png or _is_png(target):
        _need_png()
    if target is not None:  # refused before anything is loaded or drawn
        _check_target(Path(target), Words(None, args.lang))
    if args.tiles is not None:
        return _render_tiles(args)
    if args.variant:
        raise Said("render-record-variants")
    if args.move is None and args.all is None:
        raise Said("render-needs-what")
    record = load_record(args.source)
    try:
        game = game_for(record)
    except RecordError as exc:
        raise exc.within(args.source) from None
    words = Words(game.rules, args.lang)
    count = len(record.moves)
    if args.all is not None:
        folder = Path(args.all)
        if folder.exists() and not folder.is_dir():
            raise Said("render-not-folder", file=args.all)
        try:
            check_name(folder)  # a NUL: said as the OSError it is
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise Said("render-unwritable", file=args.all,
                       reason=os_reason(exc).say(words)) from None
        width = max(3, len(str(count - 1)))
        suffix = ".png" if args.png else ".svg"
        files = [folder / f"move-{n:0{width}d}{suffix}" for n in range(count)]
        for file in files:  # all refused before one is written
            _check_target(file, words)
        for n, file in enumerate(files):
            _write(file, _board(game, record, n, words, args), words)
        print(words.phrase("render-wrote", n=count, file=args.all))
        return 0
    text, output = args.move
    _write(Path(output), _board(game, record, _move_index(text, count), words, args), words)
    return 0


def _move_index(text: str, count: int) -> int | None:
    """``--move``'s N: a move of the record (0 the first), or ``start`` (None)."""
    if text == "start":
        return None
    try:
        move = int(text)
    except ValueError:
        raise Said("render-move-what", value=text) from None
    if not 0 <= move < count:
        raise Said("render-move-range" if count else "render-no-moves", move=move,
                   last=count - 1)
    return move


def _render_tiles(args: argparse.Namespace) -> int:
    game = load(args.source, tuple(args.variant), allow=args.allow_path)
    words = Words(game.rules, args.lang)
    variants = "".join(f" + {v}" for v in game.rules.variants)
    title = f"{title_of(game.rules, words)} ({game.rules.name}{variants})"
    target = Path(args.tiles)
    if target.suffix.lower() in (".html", ".htm"):
        text = tile_sheet_html(game.tables, title)
    else:
        text = tile_sheet(game.tables, title)
    _write(target, text, words)
    return 0


def _check_suffix(target: str, option: str, suffixes: tuple[str, ...]) -> None:
    """A picture goes to a file whose name says what it holds: SVG under ``.gif`` is refused
    before anything is loaded, not written for a viewer to choke on."""
    if Path(target).suffix.lower() not in suffixes:
        raise Said("render-suffix", file=target, option=option, kinds=", ".join(suffixes))


def _is_png(target: str | None) -> bool:
    return target is not None and Path(target).suffix.lower() == ".png"


def _need_png() -> None:
    """Refuse at once, before anything is drawn or written, when PNG cannot be made."""
    try:
        rasteriser()
    except ImportError:
        raise Said("render-png-missing") from None


def _board(game: Game, record: Record, n: int | None, words: Words,
           args: argparse.Namespace) -> str:
    """The board after move ``n`` of ``record`` (None: before the first), captioned with
    the move as ``play``'s log tells it; after the last, with the final scoring the record
    asks for (and the followers it returned, ``view.svg``)."""
    played = 0 if n is None else n + 1
    last = played == len(record.moves)
    part = attrs.evolve(record, moves=record.moves[:played], final=record.final and last)
    try:
        state = replay(part, game)
    except RecordError as exc:
        raise exc.within(args.source) from None
    caption = words.phrase("render-start") if n is None else told_move(state, n, words)
    return board_svg(state, title_of(game.rules, words), [caption])


def _check_target(target: Path, words: Words) -> None:
    """Refuse a picture's file that could never be written (a named pipe, a device, a
    folder), in one message naming it."""
    try:
        check_target(target)
    except OSError as exc:
        raise Said("render-unwritable", file=str(target),
                   reason=os_reason(exc).say(words)) from None


def _write(target: Path, text: str, words: Words) -> None:
    """Write ``text`` (an SVG or HTML document; rasterised first when ``target`` ends in
    ``.png``) to ``target`` whole: a temporary file in the same folder, renamed over it;
    nothing is left behind when it fails."""
    data = to_png(text) if _is_png(str(target)) else text.encode("utf-8")
    try:
        write_atomically(target, data)
    except OSError as exc:
        raise Said("render-unwritable", file=str(target),
                   reason=os_reason(exc).say(words)) from None
