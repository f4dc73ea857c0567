# expect: fail
# diagnosis: first difference
# Alternates the reward going up, but starts from the wrong side and forgets draws.
def backpropagate(node, winner):
    reward = 0 if winner == node.mover else 1
    while node is not None:
        node.visits += 1
        node.total += reward
        reward = 1 - reward
        node = node.parent
