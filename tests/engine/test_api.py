"""The public Python API, through its public names only: this file imports
nothing of golf but ``golfcli`` (docs/api.md is the tutorial, run as doctests
in tests/engine/test_doctests.py).  Both builds run it (.ci/run)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import textwrap
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from pathlib import Path
from typing import get_type_hints

import pytest

import golfcli

# --------------------------------------------------------------------------- the facade


def compiled(obj: object) -> bool:
    """Whether ``obj`` comes from a mypyc-compiled module, which keeps no
    docstrings of its classes' methods (the pure build, GOLF_PURE=1, runs
    this file too, and the reference is made from the sources)."""
    module = sys.modules.get(getattr(obj, "__module__", "") or "")
    return not (getattr(module, "__file__", "") or "").endswith(".py")


def test_every_public_name_is_listed_loads_and_says_what_it_is() -> None:
    for name in golfcli.__all__:
        value = getattr(golfcli, name)
        if name == "__version__" or compiled(value):
            continue
        doc = getattr(value, "__doc__", None)
        assert doc and len(doc.strip()) > 20, f"golfcli.{name} has no docstring"
    assert sorted(set(dir(golfcli)) & set(golfcli.__all__)) == sorted(golfcli.__all__)
    # nothing else but the module's dunders: not os, TYPE_CHECKING or the loader's helpers
    extra = [n for n in dir(golfcli) if n not in golfcli.__all__ and not n.startswith("__")]
    assert extra == [], extra
    with pytest.raises(AttributeError, match="no attribute 'nothing_here'"):
        golfcli.nothing_here  # noqa: B018


def test_public_methods_and_properties_have_docstrings() -> None:
    """The reference is made from the docstrings: every public method of a
    public class says what it is for (dunders and inherited ones aside)."""
    missing = []
    for name in golfcli.__all__:
        value = getattr(golfcli, name)
        if not isinstance(value, type) or name in ("Action", "View", "Variant", "Bot"):
            continue  # engine records: their fields are documented on the class
        if compiled(value):
            continue
        for attr, member in vars(value).items():
            if attr.startswith("_") or not (callable(member) or isinstance(member, property)):
                continue
            if not (getattr(member, "__doc__", None) or "").strip():
                missing.append(f"{name}.{attr}")
    assert not missing, f"no docstring: {', '.join(missing)}"


PROBE = """
import sys
before = set(sys.modules)
import golfcli
print(sorted(m for m in set(sys.modules) - before if m.startswith("golfcli")))
golfcli.score
print(sorted(m for m in set(sys.modules) - before if m.startswith("golfcli")))
"""


def test_import_golfcli_loads_nothing_until_a_name_is_used() -> None:
    """PEP 562: ``import golfcli`` is ``__version__`` alone; using a name loads
    its module and what it needs, not the tournament runner or the bots."""
    out = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, check=True
    ).stdout.splitlines()
    assert out[0] == "['golfcli']"
    loaded = set(eval(out[1]))
    assert "golfcli.breakdown" in loaded
    assert not {m for m in loaded if m.startswith(("golfcli.tournament", "golfcli.bots"))}


# --------------------------------------------------------------------------- 1. variants


def test_variants_lists_the_builtins_and_load_variant_loads_each() -> None:
    names = [v.name for v in golfcli.variants()]
    assert names == ["six-card", "four-card", "nine-card", "alberta", "duel"]
    for name in names:
        v = golfcli.load_variant(name)
        assert isinstance(v, golfcli.Variant) and v.name == name
    assert repr(golfcli.load_variant("six-card")) == "<Variant 'six-card': 2x3, 2-12 players>"
    assert repr(golfcli.load_variant("alberta")) == "<Variant 'alberta': 3x6, 2-4, 6 players>"


def test_load_variant_takes_a_path_and_overrides(tmp_path: Path) -> None:
    f = tmp_path / "twos.yaml"
    f.write_text("name: twos\nextends: six-card\nvalues:\n  ranks:\n    2: 2\n")
    assert golfcli.load_variant(f).name == "twos"
    assert golfcli.load_variant(str(f)).rank_values[2] == 2
    by_map = golfcli.load_variant("six-card", {"values.ranks.2": 2})
    by_text = golfcli.load_variant("six-card", ["values.ranks.2=2"])
    assert by_map.rank_values == by_text.rank_values != golfcli.load_variant("six-card").rank_values
    # the README's example: twos worth +2 make the layout 18, not 14
    assert golfcli.score("5 K 2 / 5 7 9", by_map).total == 18
    # a loaded variant changed again keeps what it had
    again = golfcli.load_variant(by_map, {"game.holes": 3})
    assert (again.rank_values[2], again.game.holes) == (2, 3)


@pytest.mark.parametrize(
    "spec,overrides,fragment",
    [
        ("no-such", None, "unknown variant"),
        ("six-card", {"values.rankz.2": 2}, "unknown key 'rankz'"),
        ("six-card", ["values.ranks.2"], "expected KEY=VALUE"),
        ("six-card", {"grid.rows": "two"}, "grid.rows"),
    ],
)
def test_a_bad_variant_says_which_key(spec: str, overrides: object, fragment: str) -> None:
    with pytest.raises(ValueError, match=fragment):
        golfcli.load_variant(spec, overrides or ())  # type: ignore[arg-type]


# --------------------------------------------------------------------------- 2. cards and layouts


def test_cards_read_and_print_in_notation() -> None:
    ten = golfcli.Card("10♥")
    assert ten == golfcli.Card("10h") == golfcli.Card("TH")
    assert (str(ten), repr(ten), f"{ten}", f"{ten:s}") == ("10H", "Card('10H')", "10H", "10♥")
    assert (ten.rank, ten.suit, ten.face_down) == ("10", "H", False)
    assert str(golfcli.Card("joker")) == "JK" and golfcli.Card("JK").suit is None
    assert str(golfcli.Card("k")) == "K" and golfcli.Card("K").suit is None  # no suit typed
    assert golfcli.Card("?").face_down and str(golfcli.Card("?")) == "?"
    # repr is the code that makes it, for every card of a deck (jokers too)
    for c in [*range(8, 13 * 8 + 4), 4, -1]:
        if c & 7 > 4:
            continue
        card = golfcli.Card(c)
        assert eval(repr(card), {"Card": golfcli.Card}) == card
        assert not str(card).isdigit() or str(card) in {str(n) for n in range(2, 11)}


def test_layouts_read_and_print_in_notation() -> None:
    lay = golfcli.Layout("5 K 2 / 5 7 9")
    assert (lay.rows, lay.cols, len(lay), lay.face_down) == (2, 3, 6, 0)
    assert str(lay) == "5 K 2 / 5 7 9" and repr(lay) == "Layout('5 K 2 / 5 7 9')"
    assert eval(repr(lay), {"Layout": golfcli.Layout}) == lay
    assert lay[1, 0] == golfcli.Card("5") and lay[2] == golfcli.Card("2")
    assert lay.row(1) == tuple(golfcli.Layout("5 7 9"))
    assert lay == golfcli.Layout(["5", "K", "2", "5", "7", "9"], cols=3)
    assert lay == golfcli.Layout([["5", "K", "2"], ["5", "7", "9"]])
    assert hash(lay) == hash(golfcli.Layout("5,K,2/5,7,9"))
    assert f"{golfcli.Layout('10H ? / JK QS'):s}" == "10♥ ? / JK Q♠"
    assert golfcli.Layout("? 3 / ? 4").face_down == 2
    with pytest.raises(IndexError):
        lay[2, 0]


@pytest.mark.parametrize(
    "text,fragment",
    [
        ("5 Z 2 / 5 7 9", "row 1, card 2: unknown card 'Z'"),
        ("5 K 2 / 5 7", "ragged rows"),
        ("5 K 2 / / 5 7 9", "row 2 is empty"),
    ],
)
def test_a_bad_layout_names_the_card(text: str, fragment: str) -> None:
    with pytest.raises(ValueError, match=fragment):
        golfcli.Layout(text)


# --------------------------------------------------------------------------- 3. scores


def test_score_itemises_the_layout() -> None:
    s = golfcli.score("5 K 2 / 5 7 9", variant="six-card")
    assert (s.total, s.complete, s.known, s.expected, s.exact) == (14, True, 14, 14, True)
    assert s.values == (5, 0, -2, 5, 7, 9) and s.scored == (0, 0, -2, 0, 7, 9)
    (m,) = s.matches
    assert (m.pattern, m.cells, m.effect) == ("column pair", (0, 3), "zero")
    assert (s.bonus, s.opponents) == (0, 0)
    assert s.layout == golfcli.Layout("5 K 2 / 5 7 9")
    assert repr(s) == "<Score 5 K 2 / 5 7 9: total 14>"
    # the --json shape, and plain JSON
    d = s.to_dict()
    assert d["total"] == 14 and d["layout"] == "5 K 2 / 5 7 9" and d["variant"] == "six-card"
    assert [c["card"] for c in d["cards"]] == ["5", "K", "2", "5", "7", "9"]
    assert d["matches"][0]["cells"] == [[1, 1], [2, 1]]
    assert json.loads(json.dumps(d)) == d
    text = str(s)
    assert text.splitlines()[-1] == "total: 14" and "column pair of 5 at r1c1, r2c1" in text
    assert "5 +5 → +0" in text


def test_a_score_renders_in_every_format_golf_score_has() -> None:
    s = golfcli.score("5C K 2H / 5 7 9")
    assert s.render() == str(s) == f"{s}" and "2♥" in f"{s:s}" == s.render(symbols=True)
    assert s.render("json") == json.dumps(s.to_dict())
    header, row = s.render("csv").splitlines()
    assert header.startswith("layout,cards,total") and row.startswith(
        "layout 1,5C K 2H / 5 7 9,14,"
    )
    assert s.row("mine")[:3] == ["mine", "5C K 2H / 5 7 9", 14]
    assert s.render("markdown").splitlines()[1].startswith("|")
    with pytest.raises(
        ValueError, match=r"^fmt: must be one of table, markdown, csv, json, not 'html'$"
    ):
        s.render("html")
    h = golfcli.score_hole(["JK 5 3 / JK 5 3", "4 4 7 / 9 9 K"], "duel")
    assert [line.split(",")[-2] for line in h.render("csv").splitlines()[1:]] == ["-4", "43"]
    assert [json.loads(x)["total"] for x in h.render("json").splitlines()] == [-4, 43]
    assert h.rows()[1][:3] == [2, "4 4 7 / 9 9 K", 33]


def test_score_takes_a_layout_a_flat_list_and_a_loaded_variant() -> None:
    alberta = golfcli.load_variant("alberta")
    groups = "4 10 K 2 KC Q / 4 10C KC 2 9 QC / 4 10 JK 2 6 Q"
    assert golfcli.score(groups, alberta).total == golfcli.score(groups, "alberta").total
    flat = ["5", "K", "2", "5", "7", "9"]
    assert golfcli.score(flat).total == golfcli.score(golfcli.Layout(flat, cols=3)).total == 14
    with pytest.raises(ValueError, match="a 2x3 layout, but nine-card deals 3 rows of 3"):
        golfcli.score("5 K 2 / 5 7 9", "nine-card")
    with pytest.raises(ValueError, match="played without jokers"):
        golfcli.score("JK 3 4 / 5 6 7")


def test_face_down_cards_have_an_expectation_not_a_total() -> None:
    s = golfcli.score("5 K ? / 5 7 ?")
    assert not s.complete and s.layout.face_down == 2
    assert s.known == 7 and s.exact and s.expected == pytest.approx(17.45, abs=0.01)
    with pytest.raises(ValueError, match=r"face-down card\(s\) and no total yet"):
        s.total  # noqa: B018
    d = s.to_dict()
    assert "total" not in d and d["expected_total"] == pytest.approx(17.45, abs=0.01)
    assert (d["known_part"], d["face_down"], d["complete"]) == (7, 2, False)
    assert "expected total over the cards not yet seen: 17.45 (exact)" in str(s)
    assert repr(s) == "<Score 5 K ? / 5 7 ?: expected 17.45, known 7>"


def test_score_hole_scores_the_sides_together() -> None:
    h = golfcli.score_hole(["JK 5 3 / JK 5 3", "4 4 7 / 9 9 K"], "duel")
    assert h.totals == (-4, 43) and h.penalties == (0, 10) and h.closer is None
    assert [s.total for s in h.scores] == [-4, 33]
    d = h.to_dict()
    assert [line["total"] for line in d["sides"]] == [-4, 43] and d["totals"] == [-4, 43]
    assert "== layout 1 ==" in str(h) and str(h).splitlines()[-1].split()[-1] == "43"
    named = golfcli.score_hole(["JK 5 3 / JK 5 3", "4 4 7 / 9 9 K"], "duel", names=["Ann", "Bob"])
    assert "== Ann ==" in str(named)
    with pytest.raises(ValueError, match=r"\(no \?\)"):
        golfcli.score_hole(["? 5 3 / JK 5 3", "4 4 7 / 9 9 K"], "duel")
    with pytest.raises(ValueError, match=r"^closer: must be a side from 0 to 1, not "):
        golfcli.score_hole(["JK 5 3 / JK 5 3", "4 4 7 / 9 9 K"], "duel", closer=2)


def test_a_knock_bonus_needs_the_closer() -> None:
    knock = golfcli.load_variant(
        "six-card",
        {
            "adjustments": [
                {"kind": "closer", "name": "knock penalty", "when": "not_lowest", "add": 10}
            ]
        },
    )
    layouts = ["5 5 5 / 6 6 6", "2 2 2 / 3 3 3"]
    assert (
        golfcli.score_hole(layouts, knock).totals == golfcli.score_hole(layouts, "six-card").totals
    )
    hit = golfcli.score_hole(layouts, knock, closer=0)
    assert hit.adjustments[0] == (("knock penalty", 10),) and hit.closer == 0


# --------------------------------------------------------------------------- 4. a hole, a match


def random_playout(hole: golfcli.Hole, rng: random.Random, steps: int = 10_000) -> list[str]:
    done = []
    for _ in range(steps):
        if hole.is_over():
            break
        action = rng.choice(hole.legal_actions())
        hole.apply(action)
        done.append(str(action))
    return done


def test_a_hole_is_driven_move_by_move() -> None:
    hole = golfcli.Hole("six-card", players=2, seed=5)
    assert (hole.phase, hole.current, hole.players, hole.side_of) == ("setup", 1, 2, (0, 1))
    assert all(isinstance(a, golfcli.Action) for a in hole.legal_actions())
    assert hole.legal_actions() == hole.legal_actions()  # a stable list
    assert all(str(lay) == "? ? ? / ? ? ?" for lay in hole.layouts)
    hole.apply("reveal 0")
    hole.apply(golfcli.Action("reveal", 1))
    assert [c.face_down for c in hole.layouts[1]] == [False, False, True, True, True, True]
    with pytest.raises(ValueError, match="cannot draw now"):
        hole.apply("draw_stock")
    with pytest.raises(ValueError, match="position 9 is not on a 2x3 layout"):
        hole.apply("reveal 9")
    with pytest.raises(ValueError, match="bad action"):
        hole.apply("swap x")
    with pytest.raises(ValueError, match="not over"):
        hole.scores()
    random_playout(hole, random.Random(1))
    assert hole.is_over() and hole.phase == "over" and hole.legal_actions() == ()
    assert hole.scores() == hole.result.totals and len(hole.scores()) == 2
    assert "?" not in " ".join(map(str, hole.layouts))  # all turned up at the end


def test_a_view_is_what_the_seat_may_see() -> None:
    hole = golfcli.Hole("six-card", players=2, seed=9)
    random_playout(hole, random.Random(2), steps=9)
    for seat in (0, 1):
        v = hole.view(seat)
        assert isinstance(v, golfcli.View) and v.seat == seat
        for side, lay in enumerate(v.layouts):
            truth = hole.layouts[side]
            assert [c is None for c in lay] == [c.face_down for c in truth]
        assert "?" in repr(v) and "View of seat" in repr(v)
    with pytest.raises(ValueError, match=r"^seat: must be a whole number from 0 to 1, not 2$"):
        hole.view(2)


def test_the_same_seed_deals_the_same_cards_as_a_match_and_golf_play() -> None:
    result = golfcli.play_match("six-card", ["random", "random"], holes=1, seed=3)
    assert golfcli.Hole("six-card", 2, seed=3).events[0] == result.holes[0].events[0]
    # hole 2 of the match: its number picks the deal and the dealer
    two = golfcli.play_match("six-card", ["random", "random"], holes=2, seed=3)
    assert golfcli.Hole("six-card", 2, seed=3, number=2).events[0] == two.holes[1].events[0]
    assert golfcli.Hole("six-card", 2, key=result.seed).events[0] == result.holes[0].events[0]
    with pytest.raises(ValueError, match="not both"):
        golfcli.Hole(seed=1, key=result.seed)  # type: ignore[arg-type]


def stock_empties() -> golfcli.Variant:
    """Four players on one pack: the stock runs out and is reshuffled."""
    return golfcli.load_variant("nine-card", {"players": 4, "deck.packs": 1})


def test_a_clone_plays_on_as_the_original_would_and_shares_nothing() -> None:
    reshuffled = 0
    for seed in range(6):
        hole = golfcli.Hole(stock_empties(), 4, seed=seed)
        random_playout(hole, random.Random(seed), steps=40)
        twin = hole.clone()
        assert twin.legal_actions() == hole.legal_actions() and twin.events == hole.events
        before = hole.events
        rng_a, rng_b = random.Random(seed), random.Random(seed)
        random_playout(twin, rng_a)
        assert hole.events == before  # the clone's moves left the original alone
        random_playout(hole, rng_b)
        assert hole.events == twin.events and hole.scores() == twin.scores()
        reshuffled += sum(1 for e in hole.events if e.kind == "reshuffle")
    assert reshuffled > 0, "no hole reshuffled its stock: the check of chance proved nothing"


def test_a_hole_replays_from_its_recorded_chance() -> None:
    hole = golfcli.Hole(stock_empties(), 4, seed=11)
    random_playout(hole, random.Random(4))
    again = golfcli.Hole.replay(hole.variant, 4, hole.events)
    assert again.events == hole.events and again.scores() == hole.scores()
    half = golfcli.Hole.replay(hole.variant, 4, hole.events[: len(hole.events) // 2])
    assert not half.is_over() and half.legal_actions()
    with pytest.raises(ValueError):
        golfcli.Hole.replay(hole.variant, 4, hole.events[1:])  # no deal


def test_a_deal_can_be_chosen_outside() -> None:
    """Chance as an outcome given to the hole: the deal's card order."""
    first = golfcli.Hole("six-card", 2, seed=8)
    order = first.events[0].order
    assert order is not None
    again = golfcli.Hole("six-card", 2, seed=99, order=list(order))
    assert again.events[0] == first.events[0] and again.discard == first.discard
    reversed_deal = golfcli.Hole("six-card", 2, order=list(reversed(order)))
    assert reversed_deal.discard != first.discard
    with pytest.raises(ValueError, match="not this variant's deck"):
        golfcli.Hole("six-card", 2, order=list(order)[1:])


