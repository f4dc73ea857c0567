"""Every exercise check passes its solution and catches each planted mistake with its own hint.

The planted mistakes are written the way a student would write them (not taken from
gamelib.exercises.mistakes), so these tests show the checks recognise real code.
"""

import math

import pytest

from gamelib.exercises import (check_alphabeta, check_backprop, check_eval_fn, check_is_win,
                               check_minimax, check_ucb)
from gamelib.exercises.solutions.alphabeta import my_alphabeta
from gamelib.exercises.solutions.evaluation import my_eval
from gamelib.exercises.solutions.is_win import is_win
from gamelib.exercises.solutions.mcts import backpropagate, ucb_score
from gamelib.exercises.solutions.minimax import my_minimax

INF = math.inf


# ---------------------------------------------------------------- lesson 01: is_win

def _scan(state, player, directions, rows=None, cols=None, k=None, starts=None):
    rows, cols, k = rows or state.rows, cols or state.cols, k or state.k
    for r in range(rows):
        for c in range(cols):
            for dr, dc in directions:
                if all(0 <= r + i * dr < rows and 0 <= c + i * dc < cols
                       and state.cell(r + i * dr, c + i * dc) == player for i in range(k)):
                    return True
    return False


ALL = ((0, 1), (1, 0), (1, 1), (1, -1))


def win_no_antidiagonal(state, player):
    return _scan(state, player, ((0, 1), (1, 0), (1, 1)))


def win_flat_string(state, player):
    b, k, cols = state.board, state.k, state.cols
    return any(all(b[i + j * step] == player for j in range(k))
               for step in (1, cols, cols + 1, cols - 1)
               for i in range(len(b)) if i + (k - 1) * step < len(b))


def win_hardcoded_three(state, player):
    return _scan(state, player, ALL, k=3)


def win_only_3x3(state, player):
    return _scan(state, player, ALL, rows=3, cols=3, k=3)


def win_any_mark(state, player):
    return _scan(state, "X", ALL) or _scan(state, "O", ALL)


def win_stops_early(state, player):
    rows, cols, k = state.rows, state.cols, state.k
    for r in range(rows - k):          # should be rows - k + 1 (and no limit for rows)
        for c in range(cols):
            for dr, dc in ALL:
                if all(0 <= r + i * dr < rows and 0 <= c + i * dc < cols
                       and state.cell(r + i * dr, c + i * dc) == player for i in range(k)):
                    return True
    return False


def win_reads_winner(state, player):
    return state.winner == player


def win_stub(state, player):
    pass


def test_is_win_check_passes_the_solution():
    result = check_is_win(is_win)
    assert result.passed, str(result)


@pytest.mark.parametrize("mistake, diagnosis, words", [
    (win_no_antidiagonal, "direction", "down-left"),
    (win_flat_string, "wrap", "next row"),
    (win_hardcoded_three, "k", "state.k"),
    (win_only_3x3, "k", "state.k"),
    (win_any_mark, "other player", "`player`"),
    (win_stops_early, "edge", "range(rows - k + 1)"),
    (win_reads_winner, "never", "state.winner"),
])
def test_is_win_check_catches_each_mistake_with_its_hint(mistake, diagnosis, words):
    result = check_is_win(mistake)
    assert not result.passed
    assert result.diagnosis == diagnosis, str(result)
    assert words in result.hint


def test_is_win_check_says_not_implemented_for_the_stub():
    result = check_is_win(win_stub)
    assert result.status == "not implemented yet"


def test_is_win_check_reports_a_crash_readably():
    result = check_is_win(lambda state, player: state.cell(9, 9) == player)
    assert result.status == "failed" and "IndexError" in result.message


# ---------------------------------------------------------------- lesson 02: minimax

def make_minimax(stop_at=0, switch=True, leaf_player=False, wrong_level="none"):
    """A student's minimax with one mistake planted."""
    def my_search(game, state, depth, eval_fn):
        player = game.to_move(state)

        def score(state):
            return eval_fn(state, game.to_move(state) if leaf_player else player)

        def max_value(state, depth):
            if game.is_terminal(state) or depth == stop_at:
                return score(state), None
            best, best_move = -INF, None
            for move in game.actions(state):
                child = game.result(state, move)
                value, reply = (min_value if switch else max_value)(child, depth - 1)
                if value > best:
                    best, best_move = value, (reply if wrong_level != "none" else move)
            return best, best_move

        def min_value(state, depth):
            if game.is_terminal(state) or depth == stop_at:
                return score(state), None
            best, best_move = INF, None
            for move in game.actions(state):
                value, reply = max_value(game.result(state, move), depth - 1)
                if value < best:
                    best, best_move = value, (reply if wrong_level == "all" else move)
            return best, best_move

        return max_value(state, depth)
    return my_search


