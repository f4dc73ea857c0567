"""The exact Connect Four solver: positions, reference scores, both engines, the API."""

from __future__ import annotations

import math
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from gamelib.games import ConnectFour, IllegalMoveError, from_standard, to_standard
from gamelib.solver import Position, Solver, analyze, solve
from gamelib.solver import api, fast
from gamelib.solver.negamax import (STEPPING_WIDTH, claimeven_ahead, forced_move,
                                    makes_double_threat, narrow_by_null_windows, score_range)
from gamelib.solver import table as tt
from gamelib.solver.position import (EVEN_ROWS, H1, NO_BOUND, ODD_ROWS, SIZE, WIDTH,
                                     claimeven_bound,
                                     column_mask, has_four, random_unfinished, threat_score)
from gamelib.solver.steps import standard_lines


def reference(name: str, limit: int | None = None) -> list[tuple[str, int]]:
    """(moves, score) pairs of a reference set ("Test_L2_R1"): the copy that ships with gamelib,
    the positions lesson 09 reads."""
    lines = standard_lines(name.removeprefix("Test_"))
    pairs = [(from_standard(moves), int(score))
             for moves, score in (line.split() for line in lines if line.strip())]
    return pairs[:limit]


@pytest.mark.slow
def test_position_agrees_with_connect_four_on_random_games():
    game = ConnectFour()
    rng = random.Random(7)
    for _ in range(2000):
        state, pos, text = game.initial_state, Position.empty(), ""
        while not game.is_terminal(state):
            assert Position.from_state(state) == pos
            legal = game.actions(state)
            assert [c for c in range(WIDTH) if pos.can_play(c)] == legal
            for col in legal:
                wins = game.result(state, col).winner is not None
                assert pos.is_winning_move(col) == wins
            assert pos.can_win_next() == any(pos.is_winning_move(c) for c in legal)
            col = rng.choice(legal)
            if pos.is_winning_move(col):
                with pytest.raises(IllegalMoveError, match="ends the game"):
                    Position.from_string(text + str(col))
            state, pos, text = game.result(state, col), pos.play_col(col), text + str(col)
            if not game.is_terminal(state):
                assert api.to_position(text) == pos == Position.from_string(text)
                assert pos.mirror().mirror() == pos


def test_before_lists_exactly_the_positions_one_stone_back():
    """`Position.before` takes back each top stone of the last mover, and only those:
    over random games, every (position, column) it gives plays back to the position, the
    game's own previous position is among them, and its columns are those whose last
    stone (read from the move string) was played by the last mover."""
    rng = random.Random(5)
    for _ in range(200):
        text = random_unfinished(rng.randrange(1, 30), rng)
        pos = Position.from_string(text)
        found = pos.before()
        assert all(before.play_col(col) == pos for before, col in found)
        assert (Position.from_string(text[:-1]), int(text[-1])) in found
        last = len(text) - 1
        assert sorted(col for _, col in found) == [
            col for col in range(WIDTH)
            if str(col) in text and text.rindex(str(col)) % 2 == last % 2], text
    assert Position.empty().before() == []


def test_scores_of_every_end_game_position():
    for moves, score in reference("Test_L3_R1"):
        assert solve(moves) == score, moves


def test_scores_of_every_easy_middle_game_position():
    for moves, score in reference("Test_L2_R1"):
        assert solve(moves) == score, moves


SAMPLES = {"Test_L3_R1": 60, "Test_L2_R1": 40, "Test_L2_R2": 3, "Test_L1_R1": 10}
"""How many positions of each set the readable engine solves (it is about 60x slower;
Test_L1_R2 and Test_L1_R3 take it minutes)."""


