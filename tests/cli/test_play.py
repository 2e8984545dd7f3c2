"""``golf play``: seats from --players, the input parser
and its reasons, rendering from a seat's view only, the scorecard, and the
real game driven through a pseudo-terminal with scripted (and bad) input."""

from __future__ import annotations

import ast
import io
import itertools
import json
import os
import random
import re
import shlex
import sys
from collections.abc import Callable
from pathlib import Path

import pexpect
import pytest

from golfcli import cards as C
from golfcli import state as state_module
from golfcli.actions import Action, IllegalAction
from golfcli.cli.app import app
from golfcli.cli.play_run import run_play
from golfcli.events import (
    Approach,
    Bunker,
    Discard,
    Draw,
    End,
    Flip,
    Knock,
    Look,
    Out,
    Pass,
    Peek,
    Reshuffle,
    Reveal,
    Swap,
)
from golfcli.matchresult import HoleRecord
from golfcli.record import load_record
from golfcli.state import HoleState
from golfcli.tui import hint
from golfcli.tui.board import (
    board_from_view,
    render_board,
    result_text,
    scorecard_text,
    side_by_side,
)
from golfcli.tui.input import REFUSALS, parse_reply, prompt_text, tokens, why_not
from golfcli.tui.narrate import describe_events
from golfcli.tui.seats import UsageError, parse_handicap, parse_players
from golfcli.tui.style import Style, vlen
from golfcli.variantload import builtin, load_variant
from golfcli.view import View, view

from ..helpers import CliRunner

GOLF = str(Path(sys.executable).with_name("golf"))
PLAIN = Style(False, False)


def card(text: str) -> int:
    return C.parse_card(text)


def finished(number: int, playoff: bool, scores: tuple[int, ...]) -> HoleRecord:
    """A finished hole as the match records it (dealer and ending do not matter here)."""
    return HoleRecord(number, 0, scores, None, "out", playoff)


# --------------------------------------------------------------------------- --players / --handicap


def test_players_default_names_and_repeats() -> None:
    seats = parse_players("human,greedy,greedy,random")
    assert [(s.name, s.kind) for s in seats] == [
        ("you", "human"), ("greedy", "greedy"), ("greedy2", "greedy"), ("random", "random"),
    ]  # fmt: skip
    assert [s.human for s in seats] == [True, False, False, False]


def test_players_named_seats_and_several_humans() -> None:
    seats = parse_players("you=human, ann=greedy ,bob=random")
    assert [(s.name, s.kind) for s in seats] == [
        ("you", "human"),
        ("ann", "greedy"),
        ("bob", "random"),
    ]
    assert [s.name for s in parse_players("human,human,greedy")] == ["player1", "player2", "greedy"]
    # HUMAN in any case is a person, not a bot spec
    assert parse_players("ann=Human,greedy")[0].human


def test_players_bot_options_are_not_names() -> None:
    # '=' inside a bot option must not be read as name=kind
    seats = parse_players("greedy?threshold=3,ann=greedy?knock_at=2")
    assert seats[0].kind == "greedy?threshold=3" and seats[0].name == "greedy"
    assert (seats[1].name, seats[1].kind) == ("ann", "greedy?knock_at=2")


def test_players_a_comma_inside_quotes_belongs_to_its_seat() -> None:
    seats = parse_players("""human,ext=cmd:python3 bot.py --weights "1,2",'cmd:bot 3,4'""")
    assert [s.kind for s in seats] == [
        "human",
        'cmd:python3 bot.py --weights "1,2"',
        "cmd:bot 3,4",
    ]
    assert shlex.split(seats[1].kind[4:]) == ["python3", "bot.py", "--weights", "1,2"]
    with pytest.raises(UsageError, match=r"--players .*a \" quote is not closed"):
        parse_players('human,cmd:bot "1,2')
    # as in a shell: a quote inside a word is a character, a backslash escapes
    seats = parse_players(r"""greedy,./don't.py,cmd:bot it\'s,cmd:bot 1\,2,x="cmd:bot 3,4" """)
    assert [s.kind for s in seats] == [
        "greedy",
        "./don't.py",
        r"cmd:bot it\'s",
        r"cmd:bot 1\,2",
        "cmd:bot 3,4",
    ]
    assert seats[4].name == "x"
    assert [shlex.split(s.kind[4:]) for s in seats[2:]] == [
        ["bot", "it's"],
        ["bot", "1,2"],
        ["bot", "3,4"],
    ]


def test_players_a_given_name_is_not_reused_for_a_default() -> None:
    seats = parse_players("greedy=random,greedy")
    assert [s.name for s in seats] == ["greedy", "greedy2"]


@pytest.mark.parametrize(
    "spec,words",
    [
        ("", "comma list"),
        ("human,,greedy", "comma list"),
        ("human", "at least 2 seats"),
        ("ann=human,ann=greedy", "two seats are named 'ann'"),
        ("ann=,greedy", "needs a kind"),
        ("1x=human,greedy", "not a usable name"),
    ],
)
def test_players_errors(spec: str, words: str) -> None:
    with pytest.raises(UsageError, match=re.escape(words)):
        parse_players(spec)


def test_handicap() -> None:
    assert parse_handicap(["bob=2", "You=1"], ["you", "bob"]) == {1: 2, 0: 1}
    for item, words in [
        ("bob", "use NAME=N"),
        ("cat=1", "no seat named 'cat'"),
        ("bob=x", "whole number"),
        ("bob=3", "1 or 2"),
        ("bob=0", "1 or 2"),
    ]:
        with pytest.raises(UsageError, match=re.escape(words)):
            parse_handicap([item], ["you", "bob"])


# --------------------------------------------------------------------------- the input parser


def hole(name: str, seed: int = 1, players: int = 2) -> HoleState:
    return HoleState(builtin(name), players, 0, random.Random(seed))


def seen(st: HoleState, seat: int | None = None) -> View:
    return view(st, st.current if seat is None else seat)


def reply(st: HoleState, text: str) -> list[Action] | str:
    """What typing ``text`` means to the seat to act: actions, or the reason it is refused."""
    r = parse_reply(text, seen(st), st.legal_actions())
    return r.error or r.command or r.actions


def test_tokens_split_letters_from_numbers() -> None:
    assert tokens("d3") == ["d", "3"]
    assert tokens(" Flip 2,5 ") == ["flip", "2", "5"]
    assert tokens("") == []


