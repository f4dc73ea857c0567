# expect: fail
# diagnosis: draw credit
def backpropagate(node, winner):
    while node:
        node.visits += 1
        if node.mover == winner:
            node.total += 1
        node = node.parent
