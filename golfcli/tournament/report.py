"""The result of a run and the report built from it (the JSON behind every
output format).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
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

    @property
    def over(self) -> bool:
        """True when no game of the run remains to be played (complete, or an
        SPRT decided): only then may the key be published."""
        return self.stopped in (None, "sprt")

    def report(self) -> dict[str, Any]:
        return build_report(self)


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