def every_few(name: str, count: int) -> list[tuple[str, int]]:
    """`count` positions spread over the whole of a reference set."""
    pairs = reference(name)
    return pairs[::max(1, len(pairs) // count)][:count]


KNOWLEDGE = {"none": 0, "claimeven": fast.CLAIMEVEN, "forced": fast.FORCED, "etc": fast.ETC,
             "threat_order": fast.THREAT_ORDER,
             "claimeven forced etc": fast.CLAIMEVEN | fast.FORCED | fast.ETC,
             "claimeven forced etc threat_order": (fast.CLAIMEVEN | fast.FORCED | fast.ETC
                                                   | fast.THREAT_ORDER),
             "mirror": fast.MIRROR,
             "claimeven forced etc threat_order mirror": (fast.CLAIMEVEN | fast.FORCED | fast.ETC
                                                          | fast.THREAT_ORDER | fast.MIRROR),
             "claimeven_ahead": fast.CLAIMEVEN_AHEAD,
             "claimeven forced etc threat_order mirror claimeven_ahead": (
                 fast.CLAIMEVEN | fast.FORCED | fast.ETC | fast.THREAT_ORDER | fast.MIRROR
                 | fast.CLAIMEVEN_AHEAD),
             "double_threats": fast.DOUBLE_THREATS,
             "claimeven forced etc threat_order mirror claimeven_ahead double_threats": (
                 fast.CLAIMEVEN | fast.FORCED | fast.ETC | fast.THREAT_ORDER | fast.MIRROR
                 | fast.CLAIMEVEN_AHEAD | fast.DOUBLE_THREATS)}
"""The readable engine's switches (by their names) and the compiled engine's options; the
ones together in the fast suite, forced moves, ETC, the threat order, the mirror images,
claimeven ahead and double threats alone in the slow one."""


@pytest.mark.parametrize("knowledge", [pytest.param(name, marks=pytest.mark.slow)
                                       if name in ("forced", "etc", "threat_order", "mirror",
                                                   "claimeven_ahead", "double_threats")
                                       else name
                                       for name in KNOWLEDGE])
@pytest.mark.parametrize("name", [pytest.param(name, marks=pytest.mark.slow)
                                  if name == "Test_L2_R2" else name for name in SAMPLES])
def test_readable_and_compiled_engines_search_the_same_nodes(name, knowledge):
    python = Solver(**{switch: True for switch in knowledge.split() if switch != "none"})
    compiled = fast.FastSolver(options=KNOWLEDGE[knowledge])
    for moves, score in every_few(name, SAMPLES[name]):
        pos = Position.from_string(moves)
        python.reset()
        compiled.reset()
        assert python.solve(pos) == compiled.solve(pos) == score, moves
        assert python.nodes == compiled.nodes > 0, moves


@pytest.mark.slow
def test_both_engines_give_up_the_same_way_when_the_node_budget_is_spent():
    moves, score = reference("Test_L2_R2", 2)[1]          # a win or a loss, not 0
    pos = Position.from_string(moves)
    python, compiled = Solver(), fast.FastSolver(options=0)
    for solver in (python, compiled):
        assert solver.solve(pos, max_nodes=100) == 0 and solver.aborted
        assert solver.nodes > 100
        solver.reset()
        assert solver.solve(pos) == score != 0 and not solver.aborted
    assert python.nodes == compiled.nodes


@pytest.mark.parametrize("options", [0, fast.ETC, fast.HASH_MOVE, fast.TWO_TABLES,
                                     fast.FAIL_SOFT, fast.SPEED, fast.ETC | fast.SPEED,
                                     fast.CLAIMEVEN, fast.CLAIMEVEN | fast.SPEED, fast.FORCED,
                                     fast.FORCED | fast.SPEED,
                                     fast.FORCED | fast.ETC | fast.CLAIMEVEN | fast.SPEED,
                                     fast.THREAT_ORDER, fast.THREAT_ORDER | fast.SPEED,
                                     fast.THREAT_ORDER | fast.FORCED | fast.ETC
                                     | fast.CLAIMEVEN | fast.SPEED, fast.MIRROR,
                                     fast.MIRROR | fast.SPEED, fast.CLAIMEVEN_AHEAD,
                                     fast.CLAIMEVEN_AHEAD | fast.SPEED, fast.DOUBLE_THREATS,
                                     fast.DOUBLE_THREATS | fast.SPEED, fast.BEST])
@pytest.mark.parametrize("name, count", [("Test_L3_R1", 100), ("Test_L2_R1", 100),
                                         ("Test_L2_R2", 10), ("Test_L1_R1", 40),
                                         ("Test_L1_R2", 1)])
def test_every_search_option_gives_exact_scores_on_every_set(name, count, options):
    compiled = fast.FastSolver(options=options)
    for moves, score in every_few(name, count):
        compiled.reset()
        assert compiled.solve(Position.from_string(moves)) == score, (moves, options)


@pytest.mark.slow
def test_the_hard_beginning_set_is_exact():
    compiled = fast.FastSolver()
    for moves, score in every_few("Test_L1_R3", 2):
        compiled.reset()
        assert compiled.solve(Position.from_string(moves)) == score, moves


def claimeven_of(moves: str) -> int:
    """`claimeven_bound` of the position after `moves` (0-based columns)."""
    pos = Position.from_string(moves)
    return claimeven_bound(pos.current, pos.mask)


CLAIMEVEN_CAPPED = {
    "033333306655441122": 0,   # O holds rows 1, 3 and 5 of the centre: X's odd rows hold
                               # no four, and X's stones on the centre's even rows block O's
    "12334333042622634401": -1,    # (from random play) O's stones and even cells hold four
    "03326312325321112524": 0,     # (from random play) columns 0, 3, 4 and 6 hold an odd
    "152430444135035011244130": -1}   # number of stones, and 1 and 5 here: paired first
"""Positions whose score claimeven caps, with the cap."""
PAIRED = {"03326312325321112524": 0b1011001, "152430444135035011244130": 0b0100010}
"""The positions above whose columns with an odd number of stones must be paired first,
with those columns (bit c: column c)."""


def test_claimeven_caps_a_score_only_where_its_argument_holds():
    for moves, cap in CLAIMEVEN_CAPPED.items():
        assert claimeven_of(moves) == cap, moves
        assert solve(moves, use_book=False) <= cap, moves
    assert claimeven_of("0011") == NO_BOUND          # X takes the bottom row by follow-up
    assert claimeven_of("0333333") == NO_BOUND       # 7 stones: O is to move, not X
    assert claimeven_of("03333331") == NO_BOUND      # columns 0 and 1 paired, but X may get
                                                     # row 2 of column 1, and a diagonal from it
    for moves, odd_columns in PAIRED.items():
        heights = [moves.count(str(col)) for col in range(WIDTH)]
        assert sum(1 << col for col in range(WIDTH) if heights[col] % 2) == odd_columns
    assert claimeven_of("") == NO_BOUND
    # rows 1, 3, 5 (counted from 1 at the bottom) are bits 0, 2, 4 of each column
    assert ODD_ROWS == sum(0b010101 << (7 * col) for col in range(WIDTH))
    assert EVEN_ROWS == sum(0b101010 << (7 * col) for col in range(WIDTH))
    bottom_row = sum(1 << (7 * col) for col in range(4))
    assert has_four(bottom_row) and not has_four(bottom_row & ~1)


AHEAD = "03333330665544112"
"""O to move; X's move 2 (column 2) leaves "033333306655441122", which claimeven caps at 0
(CLAIMEVEN_CAPPED), so O is sure of at least 0 before any search."""


def test_claimeven_ahead_bounds_a_score_by_the_caps_of_its_children():
    pos = Position.from_string(AHEAD)
    caps = {col: claimeven_of(AHEAD + str(col)) for col in range(WIDTH) if pos.can_play(col)}
    assert caps[2] == 0 and min(caps.values()) == 0       # no child is capped at a loss
    assert claimeven_ahead(pos, pos.non_losing_moves()) == 0 <= solve(AHEAD, use_book=False)
    assert claimeven_ahead(pos, pos.non_losing_moves() & ~column_mask(2)) == -min(
        (cap for col, cap in caps.items() if col != 2), default=-NO_BOUND)
    assert claimeven_ahead(pos, 0) == -NO_BOUND          # no move: nothing sure


def test_claimeven_ahead_never_contradicts_the_exact_score_of_random_positions():
    """Where the second player is to move, the bound from the children's caps is at most the
    exact score (found without it); late in random games it is a draw or a win for some."""
    rng = random.Random(13)
    compiled, found = fast.FastSolver(options=fast.SPEED), []
    for _ in range(600):
        pos = Position.from_string(random_unfinished(rng.choice(range(27, 36, 2)), rng))
        low = claimeven_ahead(pos, pos.non_losing_moves())
        if low > -NO_BOUND:
            compiled.reset()
            assert compiled.solve(pos) >= low, pos
            found.append(low)
    assert len(found) >= 40 and set(found) == {0, 1}


OPENINGS = ["640240", "561042432", "52032140301"]
"""Openings from random play where claimeven ahead saves 14-19% of the nodes of every other
idea (a few percent on the standard sets, a fifth on the empty board)."""


def test_claimeven_ahead_saves_nodes_on_openings():
    """With every other idea on, claimeven ahead searches fewer nodes for the same scores."""
    without, with_it = nodes_without_and_with(fast.CLAIMEVEN_AHEAD, OPENINGS)
    assert with_it < 0.9 * without


def nodes_without_and_with(option: int, games: list[str]) -> tuple[int, int]:
    """The nodes `BEST` without `option`, then `BEST`, search on `games` (a fresh table for
    each), after checking that both find the same scores."""
    nodes, scores = {}, {}
    for options in (fast.BEST & ~option, fast.BEST):
        compiled = fast.FastSolver(options=options)
        for moves in games:
            compiled.reset()
            scores.setdefault(moves, set()).add(compiled.solve(Position.from_string(moves)))
            nodes[options] = nodes.get(options, 0) + compiled.nodes
    assert all(len(found) == 1 for found in scores.values())
    return nodes[fast.BEST & ~option], nodes[fast.BEST]


def test_a_move_makes_a_double_threat_when_every_reply_loses_at_once():
    """X's stones in columns 2 and 3 of the bottom row: a third in column 1 or 4 leaves O
    two cells to block (lesson 05's double threat); X wins with its next stone but one, the
    best score left (18 with 4 stones down)."""
    pos = Position.from_string("3322")
    moves = pos.non_losing_moves()
    assert [col for col in range(WIDTH)
            if makes_double_threat(pos, moves & column_mask(col))] == [1, 4]
    assert not makes_double_threat(pos, moves & ~column_mask(1) & ~column_mask(4))
    assert not makes_double_threat(pos, 0)
    assert solve("3322", use_book=False) == (SIZE - 1 - pos.moves) // 2 == 18
    stacked = Position.from_string("3131466643")
    after = stacked.play_col(2)     # X's threats in column 5: on the bottom row and above it
    blocks = after.possible() & after.opponent_winning_spots()
    assert blocks and not blocks & (blocks - 1)     # one cell for O to block, not two
    assert makes_double_threat(stacked, stacked.non_losing_moves() & column_mask(2))


def test_double_threats_ahead_agree_with_the_exact_score_of_random_positions():
    """A position with a move that makes a double threat scores exactly the win with the
    next stone but one; one without scores at least a point less (found without the idea)."""
    rng = random.Random(14)
    compiled, found = fast.FastSolver(options=fast.SPEED), []
    for _ in range(400):
        pos = Position.from_string(random_unfinished(rng.choice(range(10, 36)), rng))
        if pos.can_win_next():
            continue
        best = (SIZE - 1 - pos.moves) // 2
        compiled.reset()
        score = compiled.solve(pos)
        made = makes_double_threat(pos, pos.non_losing_moves())
        assert score == best if made else score <= best - 1, pos
        found.append(made)
    assert 10 <= sum(found) < len(found) - 200


def test_double_threats_ahead_save_nodes_late_in_the_game():
    """With every other idea on, looking for double threats ahead searches fewer nodes for
    the same scores on random positions of 14 to 24 stones."""
    rng = random.Random(22)
    games = [random_unfinished(rng.choice(range(14, 25)), rng) for _ in range(12)]
    without, with_it = nodes_without_and_with(fast.DOUBLE_THREATS, games)
    assert with_it < 0.95 * without


@pytest.mark.heavy
def test_claimeven_never_contradicts_the_exact_score_of_random_positions():
    """Where the bound applies, the exact score (found without it) is at most the bound."""
    rng = random.Random(12)
    compiled, applied = fast.FastSolver(), 0
    for _ in range(2000):
        moves = random_unfinished(rng.choice(range(16, 31, 2)), rng)
        cap = claimeven_of(moves)
        if cap != NO_BOUND:
            compiled.reset()
            assert compiled.solve(Position.from_string(moves)) <= cap, moves
            applied += 1
    assert applied >= 3


def assert_claimeven_changes_no_score(rng: random.Random, plies: range, per_ply: int,
                                      weak: bool) -> None:
    """The search with claimeven and the search without it agree on `per_ply` random
    positions of each number of plies in `plies`."""
    plain, knowing = fast.FastSolver(), fast.FastSolver(options=fast.SPEED | fast.CLAIMEVEN)
    for ply in plies:
        for _ in range(per_ply):
            pos = Position.from_string(random_unfinished(ply, rng))
            plain.reset()
            knowing.reset()
            assert plain.solve(pos, weak) == knowing.solve(pos, weak), (pos, weak)


@pytest.mark.parametrize("weak", [False, True])
def test_claimeven_search_equals_the_search_without_it_on_random_positions(weak):
    assert_claimeven_changes_no_score(random.Random(6 + weak), range(10, 25, 2), 3, weak)


@pytest.mark.slow
@pytest.mark.parametrize("weak", [False, True])
def test_claimeven_search_equals_the_search_without_it_from_ply_6(weak):
    assert_claimeven_changes_no_score(random.Random(60 + weak), range(6, 25, 2), 2, weak)


@pytest.mark.slow
@pytest.mark.parametrize("name, count", [("Test_L3_R1", 1000), ("Test_L2_R1", 1000),
                                         ("Test_L2_R2", 1000), ("Test_L1_R1", 1000),
                                         ("Test_L1_R2", 40)])
def test_the_claimeven_search_is_exact_on_whole_sets(name, count):
    compiled = fast.FastSolver(options=fast.SPEED | fast.CLAIMEVEN)
    for moves, score in every_few(name, count):
        compiled.reset()
        assert compiled.solve(Position.from_string(moves)) == score, moves


@pytest.mark.slow
@pytest.mark.parametrize("options", [fast.SPEED | fast.FORCED, fast.SPEED | fast.ETC,
                                     fast.SPEED | fast.CLAIMEVEN_AHEAD,
                                     fast.SPEED | fast.DOUBLE_THREATS,
                                     fast.SPEED | fast.FORCED | fast.ETC | fast.CLAIMEVEN,
                                     fast.SPEED | fast.THREAT_ORDER,
                                     fast.SPEED | fast.FORCED | fast.ETC | fast.CLAIMEVEN
                                     | fast.THREAT_ORDER])
@pytest.mark.parametrize("name, count", [("Test_L3_R1", 1000), ("Test_L2_R1", 1000),
                                         ("Test_L2_R2", 1000), ("Test_L1_R1", 1000),
                                         ("Test_L1_R2", 40)])
def test_the_knowledge_searches_are_exact_on_whole_sets(name, count, options):
    compiled = fast.FastSolver(options=options)
    for moves, score in every_few(name, count):
        compiled.reset()
        assert compiled.solve(Position.from_string(moves)) == score, (moves, options)


def test_a_forced_move_is_played_without_a_node_of_its_own():
    """In this end game the player to move has one move that does not lose at once: with
    forced moves, searching it is searching the position after that move (negated), node
    for node, in both engines; opening every forced node takes more."""
    forced = Position.from_string("45055035312150041230105362436")
    move = forced_move(forced)
    after = forced.play(move)
    assert move == forced.non_losing_moves() != 0 and not forced.can_win_next()
    assert forced_move(Position.from_string("")) == forced_move(after) == 0
    for alpha, beta in ((3, 4), (4, 5), (-2, 6)):
        searches = [Solver(forced=True), Solver(forced=True), Solver()]
        value, shorter, plain = (solver.negamax(pos, a, b) for solver, pos, a, b in
                                 zip(searches, (forced, after, forced),
                                     (alpha, -beta, alpha), (beta, -alpha, beta)))
        assert value == -shorter == plain, (alpha, beta)
        nodes = searches[0].nodes
        assert 0 < nodes == searches[1].nodes < searches[2].nodes, (alpha, beta)
        compiled = fast.FastSolver(options=fast.FORCED)
        fast.start(compiled.work, 0)
        assert fast.negamax(forced.current, forced.mask, forced.moves, alpha, beta,
                            compiled.table, compiled.work) == value
        assert compiled.work[fast.NODES] == nodes




def cells(*spots: tuple[int, int]) -> int:
    """The bits of the cells (column, row from 0 at the bottom)."""
    return sum(1 << (col * H1 + row) for col, row in spots)


@pytest.mark.parametrize("mine, theirs, score", [
    ([(0, 0), (1, 0), (6, 1)], [(6, 0), (5, 0), (5, 1)], 2 + 1),      # (3, 0): filled next
    ([(0, 1), (1, 1), (2, 0)], [(0, 0), (1, 0), (6, 0)], 4 + 1),      # (3, 1): above it
    ([(0, 1), (1, 1), (6, 0)], [(0, 0), (1, 0), (2, 0)], 0)])         # above their (3, 0)
def test_the_threat_score_counts_useful_threats_and_weighs_those_soon_playable(mine, theirs,
                                                                              score):
    """Moving in column 2 leaves a threat at (3, 0) or (3, 1): filled at once, right above
    a playable cell, or right above the opponent's own threat (useless); each engine's
    score is the same, and differs from the count of winning spots."""
    pos = Position(cells(*mine), cells(*mine, *theirs), 6)
    move = pos.possible() & cells(*((2, row) for row in range(6)))
    their_spots = pos.opponent_winning_spots()
    assert threat_score(pos.current, pos.mask, move, their_spots) == score
    found = fast.winning_spots(pos.current | move, pos.mask)
    assert fast.threat_score(pos.mask, move, found, their_spots) == score
    assert pos.move_score(move) == 1


def test_the_threat_order_searches_fewer_nodes():
    """On a sample of the hardest easy set, sorting by useful threats saves nodes."""
    nodes = []
    for options in (fast.SPEED, fast.SPEED | fast.THREAT_ORDER):
        compiled = fast.FastSolver(options=options)
        for moves, score in every_few("Test_L2_R2", 10):
            compiled.reset()
            assert compiled.solve(Position.from_string(moves)) == score
        nodes.append(compiled.nodes)
    assert nodes[1] < 0.9 * nodes[0], nodes


def test_emptying_the_table_by_generation_equals_wiping_it():
    compiled = fast.FastSolver()
    moves, score = reference("Test_L2_R2", 1)[0]
    pos = Position.from_string(moves)
    counts = []
    for wipe in (True, False, False, True):
        compiled.reset(wipe=wipe)
        assert compiled.solve(pos) == score
        counts.append(compiled.nodes)
    assert len(set(counts)) == 1
    compiled.work[fast.GENERATION] = fast.GENERATIONS - 1
    compiled.reset()                     # the last generation: a real wipe
    assert compiled.work[fast.GENERATION] == 1 and not compiled.table.any()


def test_the_ideas_search_fewer_nodes():
    pairs = every_few("Test_L2_R2", 10)
    nodes = {}
    for options in (0, fast.ETC, fast.HASH_MOVE, fast.ETC | fast.HASH_MOVE, fast.FAIL_SOFT):
        compiled = fast.FastSolver(options=options)
        for moves, _ in pairs:
            compiled.reset(); compiled.solve(Position.from_string(moves))
            nodes[options] = nodes.get(options, 0) + compiled.nodes
    assert nodes[fast.ETC | fast.HASH_MOVE] < nodes[fast.ETC] < nodes[0]
    assert nodes[fast.HASH_MOVE] < nodes[0] and nodes[fast.FAIL_SOFT] < nodes[0]
    assert fast.SPEED == fast.HASH_MOVE | fast.TWO_TABLES | fast.FAIL_SOFT
    assert fast.BEST == (fast.SPEED | fast.ETC | fast.CLAIMEVEN | fast.FORCED | fast.THREAT_ORDER
                         | fast.MIRROR | fast.CLAIMEVEN_AHEAD | fast.DOUBLE_THREATS)


@pytest.mark.slow
def test_fail_soft_bounds_are_true_and_at_least_as_tight():
    rng = random.Random(3)
    soft, hard = fast.FastSolver(), fast.FastSolver(options=fast.SPEED & ~fast.FAIL_SOFT)
    tighter = 0
    for _ in range(60):
        pos = Position.from_string(random_unfinished(rng.randrange(12, 30, 2), rng))
        exact = soft.solve(pos)
        for mid in range(exact - 3, exact + 3):      # windows on both sides of the score
            found = {}
            for compiled in (soft, hard):
                compiled.reset()
                fast.start(compiled.work, 0)
                found[compiled] = fast.negamax(pos.current, pos.mask, pos.moves, mid, mid + 1,
                                               compiled.table, compiled.work)
            value = found[soft]
            assert (exact <= value <= mid) or (mid < value <= exact), (pos, mid, value, exact)
            if value <= mid:
                assert value <= found[hard]
                tighter += value < found[hard]
    assert tighter > 0


def test_the_table_move_goes_first_and_the_others_are_sorted_only_if_it_fails():
    # totals of the search that sorted every move at once, the table's move first
    totals = {}
    both = fast.HASH_MOVE | fast.TWO_TABLES
    for options in (fast.HASH_MOVE, both):
        compiled = fast.FastSolver(options=options)
        for moves, score in every_few("Test_L2_R2", 10) + every_few("Test_L1_R1", 25):
            compiled.reset()
            assert compiled.solve(Position.from_string(moves)) == score
            totals[options] = totals.get(options, 0) + compiled.nodes
    assert totals == {fast.HASH_MOVE: 637_857, both: 639_187}


def test_warming_the_cache_reads_every_slot_of_the_small_table_once():
    assert math.gcd(fast.SCATTER, tt.NEAR_SIZE) == math.gcd(fast.SCATTER, tt.TT_SIZE) == 1
    slots = np.arange(tt.NEAR_SIZE + 3, dtype=np.uint64)
    assert fast.read_scattered(slots, 3, tt.NEAR_SIZE) == slots[3:].sum()


def in_use(compiled: fast.FastSolver) -> tuple[int, int]:
    """How many slots of the big table and of the small one the current generation wrote."""
    generation = compiled.table >> np.uint64(tt.KEY_BITS + fast.CHECK_SHIFT)
    written = generation == np.uint64(compiled.work[fast.GENERATION])
    return int(written[:fast.TT_SIZE].sum()), int(written[fast.TT_SIZE:].sum())


def test_two_tables_keep_positions_from_near_moves_stones_on_in_the_small_table():
    late, score = reference("Test_L2_R1", 1)[0]          # 22 stones or more: all in the small one
    early, early_score = reference("Test_L2_R2", 1)[0]   # under 22: both tables
    assert len(late) >= tt.NEAR_MOVES > len(early)
    two, one = fast.FastSolver(), fast.FastSolver(options=fast.HASH_MOVE)
    for compiled in (two, one):
        compiled.reset()
        assert compiled.solve(Position.from_string(late)) == score
    assert in_use(two)[0] == 0 < in_use(two)[1]
    assert in_use(one)[0] > 0 == in_use(one)[1]
    two.reset()
    assert two.solve(Position.from_string(early)) == early_score
    assert min(in_use(two)) > 0


def test_a_slot_and_its_key_bits_tell_every_position_apart_in_both_tables():
    def is_prime(n: int) -> bool:
        return n > 1 and all(n % d for d in range(2, math.isqrt(n) + 1))
    assert is_prime(tt.TT_SIZE) and is_prime(tt.NEAR_SIZE)
    assert 2 ** tt.KEY_BITS * min(tt.TT_SIZE, tt.NEAR_SIZE) > 2 ** 49   # the largest key + 1
    assert fast.CHECK_SHIFT + tt.KEY_BITS + 16 <= 63 and fast.GENERATIONS == 1 << 16


def test_one_compiled_call_parses_and_solves():
    for moves, score in reference("Test_L3_R1", 50) + reference("Test_L2_R1", 50):
        result = solve(moves)
        assert result == score and result.nodes > 0, moves


def test_the_empty_board_is_answered_from_the_book_at_once():
    assert solve("") == 1 and solve("").nodes == 0
    assert solve("", weak=True) == 1
    scores = analyze("")
    assert scores == {0: -2, 1: -1, 2: 0, 3: 1, 4: 0, 5: -1, 6: -2} and scores.from_book
    assert analyze("", weak=True) == {0: -1, 1: -1, 2: 0, 3: 1, 4: 0, 5: -1, 6: -1}
    assert solve("33") == solve("33", use_book=True).real and solve("33").nodes == 0


def test_book_answers_agree_with_the_search():
    for moves in ("30313346", "30313344"):       # two ply-8 entries with every column
        scores = analyze(moves)
        assert scores.from_book and scores.nodes == 0
        assert solve(moves) == max(scores.values()) == solve(moves, use_book=False)
        for col in (0, 3):
            assert scores[col] == -solve(moves + str(col), use_book=False), (moves, col)


def test_a_position_shares_its_key_with_its_mirror_image_in_both_engines():
    rng = random.Random(31)
    for _ in range(300):
        pos = Position.from_string(random_unfinished(rng.randrange(0, 30), rng))
        image = pos.mirror()
        assert fast.mirror_key(pos.key()) == image.key()
        assert fast.mirror_key(image.key()) == pos.key()
        assert pos.shared_key() == image.shared_key() == min(pos.key(), image.key())
        assert fast.shared_key(pos.key(), pos.moves, pos.moves + 1) == pos.shared_key()
        assert fast.shared_key(pos.key(), pos.moves, pos.moves) == pos.key()   # too deep
    assert Position.from_string("2145").mirror() == Position.from_string("2145")


SYMMETRIC = "21453333"
"""A position that is its own mirror image (X on columns 2 and 4, O on 1 and 5, the
centre filled to four): its moves c and 6 - c lead to mirror images."""


def test_mirror_images_halve_the_search_of_a_symmetric_position_and_keep_its_moves():
    pos = Position.from_string(SYMMETRIC)
    assert pos.mirror() == pos
    nodes = {}
    for options in (fast.SPEED, fast.SPEED | fast.MIRROR):
        compiled = fast.FastSolver(options=options)
        compiled.reset()
        nodes[options] = (compiled.solve(pos), compiled.nodes)
    (plain, plain_nodes), (mirrored, mirrored_nodes) = nodes.values()
    assert plain == mirrored == solve(SYMMETRIC, use_book=False)
    assert mirrored_nodes < 0.75 * plain_nodes
    compiled = fast.FastSolver(options=fast.BEST)     # a table's move read back mirrored
    for col in range(WIDTH):
        if pos.can_play(col) and not pos.is_winning_move(col):
            compiled.reset()
            left = compiled.solve(pos.play_col(col))
            compiled.reset()
            assert compiled.solve(pos.play_col(WIDTH - 1 - col)) == left


def asked_for(score: int, low: int, high: int, soft: random.Random | None = None) -> tuple[int, list[int]]:
    """(narrow_by_null_windows' answer, the windows it asked about) for a position whose
    score is `score`: each search answers as a fail-hard one does (mid or mid + 1), or, with
    `soft`, with any bound a fail-soft search may return (between the score and the window)."""
    asked: list[int] = []

    def above(mid: int, position: object) -> int:
        asked.append(mid)
        if soft is None:
            return mid if score <= mid else mid + 1
        return soft.randint(score, mid) if score <= mid else soft.randint(mid + 1, score)

    return narrow_by_null_windows(above, low, high, None), asked


def test_the_null_windows_find_every_score_of_every_range():
    soft = random.Random(3)
    for moves in range(0, 41):
        low, high = score_range(moves, weak=False)
        for score in range(low, high + 1):
            assert asked_for(score, low, high)[0] == score, (moves, score)
            for _ in range(5):
                assert asked_for(score, low, high, soft)[0] == score, (moves, score)
    for score in (-1, 0, 1):
        assert asked_for(score, -1, 1)[0] == score


def test_the_null_windows_halve_a_wide_range_far_out_first_then_step_from_zero():
    # the empty board (the first player wins, score 1): half-way to the biggest loss, then
    # to the biggest win, until at most STEPPING_WIDTH points are left; then 0, then 1
    assert asked_for(1, -21, 21)[1] == [-10, 10, -4, 5, 0, 1]
    # a narrow range: a point at a time from 0, towards the score, up or down
    assert asked_for(4, -6, 6)[1] == [0, 1, 2, 3, 4]
    assert asked_for(-3, -6, 6)[1] == [0, -1, -2, -3, -4]
    # a narrow range that does not hold 0: from its end nearest 0
    assert asked_for(3, 2, 9)[1] == [2, 3]
    assert asked_for(-5, -8, -2)[1] == [-3, -4, -5, -6]


def test_the_null_windows_never_ask_a_question_whose_answer_is_known():
    soft = random.Random(4)
    for moves in range(0, 41, 3):
        low, high = score_range(moves, weak=False)
        for score in range(low, high + 1):
            answer, asked = asked_for(score, low, high, soft)
            assert len(asked) == len(set(asked)) and all(low <= mid < high for mid in asked)


def test_the_compiled_solver_names_the_readable_sources_it_compiles():
    assert fast.sources_digest() == fast.SOURCES_DIGEST, (
        f"negamax.py, position.py or table.py changed: set SOURCES_DIGEST = "
        f"{fast.sources_digest()!r} in gamelib/solver/fast.py, so that numba compiles "
        f"the solver again instead of running its cached copy")


SOLVE_3342 = ("from gamelib.solver import fast\n"
              "from gamelib.solver.position import Position\n"
              "solver = fast.FastSolver()\n"
              "print(solver.solve(Position.from_string('3342')), solver.nodes)\n")


def run_in(copy: Path, code: str) -> str:
    """What `code` prints, run with the package copied to `copy` (numba's cache in the
    copy's own __pycache__ folders)."""
    env = {**os.environ, "PYTHONPATH": str(copy)}
    env.pop("NUMBA_CACHE_DIR", None)
    return subprocess.run([sys.executable, "-c", code], cwd=copy, env=env,
                          capture_output=True, text=True, check=True).stdout


def solved_in(copy: Path) -> tuple[int, int]:
    """(score, nodes) of the position 3342, solved by the compiled solver of `copy`."""
    score, nodes = run_in(copy, SOLVE_3342).split()
    return int(score), int(nodes)


@pytest.mark.slow
def test_a_change_in_a_readable_source_compiles_the_solver_again(tmp_path: Path):
    """numba caches the compiled solver keyed by fast.py's text: a change in negamax.py
    reaches it through SOURCES_DIGEST (without it, the cached copy ran the old search)."""
    package = Path(fast.__file__).resolve().parent.parent
    shutil.copytree(package, tmp_path / "gamelib", ignore=shutil.ignore_patterns("__pycache__"))
    solver_dir = tmp_path / "gamelib" / "solver"
    score, nodes = solved_in(tmp_path)
    assert list(solver_dir.glob("__pycache__/fast.*.nbi"))          # cached, as a user's is
    assert solved_in(tmp_path) == (score, nodes)
    negamax = solver_dir / "negamax.py"
    negamax.write_text(negamax.read_text().replace("STEPPING_WIDTH = 12",
                                                   "STEPPING_WIDTH = 42"))
    source = solver_dir / "fast.py"
    source.write_text(source.read_text().replace(fast.SOURCES_DIGEST, run_in(
        tmp_path, "from gamelib.solver import fast; print(fast.sources_digest())").strip()))
    changed = solved_in(tmp_path)
    assert changed[0] == score and changed[1] != nodes
    for cached in solver_dir.glob("__pycache__/fast.*.nb*"):
        cached.unlink()
    assert solved_in(tmp_path) == changed                           # as a fresh compile


def test_probes_count_the_positions_the_cheap_checks_leave_open():
    """`FastSolver.probes` counts the positions that reach the table (the window and
    claimeven did not settle them), as c4 counts its nodes: exactly the readable
    search's reads of its table, fewer than the nodes; `reset` empties the count."""
    for claimeven in (False, True):
        readable = Solver(claimeven=claimeven)
        reads = 0
        read = readable.table.get

        def counted(key: int) -> int:
            nonlocal reads
            reads += 1
            return read(key)

        readable.table.get = counted        # type: ignore[method-assign]
        compiled = fast.FastSolver(options=fast.CLAIMEVEN if claimeven else 0)
        for moves, score in every_few("Test_L2_R1", 30) + every_few("Test_L2_R2", 4):
            pos = Position.from_string(moves)
            readable.reset()
            compiled.reset()
            reads = 0
            assert readable.solve(pos) == compiled.solve(pos) == score
            assert compiled.probes == reads and 0 < reads < compiled.nodes, (moves, claimeven)
    compiled.reset()
    assert compiled.probes == 0
