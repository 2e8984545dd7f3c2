"""A Python bot's code: what it is (its fingerprint) and how it loads.

A bot is what its code is, not where it lies: the same bytes given as
``bots/pairs.py``, as ``../bots/pairs.py`` from another folder or copied
to ``mybot.py`` are one bot, and a bot whose helper module changed is a new
one.  So a bot file's fingerprint (:func:`file_fingerprint`) is made of its
bytes and those of the modules beside it that it imports (found by reading
its ``import`` statements, and theirs in turn: never by running them), each
helper named by its place *relative to the folder*; the file's own name and
folder are left out.  A ``package.module:Name`` bot's fingerprint
(:func:`module_fingerprint`) covers its module and the modules of its own
package that it imports.

A bot file's folder is importable while the file loads
(:func:`folder_importable`): ``import helpers`` finds ``helpers.py`` beside
it, and two bots whose folders each hold a ``helpers.py`` each get their
own.  Nothing here imports a bot; the registry does, through this.
"""

from __future__ import annotations

import ast
import contextlib
import functools
import hashlib
import os
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path

#: The endings of a word in an external program's command line that names
#: a file whose bytes are the bot's code (a script); a word with a path
#: separator names one too.
SCRIPT_SUFFIXES = (".py", ".js", ".rb", ".pl", ".sh", ".jar", ".exe")

#: How many helper modules a fingerprint follows at most: a bot's folder is
#: a few files; a bot beside a whole library stops here rather than hash it.
MOST_HELPERS = 200

#: Bumped if what a fingerprint covers changes: a new prefix, new codes.
_VERSION = b"golf bot code 2\0"


def names_file(word: str) -> bool:
    """Whether a word of a command line names a file (a script), by its
    ending or a path separator in it."""
    return word.endswith(SCRIPT_SUFFIXES) or os.sep in word


def imported_names(source: bytes) -> list[str]:
    """The top-level names of the modules ``source`` imports absolutely
    (``import a.b`` and ``from a import b`` give ``a``), in order, once each;
    nothing for source that does not parse (it will not load either)."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return []
    out: dict[str, None] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                out[alias.name.partition(".")[0]] = None
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            out[node.module.partition(".")[0]] = None
    return list(out)


def _module_files(folder: Path, name: str) -> list[Path]:
    """The files of module ``name`` in ``folder``: ``name.py``, or every
    ``.py`` file of the package ``name/``; none when it is not there."""
    single = folder / f"{name}.py"
    if single.is_file():
        return [single]
    package = folder / name
    if (package / "__init__.py").is_file():
        return sorted(p for p in package.rglob("*.py") if "__pycache__" not in p.parts)
    return []


def helpers_of(path: Path) -> list[Path]:
    """The modules beside the bot file ``path`` that it imports, and those
    they import in turn (each once, at most :data:`MOST_HELPERS`), found by
    reading their import statements; ``path`` itself is not among them."""
    folder = path.resolve().parent
    me = path.resolve()
    seen: dict[Path, None] = {}
    todo = [me]
    while todo and len(seen) < MOST_HELPERS:
        current = todo.pop()
        try:
            source = current.read_bytes()
        except OSError:
            continue
        for name in imported_names(source):
            for f in _module_files(folder, name):
                f = f.resolve()
                if f != me and f not in seen:
                    seen[f] = None
                    todo.append(f)
    return sorted(seen)


def _digest(parts: Iterable[tuple[str, bytes]]) -> str:
    """Sixteen hex digits of SHA-256 over named byte strings."""
    h = hashlib.sha256(_VERSION)
    for name, data in parts:
        h.update(name.encode() + b"\0" + hashlib.sha256(data).digest())
    return h.hexdigest()[:16]


def file_fingerprint(path: Path) -> str:
    """The fingerprint of the bot file ``path``: its bytes and its helpers'
    (:func:`helpers_of`), each helper named relative to the folder; not the
    file's own name or folder.  ``""`` when the file cannot be read."""
    try:
        parts = [("", path.read_bytes())]
        folder = path.resolve().parent
        parts += [(f.relative_to(folder).as_posix(), f.read_bytes()) for f in helpers_of(path)]
    except OSError:
        return ""
    return _digest(parts)


def script_fingerprint(paths: Iterable[Path]) -> str:
    """The fingerprint of an external program's scripts (the files its
    command names): each one's bytes (a Python script with its helpers, as
    a bot file), in an order of their own, not of their paths; ``""`` for
    none."""
    prints = sorted(filter(None, map(_script_print, paths)))
    return _digest((p, b"") for p in prints) if prints else ""


def _script_print(path: Path) -> str:
    if path.suffix == ".py":
        return file_fingerprint(path)
    try:
        return _digest([("", path.read_bytes())])
    except OSError:
        return ""