def test_odd_numbers_typed_at_a_prompt_are_refused_not_a_crash() -> None:
    """``str.isdigit`` says yes to a superscript two and a number of 5000
    digits; ``int`` says no to both (a ValueError in the middle of a game)."""
    st = hole("six-card")
    assert "is not a position" in str(reply(st, "\u00b2"))
    assert "is not a position" in str(reply(st, "1\u00b2"))
    assert str(reply(st, "9" * 5000)).startswith("there is no position 999999999...: ")
    assert reply(st, "\u0663") == [Action("reveal", 2)]  # an Arabic-Indic three is a three
    finish_setup(st)
    assert "is not a move here" in str(reply(st, "\u00b2"))
    st.apply(Action("draw_stock"))
    assert "is not" in str(reply(st, "\u00b2"))
    assert str(reply(st, "9" * 5000)).startswith("there is no position")


def test_start_reveals() -> None:
    st = hole("six-card")
    assert st.phase == "setup"
    assert reply(st, "1 4") == [Action("reveal", 0), Action("reveal", 3)]
    assert reply(st, "9") == "there is no position 9: positions are 1-6"
    assert reply(st, "0") == "there is no position 0: positions are 1-6"
    assert reply(st, "1 1") == "you named the same position twice"
    assert "is not a position" in str(reply(st, "s"))
    st.apply(Action("reveal", 0))
    assert reply(st, "1") == "the card at 1 is already face up: choose a face-down card"
    # the reason agrees with the engine's own verify_reveal
    with pytest.raises(IllegalAction, match="already face up"):
        st.verify_reveal(0)


def test_start_peeks() -> None:
    st = hole("four-card")
    assert st.legal_actions()[0].kind == "peek"
    assert reply(st, "2") == [Action("peek", 1)]
    st.apply(Action("peek", 1))
    assert reply(st, "2") == "you have already looked at 2: choose another card"
    assert "Peek at one more card" in prompt_text(seen(st), st.legal_actions(), PLAIN)


def finish_setup(st: HoleState) -> None:
    while st.phase == "setup":
        st.apply(st.legal_actions()[0])


def test_draw_step() -> None:
    st = hole("six-card")
    finish_setup(st)
    top = C.card_str(st.discard[-1])
    assert reply(st, "s") == [Action("draw_stock")]
    assert reply(st, "stock") == [Action("draw_stock")]
    assert reply(st, "d") == [Action("draw_discard")]
    assert reply(st, "d3") == [Action("draw_discard"), Action("swap", 2)]
    assert reply(st, "d 7") == "there is no position 7: positions are 1-6"
    assert reply(st, "k") == "this variant has no knocking"
    assert reply(st, "3") == f"first draw a card: s for the stock or d for the {top}"
    assert "draw first" in str(reply(st, "s 3"))
    assert "not a move here" in str(reply(st, "fly"))
    assert (
        reply(st, "f 3")
        == "this variant does not let you flip instead of drawing: draw first (s or d)"
    )
    prompt = prompt_text(seen(st), st.legal_actions(), PLAIN)
    assert prompt == f"Draw from the (s)tock or take the (d)iscard {top}?"


def test_a_refusal_is_the_rules_own_reason() -> None:
    """why_not asks the state's verify (on a table built from the view), so
    the terminal gives the rule that really forbids the move: flipping a
    face-up card instead of drawing is refused because six-card has no
    flipping instead of drawing, not because that card is face up."""
    st = hole("six-card")
    finish_setup(st)
    up = next(p for p in range(6) if st.up[st.side] >> p & 1)
    with pytest.raises(IllegalAction) as exc:
        st.verify_flip(up)
    assert exc.value.rule == "no_flip_draw"
    assert why_not(seen(st), Action("flip", up)) == REFUSALS["no_flip_draw"]
    assert why_not(seen(st), Action("bunker", up, up + 1)) == "bunker shots are off in this variant"


@pytest.mark.parametrize(("limit", "words"), [(1, "1 card"), (2, "2 cards")])
def test_a_knock_refused_for_too_many_face_down_cards_says_the_limit(
    limit: int, words: str
) -> None:
    v = load_variant("six-card", ["turn.knock=true", f"turn.knock_max_face_down={limit}"])
    st = HoleState(v, 2, 0, random.Random(1))
    finish_setup(st)  # four cards face down
    assert reply(st, "k") == f"you may knock only with at most {words} face down"


def test_every_rule_the_terminal_can_meet_has_words() -> None:
    """Each refusal the state names is worded for the terminal, or is one no
    typed reply can cause (a wrong step, a position off the layout...)."""
    # the source, also when the compiled module (state.*.so) is loaded
    source = Path(state_module.__file__).with_name("state.py")
    tree = ast.parse(source.read_text(encoding="utf-8"))
    rules = {
        node.args[1].value
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and getattr(node.func, "id", "") == "IllegalAction"
        and len(node.args) > 1
        and isinstance(node.args[1], ast.Constant)
    }
    never_typed = {"phase", "over", "position", "unknown", "peek_instead", "reveal_instead"}
    worded = {r.removesuffix("_bunker").removesuffix("_approach") for r in REFUSALS}
    assert len(rules) > 15
    assert rules - never_typed == worded


def test_place_step_from_the_discard_pile_must_keep() -> None:
    st = hole("six-card")
    finish_setup(st)
    st.apply(Action("draw_discard"))
    assert reply(st, "3") == [Action("swap", 2)]
    assert reply(st, "d") == "a card taken from the discard pile must be kept: put it at a position"
    assert "not a move here" in str(reply(st, "x"))  # no secret aliases
    assert "already hold a card" in str(reply(st, "s"))
    with pytest.raises(IllegalAction, match="must be kept"):
        st.verify_discard()


def test_place_then_required_flip() -> None:
    st = hole("six-card")
    finish_setup(st)
    st.apply(Action("draw_stock"))
    drawn = C.card_str(st.drawn or 0)
    assert (
        prompt_text(seen(st), st.legal_actions(), PLAIN)
        == f"Put the {drawn} where? (1-6, or d to discard it)"
    )
    assert reply(st, "d") == [Action("discard")]
    st.apply(Action("discard"))
    up = next(p for p in range(6) if st.up[st.side] >> p & 1)
    down = next(p for p in range(6) if not st.up[st.side] >> p & 1)
    assert reply(st, "p") == "you must turn a face-down card up"
    assert (
        reply(st, str(up + 1))
        == f"the card at {up + 1} is already face up: choose a face-down card"
    )
    assert reply(st, str(down + 1)) == [Action("flip", down)]
    assert prompt_text(seen(st), st.legal_actions(), PLAIN).startswith("Turn up which card? (")


def test_optional_flip_and_knock_in_four_card() -> None:
    st = hole("four-card")
    finish_setup(st)
    assert reply(st, "k") == [Action("knock")]
    assert "(k)nock" in prompt_text(seen(st), st.legal_actions(), PLAIN)
    st.apply(Action("knock"))
    assert reply(st, "k") == "the hole is already ending: no knocking on a final turn"
    st.apply(Action("draw_stock"))
    st.apply(Action("discard"))
    assert reply(st, "p") == [Action("pass")]
    assert "or p to pass" in prompt_text(seen(st), st.legal_actions(), PLAIN)


