# expect: fail
# diagnosis: assigned
# Recursive; the reward replaces the total instead of adding to it.
def backpropagate(node, winner):
    if node is None:
        return
    node.visits = node.visits + 1
    node.total = 0.5 if winner is None else float(winner == node.mover)
    backpropagate(node.parent, winner)
