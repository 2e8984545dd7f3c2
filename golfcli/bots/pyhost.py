"""A Python bot file played in a process of its own: :class:`HostedBot`.

A bot written in Python runs in golf's own process wherever that is safe to
wait for (a tournament's worker plays one game at a time).  A table that
people play at (``golf serve``) cannot wait: a bot file stuck in a loop would
hold the table's game for good, and a thread cannot be ended from outside.
So at a table a Python bot runs in a child process, ``python -m
golfcli.bots.pyhost FILE OPTIONS``, and is driven by the same code that
drives a bot program (:class:`~golfcli.bots.external.ExternalBot`: its own
process group, a time limit and bank per decision, and the whole group ended
when the game ends, on a fault or a timeout, and when the table closes).

Between the two processes runs bot protocol 1 with three additions, since
the bot must get exactly what it would get in golf's process, not its JSON
(card numbers that tell two packs apart, events as objects):

* ``hello`` carries ``golf_seed`` (the seed the bot is made with),
  ``golf_reseed`` (the seed a match gave it since, which reaches the bot only
  if it has a ``seed`` method, as in golf's process) and ``golf_info`` (the
  match's ``start_game`` information, pickled);
* a ``request`` carries ``golf_view`` in place of ``view`` and ``legal``:
  the view and the legal actions, pickled, the variant in them sent once
  (it is rebuilt from the information's variant data);
* ``hole_end`` carries ``golf_info``, the hook's own information, pickled;
* an answer may be ``{"id": N, "golf_crash": "..."}``: the bot's ``choose``
  raised, and the line is the fault golf's process would have said (the
  exception and its place in the bot's file); its traceback goes to the
  bot's log (stderr), once a place, and the bot plays on, keeping its state,
  as it would in golf's process.

Pickles go only from golf to the child, which golf started and trusts.
What comes back is protocol 1's JSON, read as any program's answer is: the
index of a legal action, or a fault.
"""

from __future__ import annotations

import base64
import io
import json
import pickle
import sys
import traceback
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..actions import Action, answer_index
from ..faults import BotFault
from ..variant import Variant
from ..view import View
from .external import ExternalBot

#: The variant's place in a pickled view: sent once, in hello.
_VARIANT = "variant"


def _packed(obj: object, variant: Variant | None = None) -> str:
    buf = io.BytesIO()
    pickler = pickle.Pickler(buf, protocol=pickle.HIGHEST_PROTOCOL)
    if variant is not None:
        pickler.persistent_id = lambda o: _VARIANT if o is variant else None  # type: ignore[method-assign]
    pickler.dump(obj)
    return base64.b64encode(buf.getvalue()).decode("ascii")


def _unpacked(text: str, variant: Variant | None = None) -> Any:
    unpickler = pickle.Unpickler(io.BytesIO(base64.b64decode(text)))
    if variant is not None:
        unpickler.persistent_load = lambda pid: variant if pid == _VARIANT else None  # type: ignore[method-assign]
    return unpickler.load()


