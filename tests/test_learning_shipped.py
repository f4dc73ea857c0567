"""The 7x6 evaluation that ships with gamelib: its file, its player on the command line,
and the learned playouts for MCTS."""

from __future__ import annotations

import random

import pytest

from gamelib import ConnectFour, TicTacToe
from gamelib.arena.specs import check_player, player_from_spec
from gamelib.learning import (LearnedPlayer, NTupleNetwork, learned_playout, load_shipped,
                              shipped_path, train_command)
from gamelib.widgets import PlayBoard, presets_for
from gamelib.widgets.opponents import SHOWN_PATTERNS, saw_words


def test_the_shipped_network_is_a_trained_7x6_network_of_a_few_mb() -> None:
    network = load_shipped()
    assert (network.rows, network.cols, network.k) == (6, 7, 4)
    assert network.tuples.shape == (70, 7) and network.states == 4
    assert shipped_path().stat().st_size < 5_000_000
    assert network.info["games"] >= 10_000 and network.info["seconds"] > 0
    assert abs(network.weights).max() > 0
    assert {name: network.info[name] for name in ("alpha", "epsilon", "lam")} == \
        {"alpha": 0.01, "epsilon": 0.1, "lam": 0.0}


def test_the_train_command_names_the_games_the_network_played() -> None:
    network = load_shipped()
    command = train_command(network)
    assert command.startswith("python scripts/train_ntuple.py ")
    assert f"--games {network.info['games']} " in command and "--every 10000" in command


def test_td_on_the_command_line_plays_alpha_beta_with_the_shipped_network() -> None:
    game = ConnectFour()
    player = check_player(game, player_from_spec("td"))
    assert isinstance(player, LearnedPlayer) and player.name == "td:1" and player.depth == 1
    assert player_from_spec("TD:3").depth == 3
    state = game.play("33")
    assert player(game, state) == player.network.greedy_move(game, state)
    assert player(game, game.play("001122")) == 3          # X wins at once


@pytest.mark.parametrize("spec", ["td:0", "td:x", "td:-1", "td:2.5"])
def test_a_bad_td_depth_says_what_is_allowed(spec: str) -> None:
    with pytest.raises(ValueError, match="a whole number >= 1"):
        player_from_spec(spec)


@pytest.mark.parametrize("game", [ConnectFour(rows=4, cols=5), TicTacToe()], ids=repr)
def test_td_refuses_a_board_it_was_not_trained_on(game: object) -> None:
    with pytest.raises(ValueError, match=r"plays ConnectFour\(rows=6, cols=7, k=4\) only"):
        check_player(game, player_from_spec("td"))


def test_learned_playouts_play_legal_moves_mostly_the_greedy_one() -> None:
    network, game = load_shipped(), ConnectFour()
    policy, rng = learned_playout(network, epsilon=0.25), random.Random(1)
    state = game.play("3344")
    moves = [policy(game, state, rng) for _ in range(200)]
    greedy = network.greedy_move(game, state)
    assert set(moves) <= set(game.actions(state))
    assert 0.7 < moves.count(greedy) / len(moves) < 0.9          # 0.75 + 0.25 / 7
    assert learned_playout(network, epsilon=0.0)(game, state, rng) == greedy


def test_the_7x6_board_menu_offers_the_learned_evaluation_and_other_boards_do_not() -> None:
    learned = [p for p in presets_for(ConnectFour()) if p.name == "td"]
    assert [(p.label, p.spec) for p in learned] == \
        [("Learned evaluation (alpha-beta depth 4)", "td:4")]
    player = player_from_spec(learned[0].spec)
    assert isinstance(player, LearnedPlayer) and player.depth == 4
    assert not [p for p in presets_for(ConnectFour(rows=5, cols=6)) if p.name == "td"]


@pytest.fixture(scope="module")
def learned_board() -> PlayBoard:
    """A 7x6 board against the learned evaluation, after the student's first move."""
    board = PlayBoard(ConnectFour(), opponent="td", seed=1)
    board.click(3)
    board.wait()
    board.why_toggle.value = True
    return board


def test_why_this_move_gives_every_columns_learned_value(learned_board: PlayBoard) -> None:
    result, why = learned_board.last_result, learned_board.why.value
    assert result.stats.depth == 4 and set(result.move_bounds.values()) == {"exact"}
    assert "Looking 4 plies ahead, the learned evaluation gives" in why
    for move, value in result.learned_values.items():
        assert f"column {move} {value:+.2f}" in why


def test_why_this_move_names_the_heaviest_n_tuples_and_their_sum(learned_board: PlayBoard) -> None:
    result, why = learned_board.last_result, learned_board.why.value
    network = load_shipped()
    for_ai = -1 if result.state.to_move == "O" else 1
    assert f"What the network saw after column {result.move}" in why
    assert why.count(" cells in columns ") == SHOWN_PATTERNS
    top = result.patterns[0]
    assert f"({for_ai * top.weight:+.2f})" in why
    assert f"a value of {for_ai * network.value(result.after):+.2f} for the AI" in why


def test_a_winning_move_needs_no_learned_value() -> None:
    game = ConnectFour()
    result = player_from_spec("td:2").explain(game, game.play("001122"))
    assert result.move == 3
    assert saw_words(result) == "Column 3 wins at once, so no learned value is needed."


def test_the_plain_python_network_explains_the_same_move_and_weights() -> None:
    """The browser course has no numpy: its network reads the same file into lists."""
    game, state = ConnectFour(), ConnectFour().play("3342")
    fast = LearnedPlayer(load_shipped(), depth=2).explain(game, state)
    network = NTupleNetwork.load(shipped_path(), plain=True)
    plain = LearnedPlayer(network, depth=2).explain(game, state)
    assert plain.move == fast.move
    assert [p.cells for p in plain.patterns[:5]] == [p.cells for p in fast.patterns[:5]]
    assert [p.weight for p in plain.patterns[:5]] == \
        pytest.approx([p.weight for p in fast.patterns[:5]], abs=1e-5)
