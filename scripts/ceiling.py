#!/usr/bin/env python3
"""How high can a bot go?  The ceiling of heads-up six-card, measured.

A MEASURING TOOL, NOT A GOLF BOT.  Its oracle seat is handed hidden cards
(its own face-down cards, the opponent's, the stock's order), so it is not
a bot spec, golf's registry cannot make it, and no ``golf`` command reaches
it: nothing here can play a real game.  It answers one question: where are
the points the expert leaves on the table, in what it does not know
(information) or in what it does with what it knows (policy)?

One hole at a time is driven on the engine itself (``state.HoleState``,
``view.view``), as ``match.Match`` drives it: the same deal and the same
bot seeds as ``Match(variant, bots, ("seat0", "seat1"), seed, holes=1)``,
and the deals of ``scripts/ladder.py --field`` (seed ``field:SCENARIO:I``),
so level ``expert`` replays the ladder's expert games exactly.  Each deal
is played twice per level, with the oracle in either seat (duplicate
deals): every level meets the same cards, seats and opponent seeds, so two
levels' results are paired deal by deal.  The opponent is asked exactly as
in a match, with its censored view (``view.view``, the one censoring
function); only the oracle reads the state.

The oracle levels:

* ``expert``: the expert as it is, given its view (the reference: its
  figure is the ladder's);
* ``own``: the expert told its own face-down cards (its view's memory holds
  every card of its layout): the value of knowing your own hand;
* ``all``: told every card (the opponent's face-down cards, the stock's
  order and the reshuffles to come), it tries each legal move, plays the
  rest of the hole out on the real cards, its own seat by level ``own`` and
  the opponent's by the expert (one rollout per move: with every card
  known and the bots' generators fixed it is exact for that continuation),
  and keeps the move whose outcome is best: won (1), tied (0.5) or lost,
  then the margin in strokes.  One step of policy improvement over level
  ``own`` with perfect information; its CPU per decision is about (legal
  moves) x (decisions left) expert decisions, printed in the table;
* ``seer``: as ``all``, but the rollouts play the opponent's seat with a
  copy of the real opponent (its generator included): it also knows what
  the opponent will do.  The most an oracle of this kind can be shown;
* ``bot:SPEC``: no oracle, a plain bot in that seat (``bot:expert``,
  ``bot:golfgame:Maya``, ``bot:field?style=strong``): to see how other
  players fare on the same deals, and who wins between equals by seat.

Opponents: ``golfgame:NAME`` (the eight CPU personalities of the public
golfgame project, scripts/golfgame_bot.py, needs ``GOLFGAME_SERVER``), a
style of the field (``racer``, ``strong`` ... as ``field?style=``) or a
bot spec (``expert``).

Usage::

    python scripts/ceiling.py --levels expert,own,all --against golfgame:Maya,... \\
        --rules six-card-no-flip-2p --start 300 --deals 200 --workers 2 --raw ceiling.jsonl
    python scripts/ceiling.py --table ceiling.jsonl [more.jsonl ...]

Results go to ``--raw`` one JSON line per game as each deal finishes (runs
of other deal ranges combine; a game found twice with different results is
refused), and the table is printed: each level's hole win share against
each opponent (ties shared) with its 95% CI, by seat (moving first or
second), its margin, its paired change from level ``expert`` on the same
games, and its CPU per decision.
"""

from __future__ import annotations

import argparse
import copy
import json
import math
import os
import sys
import time
from collections.abc import Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from typing import Any

from golfcli.actions import Action
from golfcli.bots import BotSpecError
from golfcli.bots.registry import PythonBot, close_bot, make_bot
from golfcli.game import dealer_of, side_names
from golfcli.keys import KeyedRandom, bot_seed, derive
from golfcli.state import HoleState, Phase
from golfcli.view import MatchInfo, View, view

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ladder  # scripts/ladder.py: the field's rule sets and opponents
from strength_common import win_share

