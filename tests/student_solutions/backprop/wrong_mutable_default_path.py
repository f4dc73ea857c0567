# expect: fail
# diagnosis: first difference
# Collects the path in a default list argument, which Python creates once: every call
# updates the nodes of all earlier calls again.
def backpropagate(node, winner, path=[]):
    while node is not None:
        path.append(node)
        node = node.parent
    for n in path:
        n.visits += 1
        if winner is None:
            n.total += 0.5
        elif winner == n.mover:
            n.total += 1