def test_minimax_check_passes_the_solution():
    result = check_minimax(my_minimax)
    assert result.passed, str(result)


@pytest.mark.parametrize("mistake, diagnosis, words", [
    (make_minimax(stop_at=-1), "depth", "off by one (+1)"),
    (make_minimax(stop_at=1), "depth", "off by one (-1)"),
    (make_minimax(switch=False), "no switch", "forgot to switch player"),
    (make_minimax(leaf_player=True), "leaf player", "root player"),
    (make_minimax(wrong_level="root"), "wrong level", "wrong level"),
    (make_minimax(wrong_level="all"), "wrong level", "returned None as the move"),
])
def test_minimax_check_catches_each_mistake_with_its_hint(mistake, diagnosis, words):
    result = check_minimax(mistake)
    assert not result.passed
    assert result.diagnosis == diagnosis, str(result)
    assert words in result.hint


def test_minimax_check_stub_and_wrong_return_type():
    assert check_minimax(lambda game, state, depth, eval_fn: None).status == \
        "not implemented yet"
    result = check_minimax(lambda game, state, depth, eval_fn: 3)
    assert result.diagnosis == "return type" and "(value, move)" in result.message


# ---------------------------------------------------------------- lesson 03: alpha-beta

def make_alphabeta(strict=False, window="whole", wrong_bound=False):
    """A student's alpha-beta with one mistake planted."""
    def my_search(game, state, depth, eval_fn):
        player = game.to_move(state)

        def pass_down(alpha, beta, at_max):
            if window == "fresh":
                return -INF, INF
            if window == "half":
                return (alpha, INF) if at_max else (-INF, beta)
            return alpha, beta

        def max_value(state, alpha, beta, depth):
            if game.is_terminal(state) or depth == 0:
                return eval_fn(state, player), None
            v, best = -INF, None
            for move in game.actions(state):
                v2, _ = min_value(game.result(state, move), *pass_down(alpha, beta, True),
                                  depth - 1)
                if v2 > v:
                    v, best = v2, move
                if wrong_bound:
                    beta = min(beta, v)
                else:
                    alpha = max(alpha, v)
                if (v > beta) if strict else (v >= beta):
                    return v, best
            return v, best

        def min_value(state, alpha, beta, depth):
            if game.is_terminal(state) or depth == 0:
                return eval_fn(state, player), None
            v, best = INF, None
            for move in game.actions(state):
                v2, _ = max_value(game.result(state, move), *pass_down(alpha, beta, False),
                                  depth - 1)
                if v2 < v:
                    v, best = v2, move
                if wrong_bound:
                    alpha = max(alpha, v)
                else:
                    beta = min(beta, v)
                if (v < alpha) if strict else (v <= alpha):
                    return v, best
            return v, best

        return max_value(state, -INF, INF, depth)
    return my_search


def test_alphabeta_check_passes_the_solution():
    result = check_alphabeta(my_alphabeta)
    assert result.passed, str(result)


def test_alphabeta_check_rejects_plain_minimax():
    result = check_alphabeta(my_minimax)
    assert not result.passed and result.diagnosis == "no window"


@pytest.mark.parametrize("mistake, diagnosis, words", [
    (make_alphabeta(strict=True), "strict", "v >= beta"),
    (make_alphabeta(window="fresh"), "no window", "Pass the window down"),
    (make_alphabeta(window="half"), "half window", "deep cutoff"),
    (make_alphabeta(wrong_bound=True), "wrong bound", "wrong bound"),
])
def test_alphabeta_check_catches_each_mistake_with_its_hint(mistake, diagnosis, words):
    result = check_alphabeta(mistake)
    assert not result.passed
    assert result.diagnosis == diagnosis, str(result)
    assert words in result.hint
    assert any("pruned moves" in line for line in result.details)


# ---------------------------------------------------------------- lesson 04: evaluation

def eval_ignores_player(state, player):
    from gamelib.heuristics import window_eval
    return window_eval(state, "X")


def eval_flipped(state, player):
    from gamelib.heuristics import window_eval
    return -window_eval(state, player)


def eval_noise(state, player):
    """Deterministic nonsense: a number from the bitboards, signed by player."""
    value = (state.x * 2654435761 + state.o * 40503) % 97
    return value if player == "X" else -value


def test_eval_check_passes_the_solution(monkeypatch):
    monkeypatch.setenv("GAMELIB_QUICK", "1")
    result = check_eval_fn(my_eval)
    assert result.passed, str(result)
    assert "95% CI" in result.message and "seats swapped" in result.message