def test_frozen_discard_on_final_turns() -> None:
    st = hole("duel", seed=4)
    rng = random.Random(0)
    while st.closer is None or st.phase != "draw":
        legal = st.legal_actions()
        st.apply(legal[int(rng.random() * len(legal))])
        assert st.phase != "over"
    assert reply(st, "d") == "the discard pile is frozen on final turns: draw from the stock (s)"
    assert prompt_text(seen(st), st.legal_actions(), PLAIN) == "Draw from the (s)tock?"


def test_house_rule_moves_shots_look_and_flip_instead_of_drawing() -> None:
    on = ["bunker_shot", "approach_shot", "look_again", "flip_instead_of_draw"]
    var = load_variant("six-card", [f"turn.{key}=true" for key in on])
    st = HoleState(var, 2, 0, random.Random(1))
    for p in (0, 4, 0, 1):
        st.apply(Action("reveal", p))
    assert st.phase == "draw" and st.up[st.side] == 0b10001  # 1 and 5 face up
    assert reply(st, "b 1 2") == [Action("bunker", 0, 1)]
    assert reply(st, "b1 3") == "a bunker shot swaps with a card in an adjacent column"
    assert reply(st, "b 3 1") == "a bunker shot moves a face-up card; 3 is face down"
    assert reply(st, "b 1") == "bunker needs 2 positions, e.g. b 2 3"
    assert reply(st, "a 1 3") == [Action("approach", 0, 2)]
    assert reply(st, "a 1 4") == "an approach shot swaps with another card in the same row"
    assert reply(st, "l 3") == [Action("look", 2)]
    assert reply(st, "look 1") == "the card at 1 is already face up: choose a face-down card"
    assert reply(st, "f 3") == [Action("flip", 2)]
    prompt = prompt_text(seen(st), st.legal_actions(), PLAIN)
    assert prompt.endswith(
        "(f)lip a card (f 3), (l)ook at one again (l 3), "
        "play a (b)unker shot (b 1 2) or an (a)pproach shot (a 1 2)?"
    )


def test_commands_and_empty_input() -> None:
    st = hole("six-card")
    for text, cmd in [
        ("help", "help"),
        ("?", "help"),
        ("quit", "quit"),
        ("Q", "quit"),
        ("rules", "rules"),
        ("scores", "scores"),
    ]:
        assert reply(st, text) == cmd
    assert reply(st, "") == "type a move (help lists them)"
    # when only one move is possible, Enter does it
    v = seen(st)
    only = (Action("reveal", 2),)
    assert parse_reply("", v, only).actions == [Action("reveal", 2)]


# --------------------------------------------------------------------------- rendering from a view


def screen(st: HoleState, seat: int) -> str:
    v = view(st, seat)
    return "\n".join(render_board(board_from_view(v, ["ann", "bob"], PLAIN), PLAIN, 100))


def test_board_shows_positions_face_down_cards_and_piles() -> None:
    st = hole("six-card")
    st.apply(Action("reveal", 0))
    text = screen(st, 0)
    lines = text.splitlines()
    assert lines[0].startswith("ann") and "bob" in lines[0] and "> " in lines[0]
    assert re.search(r"1 \?\s+2 \?\s+3 \?", lines[1])
    assert re.search(r"4 \?\s+5 \?\s+6 \?", lines[2])
    assert f"discard {C.card_str(st.discard[-1])}" in lines[-1]
    assert f"stock {len(st.stock)} cards" in lines[-1]
    assert f"1 {C.card_str(st.layouts[1][0])}" in lines[1]  # bob's turned-up card


def test_board_never_shows_hidden_cards() -> None:
    """Changing every card a seat cannot see must not change its screen."""
    st = hole("four-card", seed=3)
    finish_setup(st)
    st.apply(Action("draw_stock"))  # seat 1 holds a card seat 0 must not see
    before = screen(st, 0)
    hidden = [p for p in range(4) if not st.up[1] >> p & 1]
    mine_unseen = [p for p in range(4) if not (st.up[0] | st.memory[0]) >> p & 1]
    # shuffle the hidden cards among themselves and swap in the stock top
    st.layouts[1][hidden[0]], st.stock[-1] = st.stock[-1], st.layouts[1][hidden[0]]
    if mine_unseen:
        st.layouts[0][mine_unseen[0]], st.stock[0] = st.stock[0], st.layouts[0][mine_unseen[0]]
    st.drawn = st.stock[1]
    assert screen(st, 0) == before


def test_peeked_cards_are_shown_only_to_their_seat() -> None:
    st = hole("four-card", seed=2)
    finish_setup(st)
    mem1 = [(p, st.layouts[1][p]) for p in range(4) if st.memory[1] >> p & 1]
    assert len(mem1) == 2
    mine = screen(st, 1)
    theirs = screen(st, 0)
    for p, c in mem1:
        assert f"{p + 1} [{C.card_str(c)}]" in mine
    assert all(f"[{C.card_str(c)}]" not in theirs for _, c in mem1)
    assert theirs.count("[") == 2 and mine.count("[") == 2  # each sees only its own two


def test_layouts_sit_side_by_side_and_wrap_on_a_narrow_terminal() -> None:
    blocks = [[f"p{i}", "1 ?  2 ?  3 ?", "4 ?  5 ?  6 ?"] for i in range(4)]
    wide = side_by_side(blocks, 100)
    assert len(wide) == 3 and wide[0].split() == ["p0", "p1", "p2", "p3"]
    narrow = side_by_side(blocks, 40)
    assert [line for line in narrow if line.startswith("p")] == [
        "p0" + " " * 16 + "p1",
        "p2" + " " * 16 + "p3",
    ]
    assert all(vlen(line) <= 40 for line in narrow)
    # colour codes take no room when lining blocks up
    painted = [[Style(True, True).bold("p0"), "x"], ["p1", "y"]]
    assert side_by_side(painted, 100)[1] == "x" + " " * 6 + "y"


def test_style_detect() -> None:
    assert Style.detect(True) == Style(False, False)
    assert Style.detect(False, io.StringIO()).colour is False  # not a terminal

    class Tty(io.StringIO):
        encoding = "utf-8"

        def isatty(self) -> bool:
            return True

    os.environ.pop("NO_COLOR", None)
    assert Style.detect(False, Tty()) == Style(True, True)
    os.environ["NO_COLOR"] = "1"
    try:
        assert Style.detect(False, Tty()) == Style(True, False)
    finally:
        del os.environ["NO_COLOR"]
    colour = Style(True, True)
    assert colour.card(card("7H")) == "\x1b[31m7♥\x1b[0m"
    assert PLAIN.card(card("7H")) == "7H"


