"""No import cycle among the modules of ``bot``: every import counts, also one inside a function
(a function-level import that holds a cycle open is a cycle all the same). Imports under
``TYPE_CHECKING`` are left out: they never run."""

from __future__ import annotations

import grimp

from tests.paths import REPO

# Function-level imports known to close a cycle, owned by other work (remove an entry once its
# cycle is gone; the test then keeps it gone): ``open_store`` picks a backend lazily, so that the
# PostgreSQL driver is imported only when it is used.
ALLOWED_LAZY = {
    ("bot.store", "bot.sqlite_store"),
    ("bot.store", "bot.pg_store"),
}


def import_graph() -> dict[str, set[str]]:
    graph = grimp.build_graph("bot", exclude_type_checking_imports=True)
    out: dict[str, set[str]] = {}
    for importer in graph.modules:
        targets = set()
        for imported in graph.find_modules_directly_imported_by(importer):
            if (importer, imported) in ALLOWED_LAZY:
                continue
            targets.add(imported)
        out[importer] = targets
    return out


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iteratively), and
    modules importing themselves."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in graph:
                    continue
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1 or node in graph[node]:
                    found.append(sorted(component))
    return found


def test_the_cycle_finder_finds_cycles() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_cycle_inside_bot() -> None:
    graph = import_graph()
    assert "bot.discord_app.replies" in graph  # the graph holds the adapter's modules
    assert cycles(graph) == []


def test_bot_uses_only_public_discord_hooks() -> None:
    """No discord.py internals in ``bot/`` (issue 21): interactions are metered from the public
    ``interaction_check`` hooks, persistent items keep their own compiled custom_id pattern."""

    root = REPO / "bot"
    found = [
        f"{path.relative_to(root)}: {word}"
        for path in sorted(root.rglob("*.py"))
        for word in ("_cs_response", "_call(", "compiled_template")
        if word in path.read_text(encoding="utf-8")
    ]
    assert found == []
