"""The result of a run and the report built from it (the JSON behind every
output format).
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import __version__
from ..stats import Tally
from .plan import Plan, plain_json

REPORT_SCHEMA = "golf-tournament-report/2"


# --------------------------------------------------------------------------- the run


@dataclass
class Timing:
    decisions: int = 0
    total: float = 0.0
    max: float = 0.0


@dataclass
class RunResult:
    plan: Plan
    tally: Tally
    played: int  # games aggregated into the tally
    from_disk: int
    stopped: str | None = None  # None (complete), "interrupted", "sprt", "error"
    message: str = ""
    uncounted: int = 0  # finished games past an SPRT stop (kept on disk, not counted)
    timing: dict[str, Timing] = field(default_factory=dict)
    executor: dict[str, Any] = field(default_factory=dict)
    out: Path | None = None  # the --out directory, if any: where games can be replayed from

    @property
    def over(self) -> bool:
        """True when no game of the run remains to be played (complete, or an
        SPRT decided): only then may the key be published."""
        return self.stopped in (None, "sprt")

    def report(self) -> Report:
        return Report(build_report(self), self)


class Report(dict[str, Any]):
    """A tournament's report: what every output format is made from.

    It is the ``--format json`` document itself (a ``dict``: ``run``,
    ``standings``, ``pairs``, ``crosstable``, ``sprt``, ``hole_scores``,
    ``ratings_over_run``, ``timing``), with the tables as records a notebook
    turns into a table (``pandas.DataFrame(report.standings)``); every key
    is also an attribute (``report.run``, ``report.sprt``, ``report.timing``
    ...), :meth:`render` for the other formats (``str(report)`` is the table
    ``golf tournament`` prints) and a notebook picture (tables and plots).  ``result`` is the run
    behind it (its plan, its tally of games, why it stopped).
    """

    __slots__ = ("result",)

    def __init__(self, data: dict[str, Any], result: RunResult | None = None) -> None:
        super().__init__(data)
        self.result = result

    @property
    def standings(self) -> list[dict[str, Any]]:
        """One record per entrant, best first: rank, games, wins, strokes per
        hole with its 95% interval, rating, faults ..."""
        rows: list[dict[str, Any]] = self["standings"]
        return rows

    @property
    def pairs(self) -> list[dict[str, Any]]:
        """One record per pair of entrants that met: the paired difference per
        deal with its 95% interval, the likelihood of superiority, Elo."""
        rows: list[dict[str, Any]] = self["pairs"]
        return rows

    @property
    def crosstable(self) -> list[dict[str, Any]]:
        """One record per ordered pair of entrants that met: wins, draws,
        losses and the mean stroke difference of the row's entrant."""
        rows: list[dict[str, Any]] = self["crosstable"]
        return rows

    @property
    def schema(self) -> str:
        """The document's format and version, ``golf-tournament-report/2``."""
        return str(self["schema"])

    @property
    def run(self) -> dict[str, Any]:
        """What was run: the config's name and hash, variant, seed (or the key
        once published), deals, games planned and played, why it stopped."""
        run: dict[str, Any] = self["run"]
        return run

    @property
    def sprt(self) -> dict[str, Any] | None:
        """The sequential test: its hypotheses, each baseline's decision and
        why, or None when the run had none."""
        sprt: dict[str, Any] | None = self["sprt"]
        return sprt

    @property
    def timing(self) -> dict[str, dict[str, Any]]:
        """Per player, decisions and their mean and longest time (ms): the
        only part of a report that differs between two runs of one config."""
        timing: dict[str, dict[str, Any]] = self["timing"]
        return timing

    @property
    def hole_scores(self) -> list[dict[str, Any]]:
        """Per entrant, how often it scored each hole score (regulation holes)."""
        rows: list[dict[str, Any]] = self["hole_scores"]
        return rows

    @property
    def ratings_over_run(self) -> dict[str, Any]:
        """The Bradley-Terry ratings after each kept deal of the run."""
        over: dict[str, Any] = self["ratings_over_run"]
        return over

    @property
    def complete(self) -> bool:
        """True when every planned game was played (not stopped early)."""
        return bool(self["run"]["complete"])

    def render(self, fmt: str = "table", table: str = "standings") -> str:
        """The report as ``golf tournament --format`` prints it: ``table``,
        ``markdown``, ``csv`` (one ``table``: standings, pairs or crosstable),
        ``json`` or ``html`` (a page of its own, with plots)."""
        from ..arguments import choice
        from ..render import REPORT_FORMATS
        from ..render.report_formats import render_report
        from ..render.tournament import CSV_TABLES

        return render_report(
            self, choice("fmt", fmt, REPORT_FORMATS), choice("table", table, CSV_TABLES)
        )

    def to_dict(self) -> dict[str, Any]:
        """The report as plain JSON data (a copy)."""
        out: dict[str, Any] = json.loads(json.dumps(self))
        return out

    def __str__(self) -> str:
        return self.render()

    def __repr__(self) -> str:
        run = self["run"]
        top = self.standings[0]["player"] if self.standings else "nobody"
        return (
            f"<Report {run['name']!r}: {run['games_played']} of {run['games_planned']} games, "
            f"first {top}>"
        )

    def _repr_html_(self) -> str:
        from ..render.html import notebook

        return notebook(self)


