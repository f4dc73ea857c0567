# expect: fail
# diagnosis: assigned
# Sets the visit count instead of adding to it: right on fresh nodes, wrong as soon as a
# node has been visited before.
def backpropagate(node, winner):
    current = node
    while current:
        current.visits = 1
        if winner is None:
            current.total += 0.5
        elif current.mover == winner:
            current.total += 1.0
        current = current.parent