def test_play_match_returns_scores_winners_and_the_log() -> None:
    r = golfcli.play_match("six-card", ["greedy", "random"], holes=3, seed=7)
    assert isinstance(r, golfcli.MatchResult)
    assert len(r.holes) == 3 and [h.number for h in r.holes] == [1, 2, 3]
    assert r.totals == [sum(h.scores[s] for h in r.holes) for s in (0, 1)]
    assert r.winners == [min(range(2), key=lambda s: r.totals[s])]
    assert r.names == ("greedy", "random") and len(r.events) == 3
    assert r.events[0][0].kind == "deal" and r.events[0][-1].kind == "end"
    assert r.events[0][-1].totals == r.holes[0].scores
    again = golfcli.play_match("six-card", ["greedy", "random"], holes=3, seed=7)
    assert [h.events for h in again.holes] == [h.events for h in r.holes]
    other = golfcli.play_match("six-card", ["greedy", "random"], holes=3, seed=8)
    assert [h.scores for h in other.holes] != [h.scores for h in r.holes]
    assert "won by" in repr(r) and "(44" not in repr(r.holes[0])


def test_play_match_takes_bot_objects_names_and_a_handicap() -> None:
    class Lowest(golfcli.BaseBot):
        """Always the first legal action."""

        def choose(self, view: golfcli.View, legal: Sequence[golfcli.Action]) -> golfcli.Action:
            return legal[0]

    r = golfcli.play_match(
        "six-card", [Lowest(), "random"], names=["low", "rnd"], holes=1, seed=2, handicap={0: 1}
    )
    assert r.names == ("low", "rnd") and r.extra_reveals == {0: 1}
    reveals = [e for e in r.holes[0].events if e.kind == "reveal" and e.seat == 0]
    assert len(reveals) == 3  # two at the start, one more for the handicap
    with pytest.raises(
        ValueError, match=r"^names: must be a list of 2 names, not \['a', 'b', 'c'\]"
    ):
        golfcli.play_match("six-card", ["random", "random"], names=["a", "b", "c"])


