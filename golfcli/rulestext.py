"""A variant explained in words, generated from its data (``golf rules``).

Nothing here knows a variant by name: every sentence is chosen by a key's
value, so a user's own file is explained as well as a built-in.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import cards as C
from .render import plural
from .variant import CLOSER_WHEN, Adjustment, GameRules, Pattern, Turn, Variant


def _players(v: Variant) -> str:
    ps = list(v.players)
    if ps == list(range(ps[0], ps[-1] + 1)):
        return f"{ps[0]} to {ps[-1]} players"
    return ", ".join(str(p) for p in ps[:-1]) + f" or {ps[-1]} players"


def _packs(v: Variant) -> str:
    parts = []
    for lo, hi, n in v.packs:
        who = f"{lo}" if lo == hi else (f"{lo} or more" if hi >= 99 else f"{lo}-{hi}")
        parts.append(f"{plural(n, 'pack')} for {who} players")
    jokers = (
        f", with {plural(v.jokers_per_pack, 'joker')} per pack"
        if v.jokers_per_pack
        else ", no jokers"
    )
    return "; ".join(parts) + jokers


def _ranks(ranks: frozenset[int] | None) -> str:
    if ranks is None:
        return ""
    if len(ranks) > 7:
        missing = sorted(set(range(14)) - ranks)
        return " (except " + ", ".join(C.rank_str(r) for r in missing) + ")"
    return " (only " + ", ".join(C.rank_str(r) for r in sorted(ranks)) + ")"


#: What a matched pattern does to its cards, in words: (short, for a scored
#: layout; long, for the rules).  Any other effect is a value each card counts.
EFFECT_WORDS = {
    "zero": ("score 0", "score 0"),
    "keep": ("keep their values", "keep their values"),
    "keep_negative": ("keep negatives only", "score 0, but negative cards keep their value"),
}


def effect_words(effect: str | int, long: bool = False) -> str:
    """A pattern's effect on its cards, in words.

    >>> effect_words("keep_negative"), effect_words(-2), effect_words("zero", long=True)
    ('keep negatives only', 'count -2 each', 'score 0')
    """
    words = EFFECT_WORDS.get(str(effect))
    if words is None:
        return f"count {effect} each"
    return words[1] if long else words[0]


#: How a game played to a target is told, per place: the rules text, the
#: terminal's introduction and a tournament report's title line.
#: (target phrase with {verb} and {target}; the verbs for reach and exceed;
#: the cap on holes with {cap})
_TO_TARGET = {
    "rules": (
        "holes until someone {verb} {target}",
        ("reaches", "exceeds"),
        " (at most {cap} holes)",
    ),
    "play": ("until someone {verb} {target}", ("reaches", "passes"), ", at most {cap} holes"),
    "report": ("to {target}", ("", ""), ", at most {cap} holes"),
}


def game_length(game: GameRules, holes: int | None = None, form: str = "play") -> str:
    """How long a game lasts, in words: the one game-length label the rules
    text, the terminal and tournament reports share (``form`` picks their
    wording of a target).  ``holes`` overrides the variant's length.

    >>> from golfcli.variantload import builtin
    >>> duel = builtin("duel").game
    >>> game_length(builtin("six-card").game), game_length(duel), game_length(duel, 1)
    ('9 holes', 'until someone reaches 50, at most 100 holes', '1 hole')
    >>> game_length(duel, form="report"), game_length(duel, form="rules")
    ('to 50, at most 100 holes', 'holes until someone reaches 50 (at most 100 holes)')
    """
    if holes is not None:
        return f"{plural(holes, 'hole')}"
    if game.holes is not None:
        return f"{game.holes} holes"
    phrase, verbs, cap = _TO_TARGET[form]
    verb = verbs[0] if game.target_rule == "reach" else verbs[1]
    text = phrase.format(verb=verb, target=game.target)
    return text + (cap.format(cap=game.max_holes) if game.max_holes else "")


def pattern_text(p: Pattern) -> str:
    what = {
        "column_pair": "Two or more cards of equal rank in one column",
        "column": "A full column of equal rank",
        "row": "A full row of equal rank",
        "diagonal": "A full diagonal of equal rank",
        "adjacent_pair": "Two equal cards side by side or one above the other",
        "block": "A 2x2 square of four equal cards",
        "twin_columns": "Two side-by-side columns all of one rank"
        if p.adjacent
        else "Two full columns of one rank (four of a kind in two columns on a 2-row grid)",
    }[p.kind]
    effect = effect_words(p.cards, long=True)
    extra = []
    if p.bonus:
        extra.append(f"{p.bonus:+d} to the owner")
    if p.opponents:
        extra.append(f"{p.opponents:+d} to every opponent")
    tail = ("; " + ", ".join(extra)) if extra else ""
    return f"{what}{_ranks(p.ranks)}: the cards {effect}{tail}."


def adjustment_text(a: Adjustment) -> str:
    if a.kind == "exact":
        return f"A hole score of exactly {a.score} becomes {a.becomes} ({a.name})."
    if a.kind == "closer":
        when = CLOSER_WHEN[a.when].words
        if a.multiply == 1:
            return f"The player who went out or knocked gets {a.add:+d}{when} ({a.name})."
        factor = _FACTOR_WORDS.get(a.multiply, f"multiplied by {a.multiply}")
        negative = "" if a.multiply_negative else " (a score below zero stays as it is)"
        then = f", then {a.add:+d}" if a.add else ""
        who = "The player who went out or knocked" + (f",{when}," if when else "")
        return f"{who} has their hole score {factor}{negative}{then} ({a.name})."
    if a.kind == "lowest":
        tie = " (not when tied)" if a.unique else " (each, when tied)"
        return f"The lowest score of the hole gets {a.add:+d}{tie} ({a.name})."
    return f"Each player tied with another on the hole gets {a.add:+d} ({a.name})."


_FACTOR_WORDS = {0: "made 0", 2: "doubled", 3: "tripled"}


def describe_variant(v: Variant) -> list[str]:
    """Paragraph lines explaining ``v``: the table, the deal, a turn, the end
    of a hole, the scoring and the game, in the order a player meets them."""
    return [
        *_table_text(v),
        *_start_text(v),
        *_turn_text(v),
        *_end_text(v),
        *_matching_text(v),
        *_game_text(v),
    ]


@dataclass(frozen=True)
class TurnOption:
    """A move a variant may allow instead of drawing, told once for the rules
    text (``rule``) and for the terminal's help (``keys`` and ``help``)."""

    switch: str  # the Turn flag that allows it
    rule: str
    keys: str
    help: str


