"""scripts/bench.py's account of a tournament game's costs (``tournament-parts``).

Speed is never asserted here (the machine is shared): what is checked is
that the scenario still runs the code it names and accounts for the whole
of ``play_record``, so that docs/performance.md's table can be made again.
"""

from __future__ import annotations

from ..helpers import script_module

bench = script_module("bench")


def test_tournament_parts_times_every_piece_of_a_game() -> None:
    out = bench.bench_tournament_parts(1, games=200)
    assert out["scenario"] == "tournament-parts" and out["games"] == 200
    pieces = ("slot", "bots", "match_set_up", "hole", "close", "record")
    runner = ("tally", "db_row", "rating_replay")
    assert set(out) == {"scenario", "games", "play_record_us"} | {
        f"{k}_us" for k in (*pieces, *runner)
    }
    # every piece was timed (a loop that did nothing would read 0) ...
    assert all(out[f"{k}_us"] > 0 for k in ("slot", "bots", "hole", "play_record", *runner))
    # ... and the pieces of play_record add up to it (the record is the rest)
    total = sum(out[f"{k}_us"] for k in pieces)
    assert abs(total - out["play_record_us"]) < 0.2
