"""One thin function per subcommand: ``cmd_check``, ``cmd_export``, ``cmd_play``,
``cmd_replay``, ``cmd_explain``; each takes the parsed arguments and returns the exit status.

``cmd_check`` keeps the body it had in ``cli/main.py`` (less its first line, an import now at
the top).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import signal
import sys
import threading
from collections.abc import Iterator, Sequence

import attrs

from carcdsl.check.stats import tile_stats
from carcdsl.cli.output import (
    Said,
    Stopped,
    _format,
    capped,
    compiling_notice,
    not_shown,
    print_json,
    say_error,
    tell_engine,
    translated,
)
from carcdsl.cli.simulate import check_bot_spec
from carcdsl.cli.tell import play_one, tell, tell_result
from carcdsl.diagnostics import format_diagnostic, unique
from carcdsl.engine.game import Game
from carcdsl.engine.state import State
from carcdsl.errors import CarcError, RecordError
from carcdsl.formats.record import (
    SEED_MAX,
    SEED_MIN,
    Record,
    check_record_path,
    check_rule_paths,
    dump_record,
    load_record,
    rebase_rule_paths,
    record_home,
    record_of,
    replay_output,
)
from carcdsl.i18n.words import Words, has_phrases
from carcdsl.lang.compose import Loader
from carcdsl.lang.decls import ParamDecl, RuleFile
from carcdsl.lang.jsonform import ruleset_to_json
from carcdsl.lang.sources import bundled_names, display_name, resolve
from carcdsl.model.base import Loc
from carcdsl.model.rules import RuleSet, about_in
from carcdsl.pipeline import check_files, check_language, load, load_checked
from carcdsl.replay import game_for, replay
from carcdsl.sim.compiled import EngineChoice, Refusal, choose
from carcdsl.sim.local import play_many, player_names, result_json
from carcdsl.view.describe import (
    describe_bundled,
    describe_rules,
    describe_setup,
    format_stats,
    format_summary,
)
from carcdsl.view.text import render_board

_PLAY_WARNINGS = frozenset({"W105", "W107"})
"""Warnings ``play`` says too: how the variants were combined changes the game played."""


def _load_game(rules: str, variants: tuple[str, ...], lang: str,
               allow: Sequence[str] = ()) -> Game:
    """The game to play, after the language is checked; a warning of ``_PLAY_WARNINGS`` is
    said on stderr, where ``check`` would say it."""
    game = load(rules, variants, allow=allow)
    _note_language(game.rules, lang)
    words = Words(game.rules, lang)
    for diag in game.warnings:
        if diag.code in _PLAY_WARNINGS:
            print(f"carcdsl: {_format(diag, None, words)}", file=sys.stderr)
    return game


def _note_language(rules: RuleSet, lang: str, note: bool = True) -> None:
    """Refuse a language nobody speaks; say so when the tool's phrases stay English."""
    check_language(rules, lang)
    if note and not has_phrases(lang):
        print(f"carcdsl: note: carcdsl has no phrases in '{lang}': the rule set's words are "
              f"in '{lang}', carcdsl's own words in English", file=sys.stderr)


def _label(target: str, variants: Sequence[str]) -> str:
    """How a summary line names what was checked: the file as shown in messages."""
    try:
        shown = display_name(resolve(target))
    except CarcError:
        shown = target
    return shown + "".join(f" + {v}" for v in variants)


def cmd_check(args: argparse.Namespace) -> int:
    """``carcdsl check FILE... [--variant V ...] [--strict] [--stats]``."""
    status, noted = 0, False
    said: set[tuple] = set()  # a problem of a file two targets share is printed once a run
    as_json: list[dict] = []  # with --json: one object per target, printed at the end
    for target in args.files:
        rules, found, sources = check_files(target, args.variant, lang=args.lang,
                                            allow=args.allow_path)
        shown = _label(target, ())
        found = unique(d if d.loc is not None else attrs.evolve(d, loc=Loc(shown))
                       for d in found)
        if rules is not None:
            _note_language(rules, args.lang, note=not noted)
            noted = True
        words = Words(rules, args.lang)
        errors = sum(d.is_error for d in found)
        if args.json:
            as_json.append(_check_json(_label(target, args.variant), found, errors, words))
            if errors or (args.strict and len(found) > errors):
                status = 1
            continue
        listed, more = capped(found)
        for diag in listed:
            seen = (diag.code, diag.loc, diag.message)
            if seen not in said:
                said.add(seen)
                print(_format(diag, sources, words))
        for line in not_shown(more, words):
            print(line)
        warnings = len(found) - errors
        label = _label(target, args.variant)
        if rules is None and not errors:  # cannot happen; never call that clean
            errors = 1
        if not found:
            print(f"{label}: {words.phrase('ok')}")
        else:
            print(f"{label}: {words.phrase('errors', n=errors)}, "
                  f"{words.phrase('warnings', n=warnings)}")
        failed = errors > 0 or (args.strict and warnings > 0)
        if failed:
            status = 1
        elif args.stats and rules is not None:
            print(format_stats(tile_stats(rules), words))
    if args.json:
        print_json({"files": as_json}, indent=2)
    return status


