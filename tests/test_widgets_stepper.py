"""SearchStepper without a browser: one step per event, pictures that come back."""

from __future__ import annotations

import pytest

from gamelib import ConnectFour, GameTree, TicTacToe
from gamelib.search import Trace, alphabeta, mcts, minimax
from gamelib.viz import draw_iteration, iteration_events
from gamelib.widgets import MCTSStepper, SearchStepper

TEXTBOOK = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


@pytest.fixture
def textbook_stepper() -> SearchStepper:
    game = GameTree(TEXTBOOK)
    return SearchStepper(alphabeta(game, game.initial_state, trace=Trace()))


def test_one_step_per_event(textbook_stepper: SearchStepper) -> None:
    stepper = textbook_stepper
    assert stepper.steps == len(stepper.trace.events) == stepper.slider.max
    assert stepper.position == 1 and "Enter the root" in stepper.narration
    seen = 1
    while stepper.position < stepper.steps:
        stepper.forward()
        seen += 1
    assert seen == stepper.steps
    stepper.forward()
    assert stepper.position == stepper.steps
    assert "value is 3" in stepper.narration


def test_stepping_back_restores_the_earlier_picture(textbook_stepper: SearchStepper) -> None:
    stepper = textbook_stepper
    stepper.go(5)
    picture, words = stepper.picture, stepper.narration
    stepper.forward()
    assert stepper.picture != picture
    stepper.back()
    assert stepper.picture == picture and stepper.narration == words
    stepper.slider.value = 9                     # the slider drives the same view
    assert "Step 9 of" in stepper.text.value


def test_the_cutoff_is_narrated_when_it_happens(textbook_stepper: SearchStepper) -> None:
    stepper = textbook_stepper
    prune = next(i for i, e in enumerate(stepper.trace) if e.kind == "prune")
    stepper.go(prune + 1)
    assert stepper.narration.startswith("alpha 3 >= beta 2 at node 5: prune moves 1 and 2")
    assert "leaves 4 and 6" in stepper.narration
    assert 'class="node pruned"' in stepper.picture
    assert 'class="node min cut current"' in stepper.picture
    stepper.go(prune)
    assert 'class="node pruned"' not in stepper.picture


def test_call_stack_and_window(textbook_stepper: SearchStepper) -> None:
    stepper = textbook_stepper
    leave_first_min = next(i for i, e in enumerate(stepper.trace)
                           if e.kind == "leave" and e.node == 1)
    stepper.go(leave_first_min + 1)
    assert "call stack: node 0" in stepper.stack.value
    assert "alpha = 3" in stepper.stack.value
    stepper.go(3)
    assert "node 0 → node 1 → node 2" in stepper.stack.value
    assert 'class="node leaf current"' in stepper.picture     # node 2 is a leaf, entered
    assert 'class="edge stack"' in stepper.picture


def test_buttons_move_the_stepper(textbook_stepper: SearchStepper) -> None:
    stepper = textbook_stepper
    buttons = {cls: b for b in stepper.widget.children[1].children
               for cls in getattr(b, "_dom_classes", ()) if cls.startswith("gamelib-step-")}
    buttons["gamelib-step-last"].click()
    assert stepper.position == stepper.steps
    buttons["gamelib-step-back"].click()
    assert stepper.position == stepper.steps - 1
    buttons["gamelib-step-first"].click()
    assert stepper.position == 0 and "Before the search" in stepper.narration
    buttons["gamelib-step-forward"].click()
    assert stepper.position == 1


def test_minimax_on_connect_four_and_bare_traces() -> None:
    game = ConnectFour()
    trace = Trace()
    minimax(game, game.play("3342"), depth=2, trace=trace)
    stepper = SearchStepper(trace, position=4)
    assert stepper.steps == len(trace) and stepper.position == 4
    assert "column" in stepper.narration or "leaf" in stepper.narration
    with pytest.raises(ValueError, match="trace=Trace()"):
        SearchStepper(alphabeta(game, game.play("3342"), depth=1))


def test_mcts_stepper_one_iteration_per_step() -> None:
    stepper = MCTSStepper(TicTacToe(), iterations=12, seed=1)
    assert stepper.steps == 12 == stepper.trace.count("select") == stepper.slider.max
    assert stepper.position == 12
    stepper.go(1)
    first = stepper.narration
    assert first.startswith("Select: stay at the root") and "expand" in first
    assert "playout of" in first and "back up the result through 2 nodes" in first
    picture = stepper.picture
    stepper.go(2)
    assert stepper.picture != picture
    stepper.go(1)
    assert stepper.picture == picture and stepper.narration == first
    assert "N=1" in stepper.summary.value