# --------------------------------------------------------------------------- events in words


def test_describe_turns_in_plain_words() -> None:
    """Every kind of event in words, cards a seat did not see as 'a card' or
    left out."""
    names = ["ann", "bob"]
    evs = [
        Reveal(1, 0, card("5H")),
        Reveal(1, 3, card("KS")),
        Draw(0, "stock", None),  # censored: bob could not see it ...
        Swap(0, 2, card("4C"), card("9C"), False),  # ... until it was placed
        Draw(1, "stock", card("QD")),
        Discard(1, card("QD")),
        Flip(1, 4, card("2S")),
        Peek(0, 1, None),
        Knock(0),
        Reshuffle(None),
        Peek(1, 0, card("7D")),
        Peek(1, 5, None),
        Draw(0, "discard", card("3H")),
        Swap(0, 1, card("3H"), card("JC"), True),
        Draw(1, "stock", card("8S")),
        Discard(1, card("8S")),
        Pass(1),
        Look(0, 4, None),
        Look(1, 4, card("AS")),
        Bunker(0, 1, 2),
        Approach(1, 3, 5),
        Flip(0, 0, card("6D")),
        Out(0, 0),
        Swap(1, 2, card("5C"), card("6C"), False),
        Discard(0, card("9H")),
        End("final turns played", (3, 4)),
    ]
    assert describe_events(evs, names, PLAIN, you=1) == [
        "You turned up 5H at 1 and KS at 4.",
        "ann drew the 4C from the stock and put it at 3 in place of the face-down 9C.",
        "You drew the QD from the stock and discarded it, then turned up the 2S at 5.",
        "ann peeked at 2, then knocked.",
        "The discard pile was shuffled into a new stock.",
        "You peeked at 1 (7D) and 6.",
        "ann took the 3H from the discard pile and put it at 2 in place of the JC.",
        "You drew the 8S from the stock and discarded it, then turned nothing up.",
        "ann looked again at 5.",
        "You looked again at 5 (AS).",
        "ann played a bunker shot, swapping 2 and 3.",
        "You played an approach shot, swapping 4 and 6.",
        "ann turned up the 6D at 1, then went out (every card face up).",
        "You put the 5C at 3 in place of the face-down 6C.",
        "ann discarded the 9H.",
        "The hole is over: the final turns are played.",
    ]


# --------------------------------------------------------------------------- scorecard and result


def test_scorecard_has_hole_scores_and_running_totals() -> None:
    rows = [finished(1, False, (5, 12)), finished(2, False, (-2, 8))]
    text = scorecard_text(["you", "ann"], rows, "stroke")
    lines = text.splitlines()
    assert "stroke play" in lines[0]
    assert lines[1].split() == ["hole", "you", "total", "ann", "total"]
    assert lines[3].split() == ["1", "5", "5", "12", "12"]
    assert lines[4].split() == ["2", "-2", "3", "8", "20"]
    assert result_text(["you", "ann"], rows, "stroke", [0]) == "Result: you win with 3 (ann 20)."


def test_match_play_standing_and_halved_holes() -> None:
    rows = [finished(1, False, (3, 5)), finished(2, False, (4, 4)), finished(3, False, (1, 6))]
    text = scorecard_text(["you", "ann"], rows, "match")
    assert "halved" in text
    assert text.splitlines()[-1] == "Standing: you 2 UP, ann 2 DOWN"
    assert result_text(["you", "ann"], rows, "match", [0]).startswith(
        "Result: you win the match, 2 UP"
    )


def test_ties_shared_or_settled_by_a_playoff() -> None:
    rows = [finished(1, False, (5, 5))]
    assert (
        result_text(["a", "b"], rows, "stroke", [0, 1])
        == "Result: a and b tie on 5 and share the win."
    )
    rows.append(finished(2, True, (7, 3)))
    assert "playoff" in scorecard_text(["a", "b"], rows, "stroke")
    assert (
        result_text(["a", "b"], rows, "stroke", [1])
        == "Result: a and b tied on 5; b wins the playoff (hole 2)."
    )


# ------------------------------------------------------------------------- a whole game in-process


def answerer(script: list[str]) -> Callable[[str], str]:
    """Scripted answers first, then a simple player that always finds a legal move."""
    count = itertools.count()

    def inp(prompt: str) -> str:
        if script:
            return script.pop(0)
        i = next(count)
        assert i < 5000, "the game does not end"
        if "Press Enter" in prompt or "Pass to" in prompt:
            return ""
        m = re.search(r"\((\d+)", prompt)
        if "Turn" in prompt and m and "which?" not in prompt:
            return m.group(1)
        if "(s)tock" in prompt:
            return "s"
        if "where?" in prompt:
            return "d" if "or d to discard" in prompt else "1"
        return str(i % 18 + 1)

    return inp


def test_a_human_game_in_process_writes_a_record_that_replays(tmp_path: Path) -> None:
    out = io.StringIO()
    rec = tmp_path / "game.jsonl"
    result = run_play(
        builtin("six-card"),
        players="you=human,ann=greedy",
        holes=2,
        seed=11,
        record=rec,
        ascii_only=True,
        inp=answerer([]),
        out=out,
    )
    assert result is not None
    text = out.getvalue()
    assert "seed 11" in text and "Result:" in text
    assert text.count("Scorecard (stroke play") == 2
    back = load_record(rec)
    assert [h.scores for h in back.holes] == [r.scores for r in result.holes]
    assert back.result is not None and back.result["totals"] == result.totals


def test_quit_in_process_keeps_finished_holes(tmp_path: Path) -> None:
    out = io.StringIO()
    rec = tmp_path / "game.jsonl"
    inp = answerer([])
    holes_done = 0

    def quitter(prompt: str) -> str:
        nonlocal holes_done
        if "Press Enter" in prompt:
            holes_done += 1
            return "quit"
        if prompt.startswith("Quit the game?"):
            return "y"
        return inp(prompt)

    assert (
        run_play(
            builtin("six-card"),
            players="human,greedy",
            holes=3,
            seed=2,
            record=rec,
            ascii_only=True,
            inp=quitter,
            out=out,
        )
        is None
    )
    assert holes_done == 1
    assert "Game stopped after 1 hole." in out.getvalue()
    lines = [json.loads(x) for x in rec.read_text().splitlines()]
    assert [x["type"] for x in lines] == ["game", "hole"]


def play_with_hints(holes: int = 1) -> list[str]:
    out = io.StringIO()
    result = run_play(builtin("six-card"), players="human,random", holes=holes, seed=1,
                      ascii_only=True, hints=True, inp=answerer([]), out=out)  # fmt: skip
    assert result is not None
    return out.getvalue().splitlines()


