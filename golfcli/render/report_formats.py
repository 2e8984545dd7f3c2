"""A tournament report in any of :data:`golfcli.render.REPORT_FORMATS`: the one
entry point ``golf tournament``, ``golf report`` and a run directory's
``report.md`` and ``report.html`` are written through."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..exceptions import InputError
from . import REPORT_FORMATS, bad_format
from .html import page
from .tournament import render


def render_report(report: Mapping[str, Any], fmt: str, table: str = "standings") -> str:
    """The report as ``fmt`` (``table`` picks the CSV table: see
    :data:`golfcli.render.tournament.CSV_TABLES`); ValueError for another format."""
    if fmt == "html":
        return page(report)
    problem = bad_format(fmt, REPORT_FORMATS)
    if problem is not None:
        raise InputError(problem)
    return render(report, fmt, table)
