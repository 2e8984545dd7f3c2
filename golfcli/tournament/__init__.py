"""Bot tournaments: a config becomes a plan, the plan a stream of games played
anywhere, the games one report.

A tournament config (docs/tournament.md) names a variant, the players
(built-in bots, bot files or external programs and their options), optional
partner teams, a schedule and a number of *deals*.  The run plays
``deals x tables x seatings`` games: every deal is played at every *table*
(a group of entrants that sit down together: all of them, or in a round
robin of smaller tables every group of that size, or in a gauntlet the
challenger with each group of the others) and, with ``duplicate: true``,
the *seatings* are the rotations of the table's entrants through the seats,
so every entrant plays every seat's cards of every deal.

Game ``i`` is fully determined by the config, the run's key and ``i``: its
deal, table, rotation and match key (``derive(key, "deal:d")`` in duplicate
mode, else ``derive(key, "game:i")``, golfcli.keys); the match derives every
hole's shuffle from its match key.  The run's key is secret and random
unless a seed is given (a known seed means known deals), and is published
when the run is over.  Games run in any order on any number of worker
processes; results are aggregated strictly in index order, so the report is
identical for any worker count and for a run that was stopped and resumed.

The rooms (their order, in which each imports only those before it, is
docs/architecture.md's):

``plan``
    PlayerSpec, Entrant, Slot, Plan, ExecutorSpec and the two errors
``config``
    load_config: the YAML file, step by step, into a Plan
``worker``
    one game as a pure function of plan and index; the workers' task functions
``executors``
    where games run: a local process pool or a Dask cluster
``rundir``
    the ``--out`` directory: run.json, games.jsonl, resuming
``leaderboard``
    ``golf ratings``: the boards computed from it
``report``
    RunResult and the report every output format is rendered from
``runner``
    the run loop, Ctrl-C and SPRT stops; ``run_tournament`` (a config in, its report
    out) and ``run_plan``

This package's ``__init__`` imports nothing, so a Dask worker that unpickles
:func:`~golfcli.tournament.worker.play_batch_remote` loads only what a game
needs.

Beside them: :mod:`.configplayers` (the config's players and teams) and
:mod:`.configerrors` (every error of a config at once), :mod:`.ratingsdb`
(the ratings database: every counted game of every run, kept) and
:mod:`.ratingsimport` (a finished run added to it), :mod:`.recording` (a run
and the database), :mod:`.signals` (Ctrl-C and SIGTERM during a run) and
:mod:`.pool` (batches in flight on a pool).
"""