def _check_json(label: str, found: list, errors: int, words: Words) -> dict:
    """``check --json``: one target's diagnostics (every one, in order) and counts."""
    return {"target": label, "errors": errors, "warnings": len(found) - errors,
            "diagnostics": [{"file": d.loc.file, "line": d.loc.line, "column": d.loc.column,
                             "code": d.code, "severity": d.severity,
                             "message": d.say(words)} for d in found]}


EXPORT_WIDTH = 120
"""``export`` writes an object or array that fits in this many characters on one line."""


def cmd_export(args: argparse.Namespace) -> int:
    """``carcdsl export FILE [--variant V ...]``: the composed, checked rule set as JSON."""
    rules, warnings, sources = load_checked(args.file, tuple(args.variant),
                                            allow=args.allow_path)
    for diag in warnings:
        print(format_diagnostic(diag, sources), file=sys.stderr)
    print_json(ruleset_to_json(rules), indent=2, width=EXPORT_WIDTH)
    return 0


def _seats(args: argparse.Namespace, game: Game) -> list[str]:
    """The players' names: ``--names`` as given, else ``P1``, ``P2``, ... (``--players``, or
    the default count)."""
    if args.names is not None:
        names = [n.strip() for n in args.names.split(",")]
        if any(not n for n in names) or len(set(names)) != len(names):
            raise Said("names-bad")
        return names
    return player_names(game, args.players)


def _check_play_options(args: argparse.Namespace) -> None:
    """Refuse a combination of ``play`` options that cannot work, before loading anything."""
    if args.resume is not None:
        given = [option for option, value in (
            ("RULES", args.rules), ("--variant", args.variant), ("--players", args.players),
            ("--names", args.names), ("--seed", args.seed),
            ("--games", None if args.games == 1 else args.games)) if value]
        if given:
            raise Said("resume-alone", option=given[0])
    elif args.rules is None:
        raise Said("play-needs-rules")
    for kind in args.bot:
        check_bot_spec(kind)
    if args.games < 1:
        raise Said("games-at-least")
    if args.seed is not None and not SEED_MIN <= args.seed <= SEED_MAX:
        raise Said("seed-range", least=SEED_MIN, most=SEED_MAX)
    if args.record is not None and not args.record:
        raise Said("record-empty")
    if args.record and args.games != 1:
        raise Said("record-one-game")
    if "human" in args.bot and args.games != 1:
        raise Said("human-one-game")
    if args.record and args.resume is None:  # before the game is played, not after
        check_record_path(args.record)
        _check_record_rules(args.rules, args.variant, args.record)


def _check_record_rules(rules: str, variants: Sequence[str], path: str,
                        from_dir: str | None = None) -> None:
    """Refuse a record at ``path`` that could not name its rules: a record names only
    bundled rule sets and files in its own folder or below (``check_rule_paths``), so that
    a record written by play replays from where it is written."""
    draft = Record(rules, tuple(variants), ("P1",), None, ())
    try:
        check_rule_paths(rebase_rule_paths(draft, path, from_dir), record_home(path))
    except RecordError as exc:
        raise exc.within(path) from None


def cmd_play(args: argparse.Namespace) -> int:
    """``carcdsl play RULES [...]``: one game told turn by turn, or many summed up;
    ``carcdsl play --resume RECORD [...]``: a game saved part-way goes on."""
    _check_play_options(args)
    if args.resume is not None:
        return _resume(args)
    game = _load_game(args.rules, tuple(args.variant), args.lang, args.allow_path)
    words = Words(game.rules, args.lang)
    with translated(words):
        names = _seats(args, game)
        game.check_players(len(names))
    if len(args.bot) > len(names):
        raise Said("too-many-bots", kinds=len(args.bot), n=len(names))
    # a seed chosen here is printed in every mode, so that any game can be played again
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    bots = list(args.bot) or ["random"]
    if args.games == 1:
        return _play_one(args, game, words, names, bots, seed)
    progress = not args.quiet and not args.json and sys.stderr.isatty()
    with compiling_notice(args.lang) as compiling:
        engine = choose(game, len(names), bots, args.engine, range(seed, seed + args.games),
                        compiling)
    tell_engine(engine, args.lang)
    summary = play_many(game, names, bots, seed, args.games, progress, engine)
    if args.json:
        print_json(summary, indent=2)
    else:
        print(format_summary(summary, words))
    return 0


