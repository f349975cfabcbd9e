"""The rule sets and variants on offer: every bundled one, and the ``.carc`` files of the
served folders; loading them into games (cached); and what the Browse page says about one,
from the code ``carcdsl explain`` and ``check --stats`` print with.

The page names a rule set or variant as ``base``, ``table-edge:width=11`` (bundled, with
parameters) or ``@0/mine.carc`` (a served file, see ``files``); ``to_target`` turns such a
name into what ``pipeline.load`` takes, refusing anything else.
"""

from __future__ import annotations

import functools
import threading
from collections import OrderedDict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from carcdsl.check.stats import tile_stats
from carcdsl.diagnostics import Diagnostic, format_diagnostic
from carcdsl.engine.game import Game
from carcdsl.errors import RuleError
from carcdsl.i18n.words import Words
from carcdsl.lang.compose import Loader
from carcdsl.lang.decls import ParamDecl, RuleFile
from carcdsl.lang.sources import bundled_names
from carcdsl.model.rules import about_in
from carcdsl.pipeline import load
from carcdsl.view.describe import describe_rules, format_stats
from carcdsl.view.svg import tile_sheet
from carcdsl.web.files import Folders, OutsideError

MAX_GAMES_CACHED = 16


class UnknownRules(ValueError):
    """A rule set or variant name the app does not offer."""

    def __init__(self, ref: str):
        super().__init__(ref)
        self.ref = ref


def _describe_file(name: str, ref: str, loaded: RuleFile, origin: str) -> dict[str, Any]:
    params = [{"name": d.name, "default": d.default,
               "allowed": list(d.allowed) if d.allowed is not None else None}
              for d in loaded.decls if isinstance(d, ParamDecl)]
    entry: dict[str, Any] = {"ref": ref, "name": name, "origin": origin, "params": params,
                             "abouts": loaded.abouts()}
    if loaded.role == "variant":
        entry["for"] = loaded.applies_to.target if loaded.applies_to else None
        entry["with"] = [r.target for r in loaded.applies_with]
    return entry


