# expect: fail
# diagnosis: first difference
# Looks for k marks in a row in the board string itself: a run that goes off the end of
# one row and on at the start of the next counts as a line.
def is_win(state, player):
    if player * state.k in state.board:
        return True
    for c in range(state.cols):
        column = state.board[c::state.cols]
        if player * state.k in column:
            return True
    for r in range(state.rows - state.k + 1):
        for c in range(state.cols):
            if c + state.k <= state.cols and all(
                    state.cell(r + i, c + i) == player for i in range(state.k)):
                return True
            if c - state.k + 1 >= 0 and all(
                    state.cell(r + i, c - i) == player for i in range(state.k)):
                return True
    return False
