# expect: pass
# A small class holds the rewards; the walk goes up with a for loop over ancestors.
class Rewards:
    WIN, DRAW, LOSS = 1, 0.5, 0

    @classmethod
    def of(cls, winner, mover):
        if winner is None:
            return cls.DRAW
        return cls.WIN if winner == mover else cls.LOSS


def ancestors(node):
    while node is not None:
        yield node
        node = node.parent


def backpropagate(node, winner):
    for each in ancestors(node):
        each.visits += 1
        each.total += Rewards.of(winner, each.mover)
