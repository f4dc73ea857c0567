"""The "why this move?" panel read as text a student reads, over many positions and
players: sentences start with a capital, verbs agree ("this move draws"), bounds use one
wording, a move that "breaks" a threat and hands over a win says so in two sentences,
and the table lists moves best first (equal words together, right after the choice)."""

from __future__ import annotations

import random
import re

import pytest

from gamelib import ConnectFour, TicTacToe
from gamelib.arena.specs import player_from_spec
from gamelib.search.result import MCTSResult
from gamelib.widgets.explain import (ranked_moves, search_words, value_words, why_html,
                                     why_rows)
from gamelib.widgets.opponents import TREE_PLIES, choose_move


def sentences(html: str) -> list[str]:
    """The visible sentences of the panel (tables, folded numbers and tags taken out)."""
    html = re.sub(r"<details.*?</details>", "", html, flags=re.S)
    html = re.sub(r"<table.*?</table>", "", html, flags=re.S)
    text = re.sub(r"<[^>]+>", "\n", html)
    text = re.sub(r"&#x27;|&quot;|&amp;", "'", text)
    out = []
    for block in text.split("\n"):
        out += [s.strip() for s in re.split(r"(?<=[.!?])\s+", block) if s.strip()]
    return out


def positions(game, count: int, seed: int) -> list:
    """Random unfinished positions of `game`."""
    rng, found = random.Random(seed), []
    while len(found) < count:
        state = game.initial_state
        for _ in range(rng.randint(0, 14 if isinstance(game, ConnectFour) else 5)):
            if game.is_terminal(state):
                break
            state = game.result(state, rng.choice(game.actions(state)))
        if not game.is_terminal(state):
            found.append(state)
    return found


CASES = [(ConnectFour(), "alphabeta:4"), (ConnectFour(), "mcts-solver:300"),
         (ConnectFour(), "perfect:2"), (ConnectFour(), "minimax:2"),
         (TicTacToe(), "alphabeta"), (TicTacToe(), "mcts:200")]


@pytest.mark.parametrize("game,spec", CASES, ids=[c[1] for c in CASES])
def test_the_why_panel_reads_as_english(game, spec: str) -> None:
    player = player_from_spec(spec, seed=1)
    for state in positions(game, 12, seed=len(spec)):
        move, result = choose_move(player, game, state, TREE_PLIES)
        if result is None:
            continue
        html = why_html(game, result, "The AI", move=move)
        for sentence in sentences(html):
            assert sentence[0].isupper() or sentence[0].isdigit(), sentence
            assert not re.search(r"\b(move|it) (draw|win|lose)\b", sentence), sentence
            assert not re.search(r"\bmove (at best|at least) a draw", sentence), sentence
            assert not ("break" in sentence and "win at once" in sentence), sentence
            assert sentence.count("this move") <= 1, sentence
        words = [row["words"] for row in why_rows(game, result)]
        assert not any(w.startswith("loses within") for w in words), words
        if not isinstance(result, MCTSResult):
            chosen = words[0]               # equal words next to each other, after the choice
            same = [i for i, w in enumerate(words) if w == chosen]
            assert same == list(range(len(same))), words
            values = [result.move_values[m] for m in ranked_moves(result)[len(same):]]
            assert values == sorted(values, reverse=True), (words, values)


def test_bound_words_say_one_thing_each() -> None:
    from gamelib.search.scoring import WIN
    assert search_words(-(WIN - 4), "exact", True) == "loses in 2 moves"
    assert search_words(-(WIN - 4), "upper", True) == "loses in 2 moves or sooner"
    assert search_words(-(WIN - 4), "lower", True) == "loses in 2 moves at worst"
    assert search_words(WIN - 3, "lower", True) == "wins in 2 moves or sooner"


def test_a_drawn_move_is_said_with_a_verb() -> None:
    from gamelib.widgets.explain import headline, predicate
    assert predicate("draw") == "draws" and predicate("at best a draw") == "draws at best"
    assert predicate("wins in 3 moves") == "wins in 3 moves"
    player = player_from_spec("perfect:2")
    game = ConnectFour()
    state = game.play("33333322222201")   # a position the solver answers at once
    _, result = choose_move(player, game, state, TREE_PLIES)
    text = headline(game, result)
    assert text.endswith("this move draws.")


def test_a_move_that_wins_at_once_is_not_said_twice() -> None:
    from gamelib.widgets.explain import headline, predicate
    assert predicate("wins with this move") == "wins at once"
    player = player_from_spec("perfect:2")
    game = ConnectFour()
    state = game.play("0303636")            # the book's line: column 3 wins
    move, result = choose_move(player, game, state, TREE_PLIES)
    text = headline(game, result)
    assert move == 3 and result.source == "book"
    assert text.endswith("from its opening book: this move wins at once."), text
