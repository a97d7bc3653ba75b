"""The documentation names only what exists.

README.md, DEVELOPERS.md and docs/**/*.md are read for what they point at, and each is looked up
in the checkout:

* backticked paths under the project's folders (`bot/store.py`, `games/<slug>/data/`,
  `tests/fake_discord/`): the file or folder exists (`<…>`, `…` and `*` stand for any name);
* backticked dotted names rooted in a package (`bot.present.render`, `games.contract.Game`):
  the module exists, and the names after it are attributes of it;
* `python -m <module> …` (in backticks or code blocks): the module exists; for `python -m bot`
  the subcommand and its options are defined by the command line, for other modules their
  options appear in the module;
* `make <target>`: the Makefile has the target;
* relative Markdown links (`[operators](docs/operators.md)`): the file exists;
* backticked slash commands (`/move`, `/tm pass`): the bot defines the command (or the group and
  its subcommand) in `bot/discord_app`;
* the README's invite URL asks for exactly the permissions it lists.

A doc that names something that was renamed or removed fails here, with the file and the name.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("bot", "games", "renderers", "benchmarks", "tests")
FOLDERS = (*PACKAGES, "deploy", "docs", ".ci")
FILE_ENDINGS = (".py", ".md", ".toml", ".yaml", ".yml", ".json", ".png", ".txt", ".service", ".pl", ".ttf", ".db")
PLACEHOLDER = re.compile(r"<[^<>]*>|…|\.\.\.(?=/|$)")
FENCE = re.compile(r"^```.*?$(.*?)^```", re.S | re.M)
BACKTICKS = re.compile(r"`([^`\n]+)`")
LINK = re.compile(r"\]\(([^)\s]+)\)")
PYTHON_M = re.compile(r"python -m ([\w.]+)((?:[ \t]+[^\s#`|;]+)*)")
MAKE = re.compile(r"(?:^|[\s`(])make ([A-Za-z.][\w.\-/$()=]*)")


def doc_files() -> list[Path]:
    return [ROOT / "README.md", ROOT / "DEVELOPERS.md", *sorted((ROOT / "docs").rglob("*.md"))]


def snippets(text: str) -> list[str]:
    """The code of a Markdown text: every fenced block and every backticked span outside them."""
    blocks = [m.group(1) for m in FENCE.finditer(text)]
    rest = FENCE.sub("", text)
    return blocks + BACKTICKS.findall(rest)


def _clean(token: str) -> str:
    """A word of a snippet without the punctuation around it, and without a call's arguments
    (`renderers.warm(game)` names `renderers.warm`)."""
    token = token.strip("()[]{},;:.'\"")
    return token.split("(")[0] if re.match(r"[\w.]+\(", token) else token


def _exists(path: str) -> bool:
    """``path`` (relative to the checkout, placeholders as ``*``) names at least one file or folder."""
    pattern = PLACEHOLDER.sub("*", path).rstrip("/")
    if "*" in pattern:
        return any(True for _ in ROOT.glob(pattern))
    return (ROOT / pattern).exists()


def _module_file(dotted: str) -> Path | None:
    base = ROOT / dotted.replace(".", "/")
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.exists():
            return candidate
    return None


def _missing_name(dotted: str) -> str | None:
    """Why ``dotted`` (a module, maybe followed by attributes) names nothing; None when it exists."""
    parts = dotted.split(".")
    if any("*" in p for p in parts):
        return None if _exists("/".join(parts) + ".py") or _exists("/".join(parts)) else "no such module"
    for cut in range(len(parts), 0, -1):
        module = ".".join(parts[:cut])
        if _module_file(module) is None:
            continue
        try:
            obj: object = importlib.import_module(module)
        except Exception as exc:  # an import error is a finding too
            return f"{module} does not import: {exc}"
        for name in parts[cut:]:
            if not hasattr(obj, name):
                if cut == 1:  # `bot.nowhere`: neither a module of the package nor a name in it
                    return f"no module {'.'.join(parts[:2])}"
                return f"{module} has no {'.'.join(parts[cut:])}"
            obj = getattr(obj, name)
        return None
    return "no such module"


def _sources(module: str) -> str:
    """The text of the package a ``python -m`` module belongs to (where its options are defined)."""
    file = _module_file(module)
    if file is None:
        return ""
    folder = file.parent if file.name in ("__init__.py", "__main__.py") else None
    files = sorted(folder.rglob("*.py")) if folder else [file]
    return "\n".join(f.read_text() for f in files)


def _check_python_m(module: str, args: str) -> Iterable[str]:
    if module.split(".")[0] not in PACKAGES:
        return  # pytest, pip …: not ours
    if _module_file(module) is None and _module_file(module + ".__main__") is None:
        yield f"python -m {module}: no such module"
        return
    source = _sources(module)
    words = args.split()
    command = module
    if module == "bot":
        sub = next((w for w in words if re.fullmatch(r"[a-z][a-z-]*", w)), None)
        if sub is not None and not re.search(rf"add_parser\(\s*\"{re.escape(sub)}\"", source):
            yield f"python -m bot {sub}: no such subcommand"
        command = f"bot {sub}" if sub else module
    for word in words:
        flag = re.match(r"\[?(--[a-z][\w-]*)", word)
        if flag and f'"{flag.group(1)}"' not in source:
            yield f"python -m {command} {flag.group(1)}: no such option"


def make_targets() -> set[str]:
    text = (ROOT / "Makefile").read_text()
    variables = dict(re.findall(r"^(\w+)\s*:?=\s*(.*?)\s*$", text, re.M))
    targets: set[str] = set()
    for line in text.splitlines():
        m = re.match(r"^([^\s#=:][^=:]*?)\s*:(?!=)", line)
        if m and not line.startswith("."):
            name = m.group(1)
            for _ in range(3):  # $(BIN) -> $(VENV)/bin -> .venv/bin
                name = re.sub(r"\$\((\w+)\)", lambda v: variables.get(v.group(1), ""), name)
            targets.update(name.split())
    return targets


def problems(text: str, targets: set[str] | None = None) -> list[str]:
    """What ``text`` (Markdown) names that does not exist, one line each."""
    targets = make_targets() if targets is None else targets
    found: list[str] = []
    for code in snippets(text):
        for m in PYTHON_M.finditer(code):
            found.extend(_check_python_m(m.group(1), m.group(2)))
        for m in MAKE.finditer(code):
            target = m.group(1)
            if "=" not in target and target not in targets:
                found.append(f"make {target}: no such target")
        words = code.split()
        for i, raw in enumerate(words):
            token = _clean(raw)
            if i and words[i - 1] == "-m":
                continue  # python -m <module>: checked above
            head = token.split("/")[0]
            if "/" in token and head in FOLDERS:
                if not _exists(token):
                    found.append(f"{token}: no such file or folder")
            elif re.fullmatch(rf"({'|'.join(PACKAGES)})(\.(\w+|<[^<>]*>|\*))+", token):
                if token.endswith(FILE_ENDINGS):
                    continue
                why = _missing_name(PLACEHOLDER.sub("*", token))
                if why:
                    found.append(f"{token}: {why}")
    for target in LINK.findall(text):
        path = target.split("#")[0]
        if path and "://" not in path and not path.startswith("mailto:") and not _exists(path):
            found.append(f"link {target}: no such file")
    return found


@pytest.mark.parametrize("doc", doc_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_doc_names_only_what_exists(doc: Path) -> None:
    text = doc.read_text()
    if doc.parent != ROOT:  # links are relative to the document's folder: check them from there
        text = LINK.sub(lambda m: f"]({_relative(doc, m.group(1))})", text)
    assert problems(text) == []


def _relative(doc: Path, target: str) -> str:
    if "://" in target or target.startswith(("#", "mailto:")):
        return target
    path, _, anchor = target.partition("#")
    resolved = (doc.parent / path).resolve()
    try:
        rel = str(resolved.relative_to(ROOT))
    except ValueError:
        return "../outside-the-checkout"
    return rel + (f"#{anchor}" if anchor else "")


def test_the_docs_exist() -> None:
    for name in ("operators.md", "game-authors.md", "maintainers.md"):
        assert (ROOT / "docs" / name).is_file(), name


def test_a_doc_naming_something_missing_fails() -> None:
    text = """
