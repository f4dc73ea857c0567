"""Tables for lessons: rows of dicts shown as an HTML table in a notebook, with no pandas
(so they also work in the browser version of the course, offline)."""

from __future__ import annotations

import html
from typing import Any, Mapping, Sequence

from gamelib.platform import _, display_width, pad


class Table:
    """Rows of dicts shown as an HTML table in a notebook and as aligned text elsewhere."""

    def __init__(self, rows: Sequence[Mapping[str, Any]], index: str | None = None,
                 digits: int | None = None) -> None:
        if not rows or not all(isinstance(row, Mapping) for row in rows):
            raise ValueError(_("a table needs a non-empty list of dicts, one per row"))
        self.columns = list(dict.fromkeys(key for row in rows for key in row))
        if index is not None:
            if index not in self.columns:
                raise ValueError(_("index {index!r} is not a column; the columns are "
                                   "{columns}").format(index=index, columns=self.columns))
            self.columns.remove(index)
            self.columns.insert(0, index)
        self.rows, self.index, self.digits = list(rows), index, digits

    def cell(self, value: Any) -> str:
        """One value as the table shows it: floats rounded to `digits`, big ints grouped."""
        if isinstance(value, float) and self.digits is not None:
            return f"{value:,.{self.digits}f}"
        if isinstance(value, int) and not isinstance(value, bool):
            return f"{value:,}"
        return str(value)

    def text_rows(self) -> list[list[str]]:
        """Every row's cells as text, in column order (a missing value is blank)."""
        return [[self.cell(row[c]) if c in row else "" for c in self.columns]
                for row in self.rows]

    def headings(self) -> list[str]:
        """The column names as shown: in the language set, where gamelib's catalog has
        them ("wins now" is "바로 승리" in Korean); the rows keep their keys."""
        return [_(column) if isinstance(column, str) and column else str(column)
                for column in self.columns]

    def __str__(self) -> str:
        lines = [self.headings()] + self.text_rows()
        widths = [max(display_width(line[k]) for line in lines)
                  for k in range(len(self.columns))]
        return "\n".join("  ".join(pad(text, width, ">") for text, width in zip(line, widths))
                         for line in lines)

    def __repr__(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        """The table for a notebook; the index column (if any) is a row header."""
        head = "".join(f"<th>{html.escape(c)}</th>" for c in self.headings())
        body = ""
        for cells in self.text_rows():
            first_tag = "th" if self.index is not None else "td"
            first = f"<{first_tag}>{html.escape(cells[0])}</{first_tag}>"
            body += "<tr>" + first + "".join(f"<td>{html.escape(c)}</td>"
                                             for c in cells[1:]) + "</tr>"
        return (f'<table class="gamelib-table"><thead><tr>{head}</tr></thead>'
                f"<tbody>{body}</tbody></table>")


def table(rows: Sequence[Mapping[str, Any]], index: str | None = None,
          digits: int | None = None) -> Table:
    """Show rows of dicts as a table: `index` names the column that labels each row,
    `digits` rounds floats (e.g. table(rows, index="player", digits=1))."""
    return Table(rows, index, digits)
