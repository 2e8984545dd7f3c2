"""``golf validate``: every error of a variant file in file order, a name
required in every variant file, and a tournament config recognised."""

from __future__ import annotations

from pathlib import Path

import pytest

from golfcli.cli.app import app
from golfcli.validate import validate_file

from ..helpers import REPO, CliRunner

REPO = REPO

BROKEN = """\
extends: six-card
grid:
  rows: 2
  cols: 0
deck:
  packs: -1
patterns:
  - kind: column_pair
    cards: zero
  - kind: nonsense
  - kind: column_pair
    cards: wrong
frobnicate: 3
"""


def validate(*files: Path) -> tuple[int, str, list[str]]:
    r = CliRunner().invoke(app, ["validate", *map(str, files)])
    return r.exit_code, r.stdout, r.stderr.splitlines()


def test_every_error_in_file_order(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(BROKEN, encoding="utf-8")
    code, out, err = validate(bad)
    assert code == 2 and out == ""
    kinds = "column_pair, column, row, diagonal, adjacent_pair, block, twin_columns"
    assert err == [
        f"golf: error: {bad}:1: name: missing: every variant file needs a name",
        f"golf: error: {bad}:4: grid.cols: must be at least 1, not 0",
        f"golf: error: {bad}:6: deck.packs: must be at least 1, not -1",
        f"golf: error: {bad}:10: patterns.1.kind: must be one of {kinds}, not 'nonsense'",
        f"golf: error: {bad}:12: patterns.2.cards: must be one of zero, keep, keep_negative,"
        " not 'wrong'",
        f"golf: error: {bad}:13: frobnicate: unknown key (expected one of: name, description,"
        " extends, players, grid, deck, values, patterns, adjustments, start, turn, end, game,"
        " partners)",
    ]


def test_list_items_keep_their_numbers_in_the_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "name: x\nextends: six-card\nadjustments:\n"
        "  - {kind: nope}\n  - {kind: lowest, add: -3}\n  - {kind: lowest, add: many}\n",
        encoding="utf-8",
    )
    variant, errors = validate_file(bad)
    assert variant is None
    assert [(e.where, e.path) for e in errors] == [
        (f"{bad}:4", "adjustments.0.kind"),
        (f"{bad}:6", "adjustments.2.add"),
    ]


def test_a_nameless_file_fails_though_it_extends_a_named_one(tmp_path: Path) -> None:
    f = tmp_path / "nameless.yaml"
    f.write_text("extends: six-card\ngame: {holes: 18}\n", encoding="utf-8")
    code, out, err = validate(f)
    assert (
        code == 2
        and out == ""
        and err == [f"golf: error: {f}:1: name: missing: every variant file needs a name"]
    )


@pytest.mark.parametrize("cfg", sorted((REPO / "configs").glob("*.yaml")), ids=lambda p: p.name)
def test_a_tournament_config_is_checked_as_one(cfg: Path) -> None:
    code, out, err = validate(cfg)
    assert (code, err) == (0, []) and out.startswith(f"ok: {cfg}: tournament ")


@pytest.mark.parametrize("path", sorted((REPO / "configs" / "variants").glob("*.yaml")))
def test_shipped_variant_files_are_ok(path: Path) -> None:
    code, out, err = validate(path)
    assert (code, err) == (0, []) and out.startswith(f"ok: {path}: variant ")


def test_a_yaml_syntax_error_is_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: x\nturn: {knock: true\n", encoding="utf-8")
    code, _, err = validate(bad)
    assert code == 2 and len(err) == 1 and err[0].startswith(f"golf: error: {bad}:")


def test_every_command_refuses_a_nameless_variant_file(tmp_path: Path) -> None:
    f = tmp_path / "nameless.yaml"
    f.write_text("extends: six-card\ngame: {holes: 18}\n", encoding="utf-8")
    for args in (["score", "-v", str(f), "5 K 2 / 5 7 9"], ["rules", str(f)]):
        r = CliRunner().invoke(app, args)
        assert r.exit_code == 2 and r.stdout == ""
        assert r.stderr == f"golf: error: {f}:1: name: missing: every variant file needs a name\n"


def test_consequences_of_a_bad_key_are_not_reported_again(tmp_path: Path) -> None:
    f = tmp_path / "v.yaml"
    f.write_text("name: x\nplayers: [2, 99x]\nvalues:\n  ranks: {A: one}\n", encoding="utf-8")
    code, _, err = validate(f)
    # not also "values.ranks: no value for rank(s) A, ..." once A is taken out
    assert code == 2 and err == [
        f"golf: error: {f}:2: players.1: '99x' is not a player count like 3, 2-4 or 9+",
        f"golf: error: {f}:4: values.ranks.A: must be a whole number, not text 'one'",
    ]


def test_an_error_in_the_file_extended_comes_after_this_files(tmp_path: Path) -> None:
    parent = tmp_path / "parent.yaml"
    parent.write_text("name: p\nextends: six-card\ngrid: {cols: 0}\n", encoding="utf-8")
    child = tmp_path / "child.yaml"
    child.write_text("name: c\nextends: parent.yaml\nfoo: 1\n", encoding="utf-8")
    code, _, err = validate(child)
    assert code == 2 and len(err) == 2
    assert err[0].startswith(f"golf: error: {child}:3: foo: unknown key")
    assert err[1] == f"golf: error: {parent}:3: grid.cols: must be at least 1, not 0"


def test_each_new_turn_and_adjustment_key_explained_in_one_line(tmp_path: Path) -> None:
    """A wrong value of each face-down limit and of the multiplying closer
    adjustment: one line each, file:line: key: the problem, in file order."""
    f = tmp_path / "v.yaml"
    f.write_text(
        "name: x\nextends: six-card\n"
        "turn:\n  knock: true\n  knock_max_face_down: 9\n"
        "  flip_after_discard_max_face_down: one\n"
        "adjustments:\n"
        "  - {kind: closer, multiply: 2.5, when: not_lowest}\n"
        "  - {kind: closer, add: 5, multiply_negative: true}\n"
        "  - {kind: closer, when: not_lowest}\n",
        encoding="utf-8",
    )
    code, out, err = validate(f)
    limit = "must be a number of face-down cards from 0 to 6 (the cards of a layout), or null"
    assert code == 2 and out == ""
    assert err == [
        f"golf: error: {f}:5: turn.knock_max_face_down: {limit} for no limit, not 9",
        f"golf: error: {f}:6: turn.flip_after_discard_max_face_down: {limit} for no limit,"
        " not text 'one'",
        f"golf: error: {f}:8: adjustments.0.multiply: must be a whole number, not float 2.5",
        f"golf: error: {f}:9: adjustments.1.multiply_negative: only applies with multiply"
        " (the factor, e.g. 2)",
        f"golf: error: {f}:10: adjustments.2: a closer adjustment needs add, multiply or both",
    ]