TURN_OPTIONS = (
    TurnOption(
        "flip_instead_of_draw",
        "turn a face-down card up",
        "f 3",
        "turn up card 3 instead of drawing",
    ),
    TurnOption(
        "knock",
        "knock, to end the hole",
        "k",
        "knock instead of drawing: everyone else has one last turn",
    ),
    TurnOption(
        "look_again",
        "spend the turn looking at one of your face-down cards",
        "l 3",
        "spend your turn looking at face-down card 3 again",
    ),
    TurnOption(
        "bunker_shot",
        "play a bunker shot: swap a face-up card with any card in an adjacent column",
        "b 1 2",
        "bunker shot: face-up 1 trades places with 2 (next column)",
    ),
    TurnOption(
        "approach_shot",
        "play an approach shot: swap a face-up card with another card in the same row",
        "a 1 2",
        "approach shot: face-up 1 trades places with 2 (same row)",
    ),
)


def turn_options(turn: Turn) -> list[TurnOption]:
    """The moves instead of drawing that ``turn`` allows, in the order told."""
    return [o for o in TURN_OPTIONS if getattr(turn, o.switch)]


def _table_text(v: Variant) -> list[str]:
    out = [f"{v.name}: {v.description}".rstrip(": "), ""]
    out.append(f"Players: {_players(v)}.")
    if v.partners.player_counts:
        counts = " or ".join(str(n) for n in v.partners.player_counts)
        out.append(
            f"With {counts} players, partners in groups of {v.partners.group_size} sit alternately "
            "and share one layout, taking turns on it in seat order; the group is scored."
        )
    out.append(f"Cards: {_packs(v)}.")
    out.append(f"Layout: {plural(v.rows, 'row')} of {v.cols} cards, dealt face down.")
    vals = ", ".join(f"{C.rank_str(r)} {v.rank_values[r]:+d}" for r in range(1, 14))
    if v.jokers_per_pack:
        vals = f"joker {v.rank_values[0]:+d}, " + vals
    out.append(f"Card values: {vals}.")
    if v.card_values:
        special = ", ".join(f"{C.card_str(c)} {val:+d}" for c, val in v.card_values)
        out.append(
            f"Exact cards: {special} (type the suit for these; "
            "a card without suit takes its rank's value)."
        )
    return out


