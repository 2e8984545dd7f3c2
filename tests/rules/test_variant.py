"""Variants as validated data: built-ins, extends, --set, and every error
naming file, line and key path (docs/rules.md §10)."""

from __future__ import annotations

import pickle
import textwrap
from collections.abc import Callable
from dataclasses import fields, replace
from pathlib import Path

import pytest

from golfcli import cards as C
from golfcli.arguments import shorten, shown_path
from golfcli.exceptions import InputError
from golfcli.variant import (
    BUILTIN_NAMES,
    DEFAULTS,
    Adjustment,
    EndRules,
    GameRules,
    Partners,
    Pattern,
    Start,
    Turn,
    Variant,
    VariantError,
    spans,
)
from golfcli.variantcheck import parse_counts
from golfcli.variantload import builtin, load_variant, resolve, variants
from golfcli.yamlsrc import SourceError

from ..helpers import REPO, total

REPO = REPO


def write(tmp_path: Path, text: str, name: str = "v.yaml") -> Path:
    path = tmp_path / name
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return path


def error_of(spec: object, overrides: tuple[str, ...] = ()) -> str:
    with pytest.raises(SourceError) as info:
        load_variant(spec, list(overrides))  # type: ignore[arg-type]
    return str(info.value)


# --------------------------------------------------------------------------- built-ins


def test_every_builtin_loads_and_is_cached() -> None:
    for name in BUILTIN_NAMES:
        v = builtin(name)
        assert v.name == name
        assert builtin(name) is v
    assert [v.name for v in variants()] == list(BUILTIN_NAMES)
    assert all(v is builtin(v.name) for v in variants())


