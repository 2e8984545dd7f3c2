"""A Python bot is what its code is (golfcli/bots/source.py): a bot file's
fingerprint is its bytes and its helpers' -- the modules beside it that it
imports -- never its path or name; its folder is importable while it loads,
each bot with its own helpers; a ``module:Name`` bot's fingerprint covers
the modules of its package that it imports; and a bot file's options are
checked against its constructor's annotations when the spec is checked, as
the built-ins' are, not in every game."""

from __future__ import annotations

import hashlib
import shutil
import sys
from pathlib import Path

import pytest

from golfcli.bots.registry import BotSpecError, make_bot
from golfcli.bots.source import (
    file_fingerprint,
    helpers_of,
    imported_names,
    module_fingerprint,
    script_fingerprint,
)
from golfcli.tournament.plan import PlayerSpec
from golfcli.tournament.worker import bot_identity

from ..helpers import golf

PAIRS = """\
import helpers
from tables import weights as w


class Bot:
    def __init__(self, low: int = 2, scale: float = 1.0, name: str = "pairs"):
        self.low = low
        self.name = name

    def choose(self, view, legal):
        return legal[helpers.pick(len(legal), w.FIRST)]
"""
HELPERS = "def pick(n, first):\n    return first % n\n"
WEIGHTS = "FIRST = 0\n"


def bot_folder(root: Path, first: int = 0, name: str = "pairs.py") -> Path:
    """A bot file beside its helpers: a module and a package it imports,
    and a module it does not."""
    root.mkdir(parents=True, exist_ok=True)
    (root / name).write_text(PAIRS)
    (root / "helpers.py").write_text(HELPERS)
    (root / "tables").mkdir(exist_ok=True)
    (root / "tables" / "__init__.py").write_text("")
    (root / "tables" / "weights.py").write_text(f"FIRST = {first}\n")
    (root / "unused.py").write_text("X = 1\n")
    return root / name


def player(bot: str) -> PlayerSpec:
    return PlayerSpec("p", bot, None, {}, None, None)


# --------------------------------------------------------------------------- fingerprints


def test_imports_are_read_not_run() -> None:
    src = b"import a.b, c\nfrom d.e import f\nfrom . import g\nfrom .h import i\nimport a\n"
    assert imported_names(src) == ["a", "c", "d"]  # relative imports: no folder's module
    assert imported_names(b"import (") == []  # does not parse: it will not load either


def test_a_bot_files_helpers_are_the_modules_beside_it_that_it_imports(tmp_path: Path) -> None:
    bot = bot_folder(tmp_path / "bots")
    got = [p.relative_to(bot.parent).as_posix() for p in helpers_of(bot)]
    assert got == ["helpers.py", "tables/__init__.py", "tables/weights.py"]  # not unused.py
    # a helper's own imports are followed too
    (bot.parent / "helpers.py").write_text("import deeper\n" + HELPERS)
    (bot.parent / "deeper.py").write_text("")
    assert "deeper.py" in [p.name for p in helpers_of(bot)]


def test_the_fingerprint_is_the_code_not_the_path_or_the_name(tmp_path: Path) -> None:
    bot = bot_folder(tmp_path / "bots")
    code = file_fingerprint(bot)
    assert len(code) == 16 and int(code, 16) >= 0
    # the same files in another folder, the bot under another name: the same code
    elsewhere = bot_folder(tmp_path / "far" / "away", name="mybot.py")
    assert file_fingerprint(elsewhere) == code
    # what it is made of, restated: the bot's bytes, each helper by its relative name
    parts = [("", bot.read_bytes())] + [
        (rel, (bot.parent / rel).read_bytes())
        for rel in ("helpers.py", "tables/__init__.py", "tables/weights.py")
    ]
    h = hashlib.sha256(b"golf bot code 2\0")
    for name, data in parts:
        h.update(name.encode() + b"\0" + hashlib.sha256(data).digest())
    assert code == h.hexdigest()[:16]
    # a module it does not import changes nothing; one it imports is a new bot
    (bot.parent / "unused.py").write_text("X = 2\n")
    assert file_fingerprint(bot) == code
    (bot.parent / "tables" / "weights.py").write_text("FIRST = 1\n")
    assert file_fingerprint(bot) != code
    assert file_fingerprint(tmp_path / "missing.py") == ""


def test_a_players_identity_is_the_same_from_any_folder(tmp_path: Path) -> None:
    bot = bot_folder(tmp_path / "bots")
    (tmp_path / "other").mkdir()
    here = bot_identity(player("bots/pairs.py?low=3"), tmp_path)
    there = bot_identity(player("../bots/pairs.py?low=3"), tmp_path / "other")
    shutil.copy(bot, tmp_path / "bots" / "mybot.py")
    copy = bot_identity(player("bots/mybot.py?low=3"), tmp_path)
    assert here["code"] == there["code"] == copy["code"] == file_fingerprint(bot)
    assert (here["bot"], there["bot"], copy["bot"]) == (
        "bots/pairs.py",
        "../bots/pairs.py",
        "bots/mybot.py",
    )
    assert here["options"] == {"low": 3}
    # an external program: named cmd: however it was given, its script's code
    ext = PlayerSpec("e", None, ("python3", "bots/pairs.py"), {}, None, None)
    got = bot_identity(ext, tmp_path)
    assert got["bot"] == "cmd:python3 bots/pairs.py"
    assert got["code"] == script_fingerprint([bot]) != ""
    moved = PlayerSpec("e", None, ("python3", "../bots/pairs.py"), {}, None, None)
    assert bot_identity(moved, tmp_path / "other")["code"] == got["code"]