def _start_text(v: Variant) -> list[str]:
    out = []
    s = v.start
    if s.reveal:
        out.append(
            f"Start: each player (group) turns up {plural(s.reveal, 'card')} of their choice."
        )
    if s.peek:
        out.append(
            f"Start: each player looks at {s.peek} of their cards once "
            "and lays them back face down."
        )
    return out


def _turn_text(v: Variant) -> list[str]:
    out = []
    t = v.turn
    src = " or ".join("the stock" if d == "stock" else "the discard pile" for d in t.draw_from)
    out.append(
        f"A turn: draw from {src}, then swap the card for any card of your layout "
        "(it lands face up;"
    )
    out.append(
        "  the replaced card goes face up on the discard pile). "
        "A card from the discard pile must be kept."
    )
    flip = {
        "required": "you must then turn one face-down card up",
        "optional": "you may then turn one face-down card up",
        "never": "nothing is turned up",
    }[t.flip_after_discard]
    when = []
    if t.flip_after_discard != "never":
        if t.flip_after_discard_phase == "end_phase":
            when.append("someone has gone out")
        if t.flip_after_discard_max_face_down is not None:
            when.append(f"some layout has at most {_face_down(t.flip_after_discard_max_face_down)}")
    phase = f" (only once {' and '.join(when)})" if when else ""
    out.append(f"  Or discard a card drawn from the stock: {flip}{phase}.")
    extras = [move.rule for move in turn_options(t)]
    if extras:
        out.append("  Instead of drawing you may " + "; or ".join(extras) + ".")
    if t.knock and t.knock_max_face_down is not None:
        out.append(f"  A player may knock only with at most {_face_down(t.knock_max_face_down)}.")
    return out


def _face_down(n: int) -> str:
    return f"{plural(n, 'card')} face down"


def _end_text(v: Variant) -> list[str]:
    out = []
    t = v.turn
    e = v.end
    trig = []
    if e.all_face_up:
        trig.append("a layout has every card face up")
    if t.knock:
        trig.append("a player knocks")
    then = (
        "every other player (partners included) has one final turn"
        if e.final_turns == "each_other"
        else "the hole ends at once"
    )
    out.append(f"End of a hole: when {' or '.join(trig)}, {then}.")
    if e.frozen_discard:
        out.append("  On final turns the discard pile is frozen: draw from the stock.")
    stock = (
        "the top discard stays and the rest are shuffled into a new stock"
        if e.stock_empty == "reshuffle"
        else "the hole ends"
    )
    out.append(
        f"  If the stock runs out, {stock}. "
        f"After {e.turn_limit} turns per player a hole is scored as it lies."
    )
    return out


def _matching_text(v: Variant) -> list[str]:
    out = []
    if v.patterns:
        out.append("Matching (first rule listed decides a card shared by two rules):")
        out += [f"  - {pattern_text(p)}" for p in v.patterns]
    else:
        out.append("Matching: none; every card counts its value.")
    if v.adjustments:
        out.append("Hole rules:")
        out += [f"  - {adjustment_text(a)}" for a in v.adjustments]
    return out


def _game_text(v: Variant) -> list[str]:
    g = v.game
    length = game_length(g, form="rules")
    how = (
        "stroke play: lowest total wins"
        if g.scoring == "stroke"
        else "match play: most holes won wins"
    )
    ties = (
        "tied players share the win"
        if g.ties == "share"
        else f"ties go to playoff holes (at most {g.max_playoff_holes})"
    )
    return [f"Game: {length}; {how}; {ties}."]
