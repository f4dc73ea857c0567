# expect: pass
# The root has no mover; this gives it the reward as if the root were "nobody's"
# (it never matters: no one reads the root's total).
def backpropagate(node, winner):
    current = node
    while current is not None:
        current.visits += 1
        if current.parent is None:
            current.total += 1          # the root: whatever
        elif winner is None:
            current.total += 0.5
        elif winner == current.mover:
            current.total += 1
        current = current.parent
