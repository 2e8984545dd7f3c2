"""The cards of one folder, as a page reaches them: every request a name.

The scorecard page's requests come here and go on to the scorecard library's
operations (:mod:`golfcli.scorecard.ops`): the same locked card files,
change counter and history as ``golf card``, so a page and a shell on one
card take turns and lose nothing.  This module adds what serving a folder
needs around them and writes no rule of its own:

* **Names, not paths.** A request names a card (``night`` for
  ``night.yaml``); the name is checked (letters, digits, space, ``-``,
  ``_``, ``.``; no leading dot, no ``..``) and the file it leads to must lie
  in the folder once links are followed, so no request reads or writes
  outside it.  A card's variant file is used only from the folder too
  (:class:`FolderVariants`).
* **The library's refusals as a page's.** :func:`refusals` turns each
  error of the library into a :class:`~golfcli.web.RequestError` with the
  library's own words, the folder's path left out, and the status that
  says what kind it is: 400 a bad value (with its field), 404 no such hole
  or card, 409 the card has moved on (a hole already entered, a game over,
  a card that exists), 422 a card or variant file that cannot be read.
* **Reads cached by the file's stamp** (inode, time, size), so six phones
  on one card read it once per change.
"""

from __future__ import annotations

import contextlib
import os
import re
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..exceptions import InputError
from ..scorecard import ops, store
from ..scorecard.count import VariantLoader, VariantUnavailable
from ..scorecard.model import (
    BadValue,
    CardExists,
    ChangeError,
    EnteredHole,
    GameOver,
    HoleEntered,
    LaterHoles,
    NoSuchHole,
    Scorecard,
    ScorecardError,
    StaleCard,
)
from ..scorecard.standings import standing
from ..variant import BUILTIN_NAMES, Variant
from ..variantload import load_variant
from ..yamlsrc import SourceError
from . import RequestError

#: A card's name: what a page shows and sends; the file is NAME.yaml in the folder.
NAME = re.compile(r"^\w[\w .\-]{0,47}$")
#: Cards listed in one folder, at most (a season of Friday nights is ~50).
MAX_CARDS = 500
#: Variant files offered for a new card, at most.
MAX_VARIANT_FILES = 50
SUFFIXES = (".yaml", ".yml")
_SNIFF = 1024


def check_name(name: str) -> str:
    """A card's name as a page gives it, or a 400."""
    if not NAME.match(name) or ".." in name or name.endswith((".", " ")):
        raise RequestError(
            f"{name[:48]!r} is not a card name: use letters, digits, spaces, '-', '_' "
            "or '.', at most 48, not starting with a dot",
            details={"field": "name"},
        )
    return name


class FolderVariants(VariantLoader):
    """The library's variant loader, kept to the served folder: a built-in
    by name, or a file that lies in the folder once links are followed.
    One per card, kept between requests (the variant is loaded once per
    card, not per request); a lock, since requests run in threads."""

    def __init__(self, path: Path, book: CardBook) -> None:
        super().__init__(path)
        self.book = book
        self._guard = threading.Lock()

    def load(self, card: Scorecard, hole: EnteredHole | None = None) -> Variant:
        assert card.variant is not None
        if not self.book.may_use(card.variant):
            raise SourceError(
                card.variant[:60], "variant", "a variant file outside the served folder"
            )
        with self._guard:
            return super().load(card, hole)


@dataclass
class Listed:
    """A card as the list shows it."""

    name: str
    kind: str = ""
    title: str = ""
    sides: list[str] = field(default_factory=list)
    played: int = 0
    length: str = ""
    finished: bool = False
    winners: list[str] = field(default_factory=list)
    revision: int = 0
    error: str = ""

    def to_json(self) -> dict[str, Any]:
        return dict(self.__dict__)