def _resume(args: argparse.Namespace) -> int:
    """``play --resume RECORD``: the record's game replayed, every move checked, then played
    on by ``--bot`` seats (default random) and saved again (to ``--record``, default the
    record itself)."""
    path = args.resume
    record = load_record(path)
    try:
        game = game_for(record)
    except RecordError as exc:
        raise exc.within(path) from None
    _note_language(game.rules, args.lang)
    words = Words(game.rules, args.lang)
    if record.seed is None:
        raise Said("resume-needs-seed", file=path)
    try:
        state = replay(record, game)
    except RecordError as exc:
        raise exc.within(path) from None
    if state.finished:
        raise Said("resume-over", file=path)
    names = list(state.players)
    if len(args.bot) > len(names):
        raise Said("too-many-bots", kinds=len(args.bot), n=len(names))
    target = args.record or path
    check_record_path(target)
    _check_record_rules(record.rules, record.variants, target, record.base_dir)
    state.go_live()
    return _play_one(args, game, words, names, list(args.bot) or ["random"], record.seed,
                     state=state, saved=(target, record.base_dir))


def _play_one(args: argparse.Namespace, game: Game, words: Words, names: list[str],
              bots: list[str], seed: int, state: State | None = None,
              saved: tuple[str, str | None] | None = None) -> int:
    """``play`` with one game: told, or only its result (``--quiet``, ``--json``). A game
    that stops part-way (a person quits, Ctrl-C, the reader of the output goes away) is
    saved so far when there is a record to write (``saved``: where, and the folder the
    record's rule paths are relative to; default ``--record``, paths as given)."""
    if args.engine != "python":  # the kernel plays batches, silently: this one is told
        tell_engine(EngineChoice(args.engine, "python", Refusal("compiled-one-game")),
                    args.lang)
    out = None if (args.quiet or args.json) else sys.stdout
    target, home = saved if saved is not None else (args.record, None)
    if state is None:
        if out is not None:
            print(f"{title_of(game.rules, words)}: {', '.join(names)}; "
                  f"{words.phrase('seed')} {seed}", file=out)
        state = game.new_game(names, seed)
    elif out is not None:
        print(f"{title_of(game.rules, words)}: {', '.join(names)}; "
              f"{words.phrase('resumed', file=target, n=len(state.moves))}", file=out)
    try:
        with _signals_as_interrupt(bool(target)):
            play_one(game, names, bots, seed, out, args.lang, state=state,
                     resumed=saved is not None)
    except (KeyboardInterrupt, BrokenPipeError, CarcError) as exc:
        if not target:
            raise
        _save(state, target, home)
        if isinstance(exc, Signalled):
            raise Stopped(words.phrase("ended-by-signal", signal=exc.name), target,
                          128 + exc.signum) from None
        if isinstance(exc, BrokenPipeError):
            with contextlib.suppress(OSError):  # what is left in the buffer is lost
                os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            raise Stopped(words.phrase("output-closed"), target, 1) from None
        if isinstance(exc, KeyboardInterrupt):
            raise Stopped(words.phrase("interrupted"), target, 130) from None
        raise Stopped(say_error(exc, args.lang), target, 1) from None
    if target:
        _save(state, target, home)
    if args.json:
        print_json({**replay_output(state), **result_json(state), "seed": seed}, indent=2)
    elif args.quiet:
        print(f"{words.phrase('seed')} {seed}: "
              + " ".join(f"{n}={s}" for n, s in zip(state.players, state.scores)))
    return 0


class Signalled(KeyboardInterrupt):
    """SIGTERM or SIGHUP (a closed terminal) while a game with a record is played: it
    stops as Ctrl-C does, the game so far saved, the exit status 128 + ``signum``."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum
        self.name = signal.Signals(signum).name


@contextlib.contextmanager
def _signals_as_interrupt(wanted: bool) -> Iterator[None]:
    """Inside (when ``wanted``: there is a record to save), SIGTERM and SIGHUP raise
    ``Signalled`` where the game is, as SIGINT raises KeyboardInterrupt; the handlers before
    come back after. Outside the main thread (a test's), nothing changes."""
    if not wanted or threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum: int, _frame: object) -> None:
        raise Signalled(signum)

    kinds = [getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name)]
    before = {kind: signal.signal(kind, stop) for kind in kinds}
    try:
        yield
    finally:
        for kind, handler in before.items():
            signal.signal(kind, handler)


