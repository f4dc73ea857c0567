"""The opening book is checked as it is read, and every error names its file: a damaged,
cut or non-gzip file, a line that is no entry, an impossible score, a shipped book whose
size or checksum is not the recorded one; a missing shipped book is said, and `verify`
catches a plausible but wrong score."""

import gzip
import hashlib
import random
import warnings

import pytest

from gamelib.solver import api, book as book_module
from gamelib.solver.book import (COMPLETE_STONES, SHIPPED_SHA256, SHIPPED_SIZE, BookError,
                                 OpeningBook, default_path, positions_of)


@pytest.fixture
def shipped_bytes():
    return default_path().read_bytes()


def test_the_recorded_size_and_checksum_are_the_shipped_books(shipped_bytes):
    assert len(shipped_bytes) == SHIPPED_SIZE
    assert hashlib.sha256(shipped_bytes).hexdigest() == SHIPPED_SHA256
    assert len(OpeningBook.load()) > 6000


def test_every_line_of_the_shipped_book_passes_the_checks_its_checksum_stands_for(tmp_path,
                                                                                    shipped_bytes):
    """The shipped book loads without checking each score (its checksum vouches for it);
    a copy, loaded as any other book, has every score checked, and holds the same."""
    copy = tmp_path / "copy.txt.gz"
    copy.write_bytes(shipped_bytes)
    checked, trusted = OpeningBook.load(copy), OpeningBook.load()
    assert checked.entries == trusted.entries and len(checked) > 17_000