def test_a_faulty_bot_is_counted_not_fatal() -> None:
    class Broken(golfcli.BaseBot):
        """Raises on every decision."""

        def choose(self, view: golfcli.View, legal: Sequence[golfcli.Action]) -> golfcli.Action:
            raise RuntimeError("oops")

    r = golfcli.play_match("six-card", [Broken(), "random"], holes=1, seed=1)
    assert r.stats[0].faults["crash"] == r.stats[0].decisions > 0
    assert "RuntimeError: oops" in r.stats[0].last_fault


# --------------------------------------------------------------------------- 5. tournaments

CONFIG = {
    "name": "api",
    "variant": "six-card",
    "holes": 1,
    "games": 3,
    "seed": 5,
    "players": [{"name": "g", "bot": "greedy"}, {"name": "r", "bot": "random"}],
}


@pytest.fixture(scope="module")
def report() -> golfcli.Report:
    return golfcli.run_tournament(CONFIG, workers=1)


def test_run_tournament_returns_the_report(report: golfcli.Report) -> None:
    assert isinstance(report, golfcli.Report) and report.complete
    assert [r["player"] for r in report.standings] == ["g", "r"]
    assert {r["games"] for r in report.standings} == {6}  # 3 deals x 2 seatings
    assert report["run"]["seed"] == 5 and report.crosstable[0]["player"] == "g"
    assert report.pairs == report["pairs"] and len(report.pairs) == 1
    assert str(report) == report.render("table")
    assert report.render("json") == json.dumps(report.to_dict(), indent=2)
    assert report.render("csv").splitlines()[0].startswith("rank,player,games")
    assert report.result is not None and report.result.played == 6
    assert repr(report) == "<Report 'api': 6 of 6 games, first g>"
    # every key of the document is an attribute too, the same object
    for key in report:
        assert getattr(report, key) == report[key], key
    assert report.run["seed"] == 5 and report.sprt is None and set(report.timing) == {"g", "r"}


