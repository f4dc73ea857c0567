"""English left in text meant to be Korean: the Latin words that are neither code, nor a
name that stays English in the Korean edition (the glossary keeps MAX, MIN, UCT, ...)."""

from __future__ import annotations

import re

NAMES = {
    # names of the field and of programs, kept as they are in the Korean edition
    "AI", "ETC", "MCTS", "MCTS-Solver", "UCT", "UCB", "UCB1", "MAX", "MIN", "PV", "TD", "Elo", "CI",
    "Python", "JupyterLab", "Jupyter", "Ctrl-C", "Pons", "numba", "SVG", "README", "CPU",
    "CPUs", "FILE", "SET", "LANG", "DIR", "NAME", "GAME", "OK", "Kopec", "Allis", "AIMA",
    "alpha", "beta", "n-tuple", "Wilson", "WebAssembly", "wasmtime",
    # the players' and games' names a user types (python -m gamelib play connect4 ...)
    "random", "minimax", "alphabeta", "id", "mcts", "mcts-solver", "perfect", "td",
    "human", "ai", "connect4", "tictactoe", "auto", "fast", "wasm", "python", "best-only",
    "play", "analyse", "analyze", "review", "tournament", "figures", "solve", "book",
    "grade", "lessons", "gamelib", "usage", "help", "version", "ko", "en", "pip", "install",
    "lab", "jupyter", "set", "inf", "nan",
}
"""Latin words that may stand in Korean text."""

CODE = re.compile(r"`[^`]*`"                       # a code span
                  r"|'[^'\n]*'|\"[^\"\n]*\""       # a quoted value (the user's input, a repr)
                  r"|Ctrl-C"                       # a key (not "Ctrl" and an option "-C")
                  r"|--?[\w-]+"                    # an option, e.g. --bench
                  r"|\b[\w.]+\([^()\n]*\)"         # a call, e.g. tournament(), f(x)
                  r"|\([\w.]+(\s*[-+*/,<>=]+\s*[\w.]+)+\)"  # an expression, (lo - h, lo + h)
                  r"|\S*[/\\]\S*"                  # a path
                  r"|[\w-]+\.\w+\b"                # a file or module name, grades.csv
                  r"|\{[^{}\n]*\}"                 # a set or dict literal, {1, 2}
                  r"|\[[^\[\]\n]*\]"               # a list literal, [3, 3, 4]
                  r"|\b[A-Za-z]+_\w*|\b\w*_[A-Za-z]\w*"   # an identifier, eval_fn
                  r"|\b[A-Za-z]*\d\w*"             # a word with digits: 7x6, L2_R1, k=3
                  r"|=\w+|\w+=")                   # a keyword argument or setting
LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*")


def leftover_english(text: str, allowed: set[str] = frozenset()) -> list[str]:
    """The Latin words of `text` outside code and quotes that are not names kept in
    English: an English word left untranslated (single capital letters aside: X, O, N)."""
    prose = CODE.sub(" ", text)
    return [word for word in LATIN_WORD.findall(prose)
            if len(word) > 1 and word not in NAMES and word not in allowed]