def test_resolve_takes_a_variant_a_built_in_a_path_or_a_file_named_like_a_built_in(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What the library does with a ``variant=`` argument: a Variant as it
    is, a built-in's name from the cache, anything else loaded afresh."""
    own = load_variant("duel")
    assert resolve(own) is own
    assert resolve("alberta") is builtin("alberta")
    path = write(tmp_path, "name: mine\nextends: nine-card\n", "mine.yaml")
    first, second = resolve(path), resolve(str(path))
    assert (first.name, first.rows, second.name) == ("mine", 3, "mine")
    assert first is not second
    monkeypatch.chdir(tmp_path)
    write(tmp_path, "name: my six\nextends: nine-card\n", "six-card")
    assert resolve("six-card").name == "my six"  # the user's own file of that name
    assert resolve("four-card") is builtin("four-card")


def test_spans_and_repr_show_player_counts_as_runs() -> None:
    assert spans((2, 3, 4, 6)) == "2-4, 6"
    assert spans((1,)) == "1"
    assert spans((1, 3, 5)) == "1, 3, 5"
    assert spans((1, 2, 4, 5, 6, 9)) == "1-2, 4-6, 9"
    assert spans(()) == ""
    assert repr(builtin("nine-card")) == "<Variant 'nine-card': 3x3, 2-11 players>"
    assert repr(load_variant("duel", ["players=[2, 4]"])) == "<Variant 'duel': 2x3, 2, 4 players>"


def test_a_variant_pickles_to_an_equal_read_only_variant() -> None:
    """Tournament plans carry variants to worker processes: every field comes
    back equal, and the document read-only again."""
    v = load_variant("alberta", ["game.holes=3", "values.ranks.K=-1"])
    back = pickle.loads(pickle.dumps(v))
    assert back is not v
    for f in fields(Variant):
        if f.name != "data":
            assert getattr(back, f.name) == getattr(v, f.name), f.name
    assert back.to_data() == v.to_data()
    assert back.to_data()["game"]["holes"] == 3
    with pytest.raises(TypeError):
        back.data["game"]["holes"] = 4  # type: ignore[index]
    with pytest.raises(TypeError):
        back.data["patterns"][0] = {}  # type: ignore[index]


def rank_values(name: str) -> dict[str, int]:
    v = builtin(name)
    return {C.rank_str(r): v.rank_values[r] for r in range(14)}


SIX_CARD_VALUES = {
    "A": 1, "2": -2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9,
    "10": 10, "J": 10, "Q": 10, "K": 0,
}  # fmt: skip


def test_six_card_defaults() -> None:
    # docs/rules.md §10 six-card (seed 003)
    v = builtin("six-card")
    assert (v.rows, v.cols) == (2, 3)
    assert v.jokers_per_pack == 0
    assert [v.packs_for(n) for n in (2, 4, 5, 8, 9, 12)] == [1, 1, 2, 2, 3, 3]
    assert {k: rank_values("six-card")[k] for k in SIX_CARD_VALUES} == SIX_CARD_VALUES
    assert v.card_values == ()
    assert (v.start.reveal, v.start.peek) == (2, 0)
    assert v.turn.draw_from == ("stock", "discard")
    assert v.turn.flip_after_discard == "required"
    assert not v.turn.knock and not v.turn.flip_instead_of_draw
    assert v.end.all_face_up and v.end.final_turns == "each_other" and not v.end.frozen_discard
    assert [(p.kind, p.cards, p.ranks) for p in v.patterns] == [("column_pair", "zero", None)]
    assert v.adjustments == ()
    assert (v.game.holes, v.game.target, v.game.scoring, v.game.ties) == (
        9,
        None,
        "stroke",
        "share",
    )


def test_four_card_defaults() -> None:
    v = builtin("four-card")
    assert (v.rows, v.cols) == (2, 2)
    # peek 2 (hidden again), knock instead of drawing; all face up also ends
    assert (v.start.reveal, v.start.peek) == (0, 2)
    assert v.turn.knock and v.end.all_face_up and v.end.final_turns == "each_other"
    assert {k: rank_values("four-card")[k] for k in SIX_CARD_VALUES} == SIX_CARD_VALUES
    assert [p.kind for p in v.patterns] == ["column_pair"]
    assert v.game.holes == 9 and v.game.scoring == "stroke"


def test_nine_card_defaults() -> None:
    v = builtin("nine-card")
    assert (v.rows, v.cols) == (3, 3)
    assert {v.packs_for(n) for n in v.players} == {2}
    assert v.start.reveal == 3
    assert {k: rank_values("nine-card")[k] for k in SIX_CARD_VALUES} == SIX_CARD_VALUES
    # full column of three -> 0; pairs count
    assert [(p.kind, p.cards) for p in v.patterns] == [("column", "zero")]
    assert v.turn.flip_after_discard == "required" and v.end.final_turns == "each_other"


def test_alberta_defaults() -> None:
    v = builtin("alberta")
    assert (v.rows, v.cols) == (3, 6)
    assert v.players == (2, 3, 4, 6)
    assert (v.packs_for(2), v.packs_for(4), v.packs_for(6)) == (2, 2, 3)
    assert v.jokers_per_pack == 2
    # values docs/rules.md §7 Alberta column
    vals = rank_values("alberta")
    assert vals == {
        "joker": -3, "A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9,
        "10": 10, "J": 10, "Q": 10, "K": 0,
    }  # fmt: skip
    clubs = {C.card_str(c): val for c, val in v.card_values}
    assert clubs == {"AC": -2, "KC": -1, "QC": -1, "JC": -1, "10C": -1}
    assert v.start.reveal == 3
    assert v.partners.player_counts == (4, 6) and v.groups_for(4) == 2 and v.groups_for(3) == 3
    assert v.groups_for(6) == 3
    kinds = [(p.kind, p.bonus, p.adjacent) for p in v.patterns]
    assert kinds == [("column", 0, True), ("twin_columns", -18, True)]
    assert v.game.ties == "playoff" and v.game.scoring == "stroke" and v.game.holes == 9


def test_duel_defaults() -> None:
    v = builtin("duel")
    assert (v.rows, v.cols) == (2, 3)
    assert v.packs_for(2) == 1 and v.jokers_per_pack == 2
    vals = rank_values("duel")
    assert (vals["joker"], vals["A"], vals["2"], vals["K"], vals["J"], vals["Q"]) == (
        -2, 1, 2, 0, 10, 10,
    )  # fmt: skip
    assert v.turn.flip_after_discard == "never"
    assert v.end.frozen_discard and v.end.final_turns == "each_other"
    assert (v.game.holes, v.game.target, v.game.target_rule) == (None, 50, "reach")


def test_builtins_use_only_schema_keys() -> None:
    # docs/rules.md §10: every built-in is a YAML file of general keys.
    import yaml

    for name in BUILTIN_NAMES:
        path = REPO / "golfcli" / "variants" / f"{name}.yaml"
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        assert set(data) <= set(DEFAULTS), name


# --------------------------------------------------------------------------- extends


def test_extends_builtin_deep_merges_mappings(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        """
        name: mine
        extends: six-card
        turn:
          knock: true
        """,
    )
    v = load_variant(path)
    base = builtin("six-card")
    assert v.name == "mine"
    assert v.turn.knock
    # the other turn keys come from six-card
    assert v.turn.flip_after_discard == base.turn.flip_after_discard
    assert v.turn.draw_from == base.turn.draw_from
    assert v.patterns == base.patterns


def test_extends_replaces_lists(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        """
        name: rows-only
        extends: nine-card
        patterns:
          - kind: row
        """,
    )
    assert [p.kind for p in load_variant(path).patterns] == ["row"]


def test_extends_merges_values_rank_by_rank(tmp_path: Path) -> None:
    # "k" names the same rank as the built-in's "K": it replaces it, the rest stays.
    path = write(
        tmp_path,
        """
        name: kings
        extends: six-card
        values:
          ranks: {k: -2}
        """,
    )
    v = load_variant(path)
    assert v.rank_values[C.KING] == -2
    assert v.rank_values[2] == -2 and v.rank_values[C.ACE] == 1 and v.rank_values[10] == 10


def test_extends_merges_exact_cards(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        """
        name: clubs
        extends: alberta
        values:
          cards: {k♣: -5, 2H: 0}
        """,
    )
    v = load_variant(path)
    cards = {C.card_str(c): val for c, val in v.card_values}
    assert cards["KC"] == -5 and cards["2H"] == 0 and cards["AC"] == -2
    assert len(cards) == 6


def test_extends_replaces_pack_table(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        """
        name: p
        extends: six-card
        players: 2-8
        deck:
          packs: {2-3: 1, 4+: 2}
        """,
    )
    v = load_variant(path)
    assert [v.packs_for(n) for n in (2, 3, 4, 8)] == [1, 1, 2, 2]


def test_extends_a_path_relative_to_the_file(tmp_path: Path) -> None:
    write(tmp_path, "name: base\nextends: duel\ngame: {target: 100}\n", "base.yaml")
    sub = tmp_path / "sub"
    sub.mkdir()
    path = write(sub, "name: child\nextends: ../base.yaml\nturn: {knock: true}\n")
    v = load_variant(path)
    assert v.name == "child" and v.game.target == 100 and v.turn.knock
    assert v.jokers_per_pack == 2  # from duel, two levels up


def test_extends_unknown_is_an_error_at_the_extends_line(tmp_path: Path) -> None:
    path = write(tmp_path, "name: x\n\nextends: nosuch\n")
    assert error_of(path).startswith(f"{path}:3: extends: ")


def test_extends_loop(tmp_path: Path) -> None:
    write(tmp_path, "name: a\nextends: b.yaml\n", "a.yaml")
    write(tmp_path, "name: b\nextends: a.yaml\n", "b.yaml")
    msg = error_of(tmp_path / "a.yaml")
    assert "loop" in msg and ":2: extends" in msg


def test_inline_mapping_variant() -> None:
    v = load_variant({"name": "inline", "extends": "nine-card", "start": {"reveal": 2}})
    assert v.start.reveal == 2 and v.rows == 3


def test_a_file_without_extends_starts_from_defaults(tmp_path: Path) -> None:
    # DEFAULTS has no card values: a file of its own must give them all.
    path = write(tmp_path, "name: bare\n")
    assert "values.ranks" in error_of(path)
    ranks = "{A: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 8, 9: 9, 10: 10, J: 10, Q: 10, K: 0}"
    v = load_variant(write(tmp_path, f"name: bare\nvalues:\n  ranks: {ranks}\n"))
    assert (v.rows, v.cols) == (DEFAULTS["grid"]["rows"], DEFAULTS["grid"]["cols"])
    assert v.patterns == ()


# --------------------------------------------------------------------------- --set


def test_set_overrides() -> None:
    v = load_variant("six-card", ["values.ranks.2=2", "game.holes=18", "turn.knock=true"])
    assert v.rank_values[2] == 2 and v.game.holes == 18 and v.turn.knock


def test_a_built_in_parsed_once_is_not_changed_by_what_was_built_on_it(tmp_path: Path) -> None:
    """Built-in files are parsed once per process and handed out as copies:
    --set, a file that extends one, and an edit of the parsed copy leave the
    next load of the built-in as it was."""
    from golfcli.variantload import _builtin_file

    before = load_variant("six-card")
    load_variant("six-card", ["values.ranks.2=2", "patterns.0.cards=keep_negative"])
    load_variant(write(tmp_path, "name: mine\nextends: six-card\nvalues: {ranks: {K: 7}}\n"))
    _builtin_file("six-card").data["values"]["ranks"].clear()
    assert repr(load_variant("six-card")) == repr(before)  # Variant compares by identity
    assert before.rank_values[2] == -2 and before.rank_values[13] == 0


def test_set_list_item_and_lists() -> None:
    v = load_variant("six-card", ["patterns.0.cards=keep_negative", "players=[2, 3]"])
    assert v.patterns[0].cards == "keep_negative" and v.players == (2, 3)


def test_set_adds_a_rank_value_and_finds_exact_cards() -> None:
    v = load_variant("alberta", ["values.ranks.joker=-5", "values.cards.kc=-4"])
    assert v.rank_values[C.JOKER] == -5
    assert v.value(C.parse_card("KC")) == -4
    assert sum(1 for c, _ in v.card_values if c == C.parse_card("KC")) == 1


def test_set_follows_the_schema_not_the_file() -> None:
    """A key the schema has but the loaded item leaves out can be set: six-card's
    column pair has no bonus, underdog's lowest-score rule no ``unique``."""
    v = load_variant("six-card", ["patterns.0.bonus=-3", "patterns.0.ranks=[5, K]"])
    assert v.patterns[0].bonus == -3 and v.patterns[0].ranks == frozenset({5, 13})
    assert total(v, "5 K 2 / 5 7 9") == 14 - 3
    underdog = REPO / "configs" / "variants" / "underdog.yaml"
    assert not load_variant(underdog).adjustments[0].unique
    assert load_variant(underdog, ["adjustments.0.unique=true"]).adjustments[0].unique
    # still only the schema's keys: a near miss is named, else the keys are
    msg = error_of("six-card", ("patterns.0.bonsu=1",))
    assert msg.endswith("unknown key 'bonsu' in patterns.0 (did you mean 'bonus'?)")
    msg = error_of("six-card", ("patterns.0.colour=red",))
    assert "patterns.0.colour: unknown key 'colour' in patterns.0 (keys: adjacent, bonus," in msg
    # a key the item's kind does not take is refused where kinds are checked
    assert "adjustments.0.when: not a key of a lowest adjustment" in error_of(
        underdog, ("adjustments.0.when=lowest",)
    )


def test_set_a_mapping_merges_into_the_mapping_there() -> None:
    """``--set game={holes: 3}`` is the ``game: {holes: 3}`` of a file that
    extends the variant: the keys given change, the others stay (it was a
    KeyError for the keys left out)."""
    six = load_variant("six-card")
    v = load_variant("six-card", ["game={holes: 3}", "grid={rows: 3}", "deck={packs: 3}"])
    assert v.game.holes == 3 and v.game.scoring == six.game.scoring
    assert (v.rows, v.cols) == (3, six.cols)
    assert v.packs == ((1, 99, 3),) and v.jokers_per_pack == six.jokers_per_pack
    # a list item is a mapping too; values.ranks merges rank by rank, any spelling
    v = load_variant("six-card", ["patterns.0={bonus: -3}", "values={ranks: {k: 7}}"])
    assert v.patterns[0].kind == "column_pair" and v.patterns[0].bonus == -3
    assert v.rank_values[13] == 7 and v.rank_values[1] == six.rank_values[1]
    # deck.packs is replaced whole, as in a file: merged, 2-12 would overlap 5-8
    assert load_variant("six-card", ["deck.packs={2-12: 3}"]).packs == ((2, 12, 3),)
    # a merge keeps the rules between keys: six-card plays 9 holes, so a target clashes
    assert "game.target: give game.holes or game.target, not both" in error_of(
        "six-card", ("game={target: 50}",)
    )
    assert load_variant("six-card", ["game={holes: null, target: 50}"]).game.target == 50


def test_set_a_mapping_is_checked_key_by_key_at_the_set() -> None:
    """Every key a mapping brings is checked as a file's would be, and named
    with the --set it came from."""
    assert error_of("six-card", ("game={holse: 3}",)).startswith(
        "--set game={holse: 3}: game.holse: unknown key"
    )
    assert error_of("six-card", ("grid={rows: x}",)).startswith(
        "--set grid={rows: x}: grid.rows: must be a whole number"
    )
    # anything but a mapping replaces the value, and is checked as such
    assert "--set game=3: game: must be a mapping of keys" in error_of("six-card", ("game=3",))


@pytest.mark.parametrize(
    "item,fragment",
    [
        ("turn.knok=true", "--set turn.knok=true: turn.knok: unknown key"),
        ("patterns.0.ranks.0=K", "patterns.0.ranks is not set, so it has no item 0"),
        ("nosuch=1", "unknown key"),
        ("holes", "expected KEY=VALUE"),
        ("patterns.5.cards=keep", "no item 5"),
        ("grid.rows.x=3", "not a mapping"),
        ("values.ranks.Z=1", "unknown rank"),
        ("grid.rows=0", "grid.rows: must be at least 1"),
        ("game.holes=nine", "game.holes: must be a whole number"),
    ],
)
def test_set_errors(item: str, fragment: str) -> None:
    assert fragment in error_of("six-card", (item,))


def test_unknown_builtin_name() -> None:
    assert "unknown variant" in error_of("no-such-variant")


# --------------------------------------------------------------------------- errors


# (file body, line of the problem, key path, fragment of the message); P is
# two lines, so the first key after it is on line 3.
P = "name: x\nextends: six-card\n"
BAD_FILES = [
    # an unknown key, at every level
    (P + "colour: red\n", 3, "colour", "unknown key"),
    (P + "turn:\n  knok: true\n", 4, "turn.knok", "unknown key"),
    (P + "grid: {rows: 2, cols: 3, depth: 1}\n", 3, "grid.depth", "unknown key"),
    (
        P + "patterns:\n  - kind: row\n    colour: 1\n",
        5, "patterns.0.colour", "unknown key",
    ),
    (
        P + "adjustments:\n  - kind: lowest\n    add: 1\n    score: 2\n",
        6, "adjustments.0.score", "not a key",
    ),
    # wrong types
    (P + "game:\n  holes: nine\n", 4, "game.holes", "whole number"),
    (P + "turn:\n  knock: yes please\n", 4, "turn.knock", "true or false"),
    (P + "grid: 3\n", 3, "grid", "mapping"),
    (P + "grid: {rows: 2.5, cols: 3}\n", 3, "grid.rows", "whole number"),
    (P + "patterns: column\n", 3, "patterns", "list"),
    (P + "patterns:\n  - column_pair\n", 4, "patterns.0", "mapping"),
    (P + "values:\n  ranks: {K: zero}\n", 4, "values.ranks.K", "whole number"),
    # impossible values
    (P + "grid:\n  rows: 7\n  cols: 0\n", 5, "grid.cols", "at least 1"),
    (P + "deck:\n  packs: -1\n", 4, "deck.packs", "at least 1"),
    (P + "deck:\n  packs: {2-4: 0}\n", 4, "deck.packs.2-4", "at least 1"),
    (P + "deck:\n  jokers_per_pack: -2\n", 4, "deck.jokers_per_pack", "at least 0"),
    (P + "players: 0\n", 3, "players", "impossible"),
    (P + "players: 5-2\n", 3, "players", "impossible"),
    (P + "start:\n  reveal: 7\n", 4, "start.reveal", "at most 6"),
    (P + "turn:\n  flip_after_discard: sometimes\n", 4,
     "turn.flip_after_discard", "one of"),
    (P + "turn:\n  draw_from: [stock, hand]\n", 4, "turn.draw_from.1", "stock or discard"),
    (P + "end:\n  final_turns: two\n", 4, "end.final_turns", "one of"),
    (P + "game:\n  scoring: golf\n", 4, "game.scoring", "one of"),
    (P + "game:\n  target: 50\n", 4, "game.target", "not both"),
    (P + "values:\n  ranks: {Z: 1}\n", 4, "values.ranks.Z", "unknown rank"),
    # a rank that is not a word or a number: a TypeError in the compiled build
    (P + "values:\n  ranks: {1.5: 1}\n", 4, "values.ranks.1.5", "unknown rank 1.5"),
    (P + "patterns:\n  - kind: row\n    ranks: [1.5]\n", 5, "patterns.0.ranks.0",
     "unknown rank 1.5"),
    (P + "patterns:\n  - kind: row\n    except: [{kind: row}]\n", 5, "patterns.0.except.0",
     "unknown rank {'kind': 'row'}"),
    (P + "patterns:\n  - kind: row\n    ranks: [[K]]\n", 5, "patterns.0.ranks.0",
     "unknown rank ['K']"),
    (P + "patterns:\n  - kind: row\n    ranks: .inf\n", 5, "patterns.0.ranks.0",
     "unknown rank inf"),
    (P + "values:\n  ranks: {K: -2, k: 0}\n", 4, "values.ranks.k", "same rank"),
    (P + "values:\n  cards: {K: -2}\n", 4, "values.cards.K", "needs a suit"),
    (P + "deck:\n  jokers_per_pack: 2\n", 4, "deck.jokers_per_pack", "joker: N"),
    (P + "deck:\n  packs: {2-4: 1, 4-12: 2}\n", 4, "deck.packs.4-12", "overlap"),
    (P + "deck:\n  packs: {2-4: 1}\n", 4, "deck.packs", "no pack count for 5"),
    (P + "grid: {rows: 8, cols: 12}\ndeck: {packs: 1}\n", 4, "deck.packs", "too few"),
    (P + "patterns:\n  - kind: blok\n", 4, "patterns.0.kind", "one of"),
    (P + "patterns:\n  - cards: zero\n", 4, "patterns.0", "needs kind"),
    (P + "patterns:\n  - kind: row\n    cards: half\n", 5, "patterns.0.cards", "one of"),
    (P + "patterns:\n  - kind: row\n    adjacent: false\n", 5,
     "patterns.0.adjacent", "twin_columns"),
    (P + "grid: {rows: 1, cols: 6}\npatterns:\n  - kind: column\n", 5,
     "patterns.0.kind", "2 rows"),
    (P + "grid: {rows: 1, cols: 6}\npatterns:\n  - kind: block\n", 5,
     "patterns.0.kind", "2x2"),
    (P + "adjustments:\n  - kind: exact\n    score: 21\n", 4, "adjustments.0",
     "needs becomes"),
    (P + "adjustments:\n  - kind: closer\n    add: 5\n    when: often\n", 6,
     "adjustments.0.when", "one of"),
    (P + "partners: {player_counts: [5]}\n", 3, "partners.player_counts.0",
     "groups of 2"),
    # knocking and the flip after a discard limited by face-down cards
    (P + "turn:\n  knock_max_face_down: -1\n", 4, "turn.knock_max_face_down",
     "must be a number of face-down cards from 0 to 6 (the cards of a layout), "
     "or null for no limit, not -1"),
    (P + "turn:\n  knock_max_face_down: 7\n", 4, "turn.knock_max_face_down", "not 7"),
    (P + "turn:\n  knock_max_face_down: two\n", 4, "turn.knock_max_face_down",
     "or null for no limit, not text 'two'"),
    (P + "turn:\n  flip_after_discard_max_face_down: true\n", 4,
     "turn.flip_after_discard_max_face_down", "from 0 to 6 (the cards of a layout), "
     "or null for no limit, not true/false True"),
    (P + "turn:\n  flip_after_discard_max_face_down: 1.5\n", 4,
     "turn.flip_after_discard_max_face_down", "not float 1.5"),
    # a multiplying closer adjustment
    (P + "adjustments:\n  - kind: closer\n    when: not_lowest\n", 4, "adjustments.0",
     "a closer adjustment needs add, multiply or both"),
    (P + "adjustments:\n  - kind: closer\n    multiply: 1.5\n", 5,
     "adjustments.0.multiply", "must be a whole number"),
    (P + "adjustments:\n  - kind: closer\n    multiply: 11\n", 5,
     "adjustments.0.multiply", "must be at most 10, not 11"),
    (P + "adjustments:\n  - kind: closer\n    multiply: -1\n", 5,
     "adjustments.0.multiply", "must be at least 0, not -1"),
    (P + "adjustments:\n  - kind: closer\n    multiply: 2\n    multiply_negative: often\n",
     6, "adjustments.0.multiply_negative", "true or false"),
    (P + "adjustments:\n  - kind: closer\n    add: 5\n    multiply_negative: true\n", 6,
     "adjustments.0.multiply_negative", "only applies with multiply (the factor, e.g. 2)"),
    (P + "adjustments:\n  - kind: lowest\n    add: -3\n    multiply: 2\n", 6,
     "adjustments.0.multiply", "not a key of a lowest adjustment"),
    (P + "end: {all_face_up: false}\n", 3, "end.all_face_up", "knock"),
    # structure
    (P + "name: y\n", 3, "name", "twice"),
    ("extends: six-card\nname: ''\n", 2, "name", "needs a name"),
    ("- a\n- b\n", 1, "", "mapping"),
    (P + "game: [\n", 4, "", "invalid YAML"),
    ("name: x\nextends: 5\n", 2, "extends", "name or path"),
]  # fmt: skip


@pytest.mark.parametrize("body,line,key,fragment", BAD_FILES)
def test_bad_files_name_file_line_and_key(
    tmp_path: Path, body: str, line: int, key: str, fragment: str
) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(body, encoding="utf-8")
    msg = error_of(path)
    prefix = f"{path}:{line}: " + (f"{key}: " if key else "")
    assert msg.startswith(prefix), msg
    assert fragment in msg, msg


def test_a_tournament_config_given_as_a_variant_is_named_as_such(tmp_path: Path) -> None:
    root = REPO
    config = root / "configs" / "six-card.yaml"
    lines = config.read_text().splitlines()
    line = next(i for i, text in enumerate(lines, 1) if text.startswith("variant:"))
    msg = error_of(config)
    assert msg.startswith(f"{config}:{line}: variant: unknown key: this file looks like a tourna")
    assert "golf tournament" in msg
    # a variant whose players key is a count, with a stray variant key, is a plain unknown key
    path = write(tmp_path, "name: x\nextends: six-card\nvariant: six-card\n")
    assert "looks like a tournament" not in error_of(path)


def test_errors_are_variant_errors_and_value_errors(tmp_path: Path) -> None:
    path = write(tmp_path, "name: x\nextends: six-card\ngrid: {rows: 0, cols: 3}\n")
    with pytest.raises(VariantError) as info:
        load_variant(path)
    assert isinstance(info.value, ValueError)
    assert info.value.path == "grid.rows"
    assert info.value.where == f"{path}:3"


def test_missing_file() -> None:
    assert "file not found" in error_of("no/such/file.yaml")


# --------------------------------------------------------------------------- helpers


@pytest.mark.parametrize(
    "text,expect", [(3, (3, 3)), ("2-4", (2, 4)), ("9+", (9, 99)), ("5", (5, 5))]
)
def test_parse_counts(text: str | int, expect: tuple[int, int]) -> None:
    assert parse_counts(text) == expect


def test_parse_counts_error() -> None:
    with pytest.raises(InputError):
        parse_counts("many")


def test_value_uses_exact_cards_then_ranks() -> None:
    v = builtin("alberta")
    assert v.value(C.parse_card("KC")) == -1  # the club special
    assert v.value(C.parse_card("KH")) == 0  # other kings
    assert v.value(C.parse_card("K")) == 0  # typed without suit: the plain rule
    assert v.value(C.JOKER_CARD) == -3
    assert v.card_values and not builtin("six-card").card_values


def test_check_players() -> None:
    builtin("alberta").check_players(6)
    with pytest.raises(InputError, match="not 5"):
        builtin("alberta").check_players(5)
    with pytest.raises(InputError, match="not 13"):
        builtin("six-card").check_players(13)  # six-card is for 2-12
    with pytest.raises(InputError, match="no pack count"):
        load_variant("six-card", ["deck.packs={2-4: 1}", "players=2-4"]).packs_for(5)


# --------------------------------------------------------------------------- dealing typed cards


def test_typed_cards_the_deck_cannot_hold() -> None:
    """A card typed with its suit counts against that card's copies, a joker
    against the jokers, and every card of a rank (suit or none) against the
    rank's copies: a card without a suit can be any suit still free."""
    six, duel = builtin("six-card"), builtin("duel")

    def short(v: Variant, text: str, *players: int) -> str | None:
        return v.overdealt(C.parse_layout(text)[2], players)

    assert short(six, "5S 5H 5D / 5C K Q") is None
    assert short(six, "5S 5 5 / 5 K Q") is None  # the plain 5s are the other three suits
    assert short(six, "5S 5 5 / 5 5 Q") == (
        "5 cards of rank 5 (the deck has 4), but six-card deals 1 pack to 2 players "
        "(2 packs from 5 players)"
    )
    assert short(six, "5S 5S 5S / K Q J") == (
        "5S typed 3 times (the deck has 1), but six-card deals 1 pack to 2 players "
        "(3 packs from 9 players)"
    )
    assert short(six, "5S 5S 5S / K Q J", 9) is None
    assert short(six, "5S 5S ? / ? ? ?", 4, 5) == (  # the next count given deals two packs
        "5S typed twice (the deck has 1), but six-card deals 1 pack to 4 players "
        "(2 packs from 5 players)"
    )
    assert short(six, "5S 5S ? / ? ? ?", 2, 3, 4) == (  # no count given deals two packs
        "5S typed twice (the deck has 1), but six-card deals 1 pack to 2 players"
    )
    assert short(duel, "JK JK 5 / 6 7 8") is None  # duel's one pack has two jokers
    assert short(duel, "JK JK JK / 6 7 8") == (
        "JK typed 3 times (the deck has 2), but duel deals 1 pack to 2 players"
    )
    assert short(duel, "KC KC K / K K 2") == (
        "KC typed twice (the deck has 1); 5 cards of rank K (the deck has 4), "
        "but duel deals 1 pack to 2 players"
    )
    # the words at their edges: a card the deck lacks, typed once; the ace,
    # the lowest rank, counted like the others; exactly two packs
    assert short(six, "JK 5 5 / 6 7 8") == (
        "JK typed once (the deck has none), but six-card deals 1 pack to 2 players"
    )
    assert short(six, "A A A / A A 2") == (
        "5 cards of rank A (the deck has 4), but six-card deals 1 pack to 2 players "
        "(2 packs from 5 players)"
    )
    assert short(six, "5S 5S 5S / K Q J", 5) == (
        "5S typed 3 times (the deck has 2), but six-card deals 2 packs to 5 players"
    )


def test_the_new_keys_take_their_whole_range() -> None:
    """0 to the layout's cards face down (and null), a factor 0 to 10."""
    for n in (0, 6, None):
        v = load_variant(
            {
                "name": "t",
                "extends": "six-card",
                "turn": {"knock_max_face_down": n, "flip_after_discard_max_face_down": n},
            }
        )
        assert v.turn.knock_max_face_down == n and v.turn.flip_after_discard_max_face_down == n
    assert load_variant("four-card", ["turn.knock_max_face_down=4"]).turn.knock_max_face_down == 4
    for factor in (0, 10):
        adj = {"kind": "closer", "multiply": factor, "multiply_negative": True}
        v = load_variant({"name": "t", "extends": "six-card", "adjustments": [adj]})
        assert (v.adjustments[0].multiply, v.adjustments[0].multiply_negative) == (factor, True)
        assert (v.adjustments[0].add, v.adjustments[0].when) == (0, "always")
    plain = load_variant(
        {"name": "t", "extends": "six-card", "adjustments": [{"kind": "closer", "add": 5}]}
    )
    assert (plain.adjustments[0].multiply, plain.adjustments[0].multiply_negative) == (1, False)


# --------------------------------------------------------------------------- the schema's edges
# Each validated range at both ends and one past them, the default of every
# key a file of its own leaves out, and every error in its exact words: what
# a player writing a house rule meets (docs/variants.md, Every key).

RANKS = "{A: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 8, 9: 9, 10: 10, J: 10, Q: 10, K: 0}"


def test_a_file_of_its_own_gets_every_default(tmp_path: Path) -> None:
    """A file without ``extends:`` gives only its name and card values; every
    other key is the documented default, written out here by hand."""
    path = write(tmp_path, f"name: ' own '\nvalues:\n  ranks: {RANKS}\n")
    v = load_variant(path)
    assert (v.name, v.description, v.source) == ("own", "", str(path))
    assert v.players == (2, 3, 4, 5, 6, 7, 8)
    assert (v.rows, v.cols, v.cells) == (2, 3, 6)
    assert v.packs == ((2, 4, 1), (5, 8, 2), (9, 99, 3))
    assert (v.jokers_per_pack, v.joker_valued) == (0, False)
    assert v.rank_values == (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 0)
    assert (v.card_values, v.patterns, v.adjustments) == ((), (), ())
    assert v.start == Start(reveal=2, peek=0)
    assert v.turn == Turn(
        draw_from=("stock", "discard"),
        flip_after_discard="required",
        flip_after_discard_phase="any",
        flip_instead_of_draw=False,
        knock=False,
        bunker_shot=False,
        approach_shot=False,
        look_again=False,
        knock_max_face_down=None,
        flip_after_discard_max_face_down=None,
    )
    assert v.end == EndRules(
        all_face_up=True,
        final_turns="each_other",
        frozen_discard=False,
        turn_limit=50,
        stock_empty="reshuffle",
    )
    assert v.game == GameRules(
        holes=9,
        target=None,
        target_rule="reach",
        max_holes=None,
        scoring="stroke",
        ties="share",
        max_playoff_holes=9,
    )
    assert v.partners == Partners(group_size=2, player_counts=())
    assert v.to_data()["extends"] is None and v.to_data()["name"] == " own "


def test_a_pattern_and_each_adjustment_kind_take_their_defaults() -> None:
    v = load_variant(
        {
            "name": "t",
            "extends": "six-card",
            "patterns": [{"kind": "twin_columns"}, {"kind": "column", "name": ""}],
            "adjustments": [
                {"kind": "exact", "score": 21, "becomes": 0},
                {"kind": "closer", "add": 5},
                {"kind": "lowest", "add": -1},
                {"kind": "tied", "add": 2, "name": "shame"},
            ],
        }
    )
    pattern = Pattern(
        kind="twin_columns",
        name="twin columns",
        cards="zero",
        bonus=0,
        opponents=0,
        ranks=None,
        adjacent=True,
    )
    assert v.patterns == (pattern, replace(pattern, kind="column", name="column"))
    plain = Adjustment(
        kind="exact",
        name="exact",
        score=21,
        becomes=0,
        add=0,
        when="always",
        unique=False,
        multiply=1,
        multiply_negative=False,
    )
    assert v.adjustments == (
        plain,
        replace(plain, kind="closer", name="closer", score=0, add=5),
        replace(plain, kind="lowest", name="lowest", score=0, add=-1),
        replace(plain, kind="tied", name="shame", score=0, add=2),
    )


def test_every_key_of_a_pattern_and_an_adjustment_is_read() -> None:
    v = load_variant(
        {
            "name": "t",
            "extends": "alberta",
            "patterns": [
                {"kind": "twin_columns", "name": "twins", "cards": -2, "bonus": -3},
                {"kind": "twin_columns", "opponents": 4, "adjacent": False, "except": [5]},
                {"kind": "row", "cards": "keep", "ranks": ["K", "joker"], "except": "K"},
            ],
            "adjustments": [
                {"kind": "closer", "when": "not_lowest", "multiply": 2, "multiply_negative": True},
                {"kind": "lowest", "add": -1, "unique": True},
            ],
        }
    )
    twins, apart, row = v.patterns
    assert (twins.name, twins.cards, twins.bonus, twins.opponents) == ("twins", -2, -3, 0)
    assert (apart.opponents, apart.adjacent) == (4, False)
    assert apart.ranks == frozenset(range(14)) - {5}
    assert (row.cards, row.ranks) == ("keep", frozenset({C.JOKER}))
    closer, lowest = v.adjustments
    assert (closer.when, closer.multiply, closer.multiply_negative, closer.add) == (
        "not_lowest",
        2,
        True,
        0,
    )
    assert (lowest.unique, lowest.add) == (True, -1)


#: Wide enough for any grid: two players, four packs, no pattern to fit.
WIDE = ("players=2", "deck.packs=4", "patterns=[]")
EXACT = "adjustments=[{kind: exact, score: 21, becomes: 0}]"
CLOSER = "adjustments=[{kind: closer, add: 1}]"
KC = C.parse_card("KC")
#: key, smallest and largest allowed, --set that make both loadable, and
#: where the built variant holds the value
RANGES: list[tuple[str, int, int, tuple[str, ...], Callable[[Variant], object]]] = [
    ("grid.rows", 1, 8, WIDE, lambda v: v.rows),
    ("grid.cols", 1, 12, WIDE, lambda v: v.cols),
    ("deck.jokers_per_pack", 0, 8, ("values.ranks.joker=0",), lambda v: v.jokers_per_pack),
    ("deck.packs", 1, 12, ("players=2",), lambda v: v.packs_for(2)),
    ("deck.packs.2-4", 1, 12, ("players=2-4", "deck.packs={2-4: 1}"), lambda v: v.packs_for(4)),
    ("values.ranks.K", -100, 100, (), lambda v: v.rank_values[C.KING]),
    ("values.cards.KC", -100, 100, (), lambda v: v.value(KC)),
    ("patterns.0.cards", -100, 100, (), lambda v: v.patterns[0].cards),
    ("patterns.0.bonus", -1000, 1000, (), lambda v: v.patterns[0].bonus),
    ("patterns.0.opponents", -1000, 1000, (), lambda v: v.patterns[0].opponents),
    ("adjustments.0.score", -1000, 1000, (EXACT,), lambda v: v.adjustments[0].score),
    ("adjustments.0.becomes", -1000, 1000, (EXACT,), lambda v: v.adjustments[0].becomes),
    ("adjustments.0.add", -1000, 1000, (CLOSER,), lambda v: v.adjustments[0].add),
    ("adjustments.0.multiply", 0, 10, (CLOSER,), lambda v: v.adjustments[0].multiply),
    ("start.reveal", 0, 6, (), lambda v: v.start.reveal),
    ("start.peek", 0, 6, ("start.reveal=0",), lambda v: v.start.peek),
    ("end.turn_limit", 1, 10_000, (), lambda v: v.end.turn_limit),
    ("game.holes", 1, 1000, (), lambda v: v.game.holes),
    ("game.target", 1, 100_000, ("game.holes=null",), lambda v: v.game.target),
    ("game.max_holes", 1, 1000, (), lambda v: v.game.max_holes),
    ("game.max_playoff_holes", 0, 100, (), lambda v: v.game.max_playoff_holes),
    ("partners.group_size", 2, 8, (), lambda v: v.partners.group_size),
]


@pytest.mark.parametrize(("key", "lo", "hi", "base", "read"), RANGES, ids=[r[0] for r in RANGES])
def test_every_range_at_both_ends_and_one_past(
    key: str, lo: int, hi: int, base: tuple[str, ...], read: Callable[[Variant], object]
) -> None:
    for allowed in (lo, hi):
        assert read(load_variant("six-card", [*base, f"{key}={allowed}"])) == allowed
    assert error_of("six-card", (*base, f"{key}={lo - 1}")) == (
        f"--set {key}={lo - 1}: {key}: must be at least {lo}, not {lo - 1}"
    )
    assert error_of("six-card", (*base, f"{key}={hi + 1}")) == (
        f"--set {key}={hi + 1}: {key}: must be at most {hi}, not {hi + 1}"
    )


#: --set on six-card (or on the built-in named first, as ``name:--set``) and
#: the whole error line: each message of the schema, word for word.
ERRORS: list[tuple[tuple[str, ...], str]] = [
    (("name=''",), "name: every variant needs a name"),
    (("name=3",), "name: every variant needs a name"),
    (("name=" + "n" * 256,), "name: at most 255 characters, not 256"),
    (("description=3",), "description: must be text, not int"),
    (("players=0",), "players: impossible player count 0 (1 to 16)"),
    (("players=17",), "players: impossible player count 17 (1 to 16)"),
    (("players=5-4",), "players: impossible player count '5-4' (1 to 16)"),
    (("players=2-17",), "players: impossible player count '2-17' (1 to 16)"),
    (("players=17+",), "players: impossible player count '17+' (1 to 16)"),
    (("players=[2, 0]",), "players.1: impossible player count 0 (1 to 16)"),
    (("players=[2, 17+]",), "players.1: impossible player count '17+' (1 to 16)"),
    (("players=[]",), "players: no player counts given"),
    (("players=two",), "players: 'two' is not a player count like 3, 2-4 or 9+"),
    (("deck.packs={0-4: 1}",), "deck.packs.0-4: impossible player count '0-4'"),
    (("deck.packs={4-2: 1}",), "deck.packs.4-2: impossible player count '4-2'"),
    (("deck.packs={two: 1}",), "deck.packs.two: 'two' is not a player count like 3, 2-4 or 9+"),
    (
        ("deck.packs={2-4: 1, 4-12: 2}",),
        "deck.packs.4-12: player counts '4-12' overlap another entry",
    ),
    (
        ("deck.packs={5-12: 2, 2-5: 1}",),
        "deck.packs.2-5: player counts '2-5' overlap another entry",
    ),
    (
        ("deck.packs=[1]",),
        "deck.packs: must be a number of packs or a mapping like {2-4: 1, 5+: 2}",
    ),
    (
        ("deck.packs=true",),
        "deck.packs: must be a number of packs or a mapping like {2-4: 1, 5+: 2}",
    ),
    (("deck.packs={2-4: 1}",), "deck.packs: no pack count for 5 players"),
    (
        ("values.ranks=5",),
        "values.ranks: must map every rank (A 2-10 J Q K, and joker if used) to its value",
    ),
    (("values.ranks.Z=1",), "values.ranks.Z: unknown rank 'Z' (use A 2-10 T J Q K or joker)"),
    (
        ("deck.jokers_per_pack=1",),
        "deck.jokers_per_pack: the deck has jokers but values.ranks gives them no value "
        "(add joker: N)",
    ),
    (("values.cards=[1]",), "values.cards: must map exact cards like AC or 10C to values"),
    (
        ("values.cards.ZZ=1",),
        "values.cards.ZZ: unknown card 'ZZ' (ranks A or 1, 2-10 T J Q K, suits C D H S, joker JK)",
    ),
    (
        ("values.cards.K=1",),
        "values.cards.K: an exact card needs a suit (e.g. KC); use values.ranks for a whole rank",
    ),
    (
        ("values.cards.?=1",),
        "values.cards.?: an exact card needs a suit (e.g. KC); use values.ranks for a whole rank",
    ),
    (("patterns=3",), "patterns: must be a list of matching rules"),
    (
        ("patterns=[{cards: 1}]",),
        "patterns.0: a pattern needs kind: one of column_pair, column, row, diagonal, "
        "adjacent_pair, block, twin_columns",
    ),
    (
        ("patterns.0.cards=half",),
        "patterns.0.cards: must be one of zero, keep, keep_negative, not 'half'",
    ),
    (
        ("patterns.0.cards=true",),
        "patterns.0.cards: must be one of zero, keep, keep_negative, not True",
    ),
    (
        ("patterns.0.ranks=[Z]",),
        "patterns.0.ranks.0: unknown rank 'Z' (use A 2-10 T J Q K or joker)",
    ),
    (
        ("patterns.0.except=Z",),
        "patterns.0.except.0: unknown rank 'Z' (use A 2-10 T J Q K or joker)",
    ),
    (
        ("grid.rows=1", "patterns.0.kind=diagonal"),
        "patterns.0.kind: a diagonal needs at least a 2x2 grid",
    ),
    (
        ("grid.cols=1", "patterns.0.kind=block"),
        "patterns.0.kind: a block needs at least a 2x2 grid",
    ),
    (("grid.cols=1", "patterns.0.kind=row"), "patterns.0.kind: a row needs at least 2 columns"),
    (
        ("grid={rows: 1, cols: 1}", "patterns.0.kind=adjacent_pair"),
        "patterns.0.kind: adjacent_pair needs at least 2 cards",
    ),
    (
        ("grid.cols=1", "patterns.0.kind=twin_columns"),
        "patterns.0.kind: twin_columns needs at least 2 columns",
    ),
    (("grid.rows=1", "patterns.0.kind=column"), "patterns.0.kind: column needs at least 2 rows"),
    (
        ("grid.rows=1", "patterns.0.kind=column_pair"),
        "patterns.0.kind: column_pair needs at least 2 rows",
    ),
    (("patterns.0.adjacent=true",), "patterns.0.adjacent: adjacent only applies to twin_columns"),
    (("adjustments={}",), "adjustments: must be a list of hole-level rules"),
    (
        ("adjustments=[{add: 1}]",),
        "adjustments.0: an adjustment needs kind: one of exact, closer, lowest, tied",
    ),
    (("adjustments=[{kind: exact, becomes: 0}]",), "adjustments.0: a exact adjustment needs score"),
    (("adjustments=[{kind: exact, score: 0}]",), "adjustments.0: a exact adjustment needs becomes"),
    (("adjustments=[{kind: lowest}]",), "adjustments.0: a lowest adjustment needs add"),
    (("adjustments=[{kind: tied}]",), "adjustments.0: a tied adjustment needs add"),
    (
        ("adjustments=[{kind: closer}]",),
        "adjustments.0: a closer adjustment needs add, multiply or both",
    ),
    (
        ("adjustments=[{kind: tied, add: 1, unique: true}]",),
        "adjustments.0.unique: not a key of a tied adjustment (keys: add, kind, name)",
    ),
    (
        ("adjustments=[{kind: exact, score: 1, becomes: 0, add: 1}]",),
        "adjustments.0.add: not a key of a exact adjustment (keys: becomes, kind, name, score)",
    ),
    (
        ("adjustments=[{kind: closer, add: 1, unique: true}]",),
        "adjustments.0.unique: not a key of a closer adjustment "
        "(keys: add, kind, multiply, multiply_negative, name, when)",
    ),
    (
        ("adjustments=[{kind: lowest, add: 1, when: always}]",),
        "adjustments.0.when: not a key of a lowest adjustment (keys: add, kind, name, unique)",
    ),
    (
        ("adjustments=[{kind: closer, add: 1, multiply_negative: true}]",),
        "adjustments.0.multiply_negative: only applies with multiply (the factor, e.g. 2)",
    ),
    (
        ("adjustments=[{kind: closer, add: 1, when: lowst}]",),
        "adjustments.0.when: must be one of always, lowest, strictly_lowest, not_lowest, "
        "not_strictly_lowest, not 'lowst' (did you mean 'lowest'?)",
    ),
    (
        ("adjustments=[{kind: lowest, add: 1, unique: 3}]",),
        "adjustments.0.unique: must be true or false, not 3",
    ),
    (("start={reveal: 4, peek: 3}",), "start: reveal + peek (7) exceeds the 6 cards of a layout"),
    (("turn.draw_from=[]",), "turn.draw_from: must be a list of stock and/or discard"),
    (("turn.draw_from=stock",), "turn.draw_from: must be a list of stock and/or discard"),
    (("turn.draw_from=[stock, deck]",), "turn.draw_from.1: must be stock or discard, not 'deck'"),
    (
        ("turn.flip_after_discard=sometimes",),
        "turn.flip_after_discard: must be one of required, optional, never, not 'sometimes'",
    ),
    (
        ("turn.flip_after_discard_phase=late",),
        "turn.flip_after_discard_phase: must be one of any, end_phase, not 'late'",
    ),
    (("end.final_turns=all",), "end.final_turns: must be one of each_other, none, not 'all'"),
    (("end.stock_empty=stop",), "end.stock_empty: must be one of reshuffle, end_hole, not 'stop'"),
    (
        ("turn.draw_from=[discard]", "end.frozen_discard=true"),
        "end.frozen_discard: a frozen discard pile on final turns needs turn.draw_from to "
        "include stock (those turns would have nothing to draw)",
    ),
    (
        ("end.all_face_up=false",),
        "end.all_face_up: with all_face_up false a hole can only end by turn.knock: true",
    ),
    (("game={holes: null}",), "game: give game.holes or game.target"),
    (
        ("game.target=50",),
        "game.target: give game.holes or game.target, not both "
        "(cap a target with game.max_holes)",
    ),
    (("game.target_rule=pass",), "game.target_rule: must be one of reach, exceed, not 'pass'"),
    (("game.scoring=points",), "game.scoring: must be one of stroke, match, not 'points'"),
    (("game.ties=split",), "game.ties: must be one of share, playoff, not 'split'"),
    (
        ("partners.player_counts=4",),
        "partners.player_counts: must be a list of player counts, e.g. [4, 6]",
    ),
    (("partners.player_counts=[1]",), "partners.player_counts.0: must be at least 2, not 1"),
    (("partners.player_counts=[17]",), "partners.player_counts.0: must be at most 16, not 17"),
    (
        ("partners.player_counts=[2]",),
        "partners.player_counts.0: 2 players cannot form two or more groups of 2",
    ),
    (
        ("partners.player_counts=[4, 5]",),
        "partners.player_counts.1: 5 players cannot form two or more groups of 2",
    ),
    (
        ("partners={group_size: 3, player_counts: [6, 8]}",),
        "partners.player_counts.1: 8 players cannot form two or more groups of 3",
    ),
    (
        ("players=2-4", "partners.player_counts=[6]"),
        "partners.player_counts.0: 6 is not an allowed player count (players)",
    ),
    (
        ("grid={rows: 2, cols: 2}", "players=13", "values.ranks.joker=0",
         "deck={packs: 1, jokers_per_pack: 1}"),
        "deck.packs: 1 pack(s) hold 53 cards, too few to deal 13 layouts of 4 with 13 players",
    ),
    (
        ("players=2-16", "deck.packs=1"),
        "deck.packs: 1 pack(s) hold 52 cards, too few to deal 9 layouts of 6 with 9 players",
    ),
]  # fmt: skip


@pytest.mark.parametrize(("sets", "message"), ERRORS, ids=[" ".join(s) for s, _ in ERRORS])
def test_every_error_in_its_words(sets: tuple[str, ...], message: str) -> None:
    # the place as a message names it (a --set longer than 36 characters shortened)
    assert error_of("six-card", sets) == f"{shorten('--set ' + sets[-1], 36)}: {message}"


def test_player_counts_at_their_edges() -> None:
    """1 to 16 seats, as counts, ranges, ``N+`` (N to 16) and lists."""
    three = ("deck.packs=3",)
    assert load_variant("six-card", [*three, "players=1"]).players == (1,)
    assert load_variant("six-card", [*three, "players=16"]).players == (16,)
    assert load_variant("six-card", [*three, "players=16+"]).players == (16,)
    assert load_variant("six-card", [*three, "players=14+"]).players == (14, 15, 16)
    assert load_variant("six-card", [*three, "players=1-2"]).players == (1, 2)
    assert load_variant("six-card", [*three, "players=[3, 2-4, 7]"]).players == (2, 3, 4, 7)


def test_the_deck_must_deal_every_layout_a_discard_and_one_card_to_draw() -> None:
    """Exactly enough cards loads; one fewer is refused (see ERRORS)."""
    # 13 layouts of 4 + the first discard + one to draw = 54 = one pack and 2 jokers
    fit = ("grid={rows: 2, cols: 2}", "players=13", "values.ranks.joker=0")
    v = load_variant("six-card", [*fit, "deck={packs: 1, jokers_per_pack: 2}"])
    assert len(v.deck(13)) == 54
    # 5 layouts of 10 + 2 = 52: one pack exactly
    assert load_variant("six-card", ["grid.cols=5", "players=5", "deck.packs=1"]).packs_for(5) == 1
    # partners deal one layout per side: 16 seats in pairs are 8 layouts (50 cards)
    pairs = load_variant(
        "six-card", ["players=[4, 16]", "deck.packs=1", "partners.player_counts=[16]"]
    )
    assert pairs.groups_for(16) == 8 and pairs.groups_for(4) == 4


# ------------------------------------------------------------------------- --set on lists and keys


def test_set_on_list_items_counts_from_either_end() -> None:
    """Items are numbered from 0 and, as in Python, from -1 at the end."""
    alberta = builtin("alberta")  # patterns: column, twin_columns
    last = load_variant("alberta", ["patterns.1.bonus=-20"]).patterns
    assert [p.bonus for p in last] == [0, -20]
    assert load_variant("alberta", ["patterns.-1.bonus=-20"]).patterns == last
    first = load_variant("alberta", ["patterns.-2.cards=keep"]).patterns
    assert [p.cards for p in first] == ["keep", alberta.patterns[1].cards]
    # six-card draws from [stock, discard]: both ends, then an item twice is once
    assert load_variant("six-card", ["turn.draw_from.1=stock"]).turn.draw_from == ("stock",)
    assert load_variant("six-card", ["turn.draw_from.-2=discard"]).turn.draw_from == ("discard",)
    swapped = load_variant("six-card", ["turn.draw_from.0=discard", "turn.draw_from.-1=stock"])
    assert swapped.turn.draw_from == ("discard", "stock")


SET_ERRORS = [
    ("patterns.1.bonus=1", "patterns.1.bonus: no item 1 in list patterns"),
    ("patterns.-2.bonus=1", "patterns.-2.bonus: no item -2 in list patterns"),
    ("turn.draw_from.2=stock", "turn.draw_from.2: no item 2 in list turn.draw_from"),
    ("turn.draw_from.-3=stock", "turn.draw_from.-3: no item -3 in list turn.draw_from"),
    ("turn.draw_from.x=stock", "turn.draw_from.x: no item 'x' in list turn.draw_from"),
    (
        "nosuch=1",
        "nosuch: unknown key 'nosuch' in the variant (keys: adjustments, deck, description, end, "
        "extends, game, grid, name, partners, patterns, players, start, turn, values)",
    ),
    (".=3", ".: unknown key '' in the variant (keys: adjustments, deck, description, end, "
     "extends, game, grid, name, partners, patterns, players, start, turn, values)"),
    ("game.hols=1", "game.hols: unknown key 'hols' in game (did you mean 'holes'?)"),
    ("players.0=3", "players.0: players is not a mapping"),
    ("game.holes.x=1", "game.holes.x: game.holes is not a mapping"),
    (
        "values.cards.KC.x=1",
        "values.cards.KC.x: values.cards.KC is not set, so it has no 'x': "
        "give it whole (--set values.cards.KC=...)",
    ),
    (
        "patterns.0.ranks.0=K",
        "patterns.0.ranks.0: patterns.0.ranks is not set, so it has no item 0: "
        "give it whole (--set patterns.0.ranks=...)",
    ),
    ("=3", "empty key"),
    ("novalue", "expected KEY=VALUE, e.g. values.ranks.2=2"),
]  # fmt: skip


@pytest.mark.parametrize(("item", "message"), SET_ERRORS, ids=[i for i, _ in SET_ERRORS])
def test_set_errors_in_their_words(item: str, message: str) -> None:
    assert error_of("six-card", (item,)) == f"--set {item}: {message}"


def test_set_keys_are_read_as_the_schema_spells_them() -> None:
    """Spaces around the key are not part of it; a key the schema leaves
    open (the player counts of ``deck.packs``) takes any name; a mapping
    that replaced a plain value has no keys of the schema."""
    assert load_variant("six-card", [" game.holes =3"]).game.holes == 3
    v = load_variant("six-card", ["players=2-4", "deck.packs={2-4: 1}", "deck.packs.2-4=2"])
    assert v.packs == ((2, 4, 2),)
    assert error_of("six-card", ("players={a: 1}", "players.a=2")) == (
        "--set players.a=2: players.a: unknown key 'a' in players"
    )
    # the entries of values.ranks and values.cards are found by rank or card, any spelling
    v = load_variant("alberta", ["values.ranks.t=11", "values.cards.k♣=-7", "values.ranks.jo=-9"])
    assert (v.rank_values[10], v.value(C.parse_card("KC")), v.rank_values[C.JOKER]) == (11, -7, -9)
    assert len(v.card_values) == len(builtin("alberta").card_values)


def test_set_a_mapping_on_every_kind_of_mapping() -> None:
    """What a mapping given to --set does where it lands: a mapping of the
    schema merges key by key, a list item's mapping too, values.ranks and
    values.cards merge entry by entry, deck.packs is replaced whole."""
    six = builtin("six-card")
    v = load_variant(
        "six-card",
        [
            "turn={knock: true}",
            "end={turn_limit: 7}",
            "start={peek: 1}",
            "partners={group_size: 3}",
            "patterns.-1={cards: 2}",
            "values.cards={KC: 1}",
            "values.cards={kh: 2}",
        ],
    )
    assert v.turn == replace(six.turn, knock=True)
    assert v.end == replace(six.end, turn_limit=7)
    assert v.start == Start(reveal=2, peek=1)
    assert v.partners == Partners(3, ())
    assert v.patterns == (replace(six.patterns[0], cards=2),)
    assert dict(v.card_values) == {C.parse_card("KC"): 1, C.parse_card("KH"): 2}
    # a mapping where the schema has a list or a value replaces it, and is checked as such
    assert error_of("six-card", ("patterns={kind: row}",)) == (
        "--set patterns={kind: row}: patterns: must be a list of matching rules"
    )


# --------------------------------------------------------------------------- extends: on every kind


def test_extends_merges_every_mapping_of_the_schema(tmp_path: Path) -> None:
    """Each section given in part keeps the parent's other keys; lists are
    replaced whole (players, draw_from, patterns, adjustments)."""
    path = write(
        tmp_path,
        """
        name: part
        extends: alberta
        players: [2, 4]
        grid: {cols: 4}
        deck: {jokers_per_pack: 1}
        start: {peek: 1}
        turn: {draw_from: [stock], knock: true}
        end: {turn_limit: 9}
        game: {ties: share}
        partners: {player_counts: [4]}
        adjustments: [{kind: tied, add: 1}]
        """,
    )
    v, alberta = load_variant(path), builtin("alberta")
    assert v.players == (2, 4)
    assert (v.rows, v.cols) == (alberta.rows, 4)
    assert (v.packs, v.jokers_per_pack) == (alberta.packs, 1)
    assert v.start == replace(alberta.start, peek=1)
    assert v.turn == replace(alberta.turn, draw_from=("stock",), knock=True)
    assert v.end == replace(alberta.end, turn_limit=9)
    assert v.game == replace(alberta.game, ties="share")
    assert v.partners == replace(alberta.partners, player_counts=(4,))
    assert v.patterns == alberta.patterns and len(v.adjustments) == 1
    assert (v.rank_values, v.card_values) == (alberta.rank_values, alberta.card_values)
    assert v.source == str(path)


def test_an_entry_named_twice_in_one_file_is_refused(tmp_path: Path) -> None:
    ranks = write(tmp_path, "name: x\nextends: six-card\nvalues:\n  ranks: {K: -2, k: 0}\n")
    assert error_of(ranks) == f"{ranks}:4: values.ranks.k: same rank as 'K'"
    cards = write(
        tmp_path, "name: x\nextends: alberta\nvalues:\n  cards: {KC: -2, k♣: 0}\n", "c.yaml"
    )
    assert error_of(cards) == f"{cards}:4: values.cards.k♣: same card as 'KC'"


def test_an_error_names_the_file_and_line_the_key_came_from(tmp_path: Path) -> None:
    """After merging, a key keeps the place it was written: the parent's
    line for what the child did not give, the child's for what it did."""
    parent = write(tmp_path, "name: p\nextends: six-card\nstart:\n  reveal: 5\n", "p.yaml")
    child = write(tmp_path, "name: c\nextends: p.yaml\ngrid: {rows: 2, cols: 2}\n")
    assert error_of(child) == f"{parent}:4: start.reveal: must be at most 4, not 5"
    child = write(tmp_path, "name: c\nextends: p.yaml\nstart:\n  peek: 9\n")
    assert error_of(child) == f"{child}:4: start.peek: must be at most 6, not 9"
    child = write(tmp_path, "name: c\nextends: p.yaml\nstart: {reveal: 7}\n")
    assert error_of(child) == f"{child}:3: start.reveal: must be at most 6, not 7"


# --------------------------------------------------------------------------- what to load

BUILT_INS = "six-card, four-card, nine-card, alberta, duel"


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("nosuch", f"nosuch: unknown variant (built-ins: {BUILT_INS}; or give a path)"),
        (
            "sixcard",
            f"sixcard: unknown variant (did you mean 'six-card'?) (built-ins: {BUILT_INS}; "
            "or give a path)",
        ),
        ("nosuch.yaml", "nosuch.yaml: file not found"),
        ("", f"'': empty variant name (built-ins: {BUILT_INS}; or give a path)"),
        ("  ", f"'': empty variant name (built-ins: {BUILT_INS}; or give a path)"),
        (
            "n" * 256,
            "n" * 37 + "...: not a variant name or file (names are at most 255 bytes, no NUL)",
        ),
        ("a\0b", "a\\x00b: not a variant name or file (names are at most 255 bytes, no NUL)"),
        (
            "x" * 4097,
            "x" * 37 + "...: not a variant name or file (names are at most 255 bytes, no NUL)",
        ),
    ],
)
def test_names_that_are_not_variants(spec: str, message: str) -> None:
    assert error_of(spec) == message