def test_hints_show_the_move_and_a_number_only_for_a_swap(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(hint, "HINT_LADDER", ("expert", "greedy"))  # mc: slow for a test
    hints = [line for line in play_with_hints() if line.startswith("Hint (")]
    assert hints
    # the first hint of the hole names both start cards, in different columns, in words
    assert re.fullmatch(
        r"Hint \(expert\): turn up (\d) and (\d): start cards in different columns leave more"
        r" ways to match",
        hints[0],
    )
    a, b = (int(x) - 1 for x in re.findall(r"up (\d) and (\d)", hints[0])[0])
    assert a % 3 != b % 3
    number = re.compile(r"[-+]?\d+\.\d")
    for h in hints:
        if ": put the " in h:
            assert re.search(
                r": it (lowers|raises) your expected score for this hole by \d+\.\d$", h
            ) or h.endswith("stays the same"), h
        else:
            assert not number.search(h), h  # no number that is not a score change
    assert any(": put the " in h for h in hints)


def test_every_kind_of_move_in_words() -> None:
    """What a hint or a refused move says, one kind of move at a time."""
    import dataclasses

    from golfcli.tui.input import describe_action

    v = seen(hole("six-card"))
    v = dataclasses.replace(v, discard=(card("7H"),), drawn=None)
    held = dataclasses.replace(v, drawn=card("QS"))
    said = {
        ("reveal", v): "turn up 3",
        ("peek", v): "peek at 3",
        ("flip", v): "turn up 3",
        ("look", v): "look at 3 again",
        ("draw_stock", v): "draw from the stock (s)",
        ("draw_discard", v): "take the 7H from the discard pile (d)",
        ("knock", v): "knock (k)",
        ("discard", v): "discard it (d)",
        ("pass", v): "turn nothing up (p)",
        ("swap", v): "put it at 3",
        ("swap", held): "put the QS at 3",
        ("bunker", v): "bunker shot: swap 3 and 5",
        ("approach", v): "approach shot: swap 3 and 5",
    }
    for (kind, where), words in said.items():
        assert describe_action(Action(kind, 2, 4), where, PLAIN) == words, kind


def test_swap_change_is_the_expected_score_change() -> None:
    import dataclasses

    from golfcli.tui.hint import swap_change

    st = hole("six-card")
    finish_setup(st)
    st.apply(Action("draw_discard"))
    v = seen(st)
    known = tuple(card(c) for c in ["5C", "KS", "2D", "5H", "7C", "9S"])
    layouts = tuple(known if i == v.side else lay for i, lay in enumerate(v.layouts))
    v = dataclasses.replace(v, layouts=layouts, memory=(), drawn=card("7D"))
    assert swap_change(v, 5) == pytest.approx(7 - 9)  # 9S out, no pattern either way
    assert swap_change(v, 1) == pytest.approx(-7)  # K (0) out, 7D pairs the 7C: 7 -> 0
    assert swap_change(v, 0) == pytest.approx(7 + 5)  # breaks the pair of fives: 0 -> 12
    assert swap_change(dataclasses.replace(v, drawn=None), 0) is None


class Plain:
    """Any bot with ``choose`` gives hints."""

    def choose(self, view: View, legal: tuple[Action, ...]) -> Action:
        return legal[-1]


class Broken:
    def choose(self, view: View, legal: tuple[Action, ...]) -> Action:
        raise RuntimeError("no idea")


def test_a_plain_hint_bot_or_one_that_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hint, "load_hint_bot", lambda names, seed: ("plain", Plain()))
    hints = [line for line in play_with_hints() if line.startswith("Hint (")]
    assert hints and all(h.startswith("Hint (plain): ") for h in hints)
    monkeypatch.setattr(hint, "load_hint_bot", lambda names, seed: ("broken", Broken()))
    lines = play_with_hints()
    assert "(no hint: broken failed: RuntimeError: no idea)" in lines
    assert any(line.startswith("Result: ") for line in lines)  # the game went on


def test_hint_ladder_skips_missing_bots_and_slow_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    names = ["nosuchbot", "greedy", "random"]
    name, bot = hint.load_hint_bot(names, 1) or ("", None)
    assert name == "greedy" and callable(bot.choose) and names == ["random"]
    assert hint.load_hint_bot(["nosuchbot"], 1) is None
    monkeypatch.setattr(hint, "HINT_LADDER", ("expert", "greedy"))
    monkeypatch.setattr(hint, "HINT_SLOW", -1.0)  # every hint is "too slow"
    lines = play_with_hints()
    note = next(i for i, line in enumerate(lines) if "hints now come from greedy" in line)
    assert re.fullmatch(r"\(expert took \d+s; hints now come from greedy\)", lines[note])
    later = [line for line in lines[note:] if line.startswith("Hint (")]
    assert later and all(h.startswith("Hint (greedy): ") for h in later)


def test_handicap_turns_up_extra_cards() -> None:
    out = io.StringIO()
    run_play(
        builtin("six-card"),
        players="random,greedy",
        holes=1,
        seed=1,
        handicap=["greedy=2"],
        ascii_only=True,
        out=out,
    )
    first = next(
        line for line in out.getvalue().splitlines() if line.startswith("  greedy turned up")
    )
    assert first.count(" at ") == 4  # 2 + 2 handicap cards


# --------------------------------------------------------------------------- the command line


def run(*args: str) -> tuple[int, str, str]:
    r = CliRunner().invoke(app, list(args))
    return r.exit_code, r.stdout, r.stderr


