"""Every error of a tournament config at once (`golf validate CONFIG`, and the
rest of the errors after the first that `golf tournament` stops at): the
variant file's collector, with the repairs a config needs.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..validate import Collector, validate_file
from ..yamlsrc import (
    KeyPath,
    Located,
    SourceError,
    load_file,
)
from .config import load_config
from .plan import Plan

# --------------------------------------------------------------------------- every error at once

#: A key taken out (or stood in for) makes errors at these keys consequences:
#: checked against it, they would only repeat its fault.  Of the keys in
#: _WHOLE, only an error about the key as a whole is (the count of players
#: or seats, the challenger's name, the SPRT's two entrants): a player's bot
#: or an SPRT's bounds depend on nothing else.
_WHOLE = ("players", "seats", "challenger", "sprt")
_DEPENDS = {
    "variant": ("teams", "seats", "players"),
    "players": ("teams", "seats", "challenger", "sprt", "players"),
    "teams": ("seats", "players", "challenger", "sprt"),
    "seats": ("players", "teams", "challenger", "sprt"),
    "schedule": ("challenger",),
}
#: What stands in for a required key that is missing or wrong, so the rest of
#: the config can still be checked.
_STAND_INS: dict[str, Any] = {
    "variant": "six-card",
    "players": [{"name": " stand-in 1", "bot": "random"}, {"name": " stand-in 2", "bot": "random"}],
}


class _ConfigCollector(Collector):
    """Every error of a tournament config: validate.Collector's loop, with
    the repairs a config needs.  A bad player is replaced by a random bot of
    the same name (teams and the challenger still find it); a missing or
    wrong variant or player list by a stand-in; any other key is taken out,
    as the loop does, so that its default applies."""

    def __init__(self, doc: Located, base_dir: Path, overrides: dict[str, Any]) -> None:
        super().__init__(doc)
        self.base_dir = base_dir
        self.overrides = overrides
        self.renamed = False  # a player's name was stood in for: teams may miss it

    def load(self) -> Plan:
        return load_config(self.doc, base_dir=self.base_dir, **self.overrides)

    def outside(self, exc: SourceError) -> tuple[list[SourceError], KeyPath | None]:
        # an option's error stops here; a variant file's errors (all of them)
        # are reported and the config goes on with a stand-in variant
        if exc.where.startswith("-") or "variant" in self.gone:
            return [exc], None
        raw = self.doc.data.get("variant")
        if isinstance(raw, str):
            path = Path(raw.strip())
            path = path if path.is_absolute() else self.base_dir / path
            if path.is_file() and exc.where.startswith(f"{path}:"):
                return validate_file(path)[1] or [exc], ("variant",)
        return [exc], ("variant",)

    def repair(self, at: KeyPath | None, path: str) -> bool:
        if not isinstance(self.doc.data, dict):
            return False
        if path in _STAND_INS and path not in self.gone:
            self.stand_in((path,), _STAND_INS[path])
            return True
        if at and len(at) >= 2 and at[0] == "players" and isinstance(at[1], int):
            self.stand_in(at[:2], {"name": self._player_name(at[1], path), "bot": "random"})
            return True
        return super().repair(at, path)

    def _player_name(self, i: int, path: str) -> str:
        """The player's own name if that was not at fault, else a stand-in
        (a name another player also has is that player's, and one that is no
        text is no name: teams and the challenger cannot have meant either)."""
        players = self.doc.data["players"]
        item = players[i]
        name = item.get("name") if isinstance(item, dict) else None
        if isinstance(name, str) and name.strip() and not path.endswith(".name"):
            return name.strip()
        others = [p.get("name") for j, p in enumerate(players) if j != i and isinstance(p, dict)]
        if isinstance(name, str) and name not in others:
            self.renamed = True  # a name teams or the challenger may give is gone
        stand_in = f"player {i + 1}"  # as a message listing the players would say it
        while stand_in in others:
            stand_in += "'"
        return stand_in

    def consequence(self, path: str) -> bool:
        if super().consequence(path):
            return True
        root = path.split(".")[0]
        for g in self.gone:
            if root in _DEPENDS.get(g, ()) and (root not in _WHOLE or path == root):
                return True
        return self.renamed and root in ("teams", "challenger")


def check_config(
    source: str | Path, *, base_dir: Path | None = None, **overrides: Any
) -> tuple[Plan | None, list[SourceError]]:
    """The plan of a tournament config file (None if any error) and every
    error, in file order; ``overrides`` are :func:`load_config`'s keyword
    arguments."""
    try:
        doc = load_file(source)
    except SourceError as exc:
        return None, [exc]
    base = base_dir if base_dir is not None else Path(source).parent
    plan, errors = _ConfigCollector(doc, base, overrides).run()
    return plan, errors


def config_errors(
    source: str | Path, *, base_dir: Path | None = None, **overrides: Any
) -> list[SourceError]:
    """Every error of a tournament config file, in file order (empty if it loads)."""
    return check_config(source, base_dir=base_dir, **overrides)[1]
