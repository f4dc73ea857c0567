# expect: fail
# diagnosis: sign flip
def backpropagate(node, winner):
    won = winner == node.mover          # decided once, at the leaf
    while node is not None:
        node.visits += 1
        if winner is None:
            node.total += 0.5
        elif won:
            node.total += 1
        node = node.parent
