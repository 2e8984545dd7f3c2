"""golf's own tables (golfcli/render/__init__.py, ``table``) against
tabulate, whose ``simple`` and ``github`` formats they reproduce: golf
stopped importing tabulate (a fifth of ``golf score``'s start), and every
table a command prints must read as before."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from golfcli.render import table

tabulate = __import__("tabulate").tabulate

CELLS = st.one_of(
    st.none(),
    st.integers(-(10**6), 10**6),
    st.floats(-1e6, 1e6, allow_nan=False).map(lambda f: round(f, 3)),
    st.sampled_from(
        ["", " ", "0.52", "12.30", "2-4", "1e5", "nan", "K♥", "10♦", "  x ", "-0.5", "7", " 7 "]
    ),
    st.text(alphabet="abcXYZ ♠♥-.", max_size=8),
    st.booleans(),
)


def test_cells_of_blanks_and_padded_numbers() -> None:
    """Cases the property test found: a cell of blanks is text (its column
    left-aligned), an empty one is missing, a whole number's text is shown
    as given."""
    for rows in (
        [["0"], [" "]],
        [[0], [""]],
        [[" 7 "], ["8"]],
        [["a "], [" b"]],
        [[" 1.5"], ["2"]],
    ):
        assert table(rows, ["x"]) == tabulate(rows, headers=["x"], tablefmt="simple")


@settings(max_examples=300, deadline=None)
@given(
    headers=st.lists(st.text(alphabet="abc #%", max_size=10), min_size=1, max_size=5),
    data=st.data(),
    markdown=st.booleans(),
    numbers=st.booleans(),
    right=st.booleans(),
)
def test_tables_read_as_tabulate_lays_them_out(
    headers: list[str], data: Any, markdown: bool, numbers: bool, right: bool
) -> None:
    rows = data.draw(
        st.lists(st.lists(CELLS, min_size=len(headers), max_size=len(headers)), max_size=6)
    )
    if right and numbers:
        right = False  # golf right-aligns only tables of text (the terminal's scorecard)
    kw: dict[str, Any] = {"disable_numparse": not numbers}
    if right:
        kw.update(stralign="right", numalign="right")
    want = tabulate(rows, headers=headers, tablefmt="github" if markdown else "simple", **kw)
    assert table(rows, headers, markdown=markdown, numbers=numbers, right=right) == want
