"""scripts/mutate.py's reading of mutmut: equivalent mutants matched on their
change, not on mutmut's numbered names (docs/testing.md, Mutation testing)."""

from __future__ import annotations

from .helpers import script_module

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
