"""No kernel function calls itself or one that calls it back (``fast.jit``): Numba's disk
cache cannot load such a cycle, and the second process to run it crashes. Read from the
sources, so that a cycle fails here rather than in a user's second run."""

from __future__ import annotations

import ast
from pathlib import Path

FAST = Path(__file__).parents[2] / "carcdsl" / "fast"


def _is_kernel(fn: ast.FunctionDef) -> bool:
    return any("njit" in ast.unparse(d) for d in fn.decorator_list)


def call_graph() -> dict[str, set[str]]:
    """Each kernel function (``module.name``) and the kernel functions it calls, resolved
    through the module's own names, its ``from carcdsl.fast.X import f`` and ``X.f``."""
    modules = {p.stem: ast.parse(p.read_text(encoding="utf-8")) for p in FAST.glob("*.py")}
    kernels = {m: {f.name for f in tree.body if isinstance(f, ast.FunctionDef) and _is_kernel(f)}
               for m, tree in modules.items()}
    graph: dict[str, set[str]] = {}
    for m, tree in modules.items():
        imported = {a.asname or a.name: (node.module.rsplit(".", 1)[-1], a.name)
                    for node in tree.body if isinstance(node, ast.ImportFrom)
                    and (node.module or "").startswith("carcdsl.fast") for a in node.names}
        for fn in (f for f in tree.body if isinstance(f, ast.FunctionDef) and f.name in
                   kernels[m]):
            calls = graph.setdefault(f"{m}.{fn.name}", set())
            for call in (n for n in ast.walk(fn) if isinstance(n, ast.Call)):
                target = call.func
                if isinstance(target, ast.Name) and target.id in kernels[m]:
                    calls.add(f"{m}.{target.id}")
                elif isinstance(target, ast.Name) and target.id in imported:
                    mod, name = imported[target.id]
                    if name in kernels.get(mod, ()):
                        calls.add(f"{mod}.{name}")
                elif (isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name)
                      and target.attr in kernels.get(target.value.id, ())):
                    calls.add(f"{target.value.id}.{target.attr}")
    return graph


def cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A cycle of ``graph`` (the functions along it), or None."""
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(f: str) -> list[str] | None:
        state[f] = 1
        path.append(f)
        for g in sorted(graph.get(f, ())):
            if state.get(g) == 1:
                return path[path.index(g):] + [g]
            if g not in state:
                found = visit(g)
                if found:
                    return found
        path.pop()
        state[f] = 2
        return None
    for f in sorted(graph):
        if f not in state:
            found = visit(f)
            if found:
                return found
    return None


def test_the_kernel_has_no_recursion():
    graph = call_graph()
    assert len(graph) > 100 and "bags.act_on" in graph["bags.fire_figure"]
    assert "mt.below" in graph["bags._draw"]
    assert cycle(graph) is None, " -> ".join(cycle(graph) or ())


def test_a_planted_cycle_is_found():
    graph = call_graph()
    graph["bags._draw"].add("bags.act_on")
    found = cycle(graph)
    assert found and found[0] == found[-1] and set(found) == {"bags.act_on", "bags._draw"}
