#!/usr/bin/env python3
"""Write golfcli/cli/listing.py: the root help's text as data, so that
``golf --help`` is drawn without importing Typer (golfcli/cli/roothelp.py
says why).  Run it after adding a command or editing the first paragraph
of a command's help; tests/cli/test_roothelp.py fails until it is run."""

from __future__ import annotations

from pathlib import Path

from golfcli.cli.app import listing_module

if __name__ == "__main__":
    import golfcli.cli

    out = Path(golfcli.cli.__file__).with_name("listing.py")
    out.write_text(listing_module(), encoding="utf-8")
    print(f"wrote {out}")