class CardBook:
    """The cards in ``directory``: listed, read, written through the library."""

    def __init__(self, directory: Path) -> None:
        self.directory = Path(os.path.realpath(directory))
        self._lock = threading.Lock()
        self._cards: dict[str, tuple[store.Stamp | None, Scorecard | RequestError]] = {}
        self._loaders: dict[str, FolderVariants] = {}
        self._variants: dict[str, Variant | RequestError] = {}
        self._files: tuple[int, list[tuple[str, Path]]] | None = None

    # ------------------------------------------------------------------ names and files

    def path(self, name: str, exists: bool = True) -> Path:
        """The file of the card ``name``: in the folder once links are followed
        (404 when there is none, or it lies outside)."""
        check_name(name)
        for suffix in SUFFIXES:
            path = self.directory / f"{name}{suffix}"
            if path.exists() or os.path.islink(path):
                if not self.inside(path) or not path.is_file():
                    raise RequestError(f"no card named {name!r} in this folder", 404)
                return path
        if exists:
            raise RequestError(f"no card named {name!r} in this folder", 404)
        return self.directory / f"{name}.yaml"

    def inside(self, path: Path) -> bool:
        """Whether ``path``, links followed, lies in the folder."""
        real = os.path.realpath(path)
        return real.startswith(str(self.directory) + os.sep)

    def may_use(self, spec: str) -> bool:
        """Whether a card may name ``spec`` as its variant here."""
        return spec in BUILTIN_NAMES or self.inside(self.directory / spec)

    def quiet(self, message: str) -> str:
        """A library message without the folder's path: the page names cards."""
        return message.replace(str(self.directory) + os.sep, "")

    def _entries(self) -> list[os.DirEntry[str]]:
        try:
            return sorted(os.scandir(self.directory), key=lambda e: e.name)
        except OSError:
            return []

    def files(self) -> list[tuple[str, Path]]:
        """(name, path) of the folder's card files, by name: YAML files that
        say they are golf scorecards, in the folder once links are followed
        (looked for again when the folder changes: a card written, made or
        removed renames or adds a file in it)."""
        try:
            stamp = os.stat(self.directory).st_mtime_ns
        except OSError:
            return []
        with self._lock:
            if self._files is not None and self._files[0] == stamp:
                return list(self._files[1])
        out = self._find_files()
        with self._lock:
            self._files = (stamp, out)
        return list(out)

    def _find_files(self) -> list[tuple[str, Path]]:
        out = []
        for entry in self._entries():
            path = Path(entry.path)
            if not _yaml_name(path) or not self.inside(path) or not _says_card(path):
                continue
            out.append((path.stem, path))
            if len(out) >= MAX_CARDS:
                break
        return out

    def variant_files(self) -> list[tuple[str, Variant]]:
        """The folder's variant files a new card may be played by."""
        out = []
        for entry in self._entries():
            path = Path(entry.path)
            if _yaml_name(path) and self.inside(path) and not _says_card(path):
                var = self.variant_file(entry.name)
                if not isinstance(var, RequestError):
                    out.append((entry.name, var))
            if len(out) >= MAX_VARIANT_FILES:
                break
        return out

    def variant_file(self, name: str) -> Variant | RequestError:
        """A variant file of the folder, loaded (cached by name and stamp)."""
        path = self.directory / name
        key = f"{name}\0{store.stamp_of(path)}"
        with self._lock:
            if key in self._variants:
                return self._variants[key]
        got: Variant | RequestError
        if not self.inside(path):
            got = RequestError(f"no variant file named {name[:60]!r} here")
        else:
            try:
                got = load_variant(path)
            except SourceError as exc:
                got = RequestError(self.quiet(str(exc)), 422)
        with self._lock:
            self._variants[key] = got
        return got

    # ------------------------------------------------------------------ reading

    def loader(self, name: str, path: Path) -> FolderVariants:
        with self._lock:
            if name not in self._loaders:
                self._loaders[name] = FolderVariants(path, self)
            return self._loaders[name]

    def card(self, name: str) -> Scorecard:
        """The card as it is on disk now (cached by the file's stamp), its
        counted layouts checked against the card's rules; a 404, or a 422
        with the loader's ``file:line`` line when it cannot be read."""
        path = self.path(name)
        stamp = store.stamp_of(path)
        with self._lock:
            cached = self._cards.get(name)
        if cached is not None and cached[0] == stamp:
            got = cached[1]
        else:
            got = self._read(name, path)
            with self._lock:
                self._cards[name] = (stamp, got)
        if isinstance(got, RequestError):
            raise got
        return got

    def keep(self, name: str, card: Scorecard) -> None:
        """The card a write just wrote, kept as the read of its new file (its
        layouts checked as a read checks them): the pages woken by the write
        are not made to read the file again."""
        card.warnings = [self.quiet(w) for w in self.loader(name, self.path(name)).problems(card)]
        with self._lock:
            self._cards[name] = (card.stamp, card)

    def _read(self, name: str, path: Path) -> Scorecard | RequestError:
        try:
            card = ops.read_card(path, variants=self.loader(name, path))
        except (ScorecardError, OSError) as exc:
            text = str(exc) if isinstance(exc, ScorecardError) else f"{name}: {exc.strerror}"
            return RequestError(self.quiet(text), 422)
        card.warnings = [self.quiet(w) for w in card.warnings]
        return card

    def listing(self) -> list[Listed]:
        out = []
        for name, _ in self.files():
            try:
                card = self.card(name)
            except RequestError as exc:
                out.append(Listed(name, error=exc.message))
                continue
            st = standing(card)
            length = f"{card.holes} holes" if card.holes is not None else f"to {card.target}"
            out.append(
                Listed(
                    name,
                    card.kind,
                    card.title,
                    card.side_names,
                    len(card.regular),
                    length,
                    st.finished,
                    [card.side_names[i] for i in st.winners],
                    card.revision,
                )
            )
        return out

    def variant(self, name: str, card: Scorecard) -> Variant | RequestError:
        """The card's variant, or why it cannot be had (one line)."""
        try:
            return self.loader(name, self.path(name)).load(card)
        except SourceError as exc:
            return RequestError(f"the card's variant: {self.quiet(str(exc))}", 422)

    # ------------------------------------------------------------------ writing

    def add(
        self, name: str, seen: int, label: str, values: dict[str, str], closer: str | None
    ) -> ops.Done:
        """Enter the hole the page meant (``label``: "6", or "P1" for a
        playoff hole), as the page saw the card (revision ``seen``)."""
        path = self.path(name)
        with refusals(self):
            number = label.removeprefix("P")
            if not (number.isascii() and number.isdigit() and len(number) <= 4):
                raise RequestError(f"hole: {label[:8]!r} is not a hole (3, or P1 for a playoff)")
            if label.startswith("P"):
                return ops.playoff_hole(
                    path,
                    values,
                    hole=int(number),
                    closer=closer,
                    expect=seen,
                    variants=self.loader(name, path),
                )
            return ops.add_hole(
                path,
                values,
                hole=int(label),
                closer=closer,
                expect=seen,
                variants=self.loader(name, path),
            )

    def fix(
        self,
        name: str,
        seen: int,
        label: str,
        values: dict[str, str],
        closer: str | None,
        drop_later: bool,
    ) -> ops.Done:
        path = self.path(name)
        with refusals(self):
            return ops.fix_hole(
                path,
                label,
                values,
                closer=closer,
                drop_later=drop_later,
                expect=seen,
                variants=self.loader(name, path),
            )

    def undo(self, name: str, seen: int) -> ops.Done:
        path = self.path(name)
        with refusals(self):
            return ops.undo(path, expect=seen)

    def table(self, name: str, seen: int, call: Any) -> ops.Done:
        """A change to the table: ``call(path, expect, variants)`` is the
        library's operation with the page's fields (see the room)."""
        path = self.path(name)
        with refusals(self):
            return call(path, seen, self.loader(name, path))  # type: ignore[no-any-return]

    def start(self, name: str, card: Scorecard) -> ops.Done:
        """Write a new card under ``name``; a card of that name is not replaced."""
        path = self.path(name, exists=False)
        with refusals(self):
            return ops.start_card(path, card)


