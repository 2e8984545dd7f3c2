"""golf: the reference engine, terminal game and bot tournament runner for
the card game Golf.  Imports flow one way: cards -> variant -> scoring ->
state -> view -> bots -> match/tournament -> CLI (see docs/architecture.md)."""

__version__ = "0.1.0"
