"""'Why this move?': a SearchResult in plain words, with the exact numbers one click away.

Values are from the point of view of the AI (the player to move at the root of its
search). The words count *moves of one side*: "wins in 3 moves" means with its third
move from now, whatever the other side does; "loses in 2 moves" means the other side
can win with its second move. The raw scores, bounds and plies sit in a folded
"Exact numbers" part under the table. A game's board adapter may add words of its own
(Connect Four: the threats each move makes or stops, in the 2019 report's terms).
"""

from __future__ import annotations

import re
from html import escape
from typing import TYPE_CHECKING, Any, TypeGuard

from gamelib.games.base import Game, Move
from gamelib.platform import N_, _, ngettext
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
        return _("move {move}").format(move=repr(move))


def wins_in(moves: int) -> str:
    """"wins in 3 moves" (of the AI's own)."""
    return ngettext("wins in {n} move", "wins in {n} moves", moves).format(n=moves)


def loses_in(moves: int) -> str:
    """"loses in 2 moves" (of the other side's)."""
    return ngettext("loses in {n} move", "loses in {n} moves", moves).format(n=moves)


# -- one value in words --------------------------------------------------------------------

def search_words(value: float, bound: str, complete: bool) -> str:
    """A minimax-style value for the AI in words, reading its bound ("≤" / "≥") too."""
    if is_win_score(value):
        plies = WIN - int(abs(value))
        if value > 0:
            moves = (plies + 1) // 2          # the AI moves at plies 1, 3, 5, ...
            if bound == "upper":
                return _("{wins} at best").format(wins=wins_in(moves))
            if plies == 1:
                return _(WINS_NOW)
            return (_("{wins} or sooner").format(wins=wins_in(moves)) if bound == "lower"
                    else wins_in(moves))
        moves = max(1, plies // 2)            # the other side wins at plies 2, 4, ...
        if bound == "upper":
            return _("{loses} or sooner").format(loses=loses_in(moves))
        if bound == "lower":
            return _("{loses} at worst").format(loses=loses_in(moves))
        return loses_in(moves)
    if bound == "upper":
        return _(AT_BEST_A_DRAW) if value == 0 and complete else _(WORSE)
    if bound == "lower":
        return _(AT_LEAST_A_DRAW) if value == 0 and complete else _(GOOD_ENOUGH)
    if value == 0:
        return _(DRAW) if complete else _(LOOKS_EVEN)
    return _(AHEAD) if value > 0 else _(BEHIND)


def solver_words(score: float, stones_before: tuple[int, int]) -> str:
    """An exact solver score of one column in words; `stones_before` = (the AI's stones,
    the other side's stones) before the AI moves."""
    mine, theirs = stones_before
    if score > 0:
        moves = SOLVER_STONES - int(score) - mine
        return _(WINS_NOW) if moves <= 1 else wins_in(moves)
    if score < 0:
        return loses_in(max(1, SOLVER_STONES + int(score) - theirs))
    return _(DRAW)


PROVEN_WORDS = {"win": N_("wins for sure"), "draw": N_("draws for sure"),
                "loss": N_("loses for sure")}
"""What MCTS-Solver's proof of a root move says, by its verdict."""


def mcts_words(q: float | None, proven: str) -> str:
    """An MCTS root move in words: MCTS-Solver's proof, else its share of won playouts."""
    if proven:
        return _(PROVEN_WORDS[proven])
    if q is None:
        return _("not tried")
    return _("won {share} of its random games").format(share=f"{q:.0%}")


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


DRAW, AT_BEST_A_DRAW, AT_LEAST_A_DRAW = N_("draw"), N_("at best a draw"), N_("at least a draw")
LOOKS_EVEN, AHEAD, BEHIND = N_("looks even"), N_("the AI is ahead"), N_("the AI is behind")
WORSE, GOOD_ENOUGH = N_("worse than the move played"), N_("good enough to play")
NOT_LOOKED_AT = N_("not looked at")
NOT_SOLVED = N_("not solved in time: no better than the move played")
WINS_NOW = N_("wins with this move")

PREDICATES = {DRAW: N_("draws"), AT_BEST_A_DRAW: N_("draws at best"),
              AT_LEAST_A_DRAW: N_("draws at least"), LOOKS_EVEN: N_("looks even"),
              AHEAD: N_("leaves the AI ahead"), BEHIND: N_("leaves the AI behind"),
              WORSE: N_("is worse than the move played"),
              GOOD_ENOUGH: N_("is good enough to play"),
              NOT_LOOKED_AT: N_("was not looked at"),
              NOT_SOLVED: N_("was not solved in time: no better than the move played"),
              WINS_NOW: N_("wins at once")}
"""Value words that are not a verb phrase, or that would repeat "this move", as a verb
phrase ("this move draws", never "this move draw"; "this move wins at once", never "this
move wins with this move"); the others ("wins in 2 moves", "loses ...", "won 40% ...")
already are."""


def predicate(words: str) -> str:
    """Value words (in the language spoken) as what a move does, to follow "this move" or
    "it" in a sentence."""
    for plain, verb in PREDICATES.items():
        if words == _(plain):
            return _(verb)
    return words                                # already a verb phrase


def value_words(result: SearchResult, move: Move) -> str:
    """A root move's value for the AI in plain words."""
    if is_mcts(result):
        return mcts_words((result.q or {}).get(move), proof_word(result, move))
    value = result.move_values.get(move)
    if value is None:
        return _(NOT_LOOKED_AT)
    if is_solver(result):
        if result.move_bounds.get(move) == "upper":
            return _(WORSE) if value < (result.value or 0) else _(NOT_SOLVED)
        return solver_words(value, stones(result))
    return search_words(value, result.move_bounds.get(move, "exact"),
                        searched_to_the_end(result))


def exact_text(result: SearchResult, move: Move) -> str:
    """A root move's raw number: a score with its bound, or visits and mean reward."""
    if is_mcts(result):
        q = (result.q or {}).get(move)
        visits = (result.visits or {}).get(move, 0)
        if q is None:
            return ngettext("{n} visit", "{n} visits", visits).format(n=visits)
        return ngettext("{n} visit, mean reward {q}", "{n} visits, mean reward {q}",
                        visits).format(n=visits, q=f"{q:.3f}")
    value = result.move_values.get(move)
    if value is None:
        return _("not searched")
    sign = BOUND_SIGNS.get(result.move_bounds.get(move, "exact"), "")
    if is_solver(result):
        return sign + _("score {score}").format(score=f"{value:+g}")
    if is_win_score(value):
        return sign + plies_words(value)
    return sign + _("{value} (score)").format(value=describe_value(value))


def plies_words(value: float) -> str:
    """A win or loss score in plies: "win in 3 plies", "loss in 1 ply"."""
    plies = WIN - int(abs(value))
    if value > 0:
        return ngettext("win in {n} ply", "win in {n} plies", plies).format(n=plies)
    return ngettext("loss in {n} ply", "loss in {n} plies", plies).format(n=plies)


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
        games = result.stats.iterations
        text = ngettext("It played {n} quick game with random moves from here and picked "
                        "the move it tried most.",
                        "It played {n} quick games with random moves from here and picked "
                        "the move it tried most.", games).format(n=f"{games:,}")
        return text + (" " + _("MCTS-Solver has proved the result: this move {predicate}.")
                       .format(predicate=predicate(said))
                       if proof_word(result, result.move) else "")
    if is_solver(result):
        source = result.source
        if source == "heuristic":
            return _("The position was too early to solve in time, so it played its "
                     "favourite safe move (not proven best).")
        known = (_("It knows the exact result from its opening book: this move {predicate}.")
                 if source == "book" else
                 _("It knows the exact result from solving the game exactly: this move "
                   "{predicate}."))
        return known.format(predicate=predicate(said))
    depth = result.stats.depth
    value = result.move_values.get(result.move)
    if value is not None and is_win_score(value) and value > 0:
        return _("It has found a forced win: it {predicate}, whatever you do.").format(
            predicate=predicate(said))
    if value is not None and is_win_score(value) and value < 0:
        return _("It sees that it {predicate} if you play well, so it plays the move that "
                 "holds out longest.").format(predicate=predicate(said))
    if searched_to_the_end(result):
        return _("It searched to the end of the game: with best play from both sides it is "
                 "a draw.")
    return ngettext("It looked {n} move ahead (yours and its own) and scored the positions "
                    "there; this move looked best for it.",
                    "It looked {n} moves ahead (yours and its own) and scored the positions "
                    "there; this move looked best for it.", depth).format(n=depth) \
        if depth else _("This move looked best for it.")


def runner_up_text(game: Game, result: SearchResult) -> str:
    """One sentence: the second-best move and why the AI preferred the one it played."""
    moves = ranked_moves(result)
    b = move_label(game, result.move)
    if len(moves) < 2:
        legal = game.actions(result.state) if not game.is_terminal(result.state) else []
        if len(legal) < 2:
            return _("It was the only legal move.")
        if proof_word(result, result.move) == "win":
            return _("It proved that {move} wins, so it did not need to try the other "
                     "moves.").format(move=b)
        if is_solver(result) and result.source == "book":
            return _("The book keeps only the best move, so there is no runner-up.")
        return _("It did not score the other moves.")
    second = moves[1]
    s = move_label(game, second)
    if is_mcts(result):
        visits, q = result.visits or {}, result.q or {}
        return _("Next best: {second}, tried in {tries} games against {chosen_tries} for "
                 "{chosen}; it won {share} of them against {chosen_share}.").format(
            second=s, tries=f"{visits.get(second, 0):,}", chosen=b,
            chosen_tries=f"{visits.get(result.move, 0):,}", share=f"{q.get(second, 0):.0%}",
            chosen_share=f"{q.get(result.move, 0):.0%}")
    return (_("Next best: {second} ({words}).").format(second=s, words=value_words(
        result, second)) + " " + _why_not_second(result, second, b, s)).rstrip()


def _why_not_second(result: SearchResult, second: Move, b: str, s: str) -> str:
    """Why the search preferred the move played to the runner-up."""
    vb, vs = result.move_values.get(result.move), result.move_values.get(second)
    if vb is None or vs is None:
        return ""
    if is_solver(result):
        if result.move_bounds.get(second) == "upper":
            return (_("The solver proved {second} worse than {chosen} and, to answer quickly, "
                      "did not work out by how much.") if vs < vb else
                    _("The solver ran out of time for {second}: it may be as good as "
                      "{chosen}, never better ({chosen} is nearer the centre).")).format(
                second=s, chosen=b)
        return _("Both results are proved by the solver.") if vb != vs else \
            _("Both are equally good; the solver prefers the column nearer the centre.")
    if result.move_bounds.get(second) == "upper":
        return _("The search stopped looking at {second} as soon as one of your replies "
                 "showed it was no better than {chosen} (alpha-beta cut it off).").format(
            second=s, chosen=b)
    if vs == vb:
        return _("Both look equally good; the search keeps the first one it found.")
    return capitalized(_("{chosen} looked better for the AI.").format(chosen=b))


def capitalized(text: str) -> str:
    """`text` with its first letter a capital (a sentence that starts with a move's name)."""
    return text[:1].upper() + text[1:]


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
    head = "".join(f"<th>{escape(move_label_of(first, row[first]))}</th>"
                   for row in section.rows)
    body = "".join(f"<tr><td>{escape(_(key))}</td>" + "".join(
        f"<td>{escape(cell_text(row[key]))}</td>" for row in section.rows) + "</tr>"
        for key in counts)
    terms = _("In the report's terms, counted on the board (lines: its line evaluation):")
    return words, (f"<div class='gamelib-why-text gamelib-small'>{escape(terms, quote=False)}</div>"
                   f"<table class='gamelib-why-table gamelib-exact-table'><tr><th></th>{head}"
                   f"</tr>{body}</table>")


COUNT_NAMES = (N_("wins now"), N_("threats made"), N_("threats stopped"),
               N_("double threats made"), N_("double threats stopped"),
               N_("opponent wins next"), N_("lines"))
"""The rows of a game's table of counts (gamelib.heuristics.why), marked for translation."""


def cell_text(value: object) -> str:
    """A table cell: yes / no for truth values, the value itself otherwise."""
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    return str(value)


def move_label_of(noun: str, move: object) -> str:
    """A table's heading for one move: "column 3" (the row key names what a move is)."""
    if noun == "column":
        return _("column {col}").format(col=move)
    return f"{_(noun)} {move}"


def pv_text(game: Game, result: SearchResult) -> str:
    """The line the search expects, in words."""
    if not result.pv:
        return _("(none recorded)")
    return " → ".join(move_label(game, move) for move in result.pv)


ALGORITHMS = {name: name for name in (N_("minimax"), N_("alphabeta"),
                                      N_("iterative_deepening"), N_("mcts"), N_("perfect"))}
"""The searches' names (SearchResult.algorithm), as the panel says them."""


def algorithm_name(name: str) -> str:
    """A search's name (SearchResult.algorithm) in the language spoken."""
    return _(ALGORITHMS[name]) if name in ALGORITHMS else name


def stats_text(result: SearchResult) -> str:
    """Algorithm, nodes, depth and time in one line."""
    s = result.stats
    parts = [_("Search: {algorithm}").format(algorithm=algorithm_name(result.algorithm)),
             ngettext("{n} position searched", "{n} positions searched", s.nodes).format(
                 n=f"{s.nodes:,}")]
    if is_mcts(result) and s.iterations:
        parts.append(ngettext("{n} iteration", "{n} iterations", s.iterations).format(
            n=f"{s.iterations:,}"))
    elif s.depth:
        parts.append(ngettext("depth {n} ply", "depth {n} plies", s.depth).format(n=s.depth))
    parts.append(_("{seconds} s").format(seconds=f"{s.seconds:.2f}"))
    return ", ".join(parts)


# -- the panel -----------------------------------------------------------------------------

def why_html(game: Game, result: SearchResult | None, who: str | None = None,
             random: bool = False, move: Move | None = None) -> str:
    """The 'why this move?' panel as HTML: plain words first, exact numbers folded away.
    `who`: who played, as the headline names it (default "The AI")."""
    who = _("The AI") if who is None else who
    if result is None:
        played = (_("{who} played {move}.").format(who=who, move=move_label(game, move))
                  if move is not None else _("{who}.").format(who=who))
        why = (_("It picks a legal move at random: it does not search, so there is nothing "
                 "to explain.") if random else
               _("It gave no explanation (players that search can: they have an `explain` "
                 "method)."))
        return (f"<div class='gamelib-why-text'><b>{escape(played)}</b> "
                f"{escape(why)}</div>")
    rows = why_rows(game, result)
    chosen = " class='gamelib-chosen'"
    body = "".join(
        f"<tr{chosen if row['chosen'] else ''}>"
        f"<td>{escape(row['label'])}</td><td>{escape(row['words'])}</td></tr>" for row in rows)
    exact = "".join(f"<tr><td>{escape(row['label'])}</td><td>{escape(row['exact'])}</td></tr>"
                    for row in rows)
    note = None if is_solver(result) and result.source == "book" else note_words(result.note)
    own_words, own_table = section_html(game_section(game, result))
    played = _("{who} played {move}.").format(who=who, move=move_label(game, result.move))
    move_head, for_ai, exact_head = _("move"), _("for the AI"), _("Exact numbers")
    number_head = _("visits") if is_mcts(result) else _("value")
    expects = _("The game it expects: {line}").format(line=pv_text(game, result))
    stats = (_("{stats}; {note}.") if note else _("{stats}.")).format(
        stats=stats_text(result), note=note)
    return (f"<div class='gamelib-why-text'><b>{escape(played)}</b> "
            f"{escape(headline(game, result))}</div>"
            f"<table class='gamelib-why-table'><tr><th>{escape(move_head)}</th>"
            f"<th>{escape(for_ai)}</th></tr>"
            f"{body}</table>"
            f"<div class='gamelib-why-text'>{escape(runner_up_text(game, result))}</div>"
            f"{own_words}"
            f"<div class='gamelib-why-text'>{escape(expects)}</div>"
            f"<details class='gamelib-exact'><summary>{escape(exact_head)}</summary>"
            f"<table class='gamelib-why-table gamelib-exact-table'><tr>"
            f"<th>{escape(move_head)}</th>"
            f"<th>{escape(number_head)}</th></tr>"
            f"{exact}</table>"
            f"<div class='gamelib-why-text'>{escape(stats)}</div>"
            f"<div class='gamelib-why-text gamelib-small'>{escape(scale_text(result))}</div>"
            f"{own_table}</details>")


NOTES = [(re.compile(r"solved exactly"), N_("solved exactly")),
         (re.compile(r"solved exactly; columns marked <= were not finished within (?P<seconds>"
                     r"\S+) s and are no better than the move played"),
          N_("solved exactly; columns marked <= were not finished within {seconds} s and are "
             "no better than the move played")),
         (re.compile(r"position too early to solve within (?P<seconds>\S+) s: played the "
                     r"heuristic choice \(not proven best\)"),
          N_("position too early to solve within {seconds} s: played the heuristic choice "
             "(not proven best)"))]
"""The notes the solver's player leaves on its results, to be said in the language spoken."""


def note_words(note: object) -> str | None:
    """A result's note in the language spoken (a note of an unknown form as it is)."""
    if not note:
        return None
    for pattern, message in NOTES:
        found = pattern.fullmatch(str(note))
        if found:
            return _(message).format(**found.groupdict())
    return str(note)


def scale_text(result: SearchResult) -> str:
    """What the exact numbers mean."""
    if is_mcts(result):
        return _("visits: how often MCTS tried the move; mean reward: 1 a win, 0.5 a draw, "
                 "0 a loss for the AI, averaged over those tries.")
    if is_solver(result):
        return _("score: 0 a draw; positive, the AI wins; negative, it loses; the size is 22 "
                 "minus the stones the winner has played at the end (sooner = bigger).")
    return _("value for the AI: 'win in n plies' counts single moves of both sides; other "
             "numbers are the evaluation where the search stopped; ≤ / ≥ mark bounds left "
             "by alpha-beta's cutoffs.")
