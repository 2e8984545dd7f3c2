"""Calibration as a check (scripts/calibrate.py): two identical bots under two
names over many seeds; the 95% intervals must hold the true difference (0)
93-97% of the time and the SPRT must not be shown to call the two different
more often than its alpha.  About a minute of CPU: marked slow."""

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
    assert out.count(" ok\n") == 5, out  # two coverages, three false-positive rates