def test_the_report_is_the_same_at_any_worker_count_and_from_a_file(
    report: golfcli.Report, tmp_path: Path
) -> None:
    two = golfcli.run_tournament(CONFIG, workers=2)
    assert two.standings == report.standings and two.crosstable == report.crosstable
    f = tmp_path / "t.yaml"
    f.write_text(json.dumps(CONFIG))  # JSON is YAML
    assert golfcli.run_tournament(f, workers=1).standings == report.standings
    assert golfcli.run_tournament(CONFIG, workers=1, games=1).result.played == 2  # type: ignore[union-attr]


def test_run_tournament_shows_progress_and_keeps_a_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    notes: list[str] = []
    out = tmp_path / "run"
    golfcli.run_tournament(CONFIG, workers=1, out=out, on_notice=notes.append, progress=True)
    assert (out / "games.jsonl").read_text().count("\n") == 6
    assert any("6 games" in n for n in notes)
    assert capsys.readouterr().err  # the bar, on standard error
    resumed = golfcli.run_tournament(CONFIG, workers=1, out=out, resume=True)
    assert resumed.result is not None and resumed.result.from_disk == 6


def test_a_custom_bot_file_in_a_tournament(tmp_path: Path) -> None:
    bot = tmp_path / "first.py"
    bot.write_text(
        textwrap.dedent(
            """
            import golfcli

            class Bot(golfcli.BaseBot):
                def choose(self, view, legal):
                    return legal[0]
            """
        )
    )
    cfg = {**CONFIG, "players": [{"name": "first", "bot": str(bot)}, CONFIG["players"][1]]}
    rep = golfcli.run_tournament(cfg, workers=1)
    assert {r["player"] for r in rep.standings} == {"first", "r"}
    assert all(r["faults_total"] == 0 for r in rep.standings)


