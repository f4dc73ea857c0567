"""Lesson 10's predict-then-run questions: what TD(0) learns from its very first game.

Both questions ask for delta = target - V(state) in an untrained network (every entry 0,
so V is 0 everywhere) on the 5x4 board; `check()` runs `td0_update` to find the answer.
"""

from __future__ import annotations

from gamelib.exercises.predict import Question, number
from gamelib.games.connect4 import ConnectFour
from gamelib.platform import N_, _

SMALL = ConnectFour(rows=4, cols=5)
BEFORE_THE_WIN = "001122"
"""X has three on the floor (columns 0, 1, 2), O three above them: X to move."""
WIN, QUIET = 3, 3
"""X's winning column from BEFORE_THE_WIN, and X's move from its first four moves."""


def untrained_delta(moves: str, column: int) -> float:
    """delta of one TD(0) update in an untrained network, for X's move `column` after `moves`
    (gamelib.learning is imported here: it loads numpy where installed, which the other
    exercises do not need)."""
    from gamelib.learning.ntuple import NTupleNetwork
    from gamelib.learning.td import td0_update, td_target
    network = NTupleNetwork.random(SMALL, count=10, length=4, seed=0)
    state = SMALL.play(moves)
    return td0_update(network, state, td_target(network, SMALL, SMALL.result(state, column)),
                      alpha=0.01)


def delta_slip(guess: float, right: float) -> str:
    """The known wrong answers about delta."""
    if right and guess == -right:
        return _("the sign: delta is target - V(state), positive when the position turned "
                 "out better for X than V said.")
    if guess == 0.01:
        return _("0.01 is alpha * delta, how much each entry moves; the question asks for "
                 "delta itself.")
    if not right and guess == 1:
        return _("the game is not over, so the target is V(next position), not a result: "
                 "what does an untrained network say about it?")
    return ""


first_delta = Question(
    title=N_("what does the first update learn?"),
    name="first_delta",
    question=N_('An untrained n-tuple network (every entry 0) values every position 0. On '
                'the 5x4 board, after the moves "{moves}", X plays column {column} and '
                "completes four. TD(0) updates V(the position before that move): what is "
                "delta = target - V(state)?"),
    answer=lambda: number(untrained_delta(BEFORE_THE_WIN, WIN)),
    read=number,
    slip=delta_slip,
    hints=[N_("The move ends the game, so the target is the result for X: +1 for X's win."),
           N_("V(state) is 0: every entry is 0, and tanh(0) = 0.")],
    why=N_("The game is over, so the target is the result, +1 for X; the untrained network "
           "said 0: delta = 1 - 0 = 1, and every entry V(state) read moves up by alpha."),
    run=N_('td0_update(network, SMALL.play("{moves}"), +1.0, alpha=0.01) with an untrained '
           'network'),
    values={"moves": BEFORE_THE_WIN, "column": WIN},
)

quiet_delta = Question(
    title=N_("and a move that does not end the game?"),
    name="quiet_delta",
    question=N_('Same untrained network: after the moves "0011", X plays column '
                "{column}, and the game goes on. What is delta for the position before that "
                "move?"),
    answer=lambda: number(untrained_delta("0011", QUIET)),
    read=number,
    slip=delta_slip,
    hints=[N_("The game is not over, so the target is the network's own value of the next "
              "position, V(next). What does an untrained network say about it?")],
    why=N_("Before the end the target is V(next position), which the untrained network puts "
           "at 0 like V(state): delta = 0, nothing is learned. In the first games only the "
           "moves that end a game teach; their values then spread back one move at a time."),
    run=N_('td0_update(network, SMALL.play("0011"), network.value(next position), '
           'alpha=0.01)'),
    values={"column": QUIET},
)

QUESTIONS: dict[str, Question] = {q.name: q for q in (first_delta, quiet_delta)}
"""Lesson 10's questions, by the name of the variable the student sets."""
