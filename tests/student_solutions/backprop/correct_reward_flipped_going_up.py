# expect: pass
# Works out the reward once, for the node's mover, then flips it (1 - r) at each step up,
# since the movers alternate along a path; a draw stays 0.5.
def backpropagate(node, winner):
    if winner is None:
        reward = 0.5
    else:
        reward = 1.0 if winner == node.mover else 0.0
    while node is not None:
        node.visits += 1
        node.total += reward
        reward = 1.0 - reward
        node = node.parent