@pytest.mark.parametrize(
    "config,fragment",
    [
        ({"variant": "six-card"}, "players"),
        ({**CONFIG, "games": 0}, "<config>: games"),
        ({**CONFIG, "colour": "red"}, "colour: unknown key in the tournament config"),
        ({**CONFIG, "variant": "no-such"}, "unknown variant"),
    ],
)
def test_a_bad_config_mapping_says_which_key(config: dict[str, object], fragment: str) -> None:
    with pytest.raises(ValueError, match=fragment):
        golfcli.run_tournament(config, workers=1)


def test_a_loaded_variant_can_stand_in_a_config() -> None:
    short = golfcli.load_variant("six-card", {"game.holes": 1})
    rep = golfcli.run_tournament({**CONFIG, "variant": short, "holes": None}, workers=1)
    assert rep["run"]["holes"] == 1


# --------------------------------------------------------------------------- 6. bots


def test_bots_are_typed_at_the_boundary() -> None:
    greedy = golfcli.make_bot("greedy")
    assert isinstance(greedy, golfcli.Bot) and isinstance(greedy, golfcli.BaseBot)
    assert get_type_hints(golfcli.make_bot)["return"] is golfcli.Bot
    hole = golfcli.Hole(seed=1)
    action = greedy.choose(hole.view(hole.current), hole.legal_actions())
    assert action in hole.legal_actions()
    with pytest.raises(ValueError, match="unknown bot"):
        golfcli.make_bot("nobody")


