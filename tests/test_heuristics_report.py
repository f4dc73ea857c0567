"""The 2019 Connect Four report's threat theory, players and "why" comparison, on
hand-built positions, and the rule players against search."""

import random

import pytest

from gamelib import ConnectFour, alphabeta
from gamelib.heuristics import (Counts, DoubleThreat, ReportPlayer, RulePlayer, Threat,
                                compare_moves, from_picture, line_score, odd_even_mixed,
                                open_lines, parity_counts, report_eval, report_eval_parts,
                                rule_verdict, stacked_double_threats, useful_report_threats,
                                useless_threats, winning_moves)
from gamelib.heuristics.measure import (STORED_CHOICES, check_rule, choice_positions, is_quiet,
                                        kept_share, random_position, random_positions,
                                        share_right, solve_choices, stored_choices)

GAME = ConnectFour()


def test_a_cell_both_players_threaten_is_useless_for_both():
    state = from_picture("""
        .......
        .......
        .......
        .......
        .......
        XXX.OOO
    """)
    found = useless_threats(state)
    assert set(found) == {Threat("X", 3, 1), Threat("O", 3, 1)}
    assert "both players threaten row 1 of column 3" in found[Threat("X", 3, 1)]
    assert useful_report_threats(state, "X") == useful_report_threats(state, "O") == []
    assert parity_counts(state) == Counts(0, 0, 1)     # both have an odd threat there


def threats_of(state, player):
    """Every threat of `player` (the library's list)."""
    from gamelib.heuristics import threats
    return threats(state, player)


def test_a_threat_above_another_threat_of_either_side_is_useless():
    state = from_picture("""
        .......
        .......
        .......
        XXX....
        OOO....
        XOX..O.
    """)
    # column 3: O threatens row 2, X threatens row 3 (above it), row 1 is empty
    assert Threat("O", 3, 2) in threats_of(state, "O")
    assert Threat("X", 3, 3) in threats_of(state, "X")
    found = useless_threats(state)
    assert "above O's threat on row 2" in found[Threat("X", 3, 3)]
    assert Threat("O", 3, 2) not in found


@pytest.mark.parametrize("counts, winner", [
    (Counts(-1, 0, 0), "X"), (Counts(-2, 3, 2), "X"),
    (Counts(0, 0, 1), "X"), (Counts(0, 5, 3), "X"),
    (Counts(0, 0, 2), "O"), (Counts(0, 0, 0), None), (Counts(0, 1, 0), "O"),
    (Counts(1, 0, 1), "O"), (Counts(1, 2, 0), "X"), (Counts(1, 0, 2), "X"),
    (Counts(2, 0, 0), "O"), (Counts(3, 1, 1), "O"),
])
def test_the_odd_even_mixed_rule_gives_the_reports_verdicts(counts, winner):
    assert rule_verdict(counts).winner == winner


def test_odd_even_mixed_counts_on_a_hand_built_position():
    state = from_picture("""
        .......
        .......
        .......
        XXX....
        OOO....
        XOX..O.
    """)
    # useful: O even (column 3, row 2); X's row-3 threat is useless; no odd threats
    assert parity_counts(state) == Counts(0, 1, 0)
    assert odd_even_mixed(state).winner == "O"
    assert "EVEN = 1" in str(odd_even_mixed(state))


def test_the_rule_needs_an_even_number_of_rows():
    with pytest.raises(ValueError, match="even number of rows"):
        odd_even_mixed(ConnectFour(rows=5).initial_state)


def test_the_two_double_threat_shapes_are_told_apart():
    even_over_odd = GAME.play("6355136251202133")        # X: column 4, rows 3 and 4
    odd_over_even = GAME.play("02265514406046651244")    # X: column 3, rows 2 and 3
    assert stacked_double_threats(even_over_odd, "X") == [DoubleThreat("X", 4, 3, 4)]
    assert stacked_double_threats(odd_over_even, "X") == [DoubleThreat("X", 3, 2, 3)]
    assert stacked_double_threats(even_over_odd, "X")[0].shape == "even over odd"
    assert stacked_double_threats(odd_over_even, "X")[0].shape == "odd over even"
    assert stacked_double_threats(even_over_odd, "O") == []


def test_stacked_threats_are_found_from_the_threat_list():
    for seed in range(30):
        state = random_position(GAME, 26, random.Random(seed))
        if state is None:
            continue
        for player in "XO":
            cells = {(t.col, t.row) for t in threats_of(state, player)}
            for d in stacked_double_threats(state, player):
                assert (d.col, d.lower) in cells and (d.col, d.upper) in cells
                assert d.upper == d.lower + 1


def test_line_scores_on_the_empty_board():
    empty = GAME.initial_state
    assert line_score(empty, 0) == 3          # a row, a column, one diagonal: all empty
    assert line_score(empty, 3) == 7          # 4 rows, 1 column, 2 diagonals
    assert open_lines(empty, 3) == 7


def test_line_score_weights_own_and_opponent_discs():
    state = GAME.play("36")                   # X at 3, O at 6 on the floor; X to move
    # X dropping in column 4: rows 1-4 (X at 3: +3), 2-5 (+3), 3-6 (X and O: -1),
    # the column +1; the diagonal rising to the left +1 (the other would leave the board)
    assert line_score(state, 4) == 3 + 3 - 1 + 1 + 1
    assert open_lines(state, 4) == 4


def test_report_eval_counts_threats_double_threats_and_the_verdict():
    state = from_picture("""
        .......
        .......
        .......
        XXX....
        OOO....
        XOX..O.
    """)
    parts = report_eval_parts(state, "O")
    assert parts == {"my threats": 100, "opponent threats": 0,
                     "opponent double threats": 0, "ODD/EVEN/MIXED verdict": 100}
    assert report_eval(state, "O") == 200
    assert report_eval_parts(state, "X")["ODD/EVEN/MIXED verdict"] == -100


