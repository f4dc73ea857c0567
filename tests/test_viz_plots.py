"""Plots: the data they draw comes from the public searches or the trace, and shows."""

from __future__ import annotations

import pytest

from gamelib import ConnectFour, GameTree, TicTacToe, iterative_deepening
from gamelib.search import Trace, alphabeta, mcts, minimax
from gamelib.viz import (count_nodes, deepening_rounds, mcts_convergence, plot_deepening,
                         plot_mcts_convergence,
                         plot_nodes_vs_depth, plot_tournament, save_figure)

TEXTBOOK = GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])


def test_count_nodes_matches_the_searches():
    game = TicTacToe()
    state = game.play([(1, 1)])
    evaluate = lambda s, p: 0  # noqa: E731  (a flat evaluation is enough to count nodes)
    counts = count_nodes(game, state, [1, 2, 3], eval_fn=evaluate)
    assert counts["minimax"][3] == minimax(game, state, depth=3, eval_fn=evaluate).stats.nodes
    assert counts["alpha-beta"][2] == alphabeta(game, state, depth=2,
                                                eval_fn=evaluate).stats.nodes
    assert all(counts["minimax"][d] >= counts["alpha-beta"][d] for d in (1, 2, 3))
    assert counts["minimax"][1] == 1 + 8


def test_nodes_vs_depth_plot_is_log_scale_with_one_line_per_search():
    counts = count_nodes(TEXTBOOK, TEXTBOOK.initial_state, [1, 2],
                         variants=["minimax", "alpha-beta"], eval_fn=lambda s, p: 0)
    fig = plot_nodes_vs_depth(counts)
    ax = fig.axes[0]
    assert ax.get_yscale() == "log"
    assert [line.get_label() for line in ax.get_lines()] == ["minimax", "alpha-beta"]
    assert list(ax.get_lines()[1].get_ydata()) == [counts["alpha-beta"][1],
                                                    counts["alpha-beta"][2]]
    with pytest.raises(ValueError, match="unknown variants"):
        count_nodes(TEXTBOOK, TEXTBOOK.initial_state, [1], variants=["negascout"])


def test_mcts_convergence_ends_at_the_result():
    game = TicTacToe()
    result = mcts(game, game.play([(1, 1)]), iterations=150, seed=2, trace=Trace())
    data = mcts_convergence(result)
    assert data["iterations"] == list(range(1, 151))
    for move, visits in result.visits.items():
        assert data["shares"][move][-1] == pytest.approx(visits / 150)
        assert len(data["shares"][move]) == 150
    assert data["value"][-1] == pytest.approx(result.value)
    fig = plot_mcts_convergence(result, top=3)
    assert len(fig.axes[0].get_lines()) == 3 and len(fig.axes) == 2
    with pytest.raises(ValueError, match="MCTS trace"):
        mcts_convergence(alphabeta(TEXTBOOK, TEXTBOOK.initial_state, trace=Trace()))


class FakeResults:
    def to_records(self):
        return [{"player": "a", "wins": 6, "draws": 2, "losses": 2, "score": 0.7,
                 "ci_low": 0.4, "ci_high": 0.9},
                {"player": "b", "wins": 2, "draws": 2, "losses": 6, "score": 0.3,
                 "ci_low": 0.1, "ci_high": 0.6}]


def test_tournament_bars_from_records_or_results():
    fig = plot_tournament(FakeResults())
    ax = fig.axes[0]
    widths = sorted(round(p.get_width(), 2) for p in ax.patches)
    assert widths == [0.2] * 4 + [0.6] * 2          # a: .6 .2 .2, b: .2 .2 .6
    assert any("score 0.70 [0.40, 0.90]" in t.get_text() for t in ax.texts)
    assert plot_tournament(FakeResults().to_records()).axes
    with pytest.raises(ValueError, match="lacks"):
        plot_tournament([{"player": "a", "wins": 1}])
    with pytest.raises(ValueError, match="non-empty"):
        plot_tournament([])


def test_saved_svg_is_reproducible(tmp_path):
    first, second = tmp_path / "a.svg", tmp_path / "b.svg"
    save_figure(plot_tournament(FakeResults()), first)
    save_figure(plot_tournament(FakeResults()), second)
    assert first.read_bytes() == second.read_bytes()
    assert b"<dc:date>" not in first.read_bytes()


def test_a_lesson_plot_shows_as_a_picture_without_pyplot():
    """new_plot gives (figure, axes) like plt.subplots; the figure shows itself as a PNG
    in a notebook even when pyplot was never imported."""
    from gamelib.viz import new_figure, new_plot

    fig, ax = new_plot(figsize=(3, 2))
    ax.bar(range(3), [1, 4, 2])
    ax.set(title="Wins by column", xlabel="column", ylabel="wins")
    png, metadata = fig._repr_png_()
    assert png.startswith(b"\x89PNG") and fig.axes == [ax]
    assert metadata["alt"] == ("Wins by column; horizontal axis: column; "
                               "vertical axis: wins")
    fig, ax = new_plot()
    ax.semilogy([1, 2], [10, 100])
    ax.set_ylabel("nodes")
    assert fig._repr_png_()[1]["alt"].endswith("vertical axis: nodes (log scale)")
    ax.set_ylabel("nodes (log scale)")              # said once, not twice
    assert fig._repr_png_()[1]["alt"].endswith("vertical axis: nodes (log scale)")
    fig, (top, bottom) = new_plot(rows=2, sharex=True)
    assert top.get_shared_x_axes().joined(top, bottom)
    assert new_figure((2, 1)).get_size_inches().tolist() == [2, 1]


def test_deepening_rounds_lie_end_to_end_and_count_every_node():
    game = ConnectFour()
    result = iterative_deepening(game, game.play("3232"), time_limit=0.2)
    timeline = deepening_rounds(result)
    finished = [rnd for rnd in timeline if rnd["finished"]]
    assert [rnd["depth"] for rnd in finished] == [r.depth for r in result.rounds]
    assert [rnd["nodes"] for rnd in finished] == [r.nodes for r in result.rounds]
    assert timeline[0]["start"] == 0
    assert all(a["end"] == pytest.approx(b["start"]) for a, b in zip(timeline, timeline[1:]))
    assert sum(rnd["nodes"] for rnd in timeline) == result.stats.nodes
    assert all(rnd["finished"] for rnd in timeline[:-1])
    if not timeline[-1]["finished"]:                 # the round the clock cut short
        assert timeline[-1]["depth"] == result.stats.depth + 1


def test_deepening_plot_draws_a_bar_per_round_and_the_clock():
    game = ConnectFour()
    result = iterative_deepening(game, game.play("3232"), time_limit=0.2)
    ax = plot_deepening(result).axes[0]
    assert len(ax.patches) == len(deepening_rounds(result))
    clock = [line for line in ax.get_lines() if list(line.get_xdata()) == [0.2, 0.2]]
    assert len(clock) == 1
    assert any("the clock: 0.2 s" in t.get_text() for t in ax.texts)
    with pytest.raises(ValueError, match="needs the result of iterative_deepening"):
        deepening_rounds(alphabeta(TEXTBOOK, TEXTBOOK.initial_state))
