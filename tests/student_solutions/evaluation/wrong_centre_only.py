# expect: fail
# diagnosis: weaker
# Counts only how central each player's discs are: blind to lines, so it loses.
def my_eval(state, player):
    other = "O" if player == "X" else "X"
    score = 0
    for row in range(state.rows):
        for col in range(state.cols):
            weight = 3 - abs(col - state.cols // 2)
            if state.cell(row, col) == player:
                score += weight
            elif state.cell(row, col) == other:
                score -= weight
    return score
