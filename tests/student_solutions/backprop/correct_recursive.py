# expect: pass
def reward(node, winner):
    if winner is None:
        return 0.5
    return 1 if winner == node.mover else 0


def backpropagate(node, winner):
    if node is None:
        return
    node.visits += 1
    node.total += reward(node, winner)
    backpropagate(node.parent, winner)