# --------------------------------------------------------------------------- 7. errors


def test_each_kind_of_bad_input_has_its_error_class() -> None:
    """A caller catches the kind it expects: a bad variant, card or layout,
    move, config or bot spec (each a ValueError, with the place in its words)."""
    with pytest.raises(golfcli.VariantError, match=r"grid\.rows"):
        golfcli.load_variant("six-card", {"grid.rows": "two"})
    with pytest.raises(golfcli.CardError, match="row 1, card 2"):
        golfcli.score("5 Z 2 / 5 7 9")
    with pytest.raises(golfcli.CardError, match="nine-card deals 3 rows of 3"):
        golfcli.score("5 K 2 / 5 7 9", "nine-card")
    with pytest.raises(golfcli.CardError, match="played without jokers"):
        golfcli.score("JK 3 4 / 5 6 7")
    with pytest.raises(golfcli.IllegalAction) as illegal:
        golfcli.Hole(seed=1).apply("draw_stock")
    assert illegal.value.rule == "phase"  # the rule, for a front end's own words
    with pytest.raises(golfcli.ConfigError, match="<config>"):
        golfcli.run_tournament({"variant": "six-card"}, workers=1)
    with pytest.raises(golfcli.BotSpecError, match="unknown bot 'nobody'"):
        golfcli.make_bot("nobody")
    for cls in ("VariantError", "CardError", "IllegalAction", "ConfigError", "BotSpecError"):
        assert issubclass(getattr(golfcli, cls), ValueError), cls
        assert issubclass(getattr(golfcli, cls), golfcli.GolfError), cls
    assert issubclass(golfcli.BotFault, golfcli.GolfError)
    # and the library's own refusals of a value it cannot take
    for refused in (
        lambda: golfcli.Hole(seed=1, key="0" * 64),
        lambda: golfcli.Hole(names=["only one"]),
        lambda: golfcli.Hole().view(7),
        lambda: golfcli.Hole().scores(),
        lambda: golfcli.play_match("six-card", ["random"] * 2, names=["a"]),
        lambda: golfcli.score("5 K 2 / 5 7 9").render("html"),
        lambda: golfcli.Card(999),
        lambda: golfcli.Layout(["5", "K", "2"], cols=2),
    ):
        with pytest.raises(golfcli.GolfError):
            refused()