@pytest.mark.parametrize("mistake, diagnosis, words", [
    (eval_ignores_player, "ignores player", "for `player`"),
    (eval_flipped, "flipped", "sign is flipped"),
    (eval_noise, "weaker", "clearly weaker"),
])
def test_eval_check_catches_each_mistake_with_its_hint(monkeypatch, mistake, diagnosis, words):
    monkeypatch.setenv("GAMELIB_QUICK", "1")
    result = check_eval_fn(mistake)
    assert not result.passed
    assert result.diagnosis == diagnosis, str(result)
    assert words in result.hint


def test_eval_check_stub():
    assert check_eval_fn(lambda state, player: None).status == "not implemented yet"


# ---------------------------------------------------------------- lesson 06: MCTS

def test_ucb_check_passes_the_solution():
    result = check_ucb(ucb_score)
    assert result.passed, str(result)


@pytest.mark.parametrize("mistake, diagnosis", [
    (lambda t, n, N, c: t / n + c * math.sqrt(math.log(N) / n), "unvisited"),
    (lambda t, n, N, c: math.inf if n == 0 else t / n + c * math.log(N) / n, "no sqrt"),
    (lambda t, n, N, c: math.inf if n == 0 else t / n + c * math.sqrt(N / n), "no log"),
    (lambda t, n, N, c: math.inf if n == 0 else t / n + c * math.sqrt(math.log(n) / N),
     "swapped"),
    (lambda t, n, N, c: math.inf if n == 0 else t + c * math.sqrt(math.log(N) / n), "total"),
    (lambda t, n, N, c: math.inf if n == 0 else t / n + 1.4 * math.sqrt(math.log(N) / n),
     "formula"),
    (lambda t, n, N, c: math.inf if n == 0 else t / n + math.sqrt(math.log(N) / n), "no c"),
    (lambda t, n, N, c: 0 if n == 0 else t / n + c * math.sqrt(math.log(N) / n), "unvisited"),
])
def test_ucb_check_catches_each_mistake(mistake, diagnosis):
    result = check_ucb(mistake)
    assert not result.passed and result.diagnosis == diagnosis, str(result)


def test_ucb_check_stub():
    assert check_ucb(lambda t, n, N, c: None).status == "not implemented yet"


def backprop_no_flip(node, winner):
    """Every node credited from the point of view of the leaf's mover."""
    leaf_mover = node.mover
    while node is not None:
        node.visits += 1
        if winner is None:
            node.total += 0.5
        elif winner == leaf_mover:
            node.total += 1
        node = node.parent


def backprop_root_view(node, winner):
    """Every node credited from the point of view of the player to move at the root."""
    path = []
    while node is not None:
        path.append(node)
        node = node.parent
    root_player = path[-2].mover
    for node in path:
        node.visits += 1
        node.total += 0.5 if winner is None else 1 if winner == root_player else 0


def backprop_no_draw(node, winner):
    while node is not None:
        node.visits += 1
        if winner == node.mover:
            node.total += 1
        node = node.parent


def backprop_skips_root(node, winner):
    while node.parent is not None:
        node.visits += 1
        node.total += 0.5 if winner is None else 1 if winner == node.mover else 0
        node = node.parent


def backprop_plus_minus(node, winner):
    while node is not None:
        node.visits += 1
        node.total += 0 if winner is None else 1 if winner == node.mover else -1
        node = node.parent


def test_backprop_check_passes_the_solution():
    result = check_backprop(backpropagate)
    assert result.passed, str(result)
    assert "blocks in 5 of 5 runs" in result.message


@pytest.mark.parametrize("mistake, diagnosis, words", [
    (backprop_no_flip, "sign flip", "missing sign flip"),
    (backprop_root_view, "sign flip", "missing sign flip"),
    (backprop_no_draw, "draw credit", "missing draw credit"),
    (backprop_skips_root, "root", "including the root"),
    (backprop_plus_minus, "minus one", "not +1/-1"),
])
def test_backprop_check_catches_each_mistake_with_its_hint(mistake, diagnosis, words):
    result = check_backprop(mistake)
    assert not result.passed
    assert result.diagnosis == diagnosis, str(result)
    assert words in result.hint


def test_backprop_check_stub():
    assert check_backprop(lambda node, winner: None).status == "not implemented yet"


def test_the_missing_sign_flip_fails_to_block():
    from gamelib.exercises.mcts_checks import show_in_play, sign_flip_demo
    assert "blocks in 5 of 5 runs" in show_in_play(ucb_score, backpropagate)
    assert "blocks in 0 of 5 runs" in show_in_play(ucb_score, backprop_root_view)
    assert sign_flip_demo() == {"with the sign flip": 5, "without the sign flip": 0}


def test_check_results_show_as_html():
    html = check_ucb(ucb_score)._repr_html_()
    assert "gamelib-check passed" in html
