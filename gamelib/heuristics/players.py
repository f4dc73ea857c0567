"""Rule-based Connect Four players from the 2019 student report.

- `RulePlayer`: "win if you can, block if you must", else the move that keeps the most
  lines open. No search at all.
- `ReportPlayer`: the same rules first, then alpha-beta with the report's evaluation
  (`report_eval`) plus the line evaluation of each root move (`line_score`).

Both are players for `play_game` and `match`: callables `(game, state) -> move`, with
`explain(game, state)` saying why.
"""

from __future__ import annotations

from typing import NamedTuple

from gamelib.games.connect4 import ConnectFour, ConnectFourState
from gamelib.heuristics.report import line_score, open_lines, opponent_of, report_eval
from gamelib.heuristics.threats import winning_moves
from gamelib.platform import _
from gamelib.search.alphabeta import alphabeta


def centre_first(game: ConnectFour, moves: list[int]) -> list[int]:
    """`moves` sorted centre column first, then outwards, left before right."""
    return sorted(moves, key=lambda c: (abs(2 * c - (game.cols - 1)), c))


class RuleChoice(NamedTuple):
    """A rule-based move and the rule that chose it, in words."""

    move: int
    rule: str                   # in the language gamelib speaks
    scores: dict[int, float]    # each legal move's score (open lines or search + lines)


def rule_move(game: ConnectFour, state: ConnectFourState) -> RuleChoice | None:
    """"Win if you can, block if you must": the move these two rules force, or None."""
    me, other = state.to_move, opponent_of(state.to_move)
    wins = centre_first(game, winning_moves(state, me))
    if wins:
        return RuleChoice(wins[0], _("win now in column {col}").format(col=wins[0]), {})
    blocks = centre_first(game, winning_moves(state, other))
    if len(blocks) == 1:
        return RuleChoice(blocks[0], _("block {player}'s win in column {col}").format(
            player=other, col=blocks[0]), {})
    if blocks:
        return RuleChoice(blocks[0], _("{player} wins in columns {columns}: block one (column "
                                       "{col}), the other cannot be stopped").format(
            player=other, columns=blocks, col=blocks[0]), {})
    return None


class RulePlayer:
    """Win if you can, block if you must, else the move with the most open lines."""

    name = "win-or-block rules"

    def __call__(self, game: ConnectFour, state: ConnectFourState) -> int:
        return self.explain(game, state).move

    def explain(self, game: ConnectFour, state: ConnectFourState) -> RuleChoice:
        """The move and the rule that chose it."""
        forced = rule_move(game, state)
        if forced is not None:
            return forced
        scores = {m: float(open_lines(state, m)) for m in game.actions(state)}
        best = max(centre_first(game, list(scores)), key=scores.__getitem__)
        return RuleChoice(best, _("no win or block: column {col} keeps the most lines open "
                                  "({count:.0f})").format(col=best, count=scores[best]), scores)

    def __repr__(self) -> str:
        return "RulePlayer()"


class ReportPlayer:
    """The 2019 report's program: the rules first, then alpha-beta to `depth` with
    `report_eval`, each root move's value plus its line evaluation (`line_score`)."""

    def __init__(self, depth: int = 4, rules: bool = True) -> None:
        if not isinstance(depth, int) or isinstance(depth, bool) or depth < 1:
            raise ValueError(_("depth must be a whole number of plies, at least 1, got "
                               "{depth!r}").format(depth=depth))
        self.depth, self.rules = depth, rules
        self.name = f"report, depth {depth}"

    def __call__(self, game: ConnectFour, state: ConnectFourState) -> int:
        return self.explain(game, state).move

    def explain(self, game: ConnectFour, state: ConnectFourState) -> RuleChoice:
        """The move, why, and each root move's score (search value + line evaluation)."""
        if self.rules:
            forced = rule_move(game, state)
            if forced is not None:
                return forced
        search = alphabeta(game, state, depth=self.depth, eval_fn=report_eval,
                           order="centre", all_values=True)
        me = state.to_move
        scores = {m: search.move_values[m] + line_score(state, m, me)
                  for m in game.actions(state)}
        best = max(centre_first(game, list(scores)), key=scores.__getitem__)
        return RuleChoice(best, _("search value {value:+.0f} plus line evaluation {lines:+d} "
                                  "is the best total").format(
            value=search.move_values[best], lines=line_score(state, best, me)), scores)

    def __repr__(self) -> str:
        return f"ReportPlayer(depth={self.depth})"