def test_a_name_of_255_bytes_is_looked_for() -> None:
    """The limits are the file system's: 255 bytes a part, 4095 in all (the
    system's 4096 count the NUL that ends a path)."""
    # looked for, and named as a message names a path (its two ends, 120 characters)
    assert error_of("n" * 250 + ".yaml") == shown_path("n" * 250 + ".yaml") + ": file not found"
    assert error_of("n" * 251 + ".yaml") == (
        "n" * 37 + "...: not a variant name or file (names are at most 255 bytes, no NUL)"
    )
    assert error_of("n" * 250).startswith(shown_path("n" * 250) + ": unknown variant")
    deep = "/".join(["d" * 200] * 20)  # 4019 bytes, parts of 200
    assert error_of(deep) == f"{shown_path(deep)}: file not found"
    longest = deep + "/" + "e" * 75  # 4095 bytes
    assert error_of(longest) == f"{shown_path(longest)}: file not found"
    assert error_of(longest + "e") == (
        "d" * 37 + "...: not a variant name or file (names are at most 255 bytes, no NUL)"
    )


def test_what_extends_may_name(tmp_path: Path) -> None:
    def file(name: str, text: str) -> Path:
        return write(tmp_path, text, name)

    assert load_variant(file("sp.yaml", 'name: x\nextends: " six-card "\n')).rows == 2
    bad = file("n.yaml", "name: x\nextends: 3\n")
    assert error_of(bad) == f"{bad}:2: extends: must be a variant name or path"
    bad = file("e.yaml", "name: x\nextends: nosuch\n")
    assert error_of(bad) == (
        f"{bad}:2: extends: no built-in variant or file 'nosuch' (built-ins: {BUILT_INS})"
    )
    bad = file("m.yaml", "name: x\nextends: ''\n")
    assert error_of(bad) == (
        f"{bad}:2: extends: empty variant name (built-ins: {BUILT_INS}; or give a path)"
    )
    loop = file("self.yaml", "name: self\n\nextends: self.yaml\n")
    assert error_of(loop) == f"{loop}:3: extends: 'self.yaml' extends itself in a loop"
    file("a.yaml", "name: a\nextends: b.yaml\n")
    b = file("b.yaml", "name: b\nextends: a.yaml\n")
    assert error_of(tmp_path / "a.yaml") == f"{b}:2: extends: 'a.yaml' extends itself in a loop"
    bad = file("list.yaml", "- 1\n")
    assert error_of(bad) == f"{bad}:1: a variant file must be a YAML mapping of keys"
    bad = file("anon.yaml", "extends: six-card\n")
    assert error_of(bad) == f"{bad}:1: name: missing: every variant file needs a name"
    # an inline mapping (a tournament config's) may take the name of what it extends
    assert load_variant({"extends": "six-card", "turn": {"knock": True}}).name == "six-card"
    assert error_of({"name": "x", "extends": 3}) == (
        "<inline variant>: extends: must be a variant name or path"
    )


