#!/usr/bin/env python3
"""Write golfcli/builtindata.py: every built-in variant's YAML as data and
the line of each key, so that loading a built-in needs no YAML parser
(golfcli/variantload.py says why).  Run it after editing a built-in's YAML;
tests/rules/test_variant.py fails until it is run."""

from __future__ import annotations

from golfcli.variantload import BUILTINS_MODULE, builtins_module

if __name__ == "__main__":
    BUILTINS_MODULE.write_text(builtins_module(), encoding="utf-8")
    print(f"wrote {BUILTINS_MODULE}")