def test_a_record_that_fails_mid_game_is_one_line_and_keeps_the_holes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A disk that fills up during a game: the holes played are shown, the
    error is one line, exit 2, and the bots are still closed."""
    from golfcli.bots import registry
    from golfcli.record import RecordWriter

    real_hole = RecordWriter.hole
    written: list[int] = []

    def full_on_the_second(self: RecordWriter, rec: HoleRecord) -> None:
        if written:
            raise OSError(28, "No space left on device")
        written.append(rec.number)
        real_hole(self, rec)

    closed: list[object] = []
    real_close = registry.close_bot
    monkeypatch.setattr(RecordWriter, "hole", full_on_the_second)
    monkeypatch.setattr(registry, "close_bot", lambda b: (closed.append(b), real_close(b)))
    rec = tmp_path / "g.jsonl"
    r = CliRunner().invoke(
        app, ["play", "-p", "random,greedy", "--holes", "3", "--seed", "2", "--record", str(rec)]
    )
    assert r.exit_code == 2, r.output
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("golf: error: "), r.stderr
    assert str(rec) in lines[0] and "No space left on device" in lines[0]
    assert "Game stopped after 2 holes" in r.stdout
    assert len(closed) == 2
    assert len(rec.read_text(encoding="utf-8").splitlines()) == 2  # header and hole 1


@pytest.mark.parametrize(
    "args,words",
    [
        (["--players", "human,nosuchbot"], "unknown bot 'nosuchbot'"),
        (["--players", "human"], "at least 2 seats"),
        (["-v", "alberta", "--players", "human,greedy,greedy,greedy,greedy"], "not 5"),
        (["-v", "duel", "--players", "human,human,human,human,human"], "not 5"),
        (["--players", "a=human,a=greedy"], "two seats are named"),
        (["--handicap", "nobody=1"], "no seat named 'nobody'"),
        (["--handicap", "you=9"], "1 or 2"),
        (["--holes", "0"], "--holes: must be at least 1, not 0"),
    ],
)
def test_bad_options_are_one_line_exit_2(args: list[str], words: str) -> None:
    code, out, err = run("play", *args)
    assert code == 2
    assert out == ""
    assert err.startswith("golf: error: ") and words in err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_watch_mode_plays_by_itself_and_prints_the_seed() -> None:
    code, out, err = run("play", "--players", "random,greedy", "--holes", "9", "--seed", "3")
    assert code == 0, err
    assert "seed 3" in out
    assert out.count("Scorecard (stroke play") == 9
    assert "Hole 9 of 9" in out and "Result: " in out
    # each hole's moves, compactly, one line per turn
    assert re.search(r"^  greedy (drew|took) ", out, re.M)


def test_a_secret_key_is_printed_at_the_end_and_repeats_the_game() -> None:
    """With no seed the cards come from a fresh secret key: not shown before
    the game (a bot or a player could know every card), printed after it."""
    code, out, _ = run("play", "--players", "random,greedy", "--holes", "1")
    assert code == 0
    assert "Cards dealt from a secret key, printed when the game is over." in out
    found = re.findall(r"^play the same deal again with --key ([0-9a-f]{64})$", out, re.M)
    assert len(found) == 1 and out.rstrip().endswith(found[0])
    assert out.count(found[0]) == 1  # nowhere before the end
    code, again, _ = run("play", "--players", "random,greedy", "--holes", "1", "--key", found[0])
    assert code == 0
    assert again.replace("the given key.", "a secret key, printed when the game is over.") == out


def test_a_seed_repeats_the_game_and_key_and_seed_exclude_each_other() -> None:
    _, out, _ = run("play", "--players", "random,greedy", "--holes", "1", "--seed", "9")
    _, again, _ = run("play", "--players", "random,greedy", "--holes", "1", "--seed", "9")
    assert out == again and "seed 9 (play the same deal again with --seed 9)" in out
    code, _, err = run("play", "-p", "random,greedy", "--seed", "9", "--key", "0" * 64)
    assert code == 2 and err.strip() == "golf: error: give --key or --seed, not both"
    code, _, err = run("play", "-p", "random,greedy", "--key", "42")
    assert code == 2 and "64 hex digits" in err and len(err.strip().splitlines()) == 1


# ----------------------------------------------------------------------- the real prompts, in a pty


def spawn(*args: str) -> pexpect.spawn:
    env = dict(os.environ, NO_COLOR="1", COLUMNS="100", LINES="40")
    child = pexpect.spawn(
        GOLF, list(args), env=env, encoding="utf-8", timeout=10, dimensions=(40, 100)
    )
    child.delaybeforesend = None
    return child


PROMPTS = [
    r"Turn up (\d|one more card)[^\n]*\? \(1-6[^\n]*\) $",  # 0 start reveals
    r"Draw from the \(s\)tock[^\n]*\? $",  # 1
    r"Put the \S+ where\? \(1-6, or d to discard it\) $",  # 2
    r"Put the \S+ where\? \(1-6; [^\n]*\) $",  # 3 (from the discard pile)
    r"Turn up which card\? \(([\d, ]+)\) $",  # 4
    r"Press Enter to go on \(or type quit\)\. $",  # 5
    r"Result: [^\n]*\n",  # 6
]


def test_play_a_hole_through_the_real_prompts_with_bad_input(tmp_path: Path) -> None:
    rec = tmp_path / "g.jsonl"
    child = spawn("play", "--seed", "5", "--holes", "1", "--record", str(rec))
    child.expect(r"seed 5 \(play the same deal again with --seed 5\)")
    child.expect(PROMPTS[0])
    child.sendline("9")
    child.expect(r"Not that: there is no position 9: positions are 1-6\.")
    child.sendline("1 1")
    child.expect("Not that: you named the same position twice")
    child.sendline("help")
    child.expect("Positions are numbered 1-6, row by row")
    child.sendline("1")
    child.expect(r"Turn up one more card to start")
    child.sendline("1")
    child.expect("Not that: the card at 1 is already face up")
    child.sendline("6")
    bad_draw = bad_place = bad_flip = False
    took_discard = False
    while True:
        i = child.expect(PROMPTS[1:])
        if i == 0:
            if not bad_draw:
                child.sendline("4")
                child.expect("Not that: first draw a card: s for the stock or d for the ")
                bad_draw = True
                continue
            if not took_discard:
                child.sendline("d")
                took_discard = True
            else:
                child.sendline("s")
        elif i == 2:  # holding a discard-pile card: d is refused with the rule
            child.sendline("d")
            child.expect("Not that: a card taken from the discard pile must be kept")
            child.expect(PROMPTS[3])
            child.sendline("2")
        elif i == 1:
            if not bad_place:
                child.sendline("7")
                child.expect("Not that: there is no position 7")
                bad_place = True
                continue
            child.sendline("d")
        elif i == 3:
            downs = child.match.group(1).split(", ")
            if not bad_flip:
                up = next(str(p) for p in range(1, 7) if str(p) not in downs)
                child.sendline(up)
                child.expect(f"Not that: the card at {up} is already face up")
                bad_flip = True
                continue
            child.sendline(downs[0])
        elif i == 4:
            child.sendline("")
        else:
            break
    child.expect(r"seed 5")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert bad_draw and bad_place and bad_flip and took_discard
    assert "Traceback" not in (child.before or "")
    lines = [json.loads(x)["type"] for x in rec.read_text().splitlines()]
    assert lines == ["game", "hole", "result"]


def test_quit_asks_first_then_stops_cleanly(tmp_path: Path) -> None:
    rec = tmp_path / "g.jsonl"
    child = spawn("play", "--seed", "8", "--record", str(rec))
    child.expect(PROMPTS[0])
    child.sendline("quit")
    child.expect(r"Quit the game\? Finished holes stay in the record\. \(y/n\) $")
    child.sendline("n")
    child.expect("Playing on.")
    child.expect(PROMPTS[0])
    child.sendline("quit")
    child.expect(r"\(y/n\) $")
    child.sendline("y")
    child.expect("Game stopped after 0 holes.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert [json.loads(x)["type"] for x in rec.read_text().splitlines()] == ["game"]


def test_end_of_input_quits_without_a_traceback() -> None:
    child = spawn("play", "--seed", "8")
    child.expect(PROMPTS[0])
    child.sendeof()
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert "Traceback" not in (child.before or "")


def test_four_card_peeks_and_hot_seat_gate() -> None:
    """Two people, one screen: each sees their own peeks, then the screen is
    cleared and handed over; the other's screen shows no remembered card."""
    child = spawn(
        "play", "-v", "four-card", "-p", "alice=human,bob=human", "--seed", "7", "--holes", "1"
    )
    child.expect(r"Pass to bob\. bob, press Enter when no one else can see\. $")
    child.sendline("")
    child.expect(r"bob: Peek at 2 cards \(only you see them\): which\? \(1-4, e.g. 1 2\) $")
    child.sendline("1 2")
    child.expect(r"bob, you looked at: 1 = (\S+), 2 = (\S+)\. Remember them!")
    bob_cards = child.match.group(1), child.match.group(2)
    child.expect("Press Enter to hide them.")
    child.sendline("")
    child.expect(r"\x1b\[2J\x1b\[3J")  # screen and scrollback cleared before the hand-over
    child.expect(r"Pass to alice\.")
    child.sendline("")
    child.expect(r"alice: Peek at 2 cards")
    alice_screen = child.before or ""
    assert "bob peeked at 1 and 2." in alice_screen
    assert not re.search(r"\d \[", alice_screen)  # no remembered card at any position
    assert not any(f"[{c}]" in alice_screen for c in bob_cards)
    child.sendline("3")
    child.expect(r"alice: Peek at one more card \(only you see it\)")
    assert re.search(r"3 \[\S+\]", child.before or "")  # the first peek is on her screen already
    child.sendline("4")
    child.expect(r"alice, you looked at: 4 = \S+\. Remember it!")
    child.sendline("")
    child.expect(r"Pass to bob\.")
    child.sendline("")
    child.expect(r"bob: Draw from the \(s\)tock, take the \(d\)iscard \S+ or \(k\)nock\? $")
    bob_screen = child.before or ""
    assert f"1 [{bob_cards[0]}]" in bob_screen and f"2 [{bob_cards[1]}]" in bob_screen
    child.sendline("k")
    child.expect(r"Pass to alice\.")
    child.sendline("")
    child.expect(r"Final turn: bob knocked; this is your last turn\.")
    child.expect(r"alice: Draw from the \(s\)tock")
    child.sendline("s")
    child.expect(r"alice: Put the \S+ where\?")
    child.sendline("d")
    child.expect(r"alice: Turn a card up\? \([\d, ]+, or p to pass\) $")
    child.sendline("p")
    child.expect("Hole 1 is over")
    child.expect(r"Press Enter to go on")
    child.sendline("")
    child.expect(r"Result: ")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_delay_tells_each_bot_turn_once_as_it_happens(tmp_path: Path) -> None:
    """With --delay the bots' turns are printed as they happen (public words
    only) and not repeated on the person's screen or at the end of the hole."""
    out = io.StringIO()
    rec = tmp_path / "g.jsonl"
    run_play(builtin("six-card"), players="you=human,ann=greedy", holes=1, seed=4, delay=0.0001,
             record=rec, ascii_only=True, inp=answerer([]), out=out)  # fmt: skip
    text = out.getvalue()
    assert "Since your last turn:" not in text
    events = json.loads(rec.read_text().splitlines()[1])["events"]
    turns = [k for k, _ in itertools.groupby(e["seat"] for e in events) if k == 1]
    told = [line for line in text.splitlines() if line.startswith("  ann ")]
    assert len(told) == len(turns)
    assert not any(re.search(r"ann drew the \S+ from the stock\.$", line) for line in told)


