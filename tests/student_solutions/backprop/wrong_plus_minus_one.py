# expect: fail
# diagnosis: minus one
def backpropagate(node, winner):
    while node is not None:
        node.visits += 1
        if winner is not None:
            node.total += 1 if winner == node.mover else -1
        node = node.parent