#: the oracle levels, in the order the table lists them
LEVELS = ("expert", "own", "all", "seer")
#: the seats' names: a match seeds each bot from its seat's name
NAMES = ("seat0", "seat1")
#: what one stroke of margin is worth beside a hole won: a tie-break only
MARGIN_WEIGHT = 1e-3
#: the row pooling every golfgame personality
POOLED = "golfgame, pooled"
#: the heads-up rule sets of scripts/ladder.py this tool plays
RULES = tuple(s.key for s in ladder.FIELD_SCENARIOS if s.players == 2)


class Seat:
    """Who plays a seat: ``choose`` gets the engine's state as well as the
    seat's censored view, and only an oracle reads it."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.cpu = 0.0
        self.decisions = 0

    def choose(self, st: HoleState, v: View, legal: Sequence[Action]) -> Action:
        return self.bot.choose(v, legal)  # type: ignore[no-any-return]


def told_own(st: HoleState, v: View) -> View:
    """``v`` with every face-down card of the seat's own layout in its
    memory, as if it had peeked at them all (the state's cards)."""
    lay = st.layouts[v.side]
    return replace(
        v, memory=tuple((p, lay[p]) for p, c in enumerate(v.layouts[v.side]) if c is None)
    )


class OwnCards(Seat):
    """Level ``own``: the expert told its own face-down cards."""

    def choose(self, st: HoleState, v: View, legal: Sequence[Action]) -> Action:
        return self.bot.choose(told_own(st, v), legal)  # type: ignore[no-any-return]


class Lookahead(Seat):
    """Levels ``all`` and ``seer``: every legal move tried on a copy of the
    real hole, played out to its end by the expert told its own cards in
    the oracle's seat and the expert in the opponent's (``seer``: a copy of
    the real opponent); the move with the best outcome (ties: the first in
    the engine's order of the legal moves).

    The rollout experts are seeded alike for every move of a decision (the
    same continuation, so the moves are compared on equal terms), from the
    deal's seed and the decision's number, never from a real bot's
    generator: the oracle's search changes no real bot's draws."""

    def __init__(self, seed: str, seat: int, info: MatchInfo, model: Any = None) -> None:
        super().__init__(make_bot("expert"))
        self.seed = seed
        self.seat = seat
        self.info = info
        self.other = make_bot("expert")
        #: ``seer``: the real opponent, copied (its generator too) for every rollout
        self.model = model.bot if isinstance(model, PythonBot) else model

    def choose(self, st: HoleState, v: View, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        best = -math.inf
        pick = legal[0]
        for action in legal:
            value = self.outcome(st, action)
            if value > best:
                best, pick = value, action
        return pick

    def outcome(self, st: HoleState, action: Action) -> float:
        """The oracle's result if it plays ``action`` now: 1 won, 0.5 tied, 0
        lost, plus MARGIN_WEIGHT per stroke of margin."""
        sim = st.clone(keep_events=True)
        if isinstance(sim.rng, KeyedRandom):
            sim.rng = sim.rng.copy()  # the reshuffles to come, as the real hole makes them
        sim.apply_trusted(action)
        label = f"ceiling:rollout:{self.decisions}"
        self.bot.seed(derive(self.seed, f"{label}:{self.seat}")[:32])
        bots = [self.bot, self.bot]
        if self.model is not None:
            bots[1 - self.seat] = copy.deepcopy(self.model)
        else:
            self.other.seed(derive(self.seed, f"{label}:{1 - self.seat}")[:32])
            bots[1 - self.seat] = self.other
        seen: list[list[Any]] = [[], []]
        while sim.phase != Phase.OVER:
            turn = sim.current
            legal = sim.legal_actions()
            v = view(sim, turn, self.info, seen[turn])
            if turn == self.seat:
                v = told_own(sim, v)
            sim.apply_trusted(bots[turn].choose(v, legal))
        assert sim.result is not None
        totals = sim.result.totals
        mine, other = totals[self.seat], totals[1 - self.seat]
        return win_share(totals, self.seat) + MARGIN_WEIGHT * (other - mine)


def opponent_spec(name: str) -> str:
    """``golfgame:NAME``, a style of the field, or any bot spec."""
    if name.startswith("golfgame:") or name in ladder.FIELD_STYLES:
        return ladder.opponent_spec(name)
    return name


def level_seat(level: str, seed: str, seat: int, info: MatchInfo, opponent: Any) -> Seat:
    """The player of the oracle's seat at ``level`` (see the module docstring)."""
    own_seed = bot_seed(seed, NAMES[seat])
    if level.startswith("bot:"):
        return Seat(make_bot(opponent_spec(level[4:]), seed=own_seed))
    if level == "expert":
        return Seat(make_bot("expert", seed=own_seed))
    if level == "own":
        return OwnCards(make_bot("expert", seed=own_seed))
    if level in ("all", "seer"):
        return Lookahead(seed, seat, info, opponent if level == "seer" else None)
    raise SystemExit(f"unknown level {level!r}: use {', '.join(LEVELS)} or bot:SPEC")


def seed_of(rules: str, deal: int) -> str:
    """The deal's seed: scripts/ladder.py's for the same rule set and number."""
    return f"field:{rules}:{deal}"


def play(rules: str, level: str, opponent: Any, deal: int, seat: int) -> tuple[HoleState, Seat]:
    """Deal ``deal`` played to its end with the oracle at ``level`` in
    ``seat`` and the bot ``opponent`` in the other, as ``Match`` plays it
    (the same deal, bot seeds and views); the final state and the oracle."""
    sc = next(s for s in ladder.FIELD_SCENARIOS if s.key == rules)
    variant = ladder.field_variant(sc.variant)
    seed = seed_of(rules, deal)
    st = HoleState(variant, 2, dealer_of(1, 2), KeyedRandom(derive(seed, "hole:1")))
    info = MatchInfo(1, 1, (0, 0), side_names(NAMES, st.side_of, st.groups))
    if hasattr(opponent, "seed"):
        opponent.seed(bot_seed(seed, NAMES[1 - seat]))
    oracle = level_seat(level, seed, seat, info, opponent)
    seen: list[list[Any]] = [[], []]
    try:
        while st.phase != Phase.OVER:
            turn = st.current
            legal = st.legal_actions()
            v = view(st, turn, info, seen[turn])
            if turn == seat:
                start = time.process_time()
                action = oracle.choose(st, v, legal)
                oracle.cpu += time.process_time() - start
                oracle.decisions += 1
            else:
                action = opponent.choose(v, legal)
            if action not in legal:
                who = f"level {level}" if turn == seat else "the opponent"
                raise RuntimeError(f"{who} made an illegal move {action!r} in {rules} deal {deal}")
            st.apply_trusted(action)
    finally:
        close_bot(oracle.bot)  # level bot:SPEC may be a program
    return st, oracle


def play_hole(rules: str, level: str, opponent: str, deal: int, seat: int) -> dict[str, Any]:
    """One game of the measure (:func:`play` against ``opponent``'s spec): its record."""
    bot = make_bot(opponent_spec(opponent))
    try:
        st, oracle = play(rules, level, bot, deal, seat)
    finally:
        close_bot(bot)  # a program bot's processes end with its game
    assert st.result is not None
    mine, other = st.result.totals[seat], st.result.totals[1 - seat]
    return {
        "rules": rules,
        "level": level,
        "opponent": opponent,
        "deal": deal,
        "seat": seat,
        "first": (st.dealer + 1) % 2 == seat,
        "score": mine,
        "other": other,
        "win": win_share(st.result.totals, seat),
        "closer": None if st.closer is None else ("self" if st.closer == seat else "other"),
        "decisions": oracle.decisions,
        "cpu": oracle.cpu,
    }


def play_deal(job: tuple[str, tuple[str, ...], str, int]) -> list[dict[str, Any]]:
    """Every level on one deal against one opponent, the oracle in each seat."""
    rules, levels, opponent, deal = job
    return [play_hole(rules, lv, opponent, deal, seat) for lv in levels for seat in (0, 1)]


def run(
    rules: str,
    levels: Sequence[str],
    opponents: Sequence[str],
    start: int,
    deals: int,
    workers: int,
    raw: str,
) -> list[dict[str, Any]]:
    """Deals ``start .. start+deals-1`` against every opponent; each deal's
    records go to ``raw`` as soon as it is done (in order)."""
    # deal by deal, every opponent in turn: a run stopped early is still balanced
    jobs = [(rules, tuple(levels), o, i) for i in range(start, start + deals) for o in opponents]
    results: Iterable[list[dict[str, Any]]]
    pool = ProcessPoolExecutor(workers) if workers > 1 else None
    try:
        results = map(play_deal, jobs) if pool is None else pool.map(play_deal, jobs, chunksize=4)
        out: list[dict[str, Any]] = []
        for done, recs in enumerate(results, 1):
            out.extend(recs)
            if raw:
                with open(raw, "a", encoding="utf-8") as fh:
                    fh.writelines(json.dumps(r) + "\n" for r in recs)
            if done % 50 == 0:
                print(f"  {done}/{len(jobs)} deals", file=sys.stderr, flush=True)
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)
    return out


def read_raw(paths: Sequence[str]) -> list[dict[str, Any]]:
    """The records of raw files, each game once; a game recorded twice with
    a different result is refused (the runs did not play the same game).
    A file that cannot be read is a ValueError naming its place."""
    seen: dict[tuple[Any, ...], dict[str, Any]] = {}
    for path in paths:
        try:
            with open(path, encoding="utf-8") as fh:
                lines = fh.readlines()
        except OSError as exc:
            raise ValueError(f"{path}: {exc.strerror}") from None
        for n, line in enumerate(lines, 1):
            try:
                rec = json.loads(line)
                key = (rec["rules"], rec["level"], rec["opponent"], rec["deal"], rec["seat"])
                result = (rec["score"], rec["other"])
            except (ValueError, KeyError, TypeError) as exc:
                raise ValueError(f"{path}:{n}: not a record of this tool ({exc})") from None
            before = seen.setdefault(key, rec)
            if (before["score"], before["other"]) != result:
                raise ValueError(f"{path}:{n}: {key} was played before with another result")
    return list(seen.values())


def ci(xs: Sequence[float], scale: float = 100.0, digits: int = 1, sign: bool = False) -> str:
    if not xs:
        return "–"
    mean, half = ladder.mean_ci(xs) if len(xs) > 1 else (xs[0], math.nan)
    fmt = f"{{:{'+' if sign else ''}.{digits}f}}"
    return f"{fmt.format(mean * scale)} ± {half * scale:.{digits}f}"


def table(records: Sequence[dict[str, Any]], reference: str = "expert") -> list[str]:
    """The Markdown table: per rule set, opponent (and the golfgame
    personalities pooled) and level; the paired change is from level
    ``reference`` on the same games."""
    out: list[str] = []
    by: dict[tuple[str, str, str], dict[tuple[str, int, int], dict[str, Any]]] = {}
    for r in records:
        game = (r["opponent"], r["deal"], r["seat"])
        by.setdefault((r["rules"], r["level"], r["opponent"]), {})[game] = r
        if r["opponent"].startswith("golfgame:"):  # the outside opponent's eight, pooled
            by.setdefault((r["rules"], r["level"], POOLED), {})[game] = r
    out.append(
        "| rules | opponent | level | holes | win % | moving first | moving second | "
        f"margin (strokes) | paired change from `{reference}` (points) | CPU ms/decision |"
    )
    out.append("|---|---|---|---|---|---|---|---|---|---|")

    def order(key: tuple[str, str, str]) -> tuple[Any, ...]:
        rules, level, group = key
        rank = LEVELS.index(level) if level in LEVELS else len(LEVELS)
        return (rules, group != POOLED, group, rank, level)

    for key in sorted(by, key=order):
        rules, level, group = key
        games = by[key]
        recs = list(games.values())
        wins = [r["win"] for r in recs]
        first = [r["win"] for r in recs if r["first"]]
        second = [r["win"] for r in recs if not r["first"]]
        margin = [r["other"] - r["score"] for r in recs]
        ref = by.get((rules, reference, group), {})
        paired = [g["win"] - ref[k]["win"] for k, g in games.items() if k in ref]
        change = (
            "–" if level == reference or not paired else f"{ci(paired, sign=True)} ({len(paired)})"
        )
        decisions = sum(r["decisions"] for r in recs)
        cpu = f"{1000 * sum(r['cpu'] for r in recs) / decisions:.2f}" if decisions else "–"
        out.append(
            f"| {rules} | {group} | {level} | {len(recs)} | {ci(wins)} | {ci(first)} | "
            f"{ci(second)} | {ci(margin, scale=1, digits=2, sign=True)} | {change} | {cpu} |"
        )
    return out


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        description="How high can a bot go? Oracle levels against an opponent on duplicate "
        "deals (a measuring tool: its oracle sees hidden cards; never a golf bot).",
        epilog="Levels: expert (the reference), own (told its own face-down cards), all (told "
        "every card, one-move lookahead: rollouts by own and the expert), seer (all, the "
        "rollouts play a copy of the real opponent), bot:SPEC (a plain bot). Opponents: "
        "golfgame:NAME (needs GOLFGAME_SERVER), a field style, or a bot spec.",
    )
    ap.add_argument("--levels", default="expert,own,all", help="comma-separated levels")
    ap.add_argument("--against", default="", help="comma-separated opponents")
    ap.add_argument("--rules", default="six-card-no-flip-2p", choices=RULES)
    ap.add_argument("--start", type=int, default=300, help="first deal number (default 300)")
    ap.add_argument("--deals", type=int, default=100, help="deals per opponent (default 100)")
    ap.add_argument("--workers", type=int, default=1, help="processes (default 1)")
    ap.add_argument("--raw", default="", help="append one JSON line per game to this file")
    ap.add_argument(
        "--reference", default="expert", help="the level the table pairs the others with"
    )
    ap.add_argument("--table", nargs="+", metavar="RAW", help="only print the table of raw files")
    args = ap.parse_args(argv)
    if args.table:
        try:
            records = read_raw(args.table)
        except ValueError as exc:
            ap.error(str(exc))
        print("\n".join(table(records, args.reference)))
        return 0
    levels = [x for x in args.levels.split(",") if x]
    opponents = [x for x in args.against.split(",") if x]
    for lv in levels:
        if lv not in LEVELS and not lv.startswith("bot:"):
            ap.error(f"unknown level {lv!r}: use {', '.join(LEVELS)} or bot:SPEC")
    if not opponents:
        ap.error("--against names no opponent")
    if args.deals < 1 or args.workers < 1:
        ap.error("--deals and --workers must be at least 1")
    specs = [opponent_spec(o) for o in opponents]
    specs += [opponent_spec(lv[4:]) for lv in levels if lv.startswith("bot:")]
    for spec in specs:  # each made once here: a bad one is one line, before any game
        try:
            close_bot(make_bot(spec))
        except (BotSpecError, ImportError) as exc:
            ap.error(f"{spec}: {exc}")
    print(
        f"ceiling: {args.rules}, levels {','.join(levels)}, deals {args.start}.."
        f"{args.start + args.deals - 1} (seeds field:{args.rules}:N), opponents "
        f"{','.join(opponents)}",
        file=sys.stderr,
    )
    t0 = time.time()
    recs = run(args.rules, levels, opponents, args.start, args.deals, args.workers, args.raw)
    print(f"{len(recs)} holes in {time.time() - t0:.0f} s", file=sys.stderr)
    print("\n".join(table(recs)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