@contextlib.contextmanager
def refusals(book: CardBook) -> Iterator[None]:
    """The library's errors as a page's refusals (see the module's notes).
    :class:`~golfcli.scorecard.model.StaleCard` goes through as it is: the
    room answers it with the card as it is now."""
    try:
        yield
    except (StaleCard, RequestError):
        raise
    except BadValue as exc:
        details = {"field": exc.field, "place": exc.place}
        raise RequestError(book.quiet(str(exc)), 400, details) from None
    except (HoleEntered, GameOver, CardExists) as exc:
        raise RequestError(str(exc), 409) from None
    except NoSuchHole as exc:
        raise RequestError(f"hole {exc}", 404) from None
    except LaterHoles as exc:  # the page asks, and sends drop_later if told yes
        asked = exc.words(f"set {exc.them} aside?")
        raise RequestError(asked, 409, {"ask": "drop_later"}) from None
    except ChangeError as exc:
        raise RequestError(str(exc), 400) from None
    except VariantUnavailable as exc:
        raise RequestError(f"the card's variant cannot be loaded: {exc.cause}", 422) from None
    except ScorecardError as exc:
        raise RequestError(book.quiet(str(exc)), 503 if "held" in str(exc) else 400) from None
    except InputError as exc:
        raise RequestError(book.quiet(str(exc)), 400) from None
    except OSError as exc:
        raise RequestError(f"the card cannot be written: {exc.strerror}", 500) from None


def _yaml_name(path: Path) -> bool:
    stem = path.stem
    return path.suffix in SUFFIXES and bool(NAME.match(stem)) and ".." not in stem


def _says_card(path: Path) -> bool:
    """Whether a YAML file calls itself a golf scorecard (its first lines)."""
    try:
        with open(path, "rb") as fh:
            head = fh.read(_SNIFF)
    except OSError:
        return False
    return b"golf_scorecard:" in head
