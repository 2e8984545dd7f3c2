"""Calibration as a check (scripts/calibrate.py): two identical bots under two
names over many seeds; the 95% intervals must hold the true difference (0)
93-97% of the time, the SPRT must not be shown to call the two different
more often than its alpha, and a field of four identical entrants must not be
shown to get a "better" in more than 5% of its reports.  About a minute of CPU: marked slow."""

from __future__ import annotations

import importlib.util
import sys

import pytest

from ..helpers import REPO

SCRIPT = REPO / "scripts" / "calibrate.py"


@pytest.mark.slow
def test_identical_bots_are_told_apart_no_more_often_than_promised(
    capsys: pytest.CaptureFixture[str],
) -> None:
    spec = importlib.util.spec_from_file_location("calibrate", SCRIPT)
    assert spec is not None and spec.loader is not None
    calibrate = importlib.util.module_from_spec(spec)
    sys.modules["calibrate"] = calibrate  # its dataclass looks its module up
    try:
        spec.loader.exec_module(calibrate)
    finally:
        del sys.modules["calibrate"]
    code = calibrate.main([])
    out = capsys.readouterr().out
    assert code == 0, out
    # two coverages, three false-positive rates, the field's family-wise "better"
    assert out.count(" ok\n") + out.count(" ok; ") == 6, out
    assert "4 identical entrants, 6 comparisons" in out
