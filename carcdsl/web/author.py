"""The editor's side on the server: a buffer checked as ``carcdsl check`` checks a file (the
files it extends read from disk), its tile sheet when it checks, and a new file begun from a
bundled one.

A buffer of a served file is checked as that file (``lang.sources.unsaved_texts``), so its
``extends`` and ``with`` resolve from its folder; any other buffer (a bundled file opened to
read, or with no folder served) is checked as a file of its own in a private temporary
folder, which it can never save to.
"""

from __future__ import annotations

import re
import tempfile
from pathlib import Path
from typing import Any

from carcdsl.diagnostics import Diagnostic, unique
from carcdsl.engine.game import Game
from carcdsl.i18n.words import Words
from carcdsl.lang.sources import bundled_names, display_name, read_source, unsaved_texts
from carcdsl.model.rules import RuleSet
from carcdsl.pipeline import check_files
from carcdsl.view.svg import tile_sheet
from carcdsl.web.files import Folders
from carcdsl.web.rulesets import diagnostic_json

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_-]{0,63}")
_HEADER = re.compile(r"^(?P<head>\s*(?:rules|variant)\s+)(?P<name>[A-Za-z_][\w-]*)", re.M)
MAX_SHOWN = 200
"""Diagnostics sent to the page at most (the count says how many there are)."""


def check_buffer(text: str, words: Words, folders: Folders, ref: str | None = None,
                 name: str = "scratch.carc") -> dict[str, Any]:
    """The checker's diagnostics of ``text`` (as the served file ``ref``, or a file of its
    own named ``name``), the errors first by position; when nothing is an error, the tile
    sheet of the rule set it makes."""
    if ref is not None:
        path = folders.path_of(ref)
        with unsaved_texts({path: text}):
            rules, found, sources = check_files(path, lang=words.lang,
                                                allow=folders.readable)
        return _report(text, words, rules, found, sources, display_name(path),
                       folders.shown(ref))
    safe = name if name.endswith(".carc") and _NAME.fullmatch(name[:-5]) else "scratch.carc"
    with tempfile.TemporaryDirectory(prefix="carcdsl-web-") as folder:
        path = Path(folder) / safe
        path.write_text(text, encoding="utf-8")
        rules, found, sources = check_files(path, lang=words.lang, allow=folders.readable)
        return _report(text, words, rules, found, sources, display_name(path), safe)


def _report(text: str, words: Words, rules: RuleSet | None, found: list[Diagnostic],
            sources: dict[str, str], shown: str, label: str) -> dict[str, Any]:
    found = unique(found)
    found.sort(key=lambda d: (not d.is_error, d.sort_key()))
    sources = {**sources, shown: text}
    listed = []
    for diag in found[:MAX_SHOWN]:
        item = diagnostic_json(diag, words, sources)
        item["here"] = item["file"] == shown
        if item["here"]:
            item["file"] = label
            item["text"] = label + item["text"][len(shown):] if item["text"].startswith(
                shown) else item["text"]
        listed.append(item)
    errors = sum(d.is_error for d in found)
    out: dict[str, Any] = {"diagnostics": listed, "errors": errors,
                           "warnings": len(found) - errors, "sheet": None}
    if rules is not None and not errors:
        game = Game.from_rules(rules)
        out["sheet"] = tile_sheet(game.tables, "")
        out["name"] = rules.name
    return out


def template_text(template: str, stem: str) -> str:
    """A bundled rule set or variant's text to begin a new file with, its header renamed to
    the new file's name where that is a name the language takes."""
    path = bundled_names()[template]
    text = read_source(path, template)
    if _NAME.fullmatch(stem):
        text = _HEADER.sub(lambda m: m["head"] + stem, text, count=1)
    return text


def is_template(name: object) -> bool:
    return isinstance(name, str) and name in bundled_names()
