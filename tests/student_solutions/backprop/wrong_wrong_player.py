# expect: fail
# diagnosis: wrong player
# Credits the player to move at the node instead of the player who moved into it.
def backpropagate(node, winner):
    while node is not None:
        node.visits += 1
        to_move = "O" if node.mover == "X" else "X"
        if winner is None:
            node.total += 0.5
        elif winner == to_move:
            node.total += 1
        node = node.parent