def test_a_cut_book_names_the_file(tmp_path, shipped_bytes):
    path = tmp_path / "cut.txt.gz"
    path.write_bytes(shipped_bytes[:len(shipped_bytes) // 2])
    with pytest.raises(BookError, match=r"cannot read the opening book .*cut\.txt\.gz: .*cut short"):
        OpeningBook.load(path)


def test_a_book_that_is_not_gzip_names_the_file(tmp_path):
    path = tmp_path / "plain.txt.gz"
    path.write_text("- . . . 1 . . .\n")
    with pytest.raises(BookError, match=r"plain\.txt\.gz: it is not a gzip file"):
        OpeningBook.load(path)


def test_a_binary_file_names_the_file(tmp_path):
    path = tmp_path / "noise.txt"
    path.write_bytes(b"- . . . 1 . . .\n\xff\xfe\x00garbage\n")
    with pytest.raises(BookError, match=r"noise\.txt: it is not text"):
        OpeningBook.load(path)


@pytest.mark.parametrize("line, words", [
    ("3 . . . x . . .", "not a whole number"),
    ("3 . .", "want moves and 7 scores"),
    ("39 . . . . . . .", "bad position string"),
    ("- . . . 30 . . .", "scores 30, but after 0 stones"),       # beyond any score
    ("010101 1 . . . . . .", "wins at once, so it scores 18, not 1"),
    ("000000 5 . . . . . .", "column 0 is full"),
])
def test_an_impossible_entry_names_the_file_and_line(tmp_path, line, words):
    path = tmp_path / "bad.txt"
    path.write_text("# a book\n- . . . 1 . . .\n" + line + "\n")
    with pytest.raises(BookError) as error:
        OpeningBook.load(path)
    assert "bad.txt" in str(error.value) and "line 3" in str(error.value)
    assert words in str(error.value)


def test_a_missing_book_named_by_the_caller_is_an_error(tmp_path):
    with pytest.raises(FileNotFoundError, match=r"no opening book at .*nowhere\.txt"):
        OpeningBook.load(tmp_path / "nowhere.txt")


def test_a_missing_shipped_book_is_said(tmp_path, monkeypatch):
    monkeypatch.setattr(book_module, "default_path", lambda: tmp_path / "gone.txt.gz")
    monkeypatch.setattr(api, "_book", None)
    with pytest.warns(RuntimeWarning, match=r"opening book .*gone\.txt\.gz is missing.*minutes"):
        assert len(api.opening_book()) == 0


def test_a_changed_shipped_book_is_refused(tmp_path, monkeypatch, shipped_bytes):
    """A wrong score that is still possible (a draw written as a loss) changes the
    checksum."""
    text = gzip.decompress(shipped_bytes).decode().replace("\n- . . . 1 . . .\n",
                                                           "\n- . . . -1 . . .\n")
    path = tmp_path / "connect4_book.txt.gz"
    path.write_bytes(gzip.compress(text.encode()))
    monkeypatch.setattr(book_module, "default_path", lambda: path)
    with pytest.raises(BookError, match=r"connect4_book\.txt\.gz is not the one gamelib ships"):
        OpeningBook.load()


def test_verify_catches_a_plausible_wrong_score(tmp_path):
    shipped = OpeningBook.load()
    moves = next(m for m in shipped.entries if len(m) == shipped.plies)
    right = shipped.entries[moves]
    OpeningBook({moves: right}).verify(sample=1)
    col, score = next(iter(right.items()))
    wrong = OpeningBook({moves: {col: -score if score else 1}})
    with pytest.raises(ValueError, match=rf"book entry {moves}: column {col} scores"):
        wrong.verify(sample=1)


def test_a_good_book_written_by_hand_loads_without_warnings(tmp_path):
    path = tmp_path / "mine.txt"
    path.write_text("- . . . 1 . . .\n3 . . 1 . 1 . .\n")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        book = OpeningBook.load(path)
    assert len(book) == 2 and book.plies == 1


def test_the_book_scores_every_column_of_every_position_of_six_stones_and_fewer():
    """A review of any game finds its first positions in the book: every column of every
    position of `COMPLETE_STONES` stones or fewer, each score agreeing with the book's own
    entries one ply later (a column's score is minus the best score after it), and the
    positions one stone deeper answered from the lines before them."""
    from gamelib.solver.position import Position
    shipped = OpeningBook.load()
    for stones in range(COMPLETE_STONES + 1):
        for moves in positions_of(stones):
            pos = Position.from_string(moves)
            scores = shipped.scores(pos)
            playable = [col for col in range(7) if pos.can_play(col)]  # (six fill one)
            assert scores is not None and sorted(scores) == playable, moves
            for col, score in scores.items():
                if pos.is_winning_move(col):
                    continue
                if stones < COMPLETE_STONES:
                    after = shipped.scores(pos.play_col(col))
                    assert score == -max(after.values()), (moves, col)
                assert shipped.score(pos.play_col(col)) == -score, (moves, col)


def test_positions_of_counts_every_position_once():
    """The number of positions after 0-6 stones is known (1, 7, 49, 238, 1120, 4263,
    16422: OEIS A212693); `positions_of` gives each once, its mirror image left out."""
    from gamelib.solver.position import Position
    for stones, count in enumerate((1, 7, 49, 238, 1120, 4263, 16422)):
        found = [Position.from_string(moves) for moves in positions_of(stones)]
        keys = {p.key() for p in found} | {p.mirror().key() for p in found}
        assert len(keys) == count, stones
        assert len(found) == len({min(p.key(), p.mirror().key()) for p in found})


@pytest.mark.parametrize("workers", [1, 2])
def test_generate_every_restores_lines_and_solves_only_what_no_line_answers(tmp_path,
                                                                           monkeypatch,
                                                                           workers):
    """Lines of the two deepest sizes (five and six stones) taken out of a copy of the
    shipped book come back the same, one column at a time or two at once. A column is
    solved only if no line left reaches the position it leads to (a line of five stones
    never: every position of six has its line)."""
    from gamelib.solver.position import Position
    path = tmp_path / "book.txt"
    with book_module.open_book(default_path(), "rt") as shipped:
        lines = shipped.readlines()
    pick = random.Random(2)
    removed = {line for stones in (COMPLETE_STONES - 1, COMPLETE_STONES) for line in pick.sample(
        sorted(line for line in lines if len(line.split()[0]) == stones), 3)}
    path.write_text("".join(line for line in lines if line not in removed))
    kept = OpeningBook.load(path)
    truth = OpeningBook.load()
    solved = []

    def child_score(solver, pos, col):
        solved.append((pos, col))
        return truth.scores(pos)[col]

    monkeypatch.setattr(book_module, "child_score", child_score)
    made = book_module.generate_every(COMPLETE_STONES, path, log=lambda text: None,
                                      workers=workers)
    for line in removed:
        moves, scores = book_module.parse_line(line)
        now = made.scores(Position.from_string(moves))
        assert sorted(now) == list(range(7)) and scores.items() <= now.items(), line
    assert solved and all(pos.moves == COMPLETE_STONES for pos, _ in solved)
    assert all(kept.score(pos.play_col(col)) is None for pos, col in solved)
    assert {(pos.key(), col) for pos, col in solved} == {
        (pos.key(), col) for pos in (Position.from_string(line.split()[0]) for line in removed)
        for col in range(7) if kept.score(pos.play_col(col)) is None}
