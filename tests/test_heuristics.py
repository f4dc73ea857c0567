"""Threats, parity and evaluation functions on hand-built Connect Four positions."""

import functools

import pytest

from gamelib.games import ConnectFour
from gamelib.heuristics import (Threat, ThreatPicture, centre_eval, combined_eval,
                                double_threat_moves, eval_parts, from_picture,
                                is_double_threat, parity_threats, threat_eval, threats,
                                useful_threats, window_eval, winning_moves, zugzwang_outlook)

GAME = ConnectFour()

# Endgames found by random play; the exhaustive search below checks who wins
ODD_THREAT_ENDGAME = "6623356003465264506015343113550"      # X: odd threat at column 4, row 5
EVEN_THREAT_ENDGAME = "0424625625644441550625600622151"     # O: even threat at column 3, row 2


@functools.lru_cache(maxsize=None)
def exact(state) -> int:
    """+1 / 0 / -1 for the player to move, by full search (endgames only)."""
    if GAME.is_terminal(state):
        return int(GAME.utility(state, state.to_move))
    return max(-exact(GAME.result(state, move)) for move in GAME.actions(state))


def winner_by_search(state):
    value = exact(state)
    return None if value == 0 else state.to_move if value > 0 else GAME.opponent(state.to_move)


def test_open_three_on_the_floor_is_two_immediate_wins_and_a_double_threat():
    state = GAME.play("33445")            # X on columns 3, 4, 5 of row 1; O to move
    assert threats(state, "X") == [Threat("X", 2, 1), Threat("X", 6, 1)]
    assert winning_moves(state, "X") == [2, 6]
    assert is_double_threat(state, "X")
    assert threats(state, "O") == []
    outlook = zugzwang_outlook(state)
    assert outlook.favours == "X" and "double threat" in outlook.rule


def test_double_threat_moves_finds_the_set_up_move():
    state = GAME.play("3344")             # X to move: 3 or 6 makes an open three
    assert double_threat_moves(GAME, state) == [2, 5]
    assert double_threat_moves(GAME, GAME.play("3")) == []


def test_stacked_threats_in_one_column_are_a_double_threat():
    state = GAME.play("34364316140")    # X threatens column 2 at rows 1 and 2; O to move
    assert {(t.col, t.row) for t in threats(state, "X")} >= {(2, 1), (2, 2)}
    assert winning_moves(state, "X") == [2]        # O must block there ...
    assert is_double_threat(state, "X")            # ... and X wins on top


def test_odd_and_even_threats_and_which_side_they_help():
    state = from_picture("""
        .......
        .......
        .......
        .XXX...
        .OOX...
        .XOO...
    """)
    assert state.to_move == "O"
    assert [(t.col, t.row, t.parity) for t in threats(state, "X")] == [(0, 3, "odd"),
                                                                     (4, 3, "odd")]
    assert parity_threats(state, "X") == threats(state, "X")
    assert threats(state, "O") == []
    assert zugzwang_outlook(state).favours == "X"


def test_an_even_threat_for_o_with_no_odd_threat_for_x_favours_o():
    state = from_picture("""
        .......
        .......
        .......
        .......
        .OOOX..
        .XXOX..
    """)
    assert state.to_move == "X"
    assert threats(state, "O") == [Threat("O", 0, 2)]
    assert Threat("O", 0, 2).parity == "even"
    outlook = zugzwang_outlook(state)
    assert outlook.favours == "O" and "claimeven" in outlook.rule


def test_a_threat_above_the_opponents_threat_is_useless():
    state = from_picture("""
        .......
        .......
        .......
        .XXX...
        .OOOX..
        .XXOXOO
    """)
    x_threats = threats(state, "X")
    assert Threat("X", 0, 3) in x_threats            # above O's threat at (0, 2)
    assert Threat("X", 0, 3) not in useful_threats(state, "X")
    assert Threat("O", 0, 2) in useful_threats(state, "O")


@pytest.mark.parametrize("moves, side", [(ODD_THREAT_ENDGAME, "X"),
                                         (EVEN_THREAT_ENDGAME, "O")])
def test_zugzwang_rule_of_thumb_agrees_with_exhaustive_search(moves, side):
    state = GAME.play(moves)
    assert not winning_moves(state, "X") and not winning_moves(state, "O")
    outlook = zugzwang_outlook(state)
    assert outlook.favours == side
    assert winner_by_search(state) == side


def test_initial_position_has_no_threats_and_o_controls_zugzwang():
    outlook = zugzwang_outlook(GAME.initial_state)
    assert outlook.favours is None and "follow-up" in outlook.rule


def test_window_eval_matches_the_game_evaluate_on_random_positions():
    import random
    rng = random.Random(3)
    for _ in range(50):
        state = GAME.initial_state
        for _ in range(rng.randint(0, 20)):
            if GAME.is_terminal(state):
                break
            state = GAME.result(state, rng.choice(GAME.actions(state)))
        for player in "XO":
            assert window_eval(state, player) == GAME.evaluate(state, player)


def test_evaluations_are_zero_sum_and_prefer_the_centre():
    state = GAME.play("3344")
    for fn in (window_eval, centre_eval, threat_eval, combined_eval):
        assert fn(state, "X") == -fn(state, "O")
    assert centre_eval(GAME.play("3"), "X") > centre_eval(GAME.play("0"), "X")
    assert sum(eval_parts(state, "X").values()) == combined_eval(state, "X")


def test_combined_eval_rewards_a_good_parity_threat():
    odd = from_picture(".......\n.......\n.......\n.XXX...\n.OOX...\n.XOO...")
    assert threat_eval(odd, "X") == 6                  # two odd threats, 3 each
    assert combined_eval(odd, "X") > window_eval(odd, "X")


def test_from_picture_rejects_floating_discs_and_bad_counts():
    with pytest.raises(ValueError, match="floats"):
        from_picture("X......\n.......")
    with pytest.raises(ValueError, match="discs"):
        from_picture(".......\nXX.....")


def test_threat_picture_marks_each_threat():
    svg = ThreatPicture(GAME.play("33445"))._repr_svg_()
    assert svg.count('class="threat X odd useful"') == 2
    assert svg.startswith("<svg")
