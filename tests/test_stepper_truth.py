"""The search stepper tells one story: its picture, narration and call stack agree at every
step, a leaf is never narrated as a node where someone moves, and the play buttons carry
words (their icon font is missing in exported pages)."""

import html
import re

import pytest

from gamelib import GameTree, SearchStepper, TicTacToe, Trace, alphabeta, draw_tree, minimax
from gamelib.viz.style import fmt_value
from gamelib.widgets.stepping import PLAY_LABELS

TEXTBOOK = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


def searches():
    """Recorded searches of every kind the lessons step through."""
    tree = GameTree(TEXTBOOK)
    game = TicTacToe()
    position = game.play([(1, 1), (0, 0), (0, 2), (2, 0), (1, 0)])
    return [minimax(tree, (), trace=Trace()), alphabeta(tree, (), trace=Trace()),
            alphabeta(GameTree([[[1, 5], [2, 8]], [[0, 3], [9, 4]], [[6, 2], [7, 1]]]), (),
                      trace=Trace()),
            alphabeta(game, position, trace=Trace())]


def node_text(picture: str, node: int) -> str:
    """The text drawn inside node `node` of the stepper's picture."""
    group = re.search(rf'<g id="node{node}" .*?</g>\s*</g>', picture, re.S)
    assert group, node
    return html.unescape(" ".join(re.findall(r">([^<>]+)</text>", group.group(0))))


@pytest.mark.slow
@pytest.mark.parametrize("result", searches(), ids=["minimax", "alphabeta", "deep", "ttt"])
def test_a_leaf_is_entered_as_a_leaf_never_as_a_node_where_someone_moves(result):
    stepper = SearchStepper(result)
    events = result.trace.events
    leaves = {event.node for event in events if event.kind == "leaf"}
    for step in range(1, len(events) + 1):
        stepper.go(step)
        event = events[step - 1]
        if event.kind == "enter" and event.node in leaves:
            assert "a leaf at depth" in stepper.narration, stepper.narration
            assert "to move" not in stepper.narration
        elif event.kind == "enter":
            assert "to move at depth" in stepper.narration


@pytest.mark.slow
@pytest.mark.parametrize("result", searches()[1:], ids=["alphabeta", "deep", "ttt"])
def test_the_picture_shows_the_window_the_call_stack_and_narration_speak_of(result):
    stepper = SearchStepper(result)
    leaves = {event.node for event in result.trace.events if event.kind == "leaf"}
    checked = 0
    for step in range(1, len(result.trace) + 1):
        stepper.go(step)
        said = re.search(r"at node (\d+) now alpha = (\S+), beta = (\S+)</span>",
                         stepper.stack.value)
        if not said:
            continue
        node, alpha, beta = said.groups()
        if int(node) in leaves:            # a leaf is drawn with its value, no window
            continue
        assert f"α={alpha} β={beta}" in node_text(stepper.picture, int(node)), step
        event = result.trace[step - 1]
        if event.kind == "prune":          # "alpha 3 >= beta 2 at node 5": the same numbers
            assert f"alpha {fmt_value(event.alpha)} >= beta {fmt_value(event.beta)}" \
                in stepper.narration
            assert (alpha, beta) == (fmt_value(event.alpha), fmt_value(event.beta))
        checked += 1
    assert checked > 5


def test_at_the_textbook_cutoff_the_picture_says_beta_2_and_cut_2_not_infinity():
    result = alphabeta(GameTree(TEXTBOOK), (), trace=Trace())
    cutoff = next(i for i, event in enumerate(result.trace) if event.kind == "prune")
    stepper = SearchStepper(result, position=cutoff + 1)
    assert stepper.narration.startswith("alpha 3 >= beta 2 at node 5")
    text = node_text(stepper.picture, 5)
    assert "α=3 β=2" in text and "cut: 2 <= α=3" in text
    assert "β=+∞" not in text and "?" in text.split("#5")[0]     # its value: not known yet


def test_a_finished_drawing_shows_the_window_each_node_was_searched_with():
    result = alphabeta(GameTree(TEXTBOOK), (), trace=Trace())
    picture = draw_tree(result).pipe(format="svg").decode()
    assert "α=3 β=+∞" in node_text(picture, 5)             # entered with (3, +∞)
    assert "cut: 2 <= α=3" in node_text(picture, 5)


def test_the_play_buttons_carry_words():
    stepper = SearchStepper(alphabeta(GameTree(TEXTBOOK), (), trace=Trace()))
    styles = [child.value for child in stepper.widget.children if hasattr(child, "value")
              and isinstance(child.value, str) and "<style>" in child.value]
    assert any(PLAY_LABELS == style for style in styles)
    for word in ("Play", "Pause", "Stop"):
        assert f'content: "{word}"' in PLAY_LABELS
    assert "gamelib-step-play" in stepper.play._dom_classes


def test_a_leaf_just_entered_is_drawn_as_a_leaf_with_its_value_unknown():
    result = minimax(GameTree(TEXTBOOK), (), trace=Trace())
    enter = next(i for i, event in enumerate(result.trace)
                 if event.kind == "enter" and event.node == 7)
    stepper = SearchStepper(result, position=enter + 1)
    assert stepper.narration.startswith("Enter node 7 (move 1 from node 5), a leaf")
    group = re.search(r'<g id="node7" class="([^"]*)"', stepper.picture)
    assert group and "leaf" in group.group(1).split()
    assert node_text(stepper.picture, 7).startswith("?")
    stepper.forward()                                   # scored: "Node 7 is a leaf ... 4"
    assert node_text(stepper.picture, 7).startswith("4")