def test_mcts_stepper_runs_more_and_replays_with_the_same_seed() -> None:
    stepper = MCTSStepper(ConnectFour(), iterations=5, seed=7)
    more = next(b for b in stepper.widget.children[1].children
                if "gamelib-mcts-more" in b._dom_classes)
    more.click()
    assert stepper.steps == 105 and stepper.position == 105
    assert sum(stepper.result().visits.values()) == 105
    again = MCTSStepper(ConnectFour(), iterations=105, seed=7)
    assert again.narration == stepper.narration
    stepper.mode.value = "tree"
    assert 'class="node' in stepper.picture or "gamelib-outline" in stepper.picture


def test_search_stepper_points_mcts_to_its_own_stepper() -> None:
    from gamelib.search import mcts

    game = TicTacToe()
    result = mcts(game, game.initial_state, iterations=5, seed=1, trace=Trace())
    with pytest.raises(ValueError, match="MCTSStepper"):
        SearchStepper(result)


def test_mcts_stepper_with_the_solver_narrates_proofs_and_stops() -> None:
    game = TicTacToe()
    block = game.play([(0, 0), (1, 1), (0, 1)])           # O must block the top row
    stepper = MCTSStepper(game, block, iterations=500, seed=1, solver=True)
    solved_at = stepper.steps
    assert solved_at < 500 and stepper.result().solved == 0.5
    assert "the root (proven draw for O, to move)" in stepper.narration
    assert "The root is proven, so the search stops here" in stepper.text.value
    stepper.run(100)
    assert stepper.steps == solved_at                         # nothing left to do
    proved = []
    for k in range(1, solved_at + 1):
        stepper.go(k)
        if "proved:" in stepper.narration:
            proved.append(k)
    with_proofs = {k for k in range(1, solved_at + 1)
                   if iteration_events(stepper.trace, k).proofs}
    assert proved and set(proved) == with_proofs
    stepper.go(proved[0])
    assert "(proven loss for O)" in stepper.narration       # a move that lets X win
    plain = MCTSStepper(game, block, iterations=60, seed=1)
    assert plain.steps == 60 and "prove" not in plain.narration


@pytest.mark.slow
def test_mcts_stepper_says_why_a_proven_node_gets_no_playout() -> None:
    game = TicTacToe()
    state = game.play([(0, 0), (1, 0), (2, 0)])           # X..O..X.., O to move
    stepper = MCTSStepper(game, state, iterations=3000, seed=0, solver=True)
    said = []
    for k in range(1, stepper.steps + 1):
        stepper.go(k)
        if "no playout (its result is proven)" in stepper.narration:
            said.append(k)
            assert iteration_events(stepper.trace, k).playout is None
    assert said


def test_iteration_drawing_shows_what_the_solver_proved() -> None:
    game = TicTacToe()
    result = mcts(game, game.play([(0, 0), (1, 1), (0, 1)]), iterations=500, seed=1,
                  solver=True, trace=Trace())
    drawing = draw_iteration(result, 11)                 # proves O's move (1, 0) lost
    assert "select -> expand -> backpropagate -> prove" in drawing.source
    assert "5. proved #1: proven loss for O" in drawing.outline
    assert "proven loss" in drawing.source and "MCTS-Solver" in drawing.source
    first = draw_iteration(result, 1)
    assert "proven" not in first.source and "playout" in first.outline


def test_pruned_moves_that_end_a_real_game_are_named_with_their_scores() -> None:
    """Not only textbook trees: a Tic-Tac-Toe cutoff whose pruned moves all end the game
    names what each would have scored, as the search scores a game end at that depth."""
    from gamelib import TicTacToe, alphabeta
    from gamelib.search.trace import Trace
    game = TicTacToe()
    # O (MAX) to move; two plies down, O's (2, 0) would complete the left column
    state = game.play([(0, 2), (0, 1), (1, 1), (0, 0), (2, 1)])
    trace = Trace()
    alphabeta(game, state, trace=trace)
    stepper = SearchStepper(trace)
    named = []
    for index, event in enumerate(stepper.trace):
        if event.kind == "prune":
            stepper.go(index + 1)
            named.append(stepper.narration)
    assert any(words.endswith("prune move (2, 0) (leaves win in 3).") for words in named), named


def test_each_stepper_slider_has_a_description_and_the_helper_that_names_it() -> None:
    """ipywidgets ties a slider's description to nothing: the stepper carries the helper
    (static/slider_names.js) that makes it the slider's accessible name (the browser
    test checks a screen reader's view of it)."""
    from gamelib.widgets.stepping import SliderNames
    game = GameTree(TEXTBOOK)
    for stepper, name in [
            (SearchStepper(alphabeta(game, game.initial_state, trace=Trace())), "step"),
            (MCTSStepper(TicTacToe(), iterations=5, seed=1), "iteration")]:
        children = stepper.widget.children
        assert sum(isinstance(child, SliderNames) for child in children) == 1
        assert stepper.slider.description == name
        assert "gamelib-step-slider" in stepper.slider._dom_classes
    script = (SliderNames._esm.read_text() if hasattr(SliderNames._esm, "read_text")
              else str(SliderNames._esm))
    assert ".gamelib-step-slider" in script and "aria-labelledby" in script