def _save(state: State, target: str, home: str | None) -> None:
    """The record of ``state``'s game so far, written atomically to ``target``."""
    dump_record(rebase_rule_paths(record_of(state), target, home), target)


def cmd_replay(args: argparse.Namespace) -> int:
    """``carcdsl replay RECORD [--json]``: replay a record, checking every move."""
    record = load_record(args.record)
    try:
        game = game_for(record)
    except RecordError as exc:
        raise exc.within(args.record) from None
    _note_language(game.rules, args.lang)
    words = Words(game.rules, args.lang)
    try:
        state = replay(record, game)
    except RecordError as exc:
        if args.lang == "en":
            raise exc.within(args.record) from None
        raise CarcError(words.record(exc.within(args.record))) from None
    if args.json:
        print_json(replay_output(state))
        return 0
    print(f"{title_of(game.rules, words)}: {', '.join(state.players)}")
    print(f"{words.phrase('replayed', n=len(state.moves))}; "
          f"{words.phrase('final-ran' if state.finished else 'not-finished')}")
    setup = describe_setup(state, words)
    if setup:
        print(f"  {setup}")
    for line in tell(state, words):
        print(line)
    if args.board:
        print(render_board(state, show_open=False, words=words, key=True))
    tell_result(state, words, sys.stdout)
    return 0


def cmd_explain(args: argparse.Namespace) -> int:
    """``carcdsl explain FILE``: what the rule set leaves open, its notes, its figures (the
    headings and figures in the language of ``--lang``; the author's texts as written)."""
    rules, warnings, sources = load_checked(args.file, tuple(args.variant),
                                            allow=args.allow_path)
    _note_language(rules, args.lang)
    words = Words(rules, args.lang)
    print(f"{title_of(rules, words)} ({rules.name}"
          f"{''.join(' + ' + v for v in rules.variants)})")
    for line in about_lines(rules, words.lang):
        print(f"  {line}")
    for line in describe_rules(rules, words):
        print(f"  {line}")
    if rules.open_points:
        print(f"\n{words.phrase('open-points', n=len(rules.open_points))}")
        for i, text in enumerate(rules.open_points, 1):
            print(f"  {i}. {text}")
    else:
        print(f"\n{words.phrase('no-open-points')}")
    for lang, text in rules.notes:
        print(f"\n{words.phrase('note', lang=lang)}: {text}")
    if warnings:
        print(f"\n{words.phrase('warnings-heading', n=len(warnings))}:")
        for diag in warnings:
            print("  " + _format(diag, sources, words).replace("\n", "\n  "))
    print()
    print(format_stats(tile_stats(rules), words))
    return 0


def cmd_list(args: argparse.Namespace) -> int:
    """``carcdsl list``: the bundled rule sets, then the variants, one line each, with their
    parameters and defaults, and under it what the file says it does (``about``); with
    ``--json``, the same as a list of objects."""
    words = Words(None, args.lang)
    loader = Loader()
    found = []
    for name, path in bundled_names().items():
        loaded = loader.load_file(path)  # a bundled file that cannot be read is a bug
        if isinstance(loaded, RuleFile):
            found.append((loaded.role != "rules", name, loaded))
    width = max(len(f[1]) for f in found)
    listed = []
    for _variant, name, loaded in sorted(found, key=lambda f: f[:2]):
        params = tuple((d.name, d.default, d.allowed) for d in loaded.decls
                       if isinstance(d, ParamDecl))
        for_rules = loaded.applies_to.target if loaded.applies_to else None
        with_ = tuple(ref.target for ref in loaded.applies_with)
        about = loaded.about_in(words.lang)
        if args.json:
            listed.append({"name": name, "role": loaded.role, "for": for_rules,
                           "with": list(with_), "about": about,
                           "params": [{"name": key, "default": default,
                                       "allowed": list(allowed) if allowed else None}
                                      for key, default, allowed in params]})
            continue
        print(describe_bundled(name, loaded.role, for_rules, with_, params, words, width))
        if about:
            print(" " * (width + 2) + about)
    if args.json:
        print(json.dumps(listed, ensure_ascii=False, indent=1))
    return 0


def about_lines(rules: RuleSet, lang: str) -> list[str]:
    """What the rule set's files say they do (``about``) in ``lang``: the rule set's own
    description, then each variant's, named (``farmers: ...``)."""
    lines = [about_in(rules.about, rules.name, lang)]
    lines += [f"{v}: {text}" for v in rules.variants
              if (text := about_in(rules.about, v, lang))]
    return [line for line in lines if line]


def title_of(rules: RuleSet, words: Words) -> str:
    """The rule set's title in the language of ``words`` where it gives one (``names nl {
    title "..." }``), else its own title, else its name."""
    return rules.game.title_in(words.lang) or rules.name