def test_hot_seat_asks_for_the_next_person_at_every_new_hole() -> None:
    """After the open scorecard the next hole's first person is called by
    name, even when they also played last (anyone may be at the keyboard)."""
    out = io.StringIO()
    run_play(builtin("four-card"), players="alice=human,bob=human", holes=3, seed=12,
             ascii_only=True, inp=answerer([]), out=out)  # fmt: skip
    text = out.getvalue()
    holes = text.split("Press Enter to go on")[1:]
    assert len(holes) == 3
    for rest in holes[:-1]:
        before_peek = rest.split("Peek at 2 cards")[0]
        assert re.search(r"Pass to (alice|bob)\.", before_peek)
    # two people: every hand-over has a gate, and there are no unexplained clears
    assert text.count("Pass to ") >= 3 * 2


@pytest.mark.parametrize(
    ("name", "holes", "game"),
    [
        (
            "duel",
            None,
            "Game: until someone reaches 50, at most 100 holes; stroke play: lowest total wins.",
        ),
        ("six-card", 1, "Game: 1 hole; stroke play: lowest total wins."),
    ],
)
def test_banner_names_the_game_length_in_a_sentence(
    name: str, holes: int | None, game: str
) -> None:
    out = io.StringIO()
    run_play(builtin(name), players="random,greedy", holes=holes, seed=3, ascii_only=True, out=out)
    lines = out.getvalue().splitlines()
    assert lines[1] == "Players: random (random), greedy (greedy)."
    assert lines[2] == game


def test_start_cards_more_than_wanted_are_refused_with_a_legal_example() -> None:
    st = hole("nine-card")
    assert reply(st, "1 2 3 4") == "turn up 3 cards, not 4: e.g. 1 2 3"
    assert prompt_text(seen(st), st.legal_actions(), PLAIN) == (
        "Turn up 3 cards to start: which? (1-9, e.g. 1 2 3)"
    )
    st.apply(Action("reveal", 0))
    assert reply(st, "2 3 5") == "turn up 2 cards, not 3: e.g. 2 3"
    assert prompt_text(seen(st), st.legal_actions(), PLAIN).endswith("(1-9, e.g. 2 3)")
    six = hole("six-card")
    assert reply(six, "1 2 3 4 5 6") == "turn up 2 cards, not 6: e.g. 1 2"
    # a handicap (extra start cards) raises the count
    assert parse_reply("1 2 3", seen(six), six.legal_actions(), extra=1).actions == [
        Action("reveal", p) for p in (0, 1, 2)
    ]
    four = hole("four-card")
    assert reply(four, "1 2 3") == "peek at 2 cards, not 3: e.g. 1 2"