def test_a_bot_that_raises_a_bot_fault_is_counted_as_that_fault() -> None:
    class Slow(golfcli.BaseBot):
        """Says it ran out of time, as an adapter of an external program does."""

        def choose(self, view: golfcli.View, legal: Sequence[golfcli.Action]) -> golfcli.Action:
            raise golfcli.BotFault("timeout", "no answer in 1 s")

    r = golfcli.play_match("six-card", [Slow(), "random"], holes=1, seed=3)
    assert r.stats[0].faults["timeout"] == r.stats[0].decisions > 0
    assert r.stats[0].last_fault == "no answer in 1 s"


# --------------------------------------------------------------------------- 8. pictures


def svg_of(obj: object) -> ET.Element:
    text = obj._repr_svg_()  # type: ignore[attr-defined]
    root = ET.fromstring(text)  # valid XML, or this raises
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    return root


def of_class(root: ET.Element, cls: str) -> list[ET.Element]:
    return [e for e in root.iter() if cls in (e.get("class") or "").split()]


def test_layouts_and_scores_draw_themselves() -> None:
    lay = svg_of(golfcli.Layout("5 K ? / 5 7 ?"))
    assert (len(of_class(lay, "up")), len(of_class(lay, "down"))) == (4, 2)
    assert len(of_class(svg_of(golfcli.Card("10H")), "up")) == 1
    s = svg_of(golfcli.score("4 10 K 2 KC Q / 4 10C KC 2 9 QC / 4 10 JK 2 6 Q", "alberta"))
    assert len(of_class(s, "mark")) == 12  # four column patterns of three cards, each ringed
    text = " ".join(t.text or "" for t in s.iter("{http://www.w3.org/2000/svg}text"))
    assert "column of 4" in text and "total 10" in text
    exp = svg_of(golfcli.score("5 K ? / 5 7 ?"))
    assert len(of_class(exp, "down")) == 2 and len(of_class(exp, "mark")) == 2
    hole = svg_of(golfcli.score_hole(["JK 5 3 / JK 5 3", "4 4 7 / 9 9 K"], "duel"))
    assert len(of_class(hole, "layout")) == 2 and len(of_class(hole, "up")) == 12


