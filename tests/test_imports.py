"""No import circle among the package's Python modules: an import anywhere in a module (at
its top, inside a function, or for type checking only) counts, so that each layer of the
architecture leans only on the ones below it (docs/architecture.md, "The layers")."""

from __future__ import annotations

import ast
from pathlib import Path

import solitaire

PACKAGE = Path(solitaire.__file__).parent


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def compiled_modules() -> set[str]:
    """The extension modules (C), known by their type stubs: they import nothing of ours."""
    return {module_name(path) for path in PACKAGE.rglob("*.pyi")}


def imports_of(name: str, path: Path, known: set[str]) -> set[str]:
    """The package's modules that the module imports, anywhere in its code."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                # ``from . import x`` imports the module x when there is one, else a name
                # of the package's __init__ (or of the module named).
                submodule = f"{base}.{alias.name}"
                found.add(submodule if submodule in known else base)
    return {module for module in found if module in known and module != name}


def import_graph() -> dict[str, set[str]]:
    found = modules()
    known = set(found) | compiled_modules()
    return {
        name: {other for other in imports_of(name, path, known) if other in found}
        for name, path in found.items()
    }


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(graph[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return groups


def test_the_graph_sees_every_kind_of_import() -> None:
    # Relative and absolute, at the top, inside a function, for type checking only.
    graph = import_graph()
    assert "solitaire.games" in graph["solitaire.layout"]  # from .games import rules_for
    assert "solitaire.solver.stock_bridge" in graph["solitaire.solver.stock_search"]
    assert "solitaire.solver._stock_search" not in graph  # C: not a Python module
    assert "solitaire.solver" not in graph["solitaire.solver.stock_search"]  # its package
    assert "solitaire.server.routes.games" in graph["solitaire.server.action_lane"]  # server too
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_the_modules_import_each_other_in_no_circle() -> None:
    assert circles(import_graph()) == []