# --------------------------------------------------------------------------- report


def build_report(res: RunResult) -> dict[str, Any]:
    plan = res.plan
    timing = {
        name: {
            "decisions": t.decisions,
            "mean_ms": round(1000 * t.total / t.decisions, 4) if t.decisions else None,
            "max_ms": round(1000 * t.max, 4),
        }
        for name, t in res.timing.items()
    }
    players = []
    for p in plan.players:
        d: dict[str, Any] = {"name": p.name}
        if p.bot is not None:
            d["bot"] = p.bot
        else:
            d["command"] = list(p.command or ())
        if p.options:
            d["options"] = plain_json(dict(p.options))
        players.append(d)
    standings = res.tally.standings()
    members = {e.name: [plan.players[i].name for i in e.members] for e in plan.entrants}
    if plan.team_size > 1:
        for r in standings:
            r["members"] = members[r["player"]]
    return {
        "schema": REPORT_SCHEMA,
        "run": {
            "name": plan.name,
            "description": plan.description,
            "config": plan.config,
            "config_hash": plan.config_hash,
            "variant": plan.variant.name,
            "holes": plan.holes if plan.holes is not None else plan.variant.game.holes,
            "target": None if plan.holes is not None else plan.variant.game.target,
            "holes_label": plan.holes_label(),
            "format": plan.scoring,
            "duplicate": plan.duplicate,
            "schedule": plan.schedule,
            "challenger": plan.challenger,
            "seats": plan.seats,
            "seed": plan.seed,
            # the key is published once the run is over (complete or stopped by
            # its SPRT), never while games remain that a bot could know
            "key": plan.key if res.over else None,
            "key_commitment": plan.key_commitment,
            "deals": plan.games,
            "tables": len(plan.tables),
            "seatings": plan.rotations,
            "games_planned": plan.total,
            "games_played": res.played,
            "games_from_disk": res.from_disk,
            "complete": res.stopped is None,
            "stopped": res.message or None,
            "stop_reason": res.stopped,
            "uncounted_games": res.uncounted,
            "fault_policy": plan.fault_policy,
            # where the games are kept (games.jsonl), and whether with their
            # moves: the report's "deals lost most" offers golf replay on them
            "out": None if res.out is None else str(res.out),
            "moves_kept": res.out is not None and plan.record_moves,
            "executor": res.executor,
            "players": players,
            "teams": members if plan.team_size > 1 else None,
            "versions": {
                "golfcli": __version__,
                "python": sys.version.split()[0],
                "report": REPORT_SCHEMA,
            },
        },
        "standings": standings,
        "pairs": res.tally.pairs(),
        "crosstable": res.tally.crosstable(),
        "sprt": res.tally.sprt_json(),
        "hole_scores": res.tally.hole_scores(),
        "ratings_over_run": res.tally.ratings_over_run(),
        "timing": timing,
    }
