"""The folder a table may take files from: variant files and bot files.

``golf serve DIR`` serves one folder, and a page may name only what is in
it: a variant file (``*.yaml`` beside the others, loaded and checked like
any variant) or a bot file (a Python bot, or a program that speaks the bot
protocol).  A name from a page is looked up in the folder's listing, never
used as a path, so ``../../etc/passwd`` or ``/tmp/x.py`` is simply not
there; a link that points out of the folder is not listed either.

Bot files come in two kinds, told apart without running them (reading the
file's syntax tree): a ``.py`` file with a ``Bot`` class or a ``choose``
function is a Python bot (loaded into golf as ``golf tournament`` loads
it); another ``.py`` file with a ``__main__`` block, or any executable
file, is a program run in its own process group (docs/bot-protocol.md).
"""

from __future__ import annotations

import ast
import os
import sys
from dataclasses import dataclass
from pathlib import Path

from ..arguments import shown
from ..variant import BUILTIN_NAMES, Variant
from ..variantload import builtin, load_variant
from . import TableError

#: The suffixes of variant files.
VARIANT_SUFFIXES = (".yaml", ".yml")
#: Files larger than this are not read as bots or variants (a folder may hold anything).
MAX_FILE = 1_000_000


@dataclass(frozen=True)
class BotChoice:
    """A bot a seat may be given: its ``label`` (what the page shows and
    sends back), the ``spec`` :func:`golfcli.bots.registry.make_bot` takes
    (a built-in's name with its options, a file's path, or a program's
    argv) and whether it is a ``program`` or a Python bot ``file``; either
    runs in a process of its own, which the table can end."""

    label: str
    spec: str | tuple[str, ...]
    program: bool = False
    file: bool = False


class Folder:
    """The served folder: what it offers, and names from a page looked up in it."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path).resolve()
        if not self.path.is_dir():
            raise TableError(f"{shown(str(path))}: not a folder")

    def _files(self) -> list[Path]:
        """The folder's regular files (no hidden ones, none linked from elsewhere)."""
        out = []
        try:
            entries = sorted(self.path.iterdir())
        except OSError as exc:
            raise TableError(f"{self.path}: cannot read: {exc.strerror or exc}") from None
        for p in entries:
            if p.name.startswith("."):
                continue
            try:
                real = p.resolve()
                if real.parent != self.path or not real.is_file():
                    continue
                if real.stat().st_size > MAX_FILE:
                    continue
            except OSError:
                continue
            out.append(p)
        return out

    def variants(self) -> tuple[dict[str, Variant], list[str]]:
        """The variant files that load, by file name, and one line for each
        that does not (a tournament config beside them, a typo), so that a
        host is told why a file is not offered."""
        good: dict[str, Variant] = {}
        problems: list[str] = []
        for p in self._files():
            if p.suffix not in VARIANT_SUFFIXES:
                continue
            try:
                good[p.name] = load_variant(p)
            except (ValueError, OSError) as exc:
                problems.append(f"{p.name}: {str(exc).splitlines()[0]}")
        return good, problems

    def bots(self) -> dict[str, BotChoice]:
        """The bot files, by file name."""
        out: dict[str, BotChoice] = {}
        for p in self._files():
            kind = bot_kind(p)
            if kind == "python":
                out[p.name] = BotChoice(p.name, str(p), file=True)
            elif kind == "program":
                argv = (sys.executable, str(p)) if p.suffix == ".py" else (str(p),)
                out[p.name] = BotChoice(p.name, argv, program=True)
        return out


def bot_kind(path: Path) -> str:
    """``python`` (a ``Bot`` class or a ``choose`` function at the top of a
    ``.py`` file), ``program`` (a ``.py`` file with a ``__main__`` block, or
    an executable file) or ``""`` (no bot)."""
    if path.suffix == ".py":
        try:
            tree = ast.parse(path.read_bytes())
        except (SyntaxError, ValueError, OSError):
            return ""
        for node in tree.body:
            if isinstance(node, ast.ClassDef) and node.name == "Bot":
                return "python"
            if isinstance(node, ast.FunctionDef) and node.name == "choose":
                return "python"
        return "program" if _has_main(tree) else ""
    if path.suffix in VARIANT_SUFFIXES or path.suffix in (".md", ".txt", ".json", ".jsonl"):
        return ""
    return "program" if os.access(path, os.X_OK) else ""


def _has_main(tree: ast.Module) -> bool:
    for node in tree.body:
        if isinstance(node, ast.If) and "__main__" in ast.unparse(node.test):
            return True
    return False


def find_variant(name: object, folder: Folder | None) -> Variant:
    """A built-in variant by name, or a variant file of ``folder`` by its file name."""
    if not isinstance(name, str) or not name:
        raise TableError("variant: give a built-in variant's name or a variant file's name")
    if name in BUILTIN_NAMES:
        return builtin(name)
    if folder is not None:
        good, problems = folder.variants()
        if name in good:
            return good[name]
        for line in problems:
            if line.startswith(name + ": "):
                raise TableError(f"variant {line}")
    where = " or a variant file of the served folder" if folder is not None else ""
    raise TableError(
        f"variant: no variant {shown(name)}: use a built-in ({', '.join(BUILTIN_NAMES)}){where}"
    )


def find_bot(name: object, folder: Folder | None) -> BotChoice:
    """A built-in bot (``greedy``, ``greedy?threshold=3``) or a bot file of
    ``folder`` by its file name.  A program (``cmd:``) or a module from a
    page is refused: a page names files the host put in the folder."""
    from ..bots.registry import BUILTIN_BOTS, split_options

    if not isinstance(name, str) or not name.strip():
        raise TableError("bot: give a built-in bot's name or a bot file's name")
    name = name.strip()
    try:
        base, _ = split_options(name)
    except ValueError as exc:
        raise TableError(f"bot {shown(name)}: {exc}") from None
    if base in BUILTIN_BOTS:
        return BotChoice(name, name)
    if folder is not None:
        bots = folder.bots()
        if name in bots:
            return bots[name]
    where = " or a bot file of the served folder" if folder is not None else ""
    raise TableError(f"no bot {shown(name)}: use a built-in ({', '.join(BUILTIN_BOTS)}){where}")