def test_rule_player_wins_blocks_then_keeps_lines():
    rules = RulePlayer()
    assert rules(GAME, GAME.play("010101")) == 0                  # win in column 0
    assert rules(GAME, GAME.play("01020")) == 0                   # block column 0
    assert rules(GAME, GAME.initial_state) == 3                   # the most lines
    assert "block" in rules.explain(GAME, GAME.play("01020")).rule


def test_rule_player_does_what_a_depth_2_search_does_on_wins_and_blocks():
    rng, seen = random.Random(17), 0
    rules = RulePlayer()
    while seen < 150:
        state = random_position(GAME, rng.randint(6, 30), rng)
        if state is None or is_quiet(state):
            continue
        seen += 1
        search = alphabeta(GAME, state, depth=2, all_values=True, order="centre")
        assert search.move_values[rules(GAME, state)] == search.value, state


def test_rule_player_misses_a_double_threat_that_depth_4_sees():
    state = GAME.play("5263")                 # O threatens to make an open three
    rule_move = RulePlayer()(GAME, state)
    deep = alphabeta(GAME, state, depth=4, all_values=True, order="centre")
    assert rule_move == 3
    assert deep.move_values[3] < -900_000     # a forced loss within 4 plies
    assert deep.value > -900_000 and deep.move in (0, 1, 4)


def test_report_player_takes_wins_and_blocks_and_explains():
    player = ReportPlayer(depth=2)
    assert player(GAME, GAME.play("010101")) == 0
    assert player(GAME, GAME.play("01020")) == 0
    choice = player.explain(GAME, GAME.play("33"))
    assert set(choice.scores) == set(GAME.actions(GAME.play("33")))
    assert choice.scores[choice.move] == max(choice.scores.values())
    assert choice.move == 3                   # ties go to the centre
    with pytest.raises(ValueError, match="depth"):
        ReportPlayer(depth=0)


def test_report_player_sees_the_double_threat_rule_player_misses():
    assert ReportPlayer(depth=4)(GAME, GAME.play("5263")) in (0, 1, 4)


def test_compare_moves_names_what_each_move_makes_and_stops():
    state = GAME.play("5263")
    comparison = compare_moves(state, 1, 3)
    chosen, other = comparison.chosen, comparison.runner_up
    assert chosen.move == 1 and other.move == 3
    assert chosen.lines == line_score(state, 1) and other.lines == line_score(state, 3)
    assert "column 1" in str(comparison) and "why not column 3" in str(comparison)
    rows = comparison.rows()
    assert [r["column"] for r in rows] == [1, 3]
    win = compare_moves(GAME.play("010101"), 0, 1)
    assert win.chosen.wins and "wins" in win.chosen.summary()
    assert not win.runner_up.wins and win.runner_up.gives_win == []
    block = compare_moves(GAME.play("01020"), 0, 3)
    assert Threat("X", 0, 4) in block.chosen.threats_stopped
    assert block.runner_up.threats_stopped == [] and block.runner_up.gives_win == [0]


def test_measuring_the_rule_against_the_solver():
    states = random_positions(GAME, 20, seed=3, quiet=True)
    assert all(is_quiet(s) for s in states)
    checks = check_rule(states)
    assert 0 <= share_right(checks) <= 1
    assert share_right(checks) == sum(c.right for c in checks) / 20
    assert random_positions(GAME, 5, seed=3) == random_positions(GAME, 5, seed=3)


def test_kept_share_is_one_for_a_perfect_player():
    from gamelib.solver import analyze
    positions = choice_positions(GAME, 4, seed=1)
    perfect = lambda game, state: analyze(state, weak=True).best_moves[0]   # noqa: E731
    assert kept_share(GAME, perfect, positions) == 1.0
    worst = lambda game, state: min(analyze(state, weak=True).items(),      # noqa: E731
                                    key=lambda kv: kv[1])[0]
    assert kept_share(GAME, worst, positions) == 0.0
    assert winning_moves(positions[0].state, "X") is not None


def test_lesson_06s_stored_positions_are_what_the_solver_finds_again():
    """The stored sample (read instead of solving in the browser) is the seed's positions
    with the solver's scores, all of them; another seed or game is solved as before."""
    _, seed, plies, size = STORED_CHOICES
    stored = stored_choices(GAME, seed, plies)
    assert len(stored) == size
    assert solve_choices(GAME, size, seed, plies) == stored
    first = choice_positions(GAME, 3, seed)
    assert [p.state for p in first] == [GAME.play(moves) for moves, _ in stored[:3]]
    assert [p.scores for p in first] == [scores for _, scores in stored[:3]]
    assert stored_choices(GAME, seed + 1, plies) == []
    assert stored_choices(ConnectFour(first_move_rule=True), seed, plies) == []
    assert choice_positions(GAME, 2, seed + 1) != choice_positions(GAME, 2, seed)


def test_centre_eval_is_the_sum_of_cell_weights():
    from gamelib.heuristics import cell_weights, centre_eval
    rng = random.Random(4)
    for game in (GAME, ConnectFour(rows=5, cols=6, k=3)):
        weights = cell_weights(game.rows, game.cols, game.k)
        for _ in range(60):
            state = random_position(game, rng.randint(0, 20), rng)
            if state is None:
                continue
            for player in "XO":
                expected = sum(weights[r][c] * (1 if state.cell(r, c) == player else -1)
                               for r in range(game.rows) for c in range(game.cols)
                               if state.cell(r, c) != ".")
                assert centre_eval(state, player) == expected