@functools.cache
def _bundled() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The bundled rule sets and variants, as ``carcdsl list`` finds them."""
    loader = Loader()
    rules: list[dict[str, Any]] = []
    variants: list[dict[str, Any]] = []
    for name, path in bundled_names().items():
        loaded = loader.load_file(path)
        if isinstance(loaded, RuleFile):
            entry = _describe_file(name, name, loaded, "bundled")
            (variants if loaded.role == "variant" else rules).append(entry)
    return rules, variants


def _shown(entry: dict[str, Any], lang: str) -> dict[str, Any]:
    """An entry for the page: what its file says it does (``about``) in ``lang``, else in
    its own language ("" when it says nothing)."""
    abouts = entry.get("abouts", ())
    shown = {key: value for key, value in entry.items() if key != "abouts"}
    shown["about"] = about_in(abouts, abouts[0].of, lang) if abouts else ""
    return shown


def catalogue(folders: Folders, lang: str = "en") -> dict[str, list[dict[str, Any]]]:
    """``rules`` and ``variants``: the bundled ones, then the served folders' files (a file
    that does not read has ``broken``: its first problem), each with what it says it does in
    ``lang`` (``about``)."""
    rules, variants = (list(part) for part in _bundled())
    loader = Loader()
    for ref, path in folders.iter_files(".carc"):
        shown = folders.shown(ref)
        try:
            loaded = loader.load_file(path)
        except RuleError as exc:
            first = exc.diagnostics[0].message if exc.diagnostics else str(exc)
            rules.append({"ref": ref, "name": shown, "origin": "folder", "params": [],
                          "broken": first})
            continue
        if isinstance(loaded, RuleFile):
            entry = _describe_file(shown, ref, loaded, "folder")
            (variants if loaded.role == "variant" else rules).append(entry)
    return {"rules": [_shown(e, lang) for e in rules],
            "variants": [_shown(e, lang) for e in variants]}


def to_target(ref: object, folders: Folders) -> str:
    """What ``pipeline.load`` takes for a page's name of a rule set or variant: a bundled
    name (parameters kept) or the path of a served file (parameters kept); UnknownRules or
    OutsideError for anything else."""
    if not isinstance(ref, str) or not ref or len(ref) > 500:
        raise UnknownRules(str(ref)[:80])
    if ref.startswith("@"):
        target, sep, params = ref.partition(":")
        path = folders.path_of(target)
        if path.suffix != ".carc":
            raise OutsideError("not-carc", ref)
        return str(path.resolve()) + sep + params
    name, sep, params = ref.partition(":")
    if name not in bundled_names():
        raise UnknownRules(ref)
    return name + sep + params


def _stamp(targets: Sequence[str]) -> tuple:
    """The modification times of the files named (served files change while the app runs)."""
    stamps: list[int | None] = []
    for target in targets:
        path = Path(target.partition(":")[0])
        if path.is_absolute():
            try:
                stamps.append(path.stat().st_mtime_ns)
            except OSError:
                stamps.append(None)
    return tuple(stamps)


class Games:
    """Compiled games by (rules, variants), the last few kept: loading ``base`` takes a
    tenth of a second, and every page asks for it."""

    def __init__(self, folders: Folders):
        self.folders = folders
        self._cache: OrderedDict[tuple, Game] = OrderedDict()
        self._lock = threading.Lock()

    def load(self, rules: object, variants: object = ()) -> Game:
        """The game of a page's names (``to_target``); RuleError when the rules do not
        check."""
        if not isinstance(variants, list | tuple) or len(variants) > 20:
            raise UnknownRules(str(variants)[:80])
        targets = [to_target(rules, self.folders), *(to_target(v, self.folders)
                                                      for v in variants)]
        key = (tuple(targets), _stamp(targets))
        with self._lock:
            if key in self._cache:
                self._cache.move_to_end(key)
                return self._cache[key]
        game = load(targets[0], targets[1:], allow=self.folders.readable)
        with self._lock:
            self._cache[key] = game
            while len(self._cache) > MAX_GAMES_CACHED:
                self._cache.popitem(last=False)
        return game


def title_of(game: Game, words: Words) -> str:
    """The rule set's title in the language of ``words``, else its own, else its name."""
    return game.rules.game.title_in(words.lang) or game.rules.name


def about(game: Game, words: Words) -> dict[str, Any]:
    """What the Browse page shows of a rule set: its tile sheet, what ``explain`` says
    (players, features and how they score, figures, tokens, draw order, variants), the
    figures ``check --stats`` prints, its open points, notes and the checker's warnings."""
    rules = game.rules
    stats = tile_stats(rules)
    return {
        "title": title_of(game, words), "name": rules.name, "variants": list(rules.variants),
        "sheet": tile_sheet(game.tables, ""),
        "about": describe_rules(rules, words),
        "stats": format_stats(stats, words),
        "tiles": stats["tiles"], "types": stats["types"],
        "kinds": [{"name": k.name, "word": words.word(k.name), "geometry": k.geometry,
                   "followers": k.followers} for k in rules.kinds],
        "figures": [{"name": f.name, "word": words.word(f.name), "each": f.each_player}
                    for f in rules.figures],
        "open_points": list(rules.open_points),
        "notes": [{"lang": lang, "text": text} for lang, text in rules.notes],
        "warnings": [diagnostic_json(d, words) for d in game.warnings],
    }


def diagnostic_json(diag: Diagnostic, words: Words, sources: dict[str, str] | None = None,
                    ) -> dict[str, Any]:
    """A checker diagnostic for the page: where (file, line, column), what, and the line
    ``carcdsl check`` prints for it, in the language of ``words``."""
    loc = diag.loc
    message = words.diagnostic(diag)
    severity = words.phrase(diag.severity) if words.lang != "en" else diag.severity
    return {"file": loc.file if loc else None, "line": loc.line if loc else 0,
            "col": loc.column if loc else 0, "path": loc.path if loc else None,
            "code": diag.code, "severity": diag.severity, "message": message,
            "text": format_diagnostic(diag, sources, severity, message).split("\n")[0]}