def test_a_module_bots_fingerprint_covers_its_packages_helpers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pkg = tmp_path / "mybots"
    (pkg / "util").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "pairs.py").write_text(
        "from . import shared\nfrom .util.maths import half\nimport mybots.other\n"
        "class Bot:\n    def choose(self, view, legal):\n        return legal[0]\n"
    )
    (pkg / "shared.py").write_text("A = 1\n")
    (pkg / "other.py").write_text("B = 1\n")
    (pkg / "unused.py").write_text("C = 1\n")
    (pkg / "util" / "__init__.py").write_text("")
    (pkg / "util" / "maths.py").write_text("def half(x):\n    return x / 2\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    code = module_fingerprint("mybots.pairs")
    assert code and bot_identity(player("mybots.pairs:Bot"), tmp_path)["code"] == code
    for helper in ("shared.py", "other.py", "util/maths.py"):
        before = (pkg / helper).read_text()
        (pkg / helper).write_text(before + "# changed\n")
        assert module_fingerprint("mybots.pairs") != code, helper
        (pkg / helper).write_text(before)
    (pkg / "unused.py").write_text("C = 2\n")
    assert module_fingerprint("mybots.pairs") == code
    # a module of its own, not in a package: the modules beside it that it imports
    (tmp_path / "solo.py").write_text("import soloaid\nclass Bot: pass\n")
    (tmp_path / "soloaid.py").write_text("A = 1\n")
    solo = module_fingerprint("solo")
    (tmp_path / "soloaid.py").write_text("A = 2\n")
    assert module_fingerprint("solo") != solo != ""
    assert module_fingerprint("no_such_module_here") == ""


# --------------------------------------------------------------------------- loading


def test_a_bot_files_folder_is_importable_each_bot_with_its_own_helpers(tmp_path: Path) -> None:
    one = bot_folder(tmp_path / "v1", first=0)
    two = bot_folder(tmp_path / "v2", first=1)
    before = set(sys.modules)
    path_before = list(sys.path)
    a = make_bot(str(one))
    b = make_bot(str(two))
    # each loaded its own tables.weights: v1 picks the first action, v2 the second
    assert a.bot.choose(None, ["x", "y"]) == "x" and b.bot.choose(None, ["x", "y"]) == "y"
    # nothing of theirs is left behind on the import path or among the modules
    assert sys.path == path_before
    left = {n for n in set(sys.modules) - before if not n.startswith("golf_user_bot_")}
    assert not left & {"helpers", "tables", "tables.weights"}, left


def test_a_module_a_bot_file_cannot_import_is_one_line_that_says_where_it_goes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("lonely.py").write_text("import its_helper\nclass Bot: pass\n")
    with pytest.raises(BotSpecError) as err:
        make_bot("lonely.py")
    assert str(err.value) == (
        "bot file 'lonely.py' failed to load: ModuleNotFoundError: No module named 'its_helper' "
        "(a module of the bot's own goes in the bot file's folder, as its_helper.py; anything "
        "else must be installed where golf runs)"
    )


# --------------------------------------------------------------------------- options


STRICT = """\
class Bot:
    def __init__(self, low: int = 2, rate: float = 0.5, tag: str = "x", seed=None):
        self.low = low

    def choose(self, view, legal):
        return legal[0]
"""
LOOSE = """\
class Bot:
    def __init__(self, **options):
        self.options = options

    def choose(self, view, legal):
        return legal[0]
"""


def test_a_bot_files_options_are_checked_against_its_annotations(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "strict.py").write_text(STRICT)
    (tmp_path / "loose.py").write_text(LOOSE)
    strict = "strict.py"
    assert make_bot(f"{strict}?low=3&rate=2&tag=y").bot.low == 3  # an int is a number
    for query, says in (
        ("low=abc", f"bot '{strict}' option low must be a whole number, not 'abc'"),
        ("rate=fast", f"bot '{strict}' option rate must be a number, not 'fast'"),
        ("low=1.5", f"bot '{strict}' option low must be a whole number, not 1.5"),
        (
            "lo=3",
            f"bot '{strict}' has no option 'lo' (did you mean 'low'?) (its options: "
            "low, rate, tag)",
        ),
    ):
        with pytest.raises(BotSpecError) as err:
            make_bot(f"{strict}?{query}")
        assert str(err.value) == says
    with pytest.raises(BotSpecError, match="option low must be a whole number"):
        make_bot(strict, options={"low": "abc"})  # a config's options: the same check
    # a constructor that takes any option is given what it is given
    assert make_bot(f"{tmp_path / 'loose.py'}?anything=1").bot.options == {"anything": 1}


def test_golf_validate_refuses_a_bot_files_bad_option_before_any_game(tmp_path: Path) -> None:
    (tmp_path / "bots").mkdir()
    (tmp_path / "bots" / "strict.py").write_text(STRICT)
    cfg = tmp_path / "night.yaml"
    cfg.write_text(
        "variant: six-card\nholes: 1\ngames: 2\nplayers:\n"
        "  - {name: s, bot: 'bots/strict.py?low=abc'}\n"
        "  - {name: g, bot: greedy}\n"
    )
    r = golf("validate", str(cfg))
    assert r.exit_code == 2
    assert (
        f"{cfg}:5: players.0.bot: bot 'bots/strict.py' option low must be a whole number, "
        "not 'abc'" in r.stderr
    )
    out = tmp_path / "run"
    r = golf("tournament", str(cfg), "--out", str(out), "--no-db", "--quiet")
    assert r.exit_code == 2 and "option low must be a whole number" in r.stderr
    assert not (out / "games.jsonl").exists()  # refused before a game was played