A game lives in `games/<slug>/` and is listed in `games/registry.py`; images come from
`bot.present.render`, the store from `bot.store.Store`. Run `make test`, or `python -m bot repair --table 3`.

```sh
python -m benchmarks.moves --game terra-turrium --warm
```

And then the stale ones: `bot/nowhere.py`, `games/<slug>/nothing.toml`, `bot.nowhere`,
`bot.present.no_such_function`, `make deploy`, `python -m bot teleport --table 1`,
`python -m bot export --tabel 1`, `python -m benchmarks.nothing`, [a guide](docs/nowhere.md).
"""
    found = problems(text)
    assert sorted(found) == sorted(
        [
            "make deploy: no such target",
            "python -m bot teleport: no such subcommand",
            "python -m bot export --tabel: no such option",
            "python -m benchmarks.nothing: no such module",
            "bot/nowhere.py: no such file or folder",
            "games/<slug>/nothing.toml: no such file or folder",
            "bot.nowhere: no module bot.nowhere",
            "bot.present.no_such_function: bot.present has no no_such_function",
            "link docs/nowhere.md: no such file",
        ]
    )
    assert problems(text.split("And then")[0]) == []


def test_the_invite_url_asks_for_the_permissions_the_readme_lists() -> None:
    import discord

    text = (ROOT / "README.md").read_text()
    asked = re.search(r"oauth2/authorize\?client_id=APP_ID&scope=bot\+applications\.commands&permissions=(\d+)", text)
    assert asked is not None
    listed = discord.Permissions(
        view_channel=True,
        send_messages=True,
        send_messages_in_threads=True,
        embed_links=True,
        attach_files=True,
        read_message_history=True,
    )
    assert int(asked.group(1)) == listed.value
    for name in ("View Channels", "Send Messages", "Send Messages in Threads", "Embed Links", "Attach Files"):
        assert name in text


COMMAND = re.compile(r"^/([a-z][a-z-]*)(?: ([a-z][a-z-]*))?(?=$|[\s\[])")


def slash_commands() -> dict[str, set[str]]:
    """The bot's slash commands as defined in `bot/discord_app`: top-level name -> subcommand names
    (a game's group: `/tm` -> {"build", "pass", …}; a plain command: an empty set)."""
    found: dict[str, set[str]] = {}
    for file in sorted((ROOT / "bot" / "discord_app").rglob("*.py")):
        source = file.read_text()
        names = re.findall(r"app_commands\.command\(\s*name=\"([a-z-]+)\"", source)
        group = re.search(r"group_name=\"([a-z-]+)\"", source)
        if group:
            found.setdefault(group.group(1), set()).update(names)
        else:
            for name in names:
                found.setdefault(name, set())
    return found


def command_problems(text: str, commands: dict[str, set[str]]) -> list[str]:
    """Slash commands named in ``text`` (a backticked `/name …`) that the bot does not define; the
    console's own commands (`/as`) and the HTTP endpoints (`/healthz`) count as defined."""
    console = (ROOT / "bot" / "console.py").read_text()
    endpoints = (ROOT / "bot" / "observability.py").read_text()
    found = []
    for span in BACKTICKS.findall(FENCE.sub("", text)):
        m = COMMAND.match(span)
        if m is None:
            continue
        name, sub = m.groups()
        if name in commands:
            if sub and commands[name] and sub not in commands[name]:
                found.append(f"/{name} {sub}: no such subcommand")
        elif f'"{name}":' not in console and f'"/{name}"' not in endpoints:
            found.append(f"/{name}: no such command")
    return found


@pytest.mark.parametrize("doc", doc_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_slash_command_named_exists(doc: Path) -> None:
    assert command_problems(doc.read_text(), slash_commands()) == []


def test_a_doc_naming_a_missing_command_fails() -> None:
    commands = slash_commands()
    assert {"move", "newgame", "tm", "hg", "turrium", "terramara", "seatbot", "settings"} <= set(commands)
    assert "pass" in commands["tm"]
    text = "Play with `/move take c3`, `/tm pass BON3`, `/as Ben`, `/healthz`; not `/teleport`, `/tm fly`."
    assert command_problems(text, commands) == ["/teleport: no such command", "/tm fly: no such subcommand"]
