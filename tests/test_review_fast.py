"""The game review of Connect Four: a whole game within its time budget, every move the
book or the solver can answer judged, and the verdicts those of a full solve."""

from __future__ import annotations

import time
from dataclasses import replace

import pytest

from gamelib import ConnectFour
from gamelib.arena.review import (BEST, UNKNOWN, MoveReview, Outcome, review_game,
                                  verdict)
from gamelib.solver.api import analyze, opening_book, warm_up
from gamelib.solver.position import Position

GAMES = [  # random and alpha-beta players against each other, 10 to 36 moves
    "61346636062042303", "132302533130", "34402323141061530623",
    "430634364603133545216115045", "312245444313233565522432405500010011",
]


@pytest.fixture(scope="module", autouse=True)
def loaded() -> None:
    """The book and the compiled solver loaded once (as a board does before a review)."""
    opening_book()
    warm_up()


def moves_of(text: str) -> list[int]:
    return [int(c) for c in text]


@pytest.mark.parametrize("text", GAMES)
def test_a_whole_game_is_reviewed_within_its_budget(text: str) -> None:
    start = time.perf_counter()
    reviews = review_game(ConnectFour(), moves_of(text), seconds=2.0)
    assert time.perf_counter() - start < 3.0        # 2 s and a margin for a busy machine
    assert [r.index for r in reviews] == list(range(len(text)))
    for review in reviews:      # the book answers the first seven, the solver the late
        if review.index < 7 or review.index >= 12:     # ones in milliseconds
            assert review.verdict != UNKNOWN, review


@pytest.mark.parametrize("text", GAMES)
def test_every_position_the_book_holds_is_judged(text: str) -> None:
    book = opening_book()
    reviews = review_game(ConnectFour(), moves_of(text), seconds=0.0)   # no time to search
    for review in reviews:
        before = Position.from_string(text[:review.index])
        after = before.play_col(int(text[review.index]))
        if before in book and (after in book or before.is_winning_move(review.move)):
            assert review.verdict != UNKNOWN, review


def full_solve_reviews(text: str, first: int) -> list[MoveReview]:
    """Each move from `first` on, judged from every column's exact score (analyze)."""
    out = []
    for index in range(first, len(text)):
        scores = analyze(text[:index])
        stones = index // 2, index - index // 2
        outcome = {c: _outcome(s, *stones) for c, s in scores.items()}
        best = max(outcome.values(), key=Outcome.rank)
        played = outcome[int(text[index])]
        out.append(MoveReview(index, "XO"[index % 2], int(text[index]),
                              verdict(played, best), played, (), best))
    return out


def _outcome(score: int, mine: int, theirs: int) -> Outcome:
    if score > 0:
        return Outcome("win", max(1, 22 - score - mine))
    return Outcome("loss", max(1, 22 + score - theirs)) if score < 0 else Outcome("draw")


@pytest.mark.parametrize("text", GAMES[1:4])
def test_the_verdicts_are_those_of_a_full_solve(text: str) -> None:
    # From move 12 on, with a budget no busy machine exhausts: this is about exactness
    # (the time budget is tested above); the review returns once every move is judged.
    game, moves = ConnectFour(), moves_of(text)
    reviews = review_game(game, moves[12:], start=game.play(text[:12]), seconds=30.0)
    truth = full_solve_reviews(text, 12)
    assert len(reviews) == len(truth)
    for fast, exact in zip(reviews, truth):
        fast = replace(fast, index=fast.index + 12)
        assert (fast.verdict, fast.played, fast.best) == (exact.verdict, exact.played,
                                                          exact.best)
        if fast.verdict != BEST:            # the best move it names is a best move
            assert fast.best_moves
            scores = analyze(text[:fast.index])
            assert all(scores[m] == max(scores.values()) for m in fast.best_moves)


def test_against_the_perfect_player_the_book_judges_every_move_at_once() -> None:
    """A random player's moves against the perfect one (its replies from the book): each
    position the student meets is scored from the book's entry before the reply."""
    text = "1222025232"
    reviews = review_game(ConnectFour(), moves_of(text), side="X", seconds=0.0)
    assert [(r.index, r.verdict) for r in reviews] == [
        (0, "blunder"), (2, "best"), (4, "mistake"), (6, "best"), (8, "mistake")]
    assert reviews[4].played == Outcome("loss", 1)      # 3 lets the perfect player win


def test_an_unjudged_move_says_why_and_a_move_without_a_named_best_says_so() -> None:
    unknown = MoveReview(3, "O", 2, UNKNOWN, None, (), None)
    assert "not judged" in unknown.sentence(str)
    worse = MoveReview(5, "O", 2, "blunder", Outcome("draw"), (), Outcome("win", 4))
    assert worse.sentence(str) == "2: blunder (draw); a better move wins in 4 moves"


@pytest.mark.slow
def test_a_review_by_the_pure_python_solver_keeps_its_time_budget(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Where numba is missing (the browser), the solver is far slower: the review
    budgets its nodes for that speed, so a game's review still ends on time."""
    from gamelib.arena.review import REVIEW_SECONDS
    from gamelib.solver import engine
    from gamelib.solver.negamax import Solver

    monkeypatch.setattr(engine, "_compiled", False)
    monkeypatch.setattr(engine, "_solvers", {"python": Solver()})
    game = ConnectFour()
    started = time.perf_counter()
    reviews = review_game(game, moves_of("0615062560"))
    assert time.perf_counter() - started < 3 * REVIEW_SECONDS
    assert len(reviews) == 10 and reviews[0].verdict != UNKNOWN      # the book's answer


@pytest.mark.parametrize("first", ["0615234", "3026140", "6601352", "2534061", "1256013"])
def test_the_first_moves_of_any_game_are_judged_from_the_book_alone(first: str) -> None:
    """Whatever both sides play, the first seven moves (four of X's, three of O's) are
    judged with no time to search, as a full solve judges them (the book holds every
    column of every position of six stones or fewer)."""
    game = ConnectFour()
    for side, count in (("X", 4), ("O", 3)):
        moves = moves_of(first if side == "X" else first[:6])
        at_once = review_game(game, moves, side=side, seconds=0.0)
        assert len(at_once) == count and all(r.verdict != UNKNOWN for r in at_once), at_once
        assert at_once == review_game(game, moves, side=side, seconds=600.0)


def test_the_verdicts_get_the_time_before_the_best_moves_to_name(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Scoring the positions (what a verdict needs) takes every pass before any search
    for a best column to name: a budget spent naming better moves would leave moves
    unjudged."""
    from gamelib.arena import review
    calls: list[str] = []
    monkeypatch.setattr(review.ReviewPlan, "score_positions",
                        lambda self, cap: calls.append("score"))
    monkeypatch.setattr(review.ReviewPlan, "find_best_columns",
                        lambda self, cap: calls.append("name"))
    review_game(ConnectFour(), moves_of(GAMES[0]), seconds=0.0)
    assert calls == ["score"] * 3 + ["name"] * 3
