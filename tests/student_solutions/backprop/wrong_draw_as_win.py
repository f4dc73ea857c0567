# expect: fail
# diagnosis: draw credit
def backpropagate(node, winner):
    n = node
    while n is not None:
        n.visits += 1
        if winner is None or winner == n.mover:
            n.total += 1
        n = n.parent