class HostedBot(ExternalBot):
    """A Python bot file (``spec``, with its ``options``) in a child process,
    played as a program is: see the module's notes."""

    def __init__(
        self,
        path: Path,
        options: dict[str, Any] | None = None,
        seed: Any = None,
        **external: Any,
    ) -> None:
        argv = [sys.executable, "-m", "golfcli.bots.pyhost", str(path), json.dumps(options or {})]
        external.setdefault("name", path.stem)
        super().__init__(argv, seed=seed, cwd=path.parent, **external)
        self._info: dict[str, Any] | None = None
        self._made_with = seed
        self._reseed: Any = None

    def seed(self, seed: int | str) -> None:
        """A match seeds its bots again: passed on as golf's process would
        (to the bot's own ``seed`` method, if it has one)."""
        self._reseed = seed
        super().seed(seed)

    def __repr__(self) -> str:
        return f"HostedBot({self.argv[3]!r}, name={self.name!r})"

    def start_game(self, info: dict[str, Any]) -> None:
        self._info = dict(info)
        super().start_game(info)

    def _hello(self, view: View | None) -> dict[str, Any]:
        hello = super()._hello(view)
        info = self._info
        if info is None and view is not None:  # choose() without start_game()
            info = {"variant": view.variant.to_data(), "seat": view.seat}
        hello["golf_seed"] = self._made_with
        hello["golf_reseed"] = self._reseed
        hello["golf_info"] = _packed(info)
        return hello

    def _request(self, view: View, legal: Sequence[Action]) -> dict[str, Any]:
        # the objects alone (no JSON of them, which the child would not read);
        # the child rebuilt the variant from hello's data: it is not sent again
        return {"golf_view": _packed((view, list(legal)), view.variant)}

    def _reply(self, line: str, rid: int, legal: Sequence[Action]) -> Action:
        if '"golf_crash"' in line:
            try:
                said = json.loads(line)
            except ValueError:
                said = None
            if isinstance(said, dict) and isinstance(said.get("golf_crash"), str):
                raise BotFault("crash", said["golf_crash"][:300])
        return super()._reply(line, rid, legal)

    def end_hole(self, info: dict[str, Any]) -> None:
        self._post({"type": "hole_end", "golf_info": _packed(info)})


# --------------------------------------------------------------------------- the child


def serve(path: str, options: dict[str, Any], lines: Any = None, out: Any = None) -> int:
    """The child's loop: protocol 1 on stdin and stdout (see the notes), the
    bot made by golf's registry from its file.  A bot's exception is its
    traceback on stderr (the bot's log) and the end of this process: golf
    counts a crash and starts it again, as it does a program's."""
    from ..variantload import load_variant
    from .registry import make_bot

    lines = lines if lines is not None else sys.stdin
    out = out if out is not None else sys.stdout
    bot: Any = None
    variant: Variant | None = None
    logged = 0  # the bot's traces written to the log so far

    def log_traces() -> None:
        nonlocal logged
        for trace in getattr(bot, "traces", [])[logged:]:
            sys.stderr.write(trace + "\n")
            logged += 1
        sys.stderr.flush()

    def say(msg: dict[str, Any]) -> None:
        out.write(json.dumps(msg, separators=(",", ":")) + "\n")
        out.flush()

    for line in lines:
        if not line.strip():
            continue
        msg = json.loads(line)
        kind = msg.get("type")
        try:
            if kind == "hello":
                info = _unpacked(msg["golf_info"]) or {}
                variant = load_variant(info["variant"])
                bot = make_bot(path, seed=msg.get("golf_seed"), options=options)
                reseed = getattr(bot, "seed", None) if msg.get("golf_reseed") is not None else None
                if callable(reseed):
                    reseed(msg["golf_reseed"])
                hook = getattr(bot, "start_game", None)
                if hook is not None and "names" in info:
                    hook(info)
                say({"type": "ready", "protocol": 1, "name": Path(path).stem})
            elif kind == "request":
                view, legal = _unpacked(msg["golf_view"], variant)
                try:
                    answer = bot.choose(view, legal)
                except BotFault as fault:  # the bot's exception, as golf's process says it
                    log_traces()
                    say({"id": msg["id"], "golf_crash": str(fault)})
                    continue
                found = answer_index(answer, tuple(legal))
                reply = found if found >= 0 else str(answer)[:200]
                say({"id": msg["id"], "action": reply})
            elif kind == "event":
                hook = getattr(bot, "notify", None)
                if hook is not None:
                    hook(msg["event"])
            elif kind == "hole_end":
                hook = getattr(bot, "end_hole", None)
                if hook is not None:
                    hook(_unpacked(msg["golf_info"]))
            elif kind == "game_end":
                hook = getattr(bot, "end_game", None)
                if hook is not None:
                    hook({"totals": msg.get("totals"), "winners": msg.get("winners")})
            elif kind == "quit":
                break
        except BotFault:  # a hook's exception: logged; the bot plays on
            log_traces()
        except Exception:
            traceback.print_exc()
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(serve(sys.argv[1], json.loads(sys.argv[2])))
