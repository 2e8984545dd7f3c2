"""The ``golf`` commands, one module each (``golf card``'s are in
:mod:`golfcli.scorecard.commands`): :mod:`.score`, :mod:`.variants` (``variants``,
``rules``, ``validate``), :mod:`.play` (``play``, ``replay``),
:mod:`.tournament` (``tournament``, ``report``), :mod:`.ratings`,
:mod:`.check_bot`; :mod:`.options` declares the options they share.
:mod:`golfcli.cli` makes the ``golf`` group and registers them in the order
``golf --help`` lists them.
"""
