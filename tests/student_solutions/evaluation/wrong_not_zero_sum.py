# expect: fail
# diagnosis: not zero-sum
# Counts only my own discs in the centre: never negative, so not zero-sum.
def my_eval(state, player):
    score = 0
    for r in range(state.rows):
        for c in (2, 3, 4):
            if state.cell(r, c) == player:
                score += 2 if c == 3 else 1
    return score
