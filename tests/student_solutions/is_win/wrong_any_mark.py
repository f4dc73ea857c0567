# expect: fail
# diagnosis: other player
# Checks that the cells are filled and equal to each other, not that they are the player's.
def is_win(state, player):
    for r in range(state.rows):
        for c in range(state.cols):
            for dr, dc in [(0, 1), (1, 0), (1, 1), (1, -1)]:
                cells = []
                for i in range(state.k):
                    rr, cc = r + i * dr, c + i * dc
                    if not (0 <= rr < state.rows and 0 <= cc < state.cols):
                        break
                    cells.append(state.cell(rr, cc))
                if len(cells) == state.k and cells[0] != "." and len(set(cells)) == 1:
                    return True
    return False
