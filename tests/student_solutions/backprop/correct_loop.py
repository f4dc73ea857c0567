# expect: pass
def backpropagate(node, winner):
    while node is not None:
        node.visits += 1
        if winner is None:
            node.total += 0.5
        elif node.mover == winner:
            node.total += 1.0
        node = node.parent
