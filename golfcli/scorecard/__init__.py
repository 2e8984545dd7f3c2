"""Scorecards for games played with real cards at a table (``golf card``).

The engine plays Golf; this package keeps score of Golf that people play:
a card file per game night, holes entered as typed totals or as layouts
counted by the one scorer, running totals, winners and playoffs, printable
PDF cards, mini golf, and statistics over a season of cards.  A card never
loses a score: commands on one card take turns, and every change is kept in
the card with what it replaced.

Modules, each one concern, imports flowing down the list:

* :mod:`.model`   the card and its changes, its YAML file read back with
  ``file:line`` errors, and the standings computed from it (totals,
  leader, winners);
* :mod:`.store`   the file on disk: atomic writes, a lock around every
  read-modify-write, a change counter checked before each write;
* :mod:`.history` each change made to a card and kept in it; undo;
* :mod:`.count`   reading what a person types for a hole, counting layouts
  with the card's variant via :mod:`golfcli.scoring`; checking stored
  layouts again; the rules a hole of typed totals and layouts cannot apply;
* :mod:`.present` ``show`` and ``log`` as table, markdown, csv or json;
* :mod:`.season`  ``stats``: cards grouped by game and player count;
* :mod:`.pdf`     printable cards (fpdf2);
* :mod:`.edit`    the cycle of a command that changes a card: read, ask a
  person, lock, read again, write;
* :mod:`.commands` the Typer sub-app; heavy imports stay inside commands so
  that ``golf score`` does not pay for them.
"""
