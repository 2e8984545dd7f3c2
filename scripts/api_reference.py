#!/usr/bin/env python3
"""Write golf's API reference: one HTML page of every public name of
``golfcli`` (``golfcli.__all__``), made from their docstrings by pdoc.

    pip install -e '.[docs]'
    python scripts/api_reference.py              # build/api/golfcli.html
    python scripts/api_reference.py --out DIR

Why pdoc: it reads the package as Python sees it (``__all__``, signatures
with their types, docstrings) and writes plain HTML with no configuration
file, theme or source tree of its own to keep beside the code (Sphinx needs
all three).  Only the public face is rendered, not the engine's modules:
the reference is what a script or a notebook may rely on.  The names load
lazily (PEP 562), so they are loaded here first: pdoc reads the module's
namespace.  They are read from the ``.py`` sources (``GOLF_PURE=1``): a
module compiled by mypyc keeps no docstrings of its methods.  docs/api.md
is the tutorial that goes with it.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def build(out: Path) -> Path:
    """Render the reference into ``out``; returns the page written."""
    # from the sources: a mypyc-compiled module keeps no docstrings of its
    # classes' methods (golfcli/__init__.py reads this when it is imported)
    os.environ["GOLF_PURE"] = "1"
    import pdoc.doc
    import pdoc.render

    import golfcli

    for name in golfcli.__all__:  # loaded now, so the namespace pdoc reads holds them
        getattr(golfcli, name)
    pdoc.render.configure(
        docformat="restructuredtext",  # the docstrings' ``literals`` and :func:`roles`
        footer_text=f"golf {golfcli.__version__}",
        search=False,
    )
    module = pdoc.doc.Module(golfcli)
    out.mkdir(parents=True, exist_ok=True)
    page = out / "golfcli.html"
    page.write_text(pdoc.render.html_module(module, {"golfcli": module}), encoding="utf-8")
    (out / "index.html").write_text(
        "<!doctype html><meta http-equiv='refresh' content='0; url=golfcli.html'>",
        encoding="utf-8",
    )
    return page


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, default=ROOT / "build" / "api", help="output directory")
    args = ap.parse_args()
    try:
        page = build(args.out)
    except ImportError as exc:
        print(f"api_reference: {exc} (pip install -e '.[docs]')")
        return 2
    print(page)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
