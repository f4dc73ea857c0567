# expect: pass
# Window count plus a bonus for discs in the middle column.
from gamelib import heuristics


def my_eval(state, player):
    other = "O" if player == "X" else "X"
    centre = 0
    for row in range(state.rows):
        mark = state.cell(row, state.cols // 2)
        if mark == player:
            centre += 1
        elif mark == other:
            centre -= 1
    return heuristics.window_eval(state, player) + 3 * centre
