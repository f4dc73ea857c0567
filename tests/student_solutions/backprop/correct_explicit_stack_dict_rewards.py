# expect: pass
# Collects the path on a fresh stack, then credits it top down with a reward table.
def backpropagate(node, winner):
    stack = []
    while node is not None:
        stack.append(node)
        node = node.parent
    while stack:
        n = stack.pop()
        n.visits += 1
        n.total += {None: 0.5, n.mover: 1.0}.get(winner, 0.0)
