"""'Why this move?': a SearchResult in plain words, with the exact numbers one click away.

Values are from the point of view of the AI (the player to move at the root of its
search). The words count *moves of one side*: "wins in 3 moves" means with its third
move from now, whatever the other side does; "loses in 2 moves" means the other side
can win with its second move. The raw scores, bounds and plies sit in a folded
"Exact numbers" part under the table. A game's board adapter may add words of its own
(Connect Four: the threats each move makes or stops, in the 2019 report's terms).
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any, TypeGuard

from gamelib.games.base import Game, Move
from gamelib.search.result import MCTSResult, MinimaxResult, SearchResult
from gamelib.solver.player import SolverResult
from gamelib.search.scoring import WIN, describe_value, is_win_score

if TYPE_CHECKING:
    from gamelib.widgets.adapters import WhySection

BOUND_SIGNS = {"lower": "≥ ", "upper": "≤ "}
SOLVER_STONES = 22
"""Solver scores: |score| = 22 - the stones the winner has played when it completes four."""


def move_label(game: Game, move: Move) -> str:
    """A move in words, as the game's board adapter names it ("column 3", "row 0, col 2")."""
    from gamelib.widgets.adapters import adapter_for
    try:
        return adapter_for(game).move_name(move)
    except TypeError:                   # a game without a board (e.g. a GameTree)
        return f"move {move!r}"


def count(n: int, word: str) -> str:
    """"1 move", "3 moves"."""
    return f"{n} {word}{'' if n == 1 else 's'}"


# -- one value in words --------------------------------------------------------------------

