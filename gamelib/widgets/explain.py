"""'Why this move?': a SearchResult as a small table and a sentence about the runner-up."""

from __future__ import annotations

from html import escape
from typing import Any

from gamelib.games.base import Game, Move
from gamelib.games.connect4 import ConnectFour
from gamelib.search.result import SearchResult
from gamelib.search.scoring import describe_value, is_win_score

BOUND_SIGNS = {"lower": "≥ ", "upper": "≤ "}


def move_label(game: Game, move: Move) -> str:
    """A move in words: "column 3" for Connect Four, "row 0, col 2" for a grid."""
    if isinstance(game, ConnectFour):
        return f"column {move}"
    if isinstance(move, tuple) and len(move) == 2:
        return f"row {move[0]}, col {move[1]}"
    return f"move {move!r}"


def words(result: SearchResult, value: float) -> str:
    """A value in words: "win in 3 plies", "draw" only when the search saw the end."""
    if result.algorithm == "perfect":
        return solver_words(value)
    if value == 0 and not result.complete:
        return "0"
    return describe_value(value)


def solver_words(score: float) -> str:
    """An exact solver score in words (positive: the mover wins, the sooner the higher)."""
    if score > 0:
        return f"win (score {score:+g})"
    if score < 0:
        return f"loss (score {score:+g})"
    return "draw"


def value_text(result: SearchResult, move: Move) -> str:
    """A root move's value in words, with its bound ("≤ +12" after a cutoff)."""
    value = result.move_values.get(move)
    if value is None:
        return "not searched"
    sign = BOUND_SIGNS.get(result.move_bounds.get(move, "exact"), "")
    return sign + words(result, value)


def is_mcts(result: SearchResult) -> bool:
    """True when the result carries visit counts (an MCTS search)."""
    return result.visits is not None


def ranked_moves(result: SearchResult) -> list[Move]:
    """Root moves, best first (by visits for MCTS, by value otherwise; the choice first)."""
    moves = [move for move, _ in result.ranked()]
    if result.move in moves:
        moves.remove(result.move)
    return [result.move] + moves


def runner_up_text(game: Game, result: SearchResult) -> str:
    """One sentence: the second-best move and why the search preferred the first."""
    moves = ranked_moves(result)
    if len(moves) < 2:
        legal = game.actions(result.state) if not game.is_terminal(result.state) else []
        if len(legal) < 2:
            return "It was the only legal move."
        if proof_word(result, result.move) == "win":
            return (f"MCTS-Solver proved that {move_label(game, result.move)} wins against "
                    f"any defence, so it stopped before trying the other moves.")
        return f"The other moves were not scored ({result.note or 'not searched'})."
    best, second = moves[0], moves[1]
    b, s = move_label(game, best), move_label(game, second)
    if is_mcts(result):
        return _mcts_runner_up(result, best, second, b, s)
    return _value_runner_up(result, best, second, b, s)


def _mcts_runner_up(result: SearchResult, best: Move, second: Move, b: str, s: str) -> str:
    """Runner-up sentence for MCTS: visits and mean reward (and MCTS-Solver's proofs)."""
    visits, q = result.visits or {}, result.q or {}
    text = (f"Runner-up: {s}, tried in {visits.get(second, 0)} playouts against "
            f"{visits.get(best, 0)} for {b}; its mean result for the AI was "
            f"{q.get(second, 0):.2f} against {q.get(best, 0):.2f}, so MCTS spent its "
            f"time on {b}.")
    proven = result.proven or {}
    if proven.get(best) == 1.0:
        return text + f" MCTS-Solver proved that {b} wins against any defence."
    if proven.get(second) == 0.0:
        return text + f" MCTS-Solver proved that {s} loses against best play."
    return text


def proof_word(result: SearchResult, move: Move) -> str:
    """MCTS-Solver's verdict on a root move for the AI: "win", "draw", "loss" or ""."""
    proof = (result.proven or {}).get(move)
    return "" if proof is None else {1.0: "win", 0.5: "draw", 0.0: "loss"}.get(proof, "")