def test_a_hole_draws_face_down_cards_as_backs_and_the_piles() -> None:
    hole = golfcli.Hole(
        "six-card", 2, seed=4, names=["<Ann & co>", "Bob"]
    )  # names are escaped, not markup
    random_playout(hole, random.Random(3), steps=7)
    root = svg_of(hole)
    down = sum(lay.face_down for lay in hole.layouts)
    layouts = of_class(root, "layout")
    assert sum(len(of_class(g, "down")) for g in layouts) == down
    assert sum(len(of_class(g, "up")) for g in layouts) == 12 - down
    stock, discard, *held = of_class(root, "pile")
    assert of_class(stock, "down") and len(held) == (hole.phase == "place")
    assert bool(of_class(discard, "up")) == bool(hole.discard)
    assert "<Ann & co>" in "".join(root.itertext())
    view = svg_of(hole.view(0))
    assert of_class(view, "layout")
    random_playout(hole, random.Random(3))
    over = svg_of(hole)
    assert sum(len(of_class(g, "down")) for g in of_class(over, "layout")) == 0


def test_a_match_and_a_report_draw_their_tables(report: golfcli.Report) -> None:
    r = golfcli.play_match("six-card", ["greedy", "random"], names=["A<", "B"], holes=2, seed=1)
    table = ET.fromstring(r._repr_html_())  # one element, valid XML
    cells = [c.text for c in table.iter("td")]
    assert cells[:3] == ["1", *map(str, r.holes[0].scores[:2])]
    assert ["total", *map(str, r.totals)] == cells[6:9]
    assert "A<" in [h.text for h in table.iter("th")]
    html = ET.fromstring(report._repr_html_())
    assert [c.text for c in html.iter("td")][1] == "g"
