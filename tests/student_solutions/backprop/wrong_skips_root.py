# expect: fail
# diagnosis: root
def backpropagate(node, winner):
    while node.parent is not None:
        node.visits += 1
        node.total += 0.5 if winner is None else float(winner == node.mover)
        node = node.parent
