"""The root help's text as ``golf --help`` shows it, drawn by
golfcli/cli/roothelp.py without importing Typer.

Made from the app by ``python scripts/make_listing.py``; do not edit."""

USAGE = 'Usage: golf [OPTIONS] COMMAND [ARGS]...'
HELP = ('Golf, the card game: score layouts, play in the terminal, and run bot tournaments.',
 'Start with `golf variants`, `golf rules six-card` and `golf score "5 K 2 / 5 7 9"`.')
OPTIONS = (('--version', '', 'Print the version and exit.'), ('--help', '-h', 'Show this message and exit.'))
COMMANDS = (('score', "Score typed layouts with a variant's rules, card by card."),
 ('variants', 'List the built-in variants, one line each.'),
 ('rules', 'Explain a variant in words, generated from its data.'),
 ('validate', 'Check variant files and tournament configs: every key, type and value.'),
 ('play', 'Play Golf in the terminal against bots, or hot-seat with friends.'),
 ('replay', 'Step through a recorded game turn by turn (Enter for next, q to stop).'),
 ('tournament', 'Run a bot tournament from a config and print standings and a crosstable.'),
 ('report', 'Print the report of a finished or stopped run again, in any format.'),
 ('match', 'Play two bots head to head on duplicate deals and say which is better.'),
 ('check-bot', 'Check a bot for protocol errors, faults and speed across the built-in variants.'),
 ('serve', 'Serve a table for friends and bots, played by tapping on phones.'),
 ('ratings',
  'Ratings that last: a leaderboard over every game of every tournament recorded in the ratings '
  'database.'),
 ('card',
  'Keep score of Golf played with real cards: a card file per game, holes typed or counted from '
  'layouts, printable cards, mini golf.'))
