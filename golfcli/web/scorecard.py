"""The scorecard's room: ``golf card serve DIR`` as requests and a live feed.

Routes, under ``/card/``:

=====================================  ==========================================
``GET  /``                             the page (``static/card.html``)
``GET  api/cards``                     the folder's cards, and the games a new
                                       card may be (variants with their shapes)
``POST api/cards``                     start a card (key)
``GET  api/cards/NAME``                the card as the page shows it
``POST api/cards/NAME/holes``          enter the next hole (key)
``POST api/cards/NAME/fix``            correct a hole (key)
``POST api/cards/NAME/undo``           take back the latest change (key)
``POST api/cards/NAME/count``          the count helper: a layout itemised
``GET  api/cards/NAME/card.pdf``       the card printed, filled in
``GET  api/blank.pdf?...``             a blank card to print
``GET  api/stats``                     the season over the folder's cards
``GET  api/live?card=NAME``            Server-Sent Events: the list and the card
=====================================  ==========================================

Every write names the revision the page saw and the card's answer is the
card as it is after the write; a write on a card that moved meanwhile is a
409 with the card as it is now (``card``) and what changed (``changes``),
for the page to show and ask.  Changes made by ``golf card`` in a shell
reach the pages too: a poller looks at the files of the cards pages have
open (their stamp, five times a second) and at the folder.

The card a page shows is a *snapshot*: everything the page draws, worked
out here by the scorecard library (totals, leader, winners, the next hole,
the dealer, what undo would take back), so the page does no arithmetic of
the rules.  A snapshot is made once per change of the file and shared by
every page that shows it.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import os
import sys
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.routing import BaseRoute, Route

from ..limits import MAX_HOLES
from ..scorecard import ops, start
from ..scorecard.inputs import check_names
from ..scorecard.model import Scorecard, StaleCard, now_text
from ..scorecard.present import change_text
from ..scorecard.store import stamp_of as _stamp
from ..variant import BUILTIN_NAMES
from ..variantload import builtin
from . import RequestError
from .app import STATIC, need_key
from .cardbook import CardBook, check_name, refusals
from .cardview import MAX_PLAYERS, count_layout, shape, snapshot
from .fields import Fields, read_body
from .live import Message, Signal, stream

#: Seconds between looks at the files of open cards (a change from a shell shows
#: on the pages within this, plus the time to send it).
POLL = 0.2

JSON = "application/json"

#: The changes to the table a page may make (``POST api/cards/NAME/table``).
TABLE_ACTIONS = ("join", "leave", "rename", "dealer", "holes", "switches", "par")


def _token(*parts: object) -> str:
    return hashlib.blake2b(repr(parts).encode(), digest_size=6).hexdigest()


def _dump(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


class CardRoom:
    """The scorecard page over the cards of one folder."""

    name = "card"
    title = "Scorecard"

    def __init__(self, directory: Path) -> None:
        self.book = CardBook(directory)
        #: woken when the folder's list of cards changes, and one per card shown
        self.list_signal = Signal()
        self._signals: dict[str, Signal] = {}
        self._watched: dict[str, int] = {}
        self._stamps: dict[str, object] = {}
        self._snaps: dict[str, tuple[object, str, str]] = {}
        self._building: dict[str, threading.Lock] = {}
        self._guard = threading.Lock()
        self._list: tuple[object, str, str] | None = None
        self._task: asyncio.Task[None] | None = None
        self.closed = False

    # ------------------------------------------------------------------ lifecycle

    async def start(self) -> None:
        self._task = asyncio.create_task(self._poll())

    def closing(self) -> None:
        """The server is stopping: every live stream ends now."""
        self.closed = True
        self.list_signal.close()
        for signal in list(self._signals.values()):
            signal.close()

    async def stop(self) -> None:
        self.closing()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    def signal(self, name: str) -> Signal:
        """The signal of the card ``name``: woken by each change to its file."""
        with self._guard:
            if name not in self._signals:
                self._signals[name] = Signal()
                if self.closed:
                    self._signals[name].close()
            return self._signals[name]

    def changed(self, name: str) -> None:
        """A write through the page: wake the card's pages and the list's."""
        self.signal(name).notify()
        self.list_signal.notify()

    async def _poll(self) -> None:
        """Look at the folder and the files of the cards pages show; wake the
        pages of what changed (a card written by ``golf card`` in a shell, or
        by an editor)."""
        while True:
            await asyncio.sleep(POLL)
            now = {"": _dir_stamp(self.book.directory)}
            for name in list(self._watched):
                with contextlib.suppress(RequestError):
                    now[name] = _stamp(self.book.path(name))
            if now == self._stamps:
                continue
            for name, stamp in now.items():
                if self._stamps.get(name) != stamp:
                    (self.signal(name) if name else self.list_signal).notify()
            self._stamps = now

    # ------------------------------------------------------------------ snapshots

    def listing(self) -> tuple[str, str]:
        """(version, JSON) of the folder's list of cards."""
        key = (_dir_stamp(self.book.directory), *[_stamp(p) for _, p in self.book.files()])
        cached = self._list
        if cached is None or cached[0] != key:
            cards = [c.to_json() for c in self.book.listing()]
            cached = self._list = (key, _token(key), _dump({"cards": cards}))
        return cached[1], cached[2]

    def snapshot(self, name: str) -> tuple[str, str]:
        """(version, JSON) of the card as the page shows it: made once per
        change of the file, whoever asks (the pages woken by one change wait
        for the one that makes it)."""
        stamp = _stamp(self.book.path(name))
        cached = self._snaps.get(name)
        if cached is not None and cached[0] == stamp:
            return cached[1], cached[2]
        with self._guard:
            building = self._building.setdefault(name, threading.Lock())
        with building:
            cached = self._snaps.get(name)
            if cached is not None and cached[0] == stamp:
                return cached[1], cached[2]
            card = self.book.card(name)
            version = f"{card.revision}-{_token(stamp)}"
            game = None
            if card.kind == "golf":
                var = self.book.variant(name, card)
                game = {"error": var.message} if isinstance(var, RequestError) else shape(var)
            text = _dump(snapshot(name, card, version, game))
            self._snaps[name] = (stamp, version, text)
        return version, text

    # ------------------------------------------------------------------ routes

    def routes(self) -> Sequence[BaseRoute]:
        return [
            Route("/", self.page),
            Route("/api/cards", self.cards, methods=["GET"]),
            Route("/api/cards", self.start_card, methods=["POST"]),
            Route("/api/cards/{name}", self.card, methods=["GET"]),
            Route("/api/cards/{name}/holes", self.add, methods=["POST"]),
            Route("/api/cards/{name}/fix", self.fix, methods=["POST"]),
            Route("/api/cards/{name}/undo", self.undo, methods=["POST"]),
            Route("/api/cards/{name}/table", self.table, methods=["POST"]),
            Route("/api/cards/{name}/count", self.count, methods=["POST"]),
            Route("/api/cards/{name}/card.pdf", self.printed, methods=["GET"]),
            Route("/api/blank.pdf", self.blank, methods=["GET"]),
            Route("/api/stats", self.stats, methods=["GET"]),
            Route("/api/live", self.live, methods=["GET"]),
        ]

    async def page(self, request: Request) -> Response:
        return FileResponse(STATIC / "card.html", headers={"Cache-Control": "no-cache"})

    async def cards(self, request: Request) -> Response:
        """The list of cards and the games a new card may be."""
        _, listing = await run_in_threadpool(self.listing)
        games = await run_in_threadpool(self.games)
        body = f'{{"games":{_dump(games)},{listing[1:]}'
        return Response(body, media_type=JSON, headers={"Cache-Control": "no-store"})

    def games(self) -> list[dict[str, Any]]:
        """The built-in games, then the folder's variant files."""
        out = [{"name": n, **shape(builtin(n))} for n in BUILTIN_NAMES]
        out += [{"name": file, **shape(var)} for file, var in self.book.variant_files()]
        return out

    async def card(self, request: Request) -> Response:
        name = request.path_params["name"]
        _, text = await run_in_threadpool(self.snapshot, name)
        return Response(text, media_type=JSON, headers={"Cache-Control": "no-store"})

    async def _written(self, name: str, done: ops.Done) -> Response:
        """A write's answer: what it did in words, the warnings a person should
        see, and the card as it is now.  Every page showing it is woken."""
        await run_in_threadpool(self.book.keep, name, done.card)
        _, text = await run_in_threadpool(self.snapshot, name)
        self.changed(name)
        said = change_text(done.card, done.change)
        warnings = [self.book.quiet(w) for w in done.warnings]
        head = _dump({"said": said, "warnings": warnings})
        return Response(f'{head[:-1]},"card":{text}}}', media_type=JSON)

    async def _stale(self, name: str, exc: StaleCard) -> Response:
        """A write on a card that moved on: 409, the card as it is now and what
        changed, in words, for the page to show and ask again."""
        _, text = await run_in_threadpool(self.snapshot, name)
        changes = [change_text(exc.card, c) for c in exc.changes]
        said = "; ".join(changes[-3:]) if changes else "changed by another program"
        head = _dump(
            {
                "error": f"the card changed meanwhile ({said}); nothing written",
                "stale": True,
                "changes": changes,
            }
        )
        return Response(f'{head[:-1]},"card":{text}}}', status_code=409, media_type=JSON)

    async def start_card(self, request: Request) -> Response:
        need_key(request)
        f = await read_body(request)
        name = check_name(f.text("name", 48).strip())
        card = await run_in_threadpool(self._new_card, name, f)
        done = await run_in_threadpool(self.book.start, name, card)
        return await self._written(name, done)

    def _new_card(self, name: str, f: Fields) -> Scorecard:
        """A new card from the form: the library makes it from the choices."""
        kind = f.choice("kind", ("golf", "mini"), default="golf")
        players = f.texts("players", MAX_PLAYERS, 24)
        title = f.text("title", 60, default="")
        holes = f.opt_int("holes", 1, MAX_HOLES)
        with refusals(self.book):
            players = check_names(players)
            if kind == "mini":
                par = f.ints("par", MAX_HOLES, 1, 99) if f.has("par") else None
                f.done()
                return start.new_mini_card(
                    players, holes=holes, par=par or None, created=now_text(), title=title
                )
            spec = f.text("variant", 60, default=start.DEFAULT_VARIANT)
            target = f.opt_int("target", 1, 1000)
            twos = f.bool_("twos_minus", True)
            kings = f.bool_("kings_zero", True)
            dealer = f.opt_text("dealer", 24)
            f.done()
            if spec not in BUILTIN_NAMES:
                if isinstance(self.book.variant_file(spec), RequestError):
                    raise RequestError(f"variant: no game named {spec[:40]!r} here", 400)
                spec = str(self.book.directory / spec)
            var = builtin(spec) if spec in BUILTIN_NAMES else self.book.variant_file(spec)
            assert not isinstance(var, RequestError)
            # a switch the variant already has as asked is left out of the card's changes
            same_twos = var.rank_values[2] == (-2 if twos else 2)
            same_kings = var.rank_values[13] == (0 if kings else 10)
            overrides = start.toggles(None if same_twos else twos, None if same_kings else kings)
            return start.new_golf_card(
                self.book.path(name, exists=False),
                players,
                variant=spec,
                holes=holes,
                target=target,
                overrides=overrides,
                dealer=dealer,
                created=now_text(),
                title=title,
            )

    async def _hole_request(self, request: Request) -> tuple[str, Fields, int, str]:
        need_key(request)
        name = request.path_params["name"]
        f = await read_body(request)
        seen = f.int_("revision", 0, 10**9)
        label = f.text("hole", 8).strip().upper()
        return name, f, seen, label

    async def add(self, request: Request) -> Response:
        name, f, seen, label = await self._hole_request(request)
        values = f.mapping("scores", 12)
        closer = f.opt_text("closer", 60)
        f.done()
        try:
            done = await run_in_threadpool(self.book.add, name, seen, label, values, closer)
        except StaleCard as exc:
            return await self._stale(name, exc)
        return await self._written(name, done)

    async def fix(self, request: Request) -> Response:
        name, f, seen, label = await self._hole_request(request)
        values = f.mapping("scores", 12)
        closer = f.opt_text("closer", 60)
        drop_later = f.bool_("drop_later")
        f.done()
        try:
            done = await run_in_threadpool(
                self.book.fix, name, seen, label, values, closer, drop_later
            )
        except StaleCard as exc:
            return await self._stale(name, exc)
        return await self._written(name, done)

    async def undo(self, request: Request) -> Response:
        need_key(request)
        name = request.path_params["name"]
        f = await read_body(request)
        seen = f.int_("revision", 0, 10**9)
        f.done()
        try:
            done = await run_in_threadpool(self.book.undo, name, seen)
        except StaleCard as exc:
            return await self._stale(name, exc)
        return await self._written(name, done)

    async def table(self, request: Request) -> Response:
        """A change to the table rather than to a hole: a player joins, leaves
        or is renamed, the dealer marker moves, the game is made longer or
        shorter, the switches or a mini golf hole's par change."""
        need_key(request)
        name = request.path_params["name"]
        f = await read_body(request)
        seen = f.int_("revision", 0, 10**9)
        action = f.choice("action", TABLE_ACTIONS)
        call = self._table_call(name, action, f)
        f.done()
        try:
            done = await run_in_threadpool(self.book.table, name, seen, call)
        except StaleCard as exc:
            return await self._stale(name, exc)
        return await self._written(name, done)

    def _table_call(self, name: str, action: str, f: Fields) -> Any:
        """The library's operation for ``action``, with the request's fields
        read and checked: a function of (path, expect, variants)."""
        if action == "join":
            who = f.text("player", 24)
            seat = f.opt_int("seat", 1, MAX_PLAYERS + 1)
            missed: str | int = "high"
            if f.has("missed"):
                missed = f.int_("missed", -999_999, 999_999)
            return lambda path, expect, variants: ops.join(
                path, who, seat=seat, missed=missed, expect=expect, variants=variants
            )
        if action == "leave":
            who = f.text("player", 24)
            return lambda path, expect, variants: ops.leave(
                path, who, expect=expect, variants=variants
            )
        if action == "rename":
            old, to = f.text("player", 24), f.text("to", 24)
            return lambda path, expect, variants: ops.rename(path, old, to, expect=expect)
        if action == "dealer":
            who = f.text("player", 24)
            return lambda path, expect, variants: ops.set_dealer(path, who, expect=expect)
        if action == "holes":
            holes = f.int_("holes", 1, MAX_HOLES)
            return lambda path, expect, variants: ops.set_holes(path, holes, expect=expect)
        if action == "switches":
            twos = f.bool_("twos_minus", True) if f.has("twos_minus") else None
            kings = f.bool_("kings_zero", True) if f.has("kings_zero") else None
            return lambda path, expect, variants: ops.set_switches(
                path, twos_minus=twos, kings_zero=kings, expect=expect, variants=variants
            )
        hole = f.int_("hole", 1, MAX_HOLES)
        par = f.opt_int("par", 1, 99)
        return lambda path, expect, variants: ops.set_par(path, {hole: par}, expect=expect)

    async def count(self, request: Request) -> Response:
        """The count helper: the layout tapped in so far, counted."""
        name = request.path_params["name"]
        f = await read_body(request)
        cells = f.texts("cells", 36, 8)
        f.done()
        card = await run_in_threadpool(self.book.card, name)
        if card.kind != "golf":
            raise RequestError("a mini golf card counts strokes, not cards")
        var = await run_in_threadpool(self.book.variant, name, card)
        if isinstance(var, RequestError):
            raise var
        return Response(_dump(count_layout(var, cells)), media_type=JSON)

    async def printed(self, request: Request) -> Response:
        from ..scorecard.pdf import render_pdf

        name = request.path_params["name"]
        paper = _paper(request.query_params)
        card = await run_in_threadpool(self.book.card, name)
        data = await run_in_threadpool(render_pdf, card, False, paper)
        return _pdf(data, f"{name}.pdf")

    async def blank(self, request: Request) -> Response:
        from ..scorecard.pdf import render_pdf

        query = request.query_params
        card = await run_in_threadpool(self._blank_card, query)
        data = await run_in_threadpool(render_pdf, card, True, _paper(query))
        return _pdf(data, "minigolf.pdf" if card.kind == "mini" else "scorecard.pdf")

    def _blank_card(self, query: Any) -> Scorecard:
        """A blank card from the print form's choices, each checked."""
        allowed = {"kind", "variant", "holes", "players", "twos_minus", "kings_zero", "par"}
        extra = sorted(set(query) - allowed - {"paper"})
        if extra:
            raise RequestError(f"unknown field {extra[0][:40]!r}")
        kind = _query_choice(query, "kind", ("golf", "mini"), "golf")
        holes = _query_int(query, "holes", 1, MAX_HOLES)
        names = [""] * (_query_int(query, "players", 1, 24) or MAX_PLAYERS)
        with refusals(self.book):
            if kind == "mini":
                text = (query.get("par") or "").strip()
                pars = text.split(",")[: MAX_HOLES + 1] if text else []
                par = [_int(p.strip(), "par", 1, 99) for p in pars]
                return start.new_mini_card(names, holes=holes, par=par or None)
            spec = query.get("variant") or start.DEFAULT_VARIANT
            if spec not in BUILTIN_NAMES:
                if isinstance(self.book.variant_file(spec), RequestError):
                    raise RequestError(f"variant: no game named {spec[:40]!r} here")
                spec = str(self.book.directory / spec)
            twos = _query_choice(query, "twos_minus", ("true", "false"), "true") == "true"
            kings = _query_choice(query, "kings_zero", ("true", "false"), "true") == "true"
            return start.blank_golf_card(names, holes, spec, start.toggles(twos, kings))

    async def stats(self, request: Request) -> Response:
        """The season: every card of the folder, compared like with like."""
        from ..scorecard.season import stats

        def work() -> str:
            cards = []
            for name, _ in self.book.files():
                with contextlib.suppress(RequestError):
                    cards.append((name, self.book.card(name)))
            return stats(cards, "json")

        return Response(await run_in_threadpool(work), media_type=JSON)

    async def live(self, request: Request) -> Response:
        """A page's stream: the list of cards (``live``), or the card it shows
        (``live?card=NAME``: a page on a card needs no list until it goes back
        to it, and then asks again).  Its version is the card's (or the
        list's), so a page that reconnects is sent only what changed."""
        name = request.query_params.get("card") or None
        if name is None:

            async def listed(version: str) -> tuple[str, list[Message]]:
                now, listing = await run_in_threadpool(self.listing)
                return now, [] if now == version else [Message("list", listing)]

            return stream(request, self.list_signal, listed)
        check_name(name)

        async def shown(version: str) -> tuple[str, list[Message]]:
            try:
                now, text = await run_in_threadpool(self.snapshot, name)
                event = "card"
            except RequestError as exc:
                now, text, event = "gone", _dump({"error": exc.message}), "gone"
            return now, [] if now == version else [Message(event, text)]

        self._watched[name] = self._watched.get(name, 0) + 1
        return stream(request, self.signal(name), shown, lambda: self._unwatch(name))

    def _unwatch(self, name: str) -> None:
        """A page stopped showing the card: its file is watched one page less."""
        left = self._watched.get(name, 0) - 1
        if left > 0:
            self._watched[name] = left
        else:
            self._watched.pop(name, None)


