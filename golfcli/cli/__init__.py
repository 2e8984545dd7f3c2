"""The ``golf`` commands, one module each: :mod:`.score`, :mod:`.variants`
(``variants``, ``rules``, ``validate``), :mod:`.play` (``play``, ``replay``),
:mod:`.tournament` (``tournament``, ``report``), :mod:`.ratings`,
:mod:`.check_bot`, :mod:`.card` (``golf card``'s sub-app, a thin client of
:mod:`golfcli.scorecard`, with :mod:`.card_input` for its options and
prompts); :mod:`.options` declares the options they share.
:mod:`golfcli.cli.app` makes the ``golf`` group and registers them in the order
``golf --help`` lists them.
"""
