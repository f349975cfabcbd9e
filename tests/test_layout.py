"""The layout holds: the engine and the compiler name no word of any bundled rule set, and
the engine imports nothing but tables, its own parts and errors (import-linter, in CI, holds
the rest of the layering)."""

from __future__ import annotations

import ast
from pathlib import Path

import carcdsl
from carcdsl.compile.tables import GEOMETRY_CODE
from carcdsl.lang.sources import bundled_names
from carcdsl.model.looks import LOOKS

PACKAGE = Path(carcdsl.__file__).parent
EXPANSIONS = ("river", "abbot", "inns-cathedrals", "traders-builders", "river-ii",
              "hills-sheep", "tower", "princess-dragon", "abbey-mayor")


def _string_literals(path: Path) -> set[str]:
    """String constants of a module, docstrings left out."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef))
                  and node.body and isinstance(node.body[0], ast.Expr)
                  and isinstance(node.body[0].value, ast.Constant)}
    return {node.value for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and id(node) not in docstrings}


def _rule_words() -> set[str]:
    """Every kind, role, landmark, token, marker and follower name of the bundled rule sets."""
    words: set[str] = set()
    for name, variants in (("base", [*EXPANSIONS, "farmers"]), ("pnp-demo", []),
                           ("maps-germany", []), ("nuts", [])):
        rules = carcdsl.load(name, variants=variants).rules
        words |= {k.name for k in rules.kinds} | {k.role for k in rules.kinds if k.role}
        words |= set(rules.landmarks) | {t.name for t in rules.tokens}
        words |= {sq.marker for sq in rules.board.squares if sq.marker}
        words |= {f.name for f in rules.figures} | {g.name for g in rules.groups}
        words |= {a for k in rules.kinds for a, _ in k.attributes}
        words.add(rules.game.follower or "")
    assert {"city", "road", "monastery", "field", "meeple", "nut"} <= words
    assert {"abbot", "big", "builder", "pig", "inn", "cathedral", "wine", "river", "garden",
            "lake", "shepherd", "tower", "dragon", "fairy", "volcano", "portal",
            "princess", "abbey", "mayor"} <= words
    assert set(bundled_names())  # the names were really read
    # geometry names and the looks pictures draw are the engine's and the view's own
    # vocabulary, even where a rule set names a kind or a figure so (the spin-off's "path",
    # the base game's "field", The Tower's "tower", a look of a centre since before it)
    looks = {look for by_geometry in LOOKS.values() for look in by_geometry}
    return words - {""} - set(GEOMETRY_CODE) - looks


def test_the_engines_the_compiler_and_the_view_name_no_rule_word():
    """The view too: pictures know geometries and the looks a rule file may give a kind,
    never a kind by its name (the rule files say how each looks); sentences and the terminal
    board take their words from the rule set."""
    words = _rule_words()
    for folder in ("engine", "compile", "view", "fast"):
        for path in sorted((PACKAGE / folder).glob("*.py")):
            assert not _string_literals(path) & words, path.name


PICTURES = [PACKAGE / "view" / f"{name}.py"
            for name in ("svg", "drawing", "layout", "paint", "png")]
"""The view's modules that draw (the terminal board names big cities in its identifiers)."""


def _names(path: Path) -> set[str]:
    """Every identifier of a module: names, attributes, arguments, functions, classes."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            found.add(node.id)
        elif isinstance(node, ast.Attribute):
            found.add(node.attr)
        elif isinstance(node, ast.arg):
            found.add(node.arg)
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            found.add(node.name)
    return {part for name in found for part in name.lower().split("_")}


def test_the_engines_the_compiler_and_the_pictures_name_no_expansion_in_their_code():
    """Not even as an identifier: figures, attributes, requirements and looks are general."""
    words = {"abbot", "big", "builder", "pig", "inn", "inns", "cathedral", "wine", "grain",
             "cloth", "goods", "river", "garden", "lake", "spring", "monastery", "city",
             "road", "farmer", "knight"}
    for folder in ("engine", "compile", "fast"):
        for path in sorted((PACKAGE / folder).glob("*.py")):
            assert not _names(path) & words, (path.name, _names(path) & words)
    for path in PICTURES:
        assert not _names(path) & words, (path.name, _names(path) & words)
