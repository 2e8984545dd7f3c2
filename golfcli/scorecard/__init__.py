"""Scorecards for games played with real cards at a table: the library behind ``golf card``.

The engine plays Golf; this package keeps score of Golf that people play:
a card file per game night, holes entered as typed totals or as layouts
counted by the one scorer, running totals, winners and playoffs, printable
PDF cards, mini golf, and statistics over a season of cards.  A card never
loses a score: writers on one card take turns, and every change is kept in
the card with what it replaced.

A library, not a command: nothing here prints, asks, or exits.  Every front
end (``golf card``, in :mod:`golfcli.cli.card`; a page) is a thin client
of :mod:`.ops`, which runs each change through one cycle (lock, read, check
the revision the caller saw, change, write) and raises precise errors
(:mod:`.model`'s ``BadValue``, ``ChangeError`` and its kinds).

Modules, each one concern, imports flowing down the list:

* :mod:`.model`     the card, its holes and its changes, and the errors a
  card raises;
* :mod:`.reading`   the card's YAML file read back with ``file:line`` errors;
* :mod:`.standings` what is derived from the entries: totals, leaders,
  winners (counted by :mod:`golfcli.game`, as a played game is);
* :mod:`.store`     the file on disk: atomic writes, a lock around every
  read-modify-write, a change counter checked before each write;
* :mod:`.history`   each change made to a card and kept in it; undo;
* :mod:`.count`     values typed for a hole, layouts counted with the card's
  variant via :mod:`golfcli.scoring`; stored layouts checked again; the
  rules a hole of typed totals and layouts cannot apply;
* :mod:`.present`   a card and its log as table, markdown, csv or json;
* :mod:`.season`    statistics over many cards, grouped by game and player count;
* :mod:`.pdf`       printable cards (fpdf2);
* :mod:`.inputs`    what a caller gives (names, scores, pars) read into the
  card's terms, each bad value named by its place;
* :mod:`.start`     new cards, and blank ones to print;
* :mod:`.ops`       the operations every front end calls (see its notes).

And :mod:`.table`: the table's changes (players who join or leave, names,
the game's length, switches, par, the dealer), each kept and undone.
"""
