# expect: pass
# Negamax with a memo keyed by (position, depth, sign), Spanish names.
def my_minimax(game, state, depth, eval_fn):
    jugador = game.to_move(state)
    memoria = {}

    def negamax(posicion, profundidad, signo):
        clave = (posicion, profundidad, signo)
        if clave in memoria:
            return memoria[clave]
        if profundidad == 0 or game.is_terminal(posicion):
            resultado = (signo * eval_fn(posicion, jugador), None)
        else:
            mejor, jugada = None, None
            for movimiento in game.actions(posicion):
                valor = -negamax(game.result(posicion, movimiento), profundidad - 1, -signo)[0]
                if mejor is None or valor > mejor:
                    mejor, jugada = valor, movimiento
            resultado = (mejor, jugada)
        memoria[clave] = resultado
        return resultado

    return negamax(state, depth, 1)
