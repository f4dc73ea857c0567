"""Legends: a small table beside each picture that explains only what the picture shows."""

from __future__ import annotations

from typing import Any

from gamelib.platform import N_, _
from gamelib.viz import style as st


def legend_table(entries: list[tuple[str, str]], title: str = N_("How to read this"),
                 columns: int = 2) -> str:
    """An HTML-like label: a title, then the (symbol, explanation) pairs in `columns`
    columns; symbols are HTML already, explanations are translated and escaped here."""
    span = 2 * columns
    rows = [f'<TR><TD COLSPAN="{span}" ALIGN="LEFT"><B>{st.esc(_(title))}</B></TD></TR>']
    per_column = -(-len(entries) // columns)
    for r in range(per_column):
        cells = ""
        for c in range(columns):
            k = c * per_column + r
            symbol, text = entries[k] if k < len(entries) else ("", "")
            cells += (f'<TD ALIGN="CENTER">{symbol}</TD>'
                      f'<TD ALIGN="LEFT">{st.esc(_(text))}</TD>')
        rows.append(f"<TR>{cells}</TR>")
    return ('<<TABLE BORDER="1" COLOR="#bbbbbb" CELLBORDER="0" CELLSPACING="0" '
            'CELLPADDING="2">' + "".join(rows) + "</TABLE>>")


def add_legend(graph: Any, label: str, below: str) -> None:
    """Put the legend under the picture (one rank below the node named `below`)."""
    graph.node("legend", label, shape="plain", fontsize="10", id="legend",
               **{"class": "legend"})
    graph.edge(below, "legend", style="invis")


def bar(colour: str, *thicknesses: int) -> str:
    """Short line samples, one per thickness, stacked (filled table cells: no special
    font glyph needed)."""
    rows = "<TR><TD HEIGHT=\"3\"></TD></TR>".join(
        f'<TR><TD WIDTH="22" HEIGHT="{t}" FIXEDSIZE="TRUE" BGCOLOR="{colour}"></TD></TR>'
        for t in thicknesses or (2,))
    return f'<TABLE BORDER="0" CELLPADDING="0" CELLSPACING="0">{rows}</TABLE>'


def coloured(text: str, colour: str, bold: bool = False) -> str:
    """A symbol in a colour, for the left column of a legend."""
    inner = f"<B>{st.esc(text)}</B>" if bold else st.esc(text)
    return f'<FONT COLOR="{colour}">{inner}</FONT>'


def legend_rows(features: set[str]) -> str:
    """The legend of a minimax / alpha-beta tree, for the features the drawing holds."""
    entries = [(coloured("▲", st.MAX_COLOUR, True),
                N_("MAX node: the player to move at the root")),
               (coloured("▼", st.MIN_COLOUR, True), N_("MIN node: the opponent")),
               (coloured("■", st.LEAF_COLOUR), N_("leaf: game over (utility) or evaluated "
                                                  "at the depth limit")),
               ("#n", N_("visit order (#0 = root)")),
               ("3", N_("value for MAX, backed up from the leaves"))]
    if "cut" in features or "pruned" in features:
        entries += [(st.esc(">= v"), N_("MAX node cut off: value at least v")),
                    (st.esc("<= v"), N_("MIN node cut off (or failed low): value at most v"))]
    if "window" in features:
        entries.append(("α β", N_("window (alpha, beta) the node was searched with")))
    if "pruned" in features:
        entries.append((coloured("- - -", st.PRUNED_COLOUR),
                        N_("pruned: moves never searched")))
    if "tt-hit" in features:
        entries.append((coloured("TT", st.TT_COLOUR, True),
                        N_("transposition-table hit: value reused, not searched")))
    if "merged" in features:
        entries.append((coloured("- - ›", st.TT_COLOUR, True),
                        N_("the same position again: the table's value reused, not "
                           "searched")))
    if "edge-best" in features:
        entries.append((bar(st.PV_COLOUR, 2), N_("where a node's value came from")))
    if "edge-pv" in features:
        entries.append((bar(st.PV_COLOUR, 4),
                        N_("principal variation: best play by both sides")))
    if "edge-chosen" in features:
        entries.append((bar(st.CHOSEN_COLOUR, 3), N_("the move the search chose")))
    if "current" in features:
        entries.append((coloured("■", st.CURRENT_COLOUR),
                        N_("current node and the path to it")))
    if "collapsed" in features:
        entries.append(("+n", N_("subtree not drawn (size limit, collapsed, or not "
                                 "recorded)")))
    return legend_table(entries)
