# expect: pass
# One function with a maxPlayer flag, French names, the best pair kept in a list.
def my_minimax(game, state, depth, eval_fn):
    joueur = game.to_move(state)

    def minimax(position, profondeur, maxPlayer):
        if profondeur == 0 or game.is_terminal(position):
            return [eval_fn(position, joueur), None]
        meilleur = [float("-inf") if maxPlayer else float("inf"), None]
        for coup in game.actions(position):
            valeur = minimax(game.result(position, coup), profondeur - 1, not maxPlayer)[0]
            if (maxPlayer and valeur > meilleur[0]) or (not maxPlayer and valeur < meilleur[0]):
                meilleur = [valeur, coup]
        return meilleur

    valeur, coup = minimax(state, depth, True)
    return valeur, coup