def serve(directory: Path, port: int, lan: bool) -> None:
    """``golf card serve``: the folder's cards on a page until Ctrl-C."""
    from .app import make_app
    from .server import bind, run

    room = CardRoom(directory)
    bound = bind(port, lan)
    run(lambda site: make_app([room], site), bound, f"the scorecards in {directory}", sys.stdout)


def _dir_stamp(path: Path) -> object:
    try:
        return os.stat(path).st_mtime_ns
    except OSError:
        return None


def _int(text: str, key: str, lo: int, hi: int) -> int:
    if not (text.isascii() and text.isdigit() and len(text) <= 6) or not lo <= int(text) <= hi:
        raise RequestError(f"{key}: must be a whole number from {lo} to {hi}")
    return int(text)


def _query_int(query: Any, key: str, lo: int, hi: int) -> int | None:
    text = query.get(key)
    return None if not text else _int(text, key, lo, hi)


def _query_choice(query: Any, key: str, choices: tuple[str, ...], default: str) -> str:
    value = query.get(key) or default
    if value not in choices:
        raise RequestError(f"{key}: must be one of {', '.join(choices)}")
    return str(value)


def _paper(query: Any) -> str:
    return _query_choice(query, "paper", ("a4", "letter"), "a4")


def _pdf(data: bytes, filename: str) -> Response:
    return Response(
        data,
        media_type="application/pdf",
        headers={
            "Content-Disposition": f'attachment; filename="{filename}"',
            "Cache-Control": "no-store",
        },
    )
