"""Long inputs quoted briefly in error messages (a million-character string is not
printed whole). Its own module because every other module of the games needs it, the
rules in base.py included."""

from __future__ import annotations

from typing import Any

BRIEF = 40
"""How many characters of a long input an error message quotes."""

LONG = 100
"""An input longer than this is quoted briefly (a whole game of Connect Four, 42 moves, or
of a 9 x 9 board, 81, is quoted whole)."""


def brief(value: Any, limit: int = BRIEF) -> str:
    """`repr(value)` for an error message; when it is longer than LONG characters, its
    first `limit` and the length: a million-character input is quoted as
    `'3333...' ... (1000000 characters)`, not whole."""
    if isinstance(value, int) and value.bit_length() > 300:    # too long to print (or even
        digits = int(value.bit_length() * 0.30103)             # to convert, past 4300 digits)
        return f"a whole number of about {digits} digits"
    if isinstance(value, (str, bytes, bytearray)):
        if len(value) <= LONG:
            return repr(value)
        return f"{value[:limit]!r} ... ({len(value)} characters)"
    try:
        text = repr(value)
    except ValueError:                  # e.g. a tuple holding a 5000-digit number
        return f"a {type(value).__name__} too long to print"
    return text if len(text) <= LONG else f"{text[:limit]} ... ({len(text)} characters)"
