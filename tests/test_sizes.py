"""Modules stay small and functions short: no module of ``carcdsl`` over 650 lines, no
function over 60 (its decorators left out, its docstring counted)."""

from __future__ import annotations

import ast
from pathlib import Path

import carcdsl

PACKAGE = Path(carcdsl.__file__).parent
MOST_LINES, MOST_FUNCTION_LINES = 650, 60


def _modules():
    return sorted(PACKAGE.rglob("*.py"))


def long_modules(paths, most=MOST_LINES) -> list[str]:
    out = []
    for path in paths:
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > most:
            out.append(f"{path.name}: {lines} lines")
    return out


def long_functions(paths, most=MOST_FUNCTION_LINES) -> list[str]:
    out = []
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                lines = node.end_lineno - node.lineno + 1
                if lines > most:
                    out.append(f"{path.name}:{node.lineno} {node.name}: {lines} lines")
    return out


def test_no_module_is_over_650_lines():
    assert long_modules(_modules()) == []


def test_no_function_is_over_60_lines():
    assert long_functions(_modules()) == []


def test_the_counts_find_a_long_module_and_a_long_function(tmp_path):
    body = "\n".join(f"    x{i} = {i}" for i in range(60))
    long, short = tmp_path / "long.py", tmp_path / "short.py"
    long.write_text(f"@decorated\ndef f():\n{body}\n" + "\n" * 590, encoding="utf-8")
    short.write_text("def g():\n    return 1\n", encoding="utf-8")
    assert long_functions([long, short]) == ["long.py:2 f: 61 lines"]
    assert long_modules([long, short]) == ["long.py: 652 lines"]