def search_words(value: float, bound: str, complete: bool) -> str:
    """A minimax-style value for the AI in words, reading its bound ("≤" / "≥") too."""
    if is_win_score(value):
        plies = WIN - int(abs(value))
        if value > 0:
            moves = (plies + 1) // 2          # the AI moves at plies 1, 3, 5, ...
            if bound == "upper":
                return f"wins in {count(moves, 'move')} at best"
            if plies == 1:
                return "wins with this move"
            return f"wins in {count(moves, 'move')}" + (" or sooner" if bound == "lower" else "")
        moves = max(1, plies // 2)            # the other side wins at plies 2, 4, ...
        return f"loses in {count(moves, 'move')}" + {"upper": " or sooner",
                                                     "lower": " at worst"}.get(bound, "")
    if bound == "upper":
        return "at best a draw" if value == 0 and complete else "worse than the move played"
    if bound == "lower":
        return "at least a draw" if value == 0 and complete else "good enough to play"
    if value == 0:
        return "draw" if complete else "looks even"
    return "the AI is ahead" if value > 0 else "the AI is behind"


def solver_words(score: float, stones_before: tuple[int, int]) -> str:
    """An exact solver score of one column in words; `stones_before` = (the AI's stones,
    the other side's stones) before the AI moves."""
    mine, theirs = stones_before
    if score > 0:
        moves = SOLVER_STONES - int(score) - mine
        return "wins with this move" if moves <= 1 else f"wins in {count(moves, 'move')}"
    if score < 0:
        return f"loses in {count(max(1, SOLVER_STONES + int(score) - theirs), 'move')}"
    return "draw"


def mcts_words(q: float | None, proven: str) -> str:
    """An MCTS root move in words: MCTS-Solver's proof, else its share of won playouts."""
    if proven:
        return {"win": "wins for sure", "draw": "draws for sure",
                "loss": "loses for sure"}[proven]
    if q is None:
        return "not tried"
    return f"won {q:.0%} of its random games"


def stones(result: SearchResult) -> tuple[int, int]:
    """(the mover's stones, the other side's stones) in the searched position."""
    state, game = result.state, result.game
    board = getattr(state, "board", None)
    if board is None and hasattr(game, "rows"):
        board = "".join(state.cell(r, c) for r in range(game.rows) for c in range(game.cols))
    if board is None:
        return 0, 0
    me = game.to_move(state)
    return board.count(me), board.count(game.opponent(me))


PREDICATES = {"draw": "draws", "at best a draw": "draws at best",
              "at least a draw": "draws at least", "looks even": "looks even",
              "the AI is ahead": "leaves the AI ahead",
              "the AI is behind": "leaves the AI behind",
              "worse than the move played": "is worse than the move played",
              "good enough to play": "is good enough to play",
              "not looked at": "was not looked at"}
"""Value words that are not a verb phrase, as one ("this move draws", never "this move
draw"); the others ("wins in 2 moves", "loses ...", "won 40% ...") already are."""


def predicate(words: str) -> str:
    """Value words as what a move does, to follow "this move" or "it" in a sentence."""
    if words in PREDICATES:
        return PREDICATES[words]
    if words.startswith("not solved"):
        return "was " + words
    return words


def value_words(result: SearchResult, move: Move) -> str:
    """A root move's value for the AI in plain words."""
    if is_mcts(result):
        return mcts_words((result.q or {}).get(move), proof_word(result, move))
    value = result.move_values.get(move)
    if value is None:
        return "not looked at"
    if is_solver(result):
        if result.move_bounds.get(move) == "upper":
            return ("worse than the move played" if value < (result.value or 0) else
                    "not solved in time: no better than the move played")
        return solver_words(value, stones(result))
    return search_words(value, result.move_bounds.get(move, "exact"),
                        searched_to_the_end(result))


def exact_text(result: SearchResult, move: Move) -> str:
    """A root move's raw number: a score with its bound, or visits and mean reward."""
    if is_mcts(result):
        q = (result.q or {}).get(move)
        mean = "" if q is None else f", mean reward {q:.3f}"
        return f"{(result.visits or {}).get(move, 0)} visits{mean}"
    value = result.move_values.get(move)
    if value is None:
        return "not searched"
    sign = BOUND_SIGNS.get(result.move_bounds.get(move, "exact"), "")
    if is_solver(result):
        return f"{sign}score {value:+g}"
    return f"{sign}{describe_value(value)}" + ("" if is_win_score(value) else " (score)")


# -- the moves, best first -----------------------------------------------------------------

def is_mcts(result: SearchResult) -> TypeGuard[MCTSResult]:
    """True for an MCTS search's result (it carries visit counts)."""
    return isinstance(result, MCTSResult)


def is_solver(result: SearchResult) -> TypeGuard[SolverResult]:
    """True for the exact solver's result (exact scores, from its book or a search)."""
    return isinstance(result, SolverResult)


def searched_to_the_end(result: SearchResult) -> bool:
    """True when minimax or alpha-beta searched every line to the end of the game."""
    return isinstance(result, MinimaxResult) and result.complete


BOUND_ORDER = {"lower": 2, "exact": 1, "upper": 0}
"""Among equal values: a lower bound (at least this) above an exact value above an upper
bound (at most this)."""


def ranked_moves(result: SearchResult) -> list[Move]:
    """Root moves, best first (by visits for MCTS, by value otherwise; the choice first,
    then the moves whose words are the choice's own, so equal moves are never listed
    below worse ones)."""
    moves = [move for move, _ in result.ranked()]
    if result.move in moves:
        moves.remove(result.move)
    if not is_mcts(result):
        same = value_words(result, result.move)
        bounds, values = result.move_bounds, result.move_values
        moves.sort(key=lambda m: (value_words(result, m) != same, -values[m],
                                  -BOUND_ORDER.get(bounds.get(m, "exact"), 1)))
    return [result.move] + moves


def proof_word(result: SearchResult, move: Move) -> str:
    """MCTS-Solver's verdict on a root move for the AI: "win", "draw", "loss" or ""."""
    proof = (result.proven or {}).get(move) if is_mcts(result) else None
    return "" if proof is None else {1.0: "win", 0.5: "draw", 0.0: "loss"}.get(proof, "")


def why_rows(game: Game, result: SearchResult) -> list[dict[str, Any]]:
    """One row per root move, best first: the data behind the table."""
    return [{"move": move, "label": move_label(game, move), "chosen": move == result.move,
             "words": value_words(result, move), "exact": exact_text(result, move)}
            for move in ranked_moves(result)]


# -- sentences -----------------------------------------------------------------------------

def headline(game: Game, result: SearchResult) -> str:
    """One sentence on how the AI chose, in plain words."""
    said = value_words(result, result.move)
    if is_mcts(result):
        text = (f"It played {result.stats.iterations:,} quick games with random moves from "
                f"here and picked the move it tried most.")
        return text + (f" MCTS-Solver has proved the result: this move {predicate(said)}." if
                       proof_word(result, result.move) else "")
    if is_solver(result):
        source = result.source
        if source == "heuristic":
            return ("The position was too early to solve in time, so it played its "
                    "favourite safe move (not proven best).")
        where = "its opening book" if source == "book" else "solving the game exactly"
        return f"It knows the exact result from {where}: this move {predicate(said)}."
    depth = result.stats.depth
    if said.startswith("wins"):
        return f"It has found a forced win: it {said}, whatever you do."
    if said.startswith("loses"):
        return (f"It sees that it {said} if you play well, so it plays the move that "
                f"holds out longest.")
    if searched_to_the_end(result):
        return "It searched to the end of the game: with best play from both sides it is a draw."
    return (f"It looked {count(depth, 'move')} ahead (yours and its own) and scored the "
            f"positions there; this move looked best for it.") if depth else \
        "This move looked best for it."


def runner_up_text(game: Game, result: SearchResult) -> str:
    """One sentence: the second-best move and why the AI preferred the one it played."""
    moves = ranked_moves(result)
    b = move_label(game, result.move)
    if len(moves) < 2:
        legal = game.actions(result.state) if not game.is_terminal(result.state) else []
        if len(legal) < 2:
            return "It was the only legal move."
        if proof_word(result, result.move) == "win":
            return f"It proved that {b} wins, so it did not need to try the other moves."
        if is_solver(result) and result.source == "book":
            return "The book keeps only the best move, so there is no runner-up."
        return "It did not score the other moves."
    second = moves[1]
    s = move_label(game, second)
    if is_mcts(result):
        visits, q = result.visits or {}, result.q or {}
        return (f"Next best: {s}, tried in {visits.get(second, 0):,} games against "
                f"{visits.get(result.move, 0):,} for {b}; it won {q.get(second, 0):.0%} "
                f"of them against {q.get(result.move, 0):.0%}.")
    return f"Next best: {s} ({value_words(result, second)}). " + _why_not_second(
        result, second, b, s)


def _why_not_second(result: SearchResult, second: Move, b: str, s: str) -> str:
    """Why the search preferred the move played to the runner-up."""
    vb, vs = result.move_values.get(result.move), result.move_values.get(second)
    if vb is None or vs is None:
        return ""
    if is_solver(result):
        if result.move_bounds.get(second) == "upper":
            return (f"The solver proved {s} worse than {b} and, to answer quickly, did not "
                    f"work out by how much." if vs < vb else
                    f"The solver ran out of time for {s}: it may be as good as {b}, never "
                    f"better ({b} is nearer the centre).")
        return "Both results are proved by the solver." if vb != vs else \
            "Both are equally good; the solver prefers the column nearer the centre."
    if result.move_bounds.get(second) == "upper":
        return (f"The search stopped looking at {s} as soon as one of your replies showed "
                f"it was no better than {b} (alpha-beta cut it off).")
    if vs == vb:
        return "Both look equally good; the search keeps the first one it found."
    return f"{b[:1].upper()}{b[1:]} looked better for the AI."


def game_section(game: Game, result: SearchResult) -> WhySection | None:
    """The game's own words on the move and the runner-up, from its board adapter (led,
    for a learned evaluation, by what the network saw)."""
    from gamelib.widgets.adapters import adapter_for
    try:
        adapter = adapter_for(game)
    except TypeError:                   # a game without a board (e.g. a GameTree)
        return None
    from gamelib.widgets.opponents import with_learned_words
    moves = ranked_moves(result)
    section = adapter.why_section(result.state, result.move, moves[1] if len(moves) > 1 else None)
    return with_learned_words(result, section)


def section_html(section: WhySection | None) -> tuple[str, str]:
    """The game's own words (shown) and its table of counts, one column per move (folded)."""
    if section is None:
        return "", ""
    words = f"<div class='gamelib-why-text'>{escape(section.words)}</div>"
    if not section.rows:
        return words, ""
    keys = list(section.rows[0])                # the first names the move ("column")
    first, counts = keys[0], keys[1:]
    head = "".join(f"<th>{escape(f'{first} {row[first]}')}</th>" for row in section.rows)
    body = "".join(f"<tr><td>{escape(key)}</td>" + "".join(
        f"<td>{escape(cell_text(row[key]))}</td>" for row in section.rows) + "</tr>"
        for key in counts)
    return words, (f"<div class='gamelib-why-text gamelib-small'>In the report's terms, "
                   f"counted on the board (lines: its line evaluation):</div>"
                   f"<table class='gamelib-why-table gamelib-exact-table'><tr><th></th>{head}"
                   f"</tr>{body}</table>")


def cell_text(value: object) -> str:
    """A table cell: yes / no for truth values, the value itself otherwise."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def pv_text(game: Game, result: SearchResult) -> str:
    """The line the search expects, in words."""
    if not result.pv:
        return "(none recorded)"
    return " → ".join(move_label(game, move) for move in result.pv)


def stats_text(result: SearchResult) -> str:
    """Algorithm, nodes, depth and time in one line."""
    s = result.stats
    parts = [f"Search: {result.algorithm}", f"{s.nodes:,} positions searched"]
    if is_mcts(result) and s.iterations:
        parts.append(f"{s.iterations:,} iterations")
    elif s.depth:
        parts.append(f"depth {s.depth} plies")
    parts.append(f"{s.seconds:.2f} s")
    return ", ".join(parts)


# -- the panel -----------------------------------------------------------------------------

def why_html(game: Game, result: SearchResult | None, who: str = "The AI",
             random: bool = False, move: Move | None = None) -> str:
    """The 'why this move?' panel as HTML: plain words first, exact numbers folded away."""
    if result is None:
        played = f" played {escape(move_label(game, move))}" if move is not None else ""
        why = ("picks a legal move at random: it does not search, so there is nothing to "
               "explain" if random else "gave no explanation (players that search can: "
               "they have an `explain` method)")
        return f"<div class='gamelib-why-text'><b>{escape(who)}{played}.</b> It {why}.</div>"
    rows = why_rows(game, result)
    chosen = " class='gamelib-chosen'"
    body = "".join(
        f"<tr{chosen if row['chosen'] else ''}>"
        f"<td>{escape(row['label'])}</td><td>{escape(row['words'])}</td></tr>" for row in rows)
    exact = "".join(f"<tr><td>{escape(row['label'])}</td><td>{escape(row['exact'])}</td></tr>"
                    for row in rows)
    note = None if is_solver(result) and result.source == "book" else result.note
    own_words, own_table = section_html(game_section(game, result))
    return (f"<div class='gamelib-why-text'><b>{escape(who)} played "
            f"{escape(move_label(game, result.move))}.</b> "
            f"{escape(headline(game, result))}</div>"
            f"<table class='gamelib-why-table'><tr><th>move</th><th>for the AI</th></tr>"
            f"{body}</table>"
            f"<div class='gamelib-why-text'>{escape(runner_up_text(game, result))}</div>"
            f"{own_words}"
            f"<div class='gamelib-why-text'>The game it expects: "
            f"{escape(pv_text(game, result))}</div>"
            f"<details class='gamelib-exact'><summary>Exact numbers</summary>"
            f"<table class='gamelib-why-table gamelib-exact-table'><tr><th>move</th>"
            f"<th>{'visits' if is_mcts(result) else 'value'}</th></tr>{exact}</table>"
            f"<div class='gamelib-why-text'>{escape(stats_text(result))}"
            f"{'; ' + escape(str(note)) if note else ''}.</div>"
            f"<div class='gamelib-why-text gamelib-small'>{escape(scale_text(result))}</div>"
            f"{own_table}</details>")


def scale_text(result: SearchResult) -> str:
    """What the exact numbers mean."""
    if is_mcts(result):
        return ("visits: how often MCTS tried the move; mean reward: 1 a win, 0.5 a draw, "
                "0 a loss for the AI, averaged over those tries.")
    if is_solver(result):
        return ("score: 0 a draw; positive, the AI wins; negative, it loses; the size is 22 "
                "minus the stones the winner has played at the end (sooner = bigger).")
    return ("value for the AI: 'win in n plies' counts single moves of both sides; other "
            "numbers are the evaluation where the search stopped; ≤ / ≥ mark bounds left "
            "by alpha-beta's cutoffs.")