def _value_runner_up(result: SearchResult, best: Move, second: Move, b: str, s: str) -> str:
    """Runner-up sentence for minimax-style searches: compare the two values."""
    vb, vs = result.move_values.get(best), result.move_values.get(second)
    if vb is None or vs is None:
        return f"Runner-up: {s}."
    head = f"Runner-up: {s} ({value_text(result, second)} against {words(result, vb)})."
    if result.algorithm == "perfect":
        return f"{head} {_solver_reason(vb, vs, b, s)}"
    if result.move_bounds.get(second) == "upper":
        return (f"{head} Alpha-beta stopped looking at {s} as soon as one reply showed it "
                f"could not beat {b}, so its value is only a bound.")
    if vs == vb:
        return f"{head} Both score the same; the search keeps the first it found."
    if is_win_score(vb) and vb > 0 and not (is_win_score(vs) and vs > 0):
        return f"{head} {b} forces a win; {s} does not."
    if is_win_score(vs) and vs < 0:
        return f"{head} After {s} the opponent can force a win ({words(result, vs)})."
    if is_win_score(vs) and is_win_score(vb) and vs > 0:
        return f"{head} Both win, but {b} wins sooner."
    depth = result.depth_limit
    where = f" {depth} moves ahead" if depth else ""
    return (f"{head} With best replies from both sides, {s} leads to a position"
            f"{where} that scores {vb - vs:g} less for the AI.")


def _solver_reason(vb: float, vs: float, b: str, s: str) -> str:
    """Why the solver prefers `b` to `s`, both scores being exact."""
    proof = "The solver proves both scores against any defence: "
    if vb == vs:
        return proof + "they are equal, and ties go to the centre-most column."
    if vb > 0 and vs > 0:
        return proof + (f"both win, but {b} wins sooner (a score is 22 minus the winner's "
                        f"discs at the end).")
    if vb > 0:
        return proof + f"{b} wins; {s} {'only draws' if vs == 0 else 'loses'}."
    if vb == 0:
        return proof + f"{b} holds the draw; {s} loses."
    return proof + f"both lose, but {b} holds out longer."


def pv_text(game: Game, result: SearchResult) -> str:
    """The line the search expects, in words."""
    if not result.pv:
        return "(none recorded)"
    return " → ".join(move_label(game, move) for move in result.pv)


def stats_text(result: SearchResult) -> str:
    """Nodes, depth and time in one line."""
    s = result.stats
    parts = [f"{s.nodes:,} nodes searched"]
    if is_mcts(result) and s.iterations:
        parts.append(f"{s.iterations:,} iterations")
    elif s.depth:
        parts.append(f"depth {s.depth}")
    parts.append(f"{s.seconds:.2f} s")
    return ", ".join(parts)


def why_rows(game: Game, result: SearchResult) -> list[dict[str, Any]]:
    """One row per root move, best first: the data behind the table."""
    rows = []
    for move in ranked_moves(result):
        row: dict[str, Any] = {"move": move, "label": move_label(game, move),
                               "chosen": move == result.move}
        if is_mcts(result):
            row["visits"] = (result.visits or {}).get(move, 0)
            row["q"] = (result.q or {}).get(move)
            row["proven"] = proof_word(result, move)
        else:
            row["value"] = value_text(result, move)
        rows.append(row)
    return rows


def why_html(game: Game, result: SearchResult | None, who: str = "The AI",
             random: bool = False) -> str:
    """The 'why this move?' panel as HTML."""
    if result is None:
        why = ("does not search, so there is nothing to explain: it picks a legal move at "
               "random" if random else "gave no explanation (players that search can: "
               "they have an `explain` method)")
        return f"<div class='gamelib-why-text'>{escape(who)} {why}.</div>"
    solver = result.proven is not None               # MCTS-Solver
    head = ("<tr><th>move</th><th>visits</th><th>Q (AI)</th>"
            + ("<th>proven</th>" if solver else "") + "</tr>") if is_mcts(result) \
        else "<tr><th>move</th><th>value for the AI</th></tr>"
    body = []
    for row in why_rows(game, result):
        css = " class='gamelib-chosen'" if row["chosen"] else ""
        if is_mcts(result):
            q = "" if row["q"] is None else f"{row['q']:.2f}"
            cells = f"<td>{row['visits']}</td><td>{q}</td>"
            cells += f"<td>{row['proven']}</td>" if solver else ""
        else:
            cells = f"<td>{escape(row['value'])}</td>"
        body.append(f"<tr{css}><td>{escape(row['label'])}</td>{cells}</tr>")
    return (f"<div class='gamelib-why-text'><b>{escape(who)} played "
            f"{escape(move_label(game, result.move))}</b> "
            f"({escape(result.algorithm)}: {escape(stats_text(result))}).</div>"
            f"<table class='gamelib-why-table'>{head}{''.join(body)}</table>"
            f"<div class='gamelib-why-text'>Expected line: {escape(pv_text(game, result))}"
            f"</div><div class='gamelib-why-text'>{escape(runner_up_text(game, result))}"
            f"</div>{note_html(result)}")


def note_html(result: SearchResult) -> str:
    """The search's own remark (e.g. "from the opening book"), if it made one."""
    note = result.note
    return f"<div class='gamelib-why-text'><i>{escape(str(note))}</i></div>" if note else ""