def test_an_inline_variant_extends_a_path_from_its_base_dir_or_the_working_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A mapping has no file to be beside: a relative ``extends:`` is read
    from ``base_dir`` (a tournament config's directory) when given, else
    from the working directory."""
    (tmp_path / "sub").mkdir()
    write(tmp_path / "sub", "name: parent\nextends: nine-card\ngame: {holes: 4}\n", "p.yaml")
    monkeypatch.chdir(tmp_path)
    v = load_variant({"name": "x", "extends": "sub/p.yaml"})
    assert (v.name, v.rows, v.game.holes) == ("x", 3, 4)
    v = load_variant({"name": "y", "extends": "p.yaml"}, base_dir=tmp_path / "sub")
    assert (v.name, v.rows, v.game.holes) == ("y", 3, 4)


def test_a_suited_card_in_values_ranks_is_not_a_rank_however_spelled(tmp_path: Path) -> None:
    """``values.ranks`` keys are ranks: ``KC`` (a card) is an unknown rank,
    also when the file spells it twice, not the same entry given twice."""
    bad = write(tmp_path, "name: x\nextends: six-card\nvalues:\n  ranks:\n    KC: 1\n    kc: 2\n")
    assert error_of(bad) == (
        f"{bad}:5: values.ranks.KC: unknown rank 'KC' (use A 2-10 T J Q K or joker)"
    )
    # and --set does not take ``kc`` for the file's ``KC``: the error is the file's
    bad = write(tmp_path, "name: x\nextends: six-card\nvalues:\n  ranks:\n    KC: 1\n", "w.yaml")
    assert error_of(bad, ("values.ranks.kc=2",)) == (
        f"{bad}:5: values.ranks.KC: unknown rank 'KC' (use A 2-10 T J Q K or joker)"
    )


def test_a_name_the_system_cannot_look_up_is_answered_as_a_name(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Where the system will not say whether a file exists (a working
    directory the user may not search), a bare name is still answered as a
    variant name, with the built-ins, not as a file that could not be read."""
    real = Path.exists

    def refuse(self: Path, *args: object, **kwargs: object) -> bool:
        if self.name == "sixcard":
            raise PermissionError(13, "Permission denied", str(self))
        return real(self)

    monkeypatch.setattr(Path, "exists", refuse)
    assert error_of("sixcard") == (
        f"sixcard: unknown variant (did you mean 'six-card'?) (built-ins: {BUILT_INS}; "
        "or give a path)"
    )


def test_a_variant_is_loaded_again_with_overrides() -> None:
    """``load_variant(variant, overrides)``: its merged document, changed."""
    alberta = builtin("alberta")
    v = load_variant(alberta, ["game.holes=3"])
    assert (v.name, v.game.holes, v.rows, v.cols) == ("alberta", 3, 3, 6)
    assert v.patterns == alberta.patterns and alberta.game.holes == 9


def test_a_document_that_knows_no_lines_is_named_by_its_source() -> None:
    """A tournament config given as a mapping has no file lines: an error in
    its inline variant names the config and the key as the config spells it."""
    from golfcli.tournament.config import ConfigError, load_config
    from golfcli.yamlsrc import Located

    assert error_of(Located({"name": "x"}, {}, "<config>")) == (
        "<config>: values.ranks: must map every rank (A 2-10 J Q K, and joker if used) to its value"
    )
    config = {"name": "t", "variant": {"name": "x"}, "players": ["random", "greedy"], "games": 2}
    with pytest.raises(ConfigError) as info:
        load_config(config)
    assert str(info.value) == (
        "<config>: variant.values.ranks: must map every rank (A 2-10 J Q K, and joker if used) "
        "to its value"
    )


def test_a_file_of_its_own_gives_every_rank_once(tmp_path: Path) -> None:
    """Without ``extends:`` nothing merges the ranks: the check of the values
    itself finds a rank left out or given twice."""
    ranks = "A: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 8: 8, 9: 9, 10: 10, J: 10, K: 0"
    bad = write(tmp_path, f"name: d\nvalues:\n  ranks: {{{ranks}}}\n")
    assert error_of(bad) == f"{bad}:3: values.ranks: no value for rank(s) 7, Q"
    twice = "".join(f"    {r}: 1\n" for r in [*"A23456789", "10", "J", "Q", "K", "k"])
    bad = write(tmp_path, f"name: e\nvalues:\n  ranks:\n{twice}", "e.yaml")
    assert error_of(bad) == f"{bad}:17: values.ranks.k: rank K is given a value twice"


def test_a_re_spelt_entry_leaves_the_other_keys_their_lines(tmp_path: Path) -> None:
    """``k: -2`` over a parent's ``K: 0`` forgets only the places of ``K``:
    an error in a key read before it still names its own line."""
    write(tmp_path, "name: p\nextends: six-card\nvalues:\n  ranks:\n    K: 0\n", "p.yaml")
    child = write(
        tmp_path, "name: c\nextends: p.yaml\ngame:\n  holes: 0\nvalues:\n  ranks:\n    k: -2\n"
    )
    assert error_of(child) == f"{child}:4: game.holes: must be at least 1, not 0"
    good = write(tmp_path, "name: c\nextends: p.yaml\nvalues:\n  ranks:\n    k: -2\n", "g.yaml")
    assert load_variant(good).rank_values[C.KING] == -2


def test_a_deck_too_small_for_partners_counts_their_layouts() -> None:
    """Partners share a layout: four players in pairs need two layouts."""
    sets = ["grid.rows=3", "grid.cols=9", "players=4", "deck.packs=1"]
    assert error_of("six-card", (*sets, "partners.player_counts=[4]")) == (
        "--set deck.packs=1: deck.packs: 1 pack(s) hold 52 cards, too few to deal "
        "2 layouts of 27 with 4 players"
    )
    assert error_of("six-card", tuple(sets)).endswith(
        "too few to deal 4 layouts of 27 with 4 players"
    )


def test_a_name_that_cannot_be_a_file_is_shown_whole_up_to_40_characters() -> None:
    forty = "a" * 39 + "\0"
    assert error_of(forty) == (  # the NUL shown as \\x00, as a message shows control characters
        f"{'a' * 39}\\x00: not a variant name or file (names are at most 255 bytes, no NUL)"
    )
    assert error_of("a" * 40 + "\0") == (
        f"{'a' * 37}...: not a variant name or file (names are at most 255 bytes, no NUL)"
    )


def test_pack_counts_may_start_at_one_player() -> None:
    v = load_variant("six-card", ["deck.packs={1-4: 1, 5+: 2}"])
    assert v.packs == ((1, 4, 1), (5, 99, 2))
    assert error_of("six-card", ("deck.packs={0-4: 1, 5+: 2}",)) == (
        "--set deck.packs={0-4: 1, 5+: 2}: deck.packs.0-4: impossible player count '0-4'"
    )


def test_set_splits_at_the_first_equals_sign() -> None:
    assert load_variant("six-card", ["description=x = y"]).description == "x = y"


def test_odd_names_and_counts_get_their_own_words(tmp_path: Path) -> None:
    """The working directory given as a variant, a player count of ``true``,
    a key below a rank's value: each its one line, none a traceback."""
    assert error_of(".") == ".: is a directory, not a file"
    assert error_of("six-card", ("players=true",)) == (
        "--set players=true: players: True is not a player count like 3, 2-4 or 9+"
    )
    path = write(tmp_path, "name: k\nextends: six-card\nvalues:\n  ranks:\n    K: {x: 1}\n")
    assert error_of(path, ("values.ranks.K.x=2",)) == (
        "--set values.ranks.K.x=2: values.ranks.K.x: unknown key 'x' in values.ranks.K"
    )


def test_an_error_no_key_places_names_the_file_s_first_line(tmp_path: Path) -> None:
    """A key a file of its own leaves to the defaults has no line: its
    error names the file's first line, not the defaults."""
    bare = write(tmp_path, "name: bare\n")
    assert error_of(bare) == (
        f"{bare}:1: values.ranks: must map every rank (A 2-10 J Q K, and joker if used) "
        "to its value"
    )


@pytest.mark.parametrize(
    ("kind", "grid"),
    [("adjacent_pair", "{rows: 1, cols: 2}"), ("twin_columns", "{rows: 2, cols: 2}")],
)
def test_a_pattern_fits_the_smallest_grid_it_needs(kind: str, grid: str) -> None:
    """Two cards side by side are an adjacent pair; two columns are twins
    (one card or one column fewer is refused, see the errors above)."""
    v = load_variant("six-card", [f"grid={grid}", f"patterns=[{{kind: {kind}}}]"])
    assert [p.kind for p in v.patterns] == [kind]


def test_a_variant_knows_where_it_came_from(tmp_path: Path) -> None:
    """``Variant.source``: the file (a mapping given to ``--set`` merges into
    it and keeps it), the built-in's file, or ``<inline variant>``."""
    from golfcli.variantload import builtin_path

    path = write(tmp_path, "name: mine\nextends: six-card\n")
    assert load_variant(path, ["game={holes: 3}"]).source == str(path)
    assert load_variant("six-card", ["turn={knock: true}"]).source == str(builtin_path("six-card"))
    assert load_variant({"name": "x", "extends": "six-card"}).source == "<inline variant>"


def test_a_loop_among_the_shipped_files_is_reported_not_followed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Built-ins extend built-ins by name, which no path check sees: a loop
    among them (a slip in a shipped file) is an error, not endless recursion."""
    from golfcli import variantload as variant
    from golfcli.variantload import builtin_path

    six = variant._builtin_file("six-card")
    six.data["extends"] = "nine-card"
    monkeypatch.setitem(variant._BUILTIN_FILES, "six-card", six)
    assert error_of("nine-card") == (
        f"{builtin_path('nine-card')}: extends: extends itself in a loop"
    )


def test_a_card_given_twice_over_a_parent_without_cards(tmp_path: Path) -> None:
    """A parent's ``values.cards: null`` is replaced whole, so the check of the
    values itself finds the card given twice."""
    write(tmp_path, "name: p\nextends: six-card\nvalues:\n  cards: null\n", "p.yaml")
    child = write(tmp_path, "name: c\nextends: p.yaml\nvalues:\n  cards:\n    KC: 1\n    kc: 2\n")
    assert error_of(child) == f"{child}:6: values.cards.kc: card KC is given a value twice"


def test_a_file_named_like_a_built_in(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``golf rules six-card`` in a directory holding a file ``six-card``
    reads the file (the user typed a path), but ``extends: six-card`` is the
    built-in wherever it is said: nine-card extends six-card, and a file in
    the working directory broke it (it looked for six-card beside nine-card)."""
    monkeypatch.chdir(tmp_path)
    write(tmp_path, "name: mine\nextends: nine-card\n", "six-card")
    v = load_variant("six-card")
    assert (v.name, v.rows, v.start.reveal) == ("mine", 3, 3)
    assert load_variant("nine-card").name == "nine-card"
    child = write(tmp_path, "name: child\nextends: six-card\n", "child.yaml")
    assert load_variant(child).rows == 2


def test_the_built_ins_literal_is_made_from_their_yaml() -> None:
    """golfcli/builtindata.py (read instead of the YAML, see variantload) is
    what scripts/make_builtins.py makes from the shipped files now: edit a
    built-in's YAML and this fails until the script is run."""
    from golfcli.variantload import BUILTINS_MODULE, builtins_module

    assert BUILTINS_MODULE.read_text(encoding="utf-8") == builtins_module()


def test_a_built_in_is_read_from_the_module_not_parsed(monkeypatch: pytest.MonkeyPatch) -> None:
    """With golfcli/builtindata.py in step with the YAML, no built-in is
    parsed: a YAML reader that fails is never called."""
    from golfcli import variantload

    def no_yaml(path: Path) -> None:
        raise AssertionError(f"{path} was parsed")

    monkeypatch.setattr(variantload, "load_file", no_yaml)
    monkeypatch.setattr(variantload, "_BUILTIN_FILES", {})
    for name in variantload.BUILTIN_NAMES:
        assert variantload._builtin_file(name).data["name"] == name


def test_the_module_keeps_each_key_s_line_whatever_the_path_holds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A key's place is "path:line"; the line is what follows the last
    colon, also where the folder's name has colons of its own."""
    import shutil

    from golfcli import variantload

    odd = tmp_path / "a:b"
    odd.mkdir()
    for name in variantload.BUILTIN_NAMES:
        shutil.copy(variantload.builtin_path(name), odd / f"{name}.yaml")
    monkeypatch.setattr(variantload, "builtin_path", lambda name: odd / f"{name}.yaml")
    made: dict[str, object] = {}
    exec(variantload.builtins_module(), made)
    text, data, lines = made["BUILTINS"]["six-card"]  # type: ignore[index]
    assert data["name"] == "six-card"
    assert text == (odd / "six-card.yaml").read_text(encoding="utf-8")
    assert dict(lines)[("name",)] == text.splitlines().index("name: six-card") + 1


def test_a_built_in_read_from_the_literal_is_its_yaml_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same data, the same line of every key, the same source; and a
    file whose text is not the one the literal was made from is read from
    its YAML (its text differs), so an edit is never hidden."""
    import shutil

    from golfcli import variantload
    from golfcli.yamlsrc import load_file

    for name in variantload.BUILTIN_NAMES:
        got = variantload._from_literal(name, variantload.builtin_path(name))
        want = load_file(variantload.builtin_path(name))
        assert got is not None
        assert (got.data, got.lines, got.source) == (want.data, want.lines, want.source)
    edited = tmp_path / "six-card.yaml"
    shutil.copy(variantload.builtin_path("six-card"), edited)
    edited.write_text(edited.read_text() + "\n# edited\n")
    assert variantload._from_literal("six-card", edited) is None
    monkeypatch.setattr(variantload, "builtin_path", lambda name: edited)
    monkeypatch.setattr(variantload, "_BUILTIN_FILES", {})
    assert variantload._builtin_file("six-card").source == str(edited)  # read from the YAML