def module_fingerprint(module: str) -> str:
    """The fingerprint of the module named ``module`` (``package.module``)
    and of the modules of its own top-level package that it imports
    (relatively or by the package's name), found without running it (its
    parent packages are imported, as ``importlib`` finds a module); ``""``
    when it cannot be found or has no source file."""
    import importlib.util

    try:
        spec = importlib.util.find_spec(module)
    except (ImportError, ValueError):
        return ""
    origin = spec.origin if spec is not None else None
    if origin is None or not Path(origin).is_file() or not origin.endswith(".py"):
        return ""
    top = module.partition(".")[0]
    here = Path(origin).resolve()
    root = here.parents[module.count(".")]  # the folder that holds `top`
    if "." not in module and here.name != "__init__.py":
        # a module of its own, not in a package: its helpers are the modules
        # beside it, as a bot file's -- unless it lies among installed libraries
        helpers = [] if _installed(here) else helpers_of(here)
        return _digest([(f.relative_to(root).as_posix(), f.read_bytes()) for f in [here, *helpers]])
    files = {here: None}
    todo = [Path(origin).resolve()]
    while todo and len(files) < MOST_HELPERS:
        current = todo.pop()
        try:
            tree = ast.parse(current.read_bytes())
        except (OSError, SyntaxError, ValueError):
            continue
        for name in _package_imports(tree, current, root, top):
            for f in _dotted_files(root, name):
                if f not in files:
                    files[f] = None
                    todo.append(f)
    parts = [(f.relative_to(root).as_posix(), f.read_bytes()) for f in sorted(files)]
    return _digest(parts)


def _package_imports(tree: ast.AST, current: Path, root: Path, top: str) -> Iterator[str]:
    """The dotted names of the modules of package ``top`` that a module
    (the file ``current`` under ``root``) imports: by the package's name, or
    relatively; ``from . import a`` names ``pkg.a`` too (a module, if it is one)."""
    package = current.relative_to(root).with_suffix("").parts[:-1]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.partition(".")[0] == top:
                    yield alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: max(len(package) - node.level + 1, 0)]
                stem = ".".join((*base, node.module) if node.module else base)
            elif node.module and node.module.partition(".")[0] == top:
                stem = node.module
            else:
                continue
            if stem:
                yield stem
                for alias in node.names:  # `from pkg import mod` may name a module
                    yield f"{stem}.{alias.name}"


def _dotted_files(root: Path, dotted: str) -> list[Path]:
    """The source files a dotted module name has under ``root``: the
    module's file, or a package's ``__init__.py``; none if neither is there."""
    base = root.joinpath(*dotted.split("."))
    for f in (base.with_suffix(".py"), base / "__init__.py"):
        if f.is_file():
            return [f.resolve()]
    return []


@contextlib.contextmanager
def folder_importable(path: Path) -> Iterator[None]:
    """While the bot file ``path`` loads, its folder is first on the import
    path, so that ``import helpers`` finds ``helpers.py`` beside it.

    Each bot gets its own helpers: a module of that name already loaded
    (another bot's ``helpers``, even a library's of the same name) is set
    aside while this one loads and put back after it, and the modules
    loaded from this folder are taken off ``sys.modules`` again (the bot
    keeps them by the names it bound).  So a module a bot imports only
    later, inside ``choose``, is not found: import helpers at the top of
    the file (docs/bot-protocol.md)."""
    folder = path.resolve().parent
    names = _helper_names(path)
    aside = {n: sys.modules.pop(n) for n in sorted(names) if n in sys.modules}
    entry = str(folder)
    sys.path.insert(0, entry)
    before = set(sys.modules)
    try:
        yield
    finally:
        with contextlib.suppress(ValueError):
            sys.path.remove(entry)
        for name in set(sys.modules) - before:
            module = sys.modules.get(name)
            file = getattr(module, "__file__", None)
            if isinstance(file, str) and _inside(file, folder):
                del sys.modules[name]
        sys.modules.update(aside)


def _installed(path: Path) -> bool:
    """Whether ``path`` lies in Python's own library or installed packages."""
    import sysconfig

    libs = {sysconfig.get_paths()[k] for k in ("stdlib", "platstdlib", "purelib", "platlib")}
    return any(_inside(str(path), Path(lib).resolve()) for lib in libs)


def _helper_names(path: Path) -> frozenset[str]:
    """The top-level names of the bot file's helpers (:func:`helpers_of`),
    read once per version of the file: a tournament loads a bot file afresh
    for every game, and reading its imports again cost half a millisecond."""
    try:
        st = path.stat()
    except OSError:
        return frozenset()
    return _names_of(str(path.resolve()), st.st_mtime_ns, st.st_size)


@functools.lru_cache(maxsize=64)
def _names_of(path: str, mtime_ns: int, size: int) -> frozenset[str]:
    folder = Path(path).parent
    return frozenset(
        f.relative_to(folder).parts[0].removesuffix(".py") for f in helpers_of(Path(path))
    )


def _inside(file: str, folder: Path) -> bool:
    try:
        Path(file).resolve().relative_to(folder)
    except ValueError:
        return False
    return True
