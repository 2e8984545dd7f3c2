"""Every mistake of a tournament config at once (tournament/config.py's
config_errors on validate.Collector): ``golf tournament`` and ``golf validate
CONFIG`` list them in file order, ``file:line: key: problem``, with "did you
mean" for misspelt keys, values and names, and not the errors that only
follow from another; load_config takes a mapping as well as a file."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from golfcli.tournament.config import load_config
from golfcli.tournament.configerrors import config_errors
from golfcli.tournament.plan import ConfigError

from ..helpers import golf, write

FOUR = """\
name: four mistakes
variant: six-crad
holes: 9
players:
  - {name: ann, bot: gredy}
  - {name: bob, bot: greedy, options: {treshold: 3}}
  - {name: cat, bot: random}
seats: 2
shedule: round-robin
games: 20
fault_policy: ignore
"""
FOUR_ERRORS = [
    ":2: variant: unknown variant 'six-crad' (did you mean 'six-card'?): use a built-in",
    ":5: players.0.bot: unknown bot 'gredy' (did you mean 'greedy'?): use a built-in",
    ":6: players.1.bot: bot 'greedy' has no option 'treshold' (did you mean 'threshold'?)",
    ":9: shedule: unknown key in the tournament config (did you mean 'schedule'?)",
    ":11: fault_policy: must be one of random, forfeit, disqualify, not 'ignore'",
]


def errors_of(result: Any, cfg: Path) -> list[str]:
    """The error lines of a failed command, with ``golf: error: FILE`` cut off."""
    assert result.exit_code == 2 and "Traceback" not in result.output, result.output
    lines = result.stderr.strip().splitlines()
    assert all(x.startswith("golf: error: ") for x in lines), lines
    return [x.removeprefix(f"golf: error: {cfg}") for x in lines]


def starts(got: list[str], want: list[str]) -> None:
    assert len(got) == len(want), got
    for g, w in zip(got, want, strict=True):
        assert g.startswith(w), (g, w)


def test_four_mistakes_are_told_at_once_by_tournament_and_validate(tmp_path: Path) -> None:
    cfg = write(tmp_path, FOUR)
    db = tmp_path / "r.db"
    r = golf("tournament", str(cfg), "--out", str(tmp_path / "run"), "--db", str(db))
    starts(errors_of(r, cfg), FOUR_ERRORS)
    assert r.stdout == "" and not (tmp_path / "run").exists() and not db.exists()
    r = golf("validate", str(cfg))
    starts(errors_of(r, cfg), FOUR_ERRORS)
    assert r.stdout == ""
    # fixed one by one, the list shrinks to nothing
    fixed = FOUR.replace("six-crad", "six-card").replace("gredy", "greedy")
    fixed = fixed.replace("treshold", "threshold").replace("shedule", "schedule")
    starts(errors_of(golf("validate", str(write(tmp_path, fixed))), cfg), FOUR_ERRORS[4:])
    cfg = write(tmp_path, fixed.replace("ignore", "forfeit"))
    assert config_errors(cfg) == []
    r = golf("validate", str(cfg))
    assert r.exit_code == 0
    assert r.stdout == f"ok: {cfg}: tournament 'four mistakes' (six-card, 3 entrants, 120 games)\n"


def test_errors_come_in_file_order_not_in_the_order_they_are_checked(tmp_path: Path) -> None:
    # the config is checked players first, sprt and workers last; the file
    # has them the other way round
    cfg = write(
        tmp_path,
        "sprt: {elo0: 5, elo1: 0}\nworkers: many\nvariant: six-card\n"
        "players:\n  - {name: a, bot: random}\n  - {name: b, bot: nope}\n",
    )
    starts(
        errors_of(golf("tournament", str(cfg)), cfg),
        [":1: sprt.elo1: must be more than elo0", ":2: workers:", ":6: players.1.bot:"],
    )


@pytest.mark.parametrize(
    ("text", "want"),
    [
        # a misspelt key in a player, a value, a team member, the challenger
        (
            "variant: six-card\nplayers:\n  - {nmae: a, bot: random}\n  - {name: b, bot: random}\n"
            "schedule: round-robbin\n",
            [
                ":3: players.0.nmae: unknown key in a player (did you mean 'name'?)",
                ":5: schedule: must be one of round-robin, gauntlet, not 'round-robbin' "
                "(did you mean 'round-robin'?)",
            ],
        ),
        (
            "variant: alberta\nplayers:\n  - {name: ann, bot: greedy}\n  - {name: bob, bot: greedy}"
            "\n  - {name: cat, bot: random}\n  - {name: dan, bot: random}\n"
            "teams: {North: [ann, catt], South: [bob, dan]}\n",
            [":7: teams.North.1: no player named 'catt' (did you mean 'cat'?)"],
        ),
        (
            "variant: six-card\nplayers:\n  - {name: ann, bot: random}\n"
            "  - {name: bob, bot: random}\n  - {name: cat, bot: random}\n"
            "seats: 2\nschedule: gauntlet\nchallenger: bobb\n",
            [":8: challenger: no player named 'bobb' (did you mean 'bob'?) (have: ann, bob, cat)"],
        ),
    ],
    ids=["key-and-value", "team-member", "challenger"],
)
def test_did_you_mean(tmp_path: Path, text: str, want: list[str]) -> None:
    cfg = write(tmp_path, text)
    starts(errors_of(golf("validate", str(cfg)), cfg), want)


def test_no_suggestion_when_nothing_is_close(tmp_path: Path) -> None:
    cfg = write(tmp_path, "variant: six-card\nzzzz: 1\nplayers: [{name: a, bot: random}]\n")
    got = errors_of(golf("validate", str(cfg)), cfg)
    assert got[0] == (  # the first keys, in the docs' order, and how many more: one short line
        ":2: zzzz: unknown key in the tournament config (expected one of: name, description, "
        "variant, holes, format, players, teams, seats, schedule … and 16 more)"
    )
    assert "did you mean" not in got[1]


@pytest.mark.parametrize(
    ("text", "want"),
    [
        # a bad variant: the seats and teams checked against it would only repeat it
        (
            "variant: seven-card\nplayers:\n"
            + "".join(f"  - {{name: p{i}, bot: random}}\n" for i in range(9))
            + "teams: [[p0, p1]]\nseats: 5\ngames: 0\n",
            [":1: variant: unknown variant 'seven-card'", ":14: games: must be at least 1"],
        ),
        # no list of players: nothing about the seats, the challenger or the SPRT
        (
            "variant: six-card\nplayers: ann\nseats: 3\nschedule: gauntlet\nchallenger: ann\n"
            "sprt: {elo0: -5, elo1: 5}\nholes: 0\n",
            [":2: players: give a list of at least two players", ":7: holes: must be at least 1"],
        ),
        # a missing variant: said once, at the top, and the rest still checked
        (
            "players:\n  - {name: a, bot: random}\n  - {name: b, bot: greedy}\nformat: medal\n",
            [":1: variant: missing: give a built-in name", ":4: format: must be one of"],
        ),
        # a bad team member: not also "in no team" or a wrong seat count
        (
            "variant: alberta\nplayers:\n  - {name: a, bot: random}\n  - {name: b, bot: random}\n"
            "  - {name: c, bot: random}\n  - {name: d, bot: random}\n"
            "teams:\n  x: [a, zed]\n  y: [b, d]\nduplicate: maybe\n",
            [":8: teams.x.1: no player named 'zed'", ":10: duplicate: must be true or false"],
        ),
        # a bad player keeps its name for the teams that list it
        (
            "variant: alberta\nplayers:\n  - {name: a, bot: nope}\n  - {name: b, bot: random}\n"
            "  - {name: c, bot: random, time_limit: -1}\n  - {name: d, bot: random}\n"
            "teams:\n  x: [a, c]\n  y: [b, d]\n",
            [":3: players.0.bot: unknown bot 'nope'", ":5: players.2.time_limit:"],
        ),
    ],
    ids=["variant", "players", "no-variant", "team-member", "player-bot"],
)
def test_consequences_of_a_mistake_are_not_told_again(
    tmp_path: Path, text: str, want: list[str]
) -> None:
    cfg = write(tmp_path, text)
    starts(errors_of(golf("tournament", str(cfg)), cfg), want)


def test_a_variant_files_errors_are_all_told_after_the_configs(tmp_path: Path) -> None:
    var = write(
        tmp_path,
        "name: v\nextends: six-card\ngrid: {rows: 0}\nvalues: {ranks: {K: lots}}\n",
        "v.yaml",
    )
    cfg = write(
        tmp_path,
        "variant: v.yaml\nplayers:\n  - {name: a, bot: random}\n  - {name: b, bot: nope}\n",
    )
    lines = golf("validate", str(cfg)).stderr.strip().splitlines()
    assert [x.split(": ")[3] for x in lines] == ["players.1.bot", "grid.rows", "values.ranks.K"]
    assert lines[1].startswith(f"golf: error: {var}:3: ") and lines[2].startswith(
        f"golf: error: {var}:4: "
    )


def test_an_inline_variants_errors_name_the_configs_keys(tmp_path: Path) -> None:
    cfg = write(
        tmp_path,
        "variant:\n  extends: six-card\n  grid: {rows: 0}\n  colur: red\n"
        "players:\n  - {name: a, bot: random}\n  - {name: b, bot: random}\n",
    )
    starts(
        errors_of(golf("validate", str(cfg)), cfg),
        [":3: variant.grid.rows: must be at least 1", ":4: variant.colur: unknown key"],
    )


def test_an_option_error_comes_with_the_configs(tmp_path: Path) -> None:
    cfg = write(tmp_path, "variant: six-card\nplayers:\n  - {name: a, bot: random}\n  - {nam: b}\n")
    r = golf("tournament", str(cfg), "--key", "nothex")
    lines = r.stderr.strip().splitlines()
    assert r.exit_code == 2 and len(lines) == 2
    assert lines[0].startswith(f"golf: error: {cfg}:4: players.1.nam: unknown key")
    assert lines[1].startswith("golf: error: --key: must be the 64 hex digits")


def test_a_file_full_of_mistakes_is_told_as_far_as_the_limit(tmp_path: Path) -> None:
    from golfcli.validate import MAX_ERRORS

    players = "".join(f"  - {{name: p{i}, bot: nope{i}}}\n" for i in range(MAX_ERRORS + 10))
    cfg = write(tmp_path, f"variant: six-card\nplayers:\n{players}")
    assert len(config_errors(cfg)) == MAX_ERRORS


def test_load_config_takes_a_mapping(tmp_path: Path) -> None:
    (tmp_path / "mine.py").write_text("def choose(view, legal):\n    return legal[0]\n")
    config = {
        "variant": "six-card",
        "players": [{"name": "a", "bot": "random"}, {"name": "b", "bot": "mine.py"}],
        "games": 2,
        "seed": 1,
    }
    plan = load_config(config, base_dir=tmp_path)
    assert plan.name == "tournament" and plan.total == 4 and plan.players[1].bot == "mine.py"
    assert plan.config_hash == load_config(dict(config), base_dir=tmp_path).config_hash
    assert config["players"][0] == {"name": "a", "bot": "random"}  # not changed by loading
    with pytest.raises(ConfigError) as exc:
        load_config({**config, "players": [{"name": "a", "bot": "gredy"}, {"name": "b"}]})
    assert str(exc.value).startswith("<config>: players.0.bot: unknown bot 'gredy'")
