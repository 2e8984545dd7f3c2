"""``field``: one configurable heuristic bot whose options make a field of
opponent styles.

A bot that only ever meets itself (or its own search) learns to beat one way
of playing.  The field is a set of *different* players to measure against:
each style is a preset of the same few options (:data:`STYLES`), so a style
is data, and a new one is a line (or a spec: ``field?style=racer&noise=2``).

How it plays: every legal move gets a score in strokes (higher is better),
built from the variant's own scorer and a few weighted habits:

* ``gain``: how much the move lowers its layout's estimated score (the real
  scorer, face-down cards at the mean of the unseen cards, matching nothing);
* ``reveal``: a bonus for a move that turns a face-down card up (tempo: a
  racer's is large, a cautious flipper's negative);
* ``pairs``: a bonus for building a pattern (a card of a rank already showing
  in one of the patterns through that cell): a pair hunter's is large;
* ``dump``: a bonus per stroke above the mean of a face-up card replaced (a
  high-card dumper gets rid of its worst card first);
* ``deny``: a penalty, per stroke, for what a card it throws on the discard
  pile would save the next opponent;
* ``face_down_max``: it puts no card worth more than this on a face-down cell
  (unless the card completes a pattern there);
* ending the hole (turning its last card, knocking) only when its estimate is
  at most ``out_max`` and at most ``out_lead`` above the best opponent's;
* the discard pile's card is taken when it is worth at most ``take_max`` and
  helps somewhere, or when its best move scores at least ``take_gain``;
* ``noise``: a uniform random amount up to it is added to every score, drawn
  from the bot's seeded generator (randomised tie-breaks, or a gambler).

It reads every rule from the variant (values, patterns, partners, what the
turn allows), so every style plays every variant; where a rule offers moves
it has no habit for (shots, looking again) it does not use them.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..actions import Action
from ..view import View
from . import BaseBot, BotSpecError
from .common import Knowledge, column_known, discard_flips

#: The styles: each is the options it sets (the rest keep the defaults of
#: :class:`FieldBot`).  docs/ladder.md describes them.
STYLES: dict[str, dict[str, float]] = {
    # turns cards up as fast as it can and goes out whenever it is not far behind
    "racer": {
        "face_down_max": 7,
        "take_max": 4,
        "take_gain": 1.0,
        "reveal": 4.0,
        "pairs": 0.0,
        "out_max": 99,
        "out_lead": 8,
        "noise": 0.1,
    },
    # builds pairs (and other patterns): keeps cards of a rank it already shows
    "pairs": {
        "face_down_max": 4,
        "take_max": 2,
        "take_gain": 3.0,
        "reveal": 0.0,
        "pairs": 5.0,
        "out_lead": 0,
        "noise": 0.1,
    },
    # replaces its highest face-up card first, whatever the patterns
    "dumper": {
        "face_down_max": 4,
        "take_max": 3,
        "take_gain": 2.0,
        "reveal": 0.0,
        "pairs": -1.0,
        "dump": 1.0,
        "out_lead": 0,
        "noise": 0.1,
    },
    # turns cards up only when it must, and goes out only well ahead
    "cautious": {
        "face_down_max": 2,
        "take_max": 3,
        "take_gain": 1.5,
        "reveal": -2.0,
        "pairs": 0.5,
        "out_max": 10,
        "out_lead": -3,
        "noise": 0.1,
    },
    # never gives the next opponent a useful card if it can help it
    "denier": {
        "face_down_max": 5,
        "take_max": 3,
        "take_gain": 2.0,
        "reveal": 0.3,
        "pairs": 0.8,
        "deny": 1.5,
        "out_lead": 0,
        "noise": 0.1,
    },
    # a sound all-rounder whose close calls are decided at random
    "strong": {
        "face_down_max": 5,
        "take_max": 3,
        "take_gain": 2.0,
        "reveal": 0.5,
        "pairs": 0.8,
        "deny": 0.25,
        "out_lead": 0,
        "noise": 1.0,
    },
    # plays on a whim: big random swings on top of sound habits
    "gambler": {
        "face_down_max": 6,
        "take_max": 4,
        "take_gain": 1.0,
        "reveal": 1.0,
        "pairs": 0.8,
        "out_lead": 4,
        "noise": 4.0,
    },
}

#: What an option is when neither the style nor the spec sets it.
_DEFAULTS: dict[str, float] = {
    "face_down_max": 4.0,
    "take_max": 3.0,
    "take_gain": 2.0,
    "reveal": 0.0,
    "pairs": 0.0,
    "dump": 0.0,
    "deny": 0.0,
    "out_max": 99.0,
    "out_lead": 0.0,
    "noise": 0.0,
}

#: A score that rules a move out while any other is left.
_REFUSE = -1000.0


class FieldBot(BaseBot):
    """A heuristic bot of configurable style; see the module docstring."""

    name = "field"

    def __init__(
        self,
        seed: int | str | None = None,
        style: str = "strong",
        face_down_max: float | None = None,
        take_max: float | None = None,
        take_gain: float | None = None,
        reveal: float | None = None,
        pairs: float | None = None,
        dump: float | None = None,
        deny: float | None = None,
        out_max: float | None = None,
        out_lead: float | None = None,
        noise: float | None = None,
    ) -> None:
        super().__init__(seed)
        if style not in STYLES:
            raise BotSpecError(f"unknown style {style!r}: use one of {', '.join(STYLES)}")
        self.style = style
        self.name = f"field:{style}"
        preset = STYLES[style]

        def opt(name: str, given: float | None) -> float:
            return float(given if given is not None else preset.get(name, _DEFAULTS[name]))

        self.face_down_max = opt("face_down_max", face_down_max)
        self.take_max = opt("take_max", take_max)
        self.take_gain = opt("take_gain", take_gain)
        self.reveal = opt("reveal", reveal)
        self.pairs = opt("pairs", pairs)
        self.dump = opt("dump", dump)
        self.deny = opt("deny", deny)
        self.out_max = opt("out_max", out_max)
        self.out_lead = opt("out_lead", out_lead)
        self.noise = opt("noise", noise)
        if self.noise < 0:
            raise BotSpecError(f"noise must be at least 0, not {self.noise!r}")

    # ------------------------------------------------------------------ helpers

    def _jitter(self) -> float:
        return self.rng.random() * self.noise if self.noise else 0.0

    def _progress(self, k: Knowledge, cells: list[int | None], pos: int) -> float:
        """How far the card at ``pos`` builds the variant's patterns: for every
        pattern place through ``pos``, the share of its cells that show the
        card's rank, counted when at least two do (a start of a match)."""
        card = cells[pos]
        if card is None:
            return 0.0
        rank = card >> 3
        total = 0.0
        for pat, table in k.comp.tables:
            if pat.ranks is not None and rank not in pat.ranks:
                continue
            for place in table:
                if pos not in place:
                    continue
                same = 0
                for c in place:
                    other = cells[c]
                    if other is not None and other >> 3 == rank:
                        same += 1
                if same >= 2:
                    total += same / len(place)
        return total

    def _opponent_estimates(self, view: View, k: Knowledge) -> list[float]:
        return [k.estimate(list(lay)) for s, lay in enumerate(view.layouts) if s != view.side]

    def _ending_ok(self, view: View, k: Knowledge, mine: float) -> bool:
        """Whether this style ends the hole with an estimated ``mine``."""
        others = self._opponent_estimates(view, k)
        lead = mine - min(others) if others else 0.0
        return mine <= self.out_max and lead <= self.out_lead

    @staticmethod
    def _would_end(view: View, turned: int) -> bool:
        """Whether turning ``turned`` more cards up ends the hole (turning the last one)."""
        down = sum(1 for c in view.layouts[view.side] if c is None)
        return not view.final_turn and view.variant.end.all_face_up and down == turned

    def _next_opponent(self, view: View) -> list[int | None] | None:
        for step in range(1, view.players):
            seat = (view.seat + step) % view.players
            if view.side_of[seat] != view.side:
                return list(view.layouts[view.side_of[seat]])
        return None

    def _gift(self, view: View, k: Knowledge, card: int) -> float:
        """What ``card`` on the discard pile would save the next opponent at
        its best place (its face-down cards at the mean)."""
        lay = self._next_opponent(view)
        if lay is None or not self.deny:
            return 0.0
        now = k.estimate(lay)
        best = 0.0
        for pos in range(len(lay)):
            trial = list(lay)
            trial[pos] = card
            best = max(best, now - k.estimate(trial))
        return best

    def _place(self, view: View, k: Knowledge, card: int, pos: int) -> float:
        """The score of putting ``card`` at ``pos`` (its old card is thrown away)."""
        cells = k.mine
        face_down = view.layouts[view.side][pos] is None
        trial = list(cells)
        trial[pos] = card
        after = k.estimate(trial)
        score = k.mine_value() - after
        building = self._progress(k, trial, pos)
        if face_down:
            if k.vt[card] > self.face_down_max and building == 0.0:
                score += _REFUSE
            score += self.reveal
            if self._would_end(view, 1) and not self._ending_ok(view, k, after):
                score += _REFUSE / 2
        else:
            old = cells[pos]
            assert old is not None
            score += self.dump * max(0.0, k.vt[old] - k.mu)
            score -= self.deny * self._gift(view, k, old)
        score += self.pairs * (building - self._progress(k, cells, pos))
        return score + self._jitter()

    def _discard(self, view: View, k: Knowledge, card: int) -> float:
        """The score of throwing the drawn card away (and flipping, if the rules say so)."""
        score = -self.deny * self._gift(view, k, card)
        t = view.variant.turn
        if discard_flips(view):
            if t.flip_after_discard == "required" or self.reveal > 0:
                score += self.reveal
            ending = self._would_end(view, 1) and t.flip_after_discard == "required"
            if ending and not self._ending_ok(view, k, k.mine_value()):
                score += _REFUSE / 2
        return score + self._jitter()

    def _best(self, scored: list[tuple[float, Action]]) -> Action:
        best = max(s for s, _ in scored)
        for s, a in scored:
            if s == best:
                return a
        return scored[0][1]  # pragma: no cover - the max is in the list

    # ------------------------------------------------------------------ decisions

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        if view.phase == "setup":
            return self._setup(view, legal)
        k = Knowledge(view)
        if view.phase == "draw":
            return self._draw(view, k, legal)
        if view.phase == "place":
            assert view.drawn is not None
            scored: list[tuple[float, Action]] = []
            for a in legal:
                if a.kind == "swap":
                    scored.append((self._place(view, k, view.drawn, a.pos), a))
                elif a.kind == "discard":
                    scored.append((self._discard(view, k, view.drawn), a))
            return self._best(scored) if scored else legal[0]
        return self._flip(view, k, legal)

    def _setup(self, view: View, legal: Sequence[Action]) -> Action:
        """Spread the start cards over the columns (more chances to pair),
        at random among equals."""
        scored = [(-column_known(view, a.pos) + self.rng.random() * 0.5, a) for a in legal]
        return self._best(scored)

    def _draw(self, view: View, k: Knowledge, legal: Sequence[Action]) -> Action:
        kinds = {a.kind for a in legal}
        mine = k.mine_value()
        if "knock" in kinds and not k.unknown(k.mine) and self._ending_ok(view, k, mine):
            return Action("knock")
        if "draw_discard" in kinds and view.discard:
            top = view.discard[-1]
            best = max(self._place(view, k, top, p) for p in range(len(k.mine)))
            cheap = k.vt[top] <= self.take_max and best > 0
            if cheap or best >= self.take_gain or "draw_stock" not in kinds:
                return Action("draw_discard")
        if "draw_stock" in kinds:
            return Action("draw_stock")
        return legal[0]

    def _flip(self, view: View, k: Knowledge, legal: Sequence[Action]) -> Action:
        """Which face-down card to turn up: next to a known card of the
        variant's patterns (a pair hunter's information), at random among equals."""
        scored: list[tuple[float, Action]] = []
        for a in legal:
            if a.kind == "flip":
                near = 0.0
                for _, table in k.comp.tables:
                    for place in table:
                        if a.pos in place:
                            near += sum(1 for c in place if k.mine[c] is not None)
                scored.append((self.pairs * near * 0.1 + self.rng.random(), a))
            elif a.kind == "pass":
                scored.append((-self.reveal, a))
        return self._best(scored) if scored else legal[0]