def test_errors_name_cards_as_the_screen_does_and_skip_moves_the_variant_lacks() -> None:
    st = hole("six-card")
    finish_setup(st)
    symbols = Style(True, False)
    top = symbols.card(st.discard[-1])
    r = parse_reply("3", seen(st), st.legal_actions(), symbols)
    assert r.error == f"first draw a card: s for the stock or d for the {top}"
    assert any(ch in top for ch in "♣♦♥♠")
    for move in ("a 1 2", "b 1 2", "l 3", "approach 1 2"):
        assert reply(st, move) == f"{move.split()[0]!r} is not a move in six-card (help lists them)"


def test_help_lists_every_word_the_parser_takes() -> None:
    from golfcli.tui.input import _WORDS, help_text

    st = hole("four-card")
    text = help_text(seen(st), st.legal_actions(), PLAIN)
    words = text.split("Words work too: ")[1].split(".")[0]
    for word, letter in _WORDS.items():
        if letter in "sdpkf" and word != letter:
            assert word in words, word
    assert "x" not in _WORDS


def test_several_positions_are_said_back_together() -> None:
    out = io.StringIO()
    run_play(builtin("nine-card"), players="human,random", holes=1, seed=2, ascii_only=True,
             inp=answerer(["1 2 3"]), out=out)  # fmt: skip
    text = out.getvalue()
    assert "-> turn up 1, 2 and 3" in text
    assert "-> turn up 3\n" not in text


def test_ctrl_c_stops_like_quit_with_the_scorecard_and_a_closed_record(tmp_path: Path) -> None:
    rec = tmp_path / "g.jsonl"
    child = spawn("play", "-p", "human,random", "--seed", "8", "--holes", "3", "--record", str(rec))
    child.expect(PROMPTS[0])
    child.sendline("1 4")
    while child.expect([*PROMPTS[1:5], r"Press Enter to go on"]) != 4:
        prompt = child.match.group(0)
        if "(s)tock" in prompt:
            child.sendline("s")
        elif "where?" in prompt:
            child.sendline("d")
        else:
            child.sendline(re.findall(r"\d", prompt)[0])
    child.sendline("")  # on to hole 2, then Ctrl-C at its first prompt
    child.expect(PROMPTS[0])
    child.sendintr()
    child.expect(r"Interrupted \(Ctrl-C\)\.")
    child.expect(rf"Game stopped after 1 hole\. The record in {re.escape(str(rec))} keeps it\.")
    child.expect(r"Scorecard \(stroke play")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    assert "Traceback" not in (child.before or "")
    assert [json.loads(x)["type"] for x in rec.read_text().splitlines()] == ["game", "hole"]


def test_record_refuses_an_existing_file_unless_forced(tmp_path: Path) -> None:
    rec = tmp_path / "g.jsonl"
    rec.write_text("a game worth keeping\n", encoding="utf-8")
    args = ["play", "-p", "random,greedy", "--holes", "1", "--seed", "2", "--record", str(rec)]
    r = CliRunner().invoke(app, args)
    assert r.exit_code == 2
    assert r.stderr.strip() == (
        f"golf: error: --record: {str(rec)!r} already exists (--force overwrites it)"
    )
    assert r.stdout == ""  # refused before anything is played
    assert rec.read_text(encoding="utf-8") == "a game worth keeping\n"
    r = CliRunner().invoke(app, [*args, "--force"])
    assert r.exit_code == 0, r.output
    assert [json.loads(x)["type"] for x in rec.read_text().splitlines()] == [
        "game", "hole", "result",
    ]  # fmt: skip


FAULTY = """
from golfcli.bots import BaseBot


class Bot(BaseBot):
    def choose(self, view, legal):
        raise ValueError("my bug\\nsecond line")
"""


def test_a_faulting_bot_is_shown_at_each_fault_and_counted(tmp_path: Path) -> None:
    bot = tmp_path / "mybot.py"
    bot.write_text(FAULTY, encoding="utf-8")
    args = ["play", "-p", f"mine={bot},random", "--holes", "1", "--seed", "3", "--ascii"]
    r = CliRunner().invoke(app, args)
    assert r.exit_code == 0, r.output
    line = (
        f"  Fault: mine ({bot}): crash: ValueError: my bug / second line"
        " (mybot.py:7, in choose); a random legal move is played."
    )
    shown = [x for x in r.stdout.splitlines() if x.startswith("  Fault: ")]
    assert shown and set(shown) == {line}
    assert f"Bot faults: mine {len(shown)} (crash {len(shown)})." in r.stdout
    # --strict: the first fault ends the game with one error line
    r = CliRunner().invoke(app, [*args, "--strict"])
    assert r.exit_code == 2
    assert r.stderr.splitlines() == [
        f"golf: error: mine ({bot}) faulted: crash: ValueError: my bug / second line"
        " (mybot.py:7, in choose) (--strict stops at the first fault)"
    ]
    assert "Game stopped after 0 holes." in r.stdout and "Fault: mine" not in r.stdout


def test_clean_bots_print_no_fault_lines() -> None:
    r = CliRunner().invoke(app, ["play", "-p", "random,greedy", "--holes", "1", "--seed", "3"])
    assert r.exit_code == 0 and "ault" not in r.stdout


def test_a_faulting_bot_against_a_person_in_a_terminal(tmp_path: Path) -> None:
    bot = tmp_path / "mybot.py"
    bot.write_text(FAULTY, encoding="utf-8")
    child = spawn("play", "-p", f"human,{bot}", "--seed", "4", "--holes", "1")
    child.expect(
        r"Fault: mybot \(\S+mybot\.py\): crash: ValueError: my bug / second line"
        r" \(mybot\.py:7, in choose\); "
    )
    child.expect(PROMPTS[0])
    child.sendline("quit")
    child.expect(r"\(y/n\) $")
    child.sendline("y")
    child.expect(r"Bot faults: mybot \d+ \(crash \d+\)\.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_golf_play_plays_the_game_golfcli_play_match_plays(tmp_path: Path) -> None:
    """One path: the same seats, names and seed give the same game move for
    move in ``golf play`` (watch mode, recorded) and in the library."""
    import golfcli

    rec = tmp_path / "g.jsonl"
    args = ["play", "-p", "ann=greedy,bob=random", "--holes", "2", "--seed", "4"]
    r = CliRunner().invoke(app, [*args, "--record", str(rec)])
    assert r.exit_code == 0, r.output
    lines = [json.loads(line) for line in rec.read_text(encoding="utf-8").splitlines()]
    holes = [line for line in lines if line["type"] == "hole"]
    lib = golfcli.play_match(
        "six-card", ["greedy", "random"], names=["ann", "bob"], holes=2, seed=4
    )
    assert [h["events"] for h in holes] == [
        [e.to_json() for e in h.events or ()] for h in lib.holes
    ]
    assert [h["scores"] for h in holes] == [list(h.scores) for h in lib.holes]
