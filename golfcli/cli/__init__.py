"""The command line: everything that knows Typer, options, exit codes and
printing errors, so that the layers below raise and return.

The ``golf`` commands, one module each: :mod:`.score`, :mod:`.variants`
(``variants``, ``rules``, ``validate``), :mod:`.play` (``play``, ``replay``),
:mod:`.tournament` (``tournament``, ``report``), :mod:`.match` (two bots
head to head, no YAML), :mod:`.ratings`,
:mod:`.check_bot`, :mod:`.card` (``golf card``'s sub-app, a thin client of
:mod:`golfcli.scorecard`, with :mod:`.card_input` for its options and
prompts); :mod:`.params` declares the options they share, :mod:`.say` the one line
and exit 2 of bad input.
:mod:`golfcli.cli.app` makes the ``golf`` group and registers them in the order
``golf --help`` lists them.

The console script is :mod:`.entry` (it catches Ctrl-C before anything is
imported); :mod:`.app` is the ``golf`` group; ``golf --help`` itself is
drawn by :mod:`.roothelp` from :mod:`.listing` (the app's list as data)
without importing Typer. ``golf play`` runs through
:mod:`.play_run` and ``golf replay`` through :mod:`.play_replay`; ``golf
card``'s table commands are :mod:`.card_table`, its page :mod:`.card_serve`;
``golf serve`` is :mod:`.serve`.
"""

#: What golf says on Ctrl-C, wherever it comes (exit status 130).
INTERRUPTED = "golf: interrupted"
