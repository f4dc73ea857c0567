# expect: fail
# diagnosis: only one node
def backpropagate(node, winner):
    node.visits += 1
    if winner is None:
        node.total += 0.5
    elif winner == node.mover:
        node.total += 1
