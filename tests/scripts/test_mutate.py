"""scripts/mutate.py's reading of mutmut: equivalent mutants matched on their
change, not on mutmut's numbered names (docs/testing.md, Mutation testing)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ..helpers import script_module

mutate = script_module("mutate")

DIFF = [
    "# golfcli.variant.x__short__mutmut_25: survived",
    "--- golfcli/variant.py",
    "+++ golfcli/variant.py",
    "@@ -12,7 +12,7 @@",
    "     short = []",
    "-    for rank in range(1, 14):",
    "+    for rank in range(1, 15):",
    "         k = 0",
]


def test_names_and_changes_are_read_as_mutmut_writes_them() -> None:
    assert mutate.module_of("golfcli.state.xǁHoleStateǁclone__mutmut_3") == "state"
    assert mutate.function_of("golfcli.state.xǁHoleStateǁclone__mutmut_3") == "HoleState.clone"
    assert mutate.function_of("golfcli.game.x_dealer_of__mutmut_1") == "dealer_of"
    # a module of a subpackage, named from the package down
    name = "golfcli.scorecard.standings.x_standing__mutmut_7"
    assert mutate.module_of(name) == "scorecard.standings"
    assert mutate.function_of(name) == "standing"
    assert mutate.glob_of("scorecard.standings", "standing") == name.replace("7", "*")
    assert "scorecard.standings" in mutate.modules() and "scoring" in mutate.modules()
    assert mutate.glob_of("match", "Match._decide") == "golfcli.match.xǁMatchǁ_decide__mutmut_*"
    assert mutate.glob_of("variant", "_deck") == "golfcli.variant.x__deck__mutmut_*"
    assert mutate.changed_lines(DIFF) == (
        ("for rank in range(1, 14):",),
        ("for rank in range(1, 15):",),
    )
    assert mutate.parse_results(
        "golfcli.variant.x__deck__mutmut_2: killed\n    golfcli.match.x_f__mutmut_10: not checked\n"
    ) == {
        "golfcli.variant.x__deck__mutmut_2": "killed",
        "golfcli.match.x_f__mutmut_10": "not checked",
    }


def test_an_entry_matches_its_change_in_its_function_or_a_renamed_one() -> None:
    entries = mutate.load_equivalents()
    change = mutate.changed_lines(DIFF)
    name = "golfcli.variant.xǁVariantǁ_short__mutmut_25"
    found, notes = mutate.match_equivalents(
        {name: change}, entries, {"variant": {"Variant._short"}}
    )
    assert found[name].function == "Variant._short" and notes == []
    # the same change in another function that still exists: not the listed mutant
    other = "golfcli.variant.x__deck__mutmut_7"
    found, _ = mutate.match_equivalents(
        {other: change}, entries, {"variant": {"_deck", "Variant._short"}}
    )
    assert found == {}
    # the listed function is gone (renamed): the change decides, and a note says so
    renamed = "golfcli.variant.xǁVariantǁ_short_of__mutmut_25"
    found, notes = mutate.match_equivalents(
        {renamed: change}, entries, {"variant": {"Variant._short_of"}}
    )
    assert renamed in found and "set that entry's function to Variant._short_of" in notes[0]
    # a change no entry lists is no equivalent
    found, _ = mutate.match_equivalents(
        {name: (("for rank in range(1, 14):",), ("for rank in range(0, 14):",))},
        entries,
        {"variant": {"Variant._short"}},
    )
    assert found == {}


def test_every_entry_of_the_list_has_its_module_function_changes_and_reason() -> None:
    entries = mutate.load_equivalents()
    assert entries and all(e.why.strip() and e.changes for e in entries)
    assert {e.module for e in entries} <= set(mutate.modules())


def test_the_report_reads_the_list_once_and_counts_every_verdict(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--report`` without mutmut: the verdicts and diffs stand in, the
    equivalent list is a file of the test's own, read once."""
    listed = tmp_path / "equivalent.toml"
    listed.write_text(
        "[[equivalent]]\nmodule = 'variant'\nfunction = 'f'\nwhy = 'only speed'\n"
        "changes = [['- x = 1', '+ x = 2'], ['- y = 1', '+ y = 2']]\n",
        encoding="utf-8",
    )
    diffs = {
        "golfcli.variant.x_f__mutmut_2": ["@@ -1 +1 @@", "-    x = 1", "+    x = 2"],
        "golfcli.variant.x_f__mutmut_3": ["@@ -1 +1 @@", "-    z = 1", "+    z = None"],
    }
    reads: list[Path] = []
    load = mutate.load_equivalents

    def counted() -> list[object]:
        reads.append(listed)
        return load(listed)

    monkeypatch.setattr(mutate, "load_equivalents", counted)
    monkeypatch.setattr(mutate, "DIFF_CACHE", tmp_path / "diffs.json")
    monkeypatch.setattr(mutate, "mutant_diff", lambda name, cache: diffs[name])
    monkeypatch.setattr(
        mutate,
        "verdicts",
        lambda mods: {
            "golfcli.variant.x_f__mutmut_1": "killed",
            "golfcli.variant.x_f__mutmut_2": "survived",  # listed: equivalent
            "golfcli.variant.x_f__mutmut_3": "survived",
        },
    )
    score = mutate.report(["variant"], None)
    out = capsys.readouterr().out
    assert reads == [listed]
    assert score == 0.5  # 1 killed of the 2 non-equivalent mutants
    assert "SURVIVOR golfcli.variant.x_f__mutmut_3 (survived)\n    - z = 1\n    + z = None" in out
    assert "STALE variant.f: no surviving mutant makes the listed change y = 1 -> y = 2" in out
    assert "'equivalent': 1" in out and "mutmut_2" not in out
