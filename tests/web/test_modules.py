"""The board's and the pages' browser modules: no import circle, and one module that talks
to the API (``api.js``), which knows no words (the catalog is ``i18n.js``'s); the offline
engine's two modules download its files (rules UI-21), never the API."""

from __future__ import annotations

import re

from solitaire.server.settings import Settings

WEB = Settings.model_fields["web_dir"].default
IMPORT = re.compile(r'^import\s[^;]*?\sfrom\s+"([^"]+)";', re.M)


def modules() -> dict[str, list[str]]:
    """Each module (``static/main.js``) → the modules it imports, relative to web/."""
    graph: dict[str, list[str]] = {}
    for path in sorted([*WEB.glob("static/**/*.js"), *WEB.glob("site/*.js")]):
        name = path.relative_to(WEB).as_posix()
        graph[name] = [
            (path.parent / spec).resolve().relative_to(WEB.resolve()).as_posix()
            for spec in IMPORT.findall(path.read_text(encoding="utf-8"))
        ]
    return graph


def circles(graph: dict[str, list[str]]) -> list[list[str]]:
    found: list[list[str]] = []
    done: set[str] = set()

    def walk(name: str, path: list[str]) -> None:
        for imported in graph.get(name, []):
            if imported in path:
                found.append([*path[path.index(imported) :], imported])
            elif imported not in done:
                walk(imported, [*path, imported])
        done.add(name)

    for name in graph:
        walk(name, [name])
    return found


def test_every_import_is_a_module_of_the_board() -> None:
    graph = modules()
    assert "static/main.js" in graph and "site/site.js" in graph
    for name, imported in graph.items():
        for target in imported:
            assert target in graph, f"{name} imports {target}, which is not there"


def test_no_module_imports_itself_through_others() -> None:
    assert circles(modules()) == []


OFFLINE_FILES_MODULES = {"static/offline-engine.js", "static/engine-worker.js"}
"""They fetch the engine's files (the list, the zip) for playing offline, nothing else."""


def test_only_api_js_talks_http_and_it_knows_no_words() -> None:
    for name in modules():
        text = (WEB / name).read_text(encoding="utf-8")
        if name in OFFLINE_FILES_MODULES:
            fetched = re.findall(r"fetch\(([^,)]*)", text)
            assert fetched and not any("api" in what.lower() for what in fetched), (name, fetched)
            assert "XMLHttpRequest" not in text, name
        elif name != "static/api.js":
            assert "fetch(" not in text and "XMLHttpRequest" not in text, name
    assert modules()["static/api.js"] == []
