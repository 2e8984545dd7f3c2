#!/usr/bin/env python3
"""Regenerate the golden recorded games in tests/golden/ (one per built-in variant).

Only run this when a change in play or scoring is intended: tests/engine/test_golden.py
diffs these files against a fresh recording, so any change shows up there first.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.golden_games import GOLDEN, record_lines


def main() -> int:
    out = Path(__file__).resolve().parents[1] / "tests" / "golden"
    out.mkdir(parents=True, exist_ok=True)
    for spec in GOLDEN:
        path = out / f"{spec.variant}.jsonl"
        path.write_text("".join(line + "\n" for line in record_lines(spec)), encoding="utf-8")
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
