"""Scorecards for games played with real cards at a table (``golf card``).

The engine plays Golf; this package keeps score of Golf that people play:
a card file per game night, holes entered as typed totals or as layouts
counted by the one scorer, running totals, winners and playoffs, printable
PDF cards, mini golf, and statistics over a season of cards.

Modules, each one concern, imports flowing down the list:

* :mod:`.model`   the card, its YAML file (atomic writes, ``file:line`` errors)
  and the standings computed from it (totals, leader, winners);
* :mod:`.count`   reading what a person types for a hole, counting layouts
  with the card's variant via :mod:`golfcli.scoring`;
* :mod:`.present` ``show`` and ``stats`` as table, markdown, csv or json;
* :mod:`.pdf`     printable cards (fpdf2);
* :mod:`.commands` the Typer sub-app; heavy imports stay inside commands so
  that ``golf score`` does not pay for them.
"""
