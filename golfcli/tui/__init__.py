"""The terminal game (``golf play``) and what ``golf replay`` draws.

A person is just another seat: :class:`~golfcli.tui.play.HumanSeat` has the
same ``choose(view, legal)`` as a bot, so :class:`~golfcli.match.Match` runs
one game loop for bots, humans and any mix of them.  Everything a human is
shown during play is rendered from that seat's :class:`~golfcli.view.View`
(the one censoring function), never from the state, so a hidden card cannot
leak onto the screen by accident.  Only ``golf replay`` and the end of a
hole -- when every card is face up by rule -- draw from full information.

The rooms (their order, in which each imports only those before it, is
docs/architecture.md's):

``style``
    colour and suit symbols (``--ascii`` turns both off)
``seats``
    the ``--players`` grammar and ``--handicap``
``board``
    layouts side by side, the scorecard and results between holes
``narrate``
    events in words
``input``
    replies parsed into actions; prompts, help and the reason a move is refused
``hint``
    the move golf would make, and why, when a person asks
``play``
    the terminal, the human seat and the play loop

Input is short on purpose: positions are numbered 1..N row by row and
printed beside every card, a move is a letter or a number (``s``, ``d``,
``3``, ``d3``), and every prompt names its choices in plain words.
"""
