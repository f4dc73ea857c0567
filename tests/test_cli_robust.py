"""The command line, tournaments and packaging under careless or hostile use: resource
arguments capped by the machine, interrupts and dead workers reported in one line,
player names kept apart, slow solves that say what they do, install commands that work
as written. Subprocess tests run `python -m gamelib` as a user would."""

from __future__ import annotations

import io
import json
import os
import re
import signal
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

import pytest

from gamelib import TicTacToe, __version__, match, tournament
from gamelib.cli import main

ROOT = Path(__file__).resolve().parent.parent
TTT = TicTacToe()


def run(argv, capsys):
    """(status, stdout, stderr) of the command line run in this process."""
    try:
        status = main(argv)
    except SystemExit as exit_:
        status = exit_.code
    out = capsys.readouterr()
    return status, out.out, out.err


def takes_ctrl_c() -> None:
    """In the child before it starts: Ctrl-C (SIGINT) back to its default, so Python turns it
    into KeyboardInterrupt even when these tests run as a background job of a shell without
    job control, which starts them with SIGINT ignored (and children inherit that)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def gamelib_process(*args, **popen):
    """`python -m gamelib ARGS` started as a user would, output captured as text."""
    return subprocess.Popen([sys.executable, "-m", "gamelib", *args], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            **popen)


class Named:
    """A player with a chosen name: plays the first legal move."""

    def __init__(self, name):
        self.name = name

    def __call__(self, game, state):
        return game.actions(state)[0]


class Exits(Named):
    """Calls sys.exit on its first move."""

    def __call__(self, game, state):
        sys.exit(3)


class RaisesBase(Named):
    """Raises a BaseException that is not an Exception."""

    class Odd(BaseException):
        pass

    def __call__(self, game, state):
        raise self.Odd("odd")


class KilledBySystem(Named):
    """Its process is killed (as the system's out-of-memory killer would) on its move."""

    def __call__(self, game, state):
        os.kill(os.getpid(), signal.SIGKILL)


# -- item 2: --workers is capped by the machine and by the games ----------------------------

def test_workers_are_capped_by_the_cores_and_the_games_with_a_note(monkeypatch, capsys):
    sizes = []
    original = ProcessPoolExecutor.__init__

    def recording_init(self, max_workers=None, *args, **kwargs):
        sizes.append(max_workers)
        if max_workers is not None and max_workers > (os.cpu_count() or 1):
            raise AssertionError(f"a pool of {max_workers} processes was asked for")
        original(self, max_workers, *args, **kwargs)

    monkeypatch.setattr(ProcessPoolExecutor, "__init__", recording_init)
    status, out, err = run(["tournament", "tictactoe", "--players", "random,random",
                            "--games", "2", "--workers", "99999", "--no-progress"], capsys)
    assert status == 0, err
    assert sizes and max(sizes) <= min(os.cpu_count() or 1, 2)
    assert "--workers 99999" in err and "capped" in err


def test_pool_size_never_exceeds_cores_or_games():
    from gamelib.arena.parallel import cpu_count, pool_size
    assert pool_size(99999, 2) == min(cpu_count(), 2)
    assert pool_size(60, 2) <= 2
    assert pool_size(None, 1000) == cpu_count()
    assert pool_size(1, 1000) == 1


# -- item 5: names that collide are made unique, visibly -------------------------------------

def test_colliding_names_all_play_with_visible_unique_names():
    players = [Named("bot #2"), Named("bot"), Named("bot"), Named("other")]
    result = tournament(TTT, players, games=2, seed=1, progress=False, executor="serial")
    assert len(result.players) == 4 and len(set(result.players)) == 4
    assert result.players[:3] == ["bot #2", "bot", "bot (2)"]
    for name in result.players:
        assert result.tally(name).games == 3 * 2       # every player meets the three others


def test_three_players_with_colliding_names_make_a_tournament():
    result = tournament(TTT, [Named("bot #2"), Named("bot"), Named("bot")], games=2, seed=1,
                        progress=False, executor="serial")
    assert result.players == ["bot #2", "bot", "bot (2)"]


def test_a_name_already_taken_by_a_later_player_is_not_reused():
    result = tournament(TTT, [Named("bot"), Named("bot"), Named("bot (2)")], games=2,
                        seed=1, progress=False, executor="serial")
    assert len(set(result.players)) == 3 and "bot (2)" in result.players


# -- item 6: slow solves show progress; the book answers what it can -------------------------

def test_readme_solve_3342_is_answered_from_the_opening_book(capsys):
    from gamelib.solver.api import opening_book, to_position
    status, out, err = run(["solve", "3342"], capsys)
    assert status == 0 and "from the opening book" in out      # nothing searched
    book, pos = opening_book(), to_position("3342")
    expected = [-book.lookup(pos.play_col(col))[0] for col in range(7)]
    assert expected == [-5, -5, -2, -3, -4, -2, -2]        # what a full search finds
    assert "score:  " + " ".join(f"{s:>3}" for s in expected) in out


@pytest.mark.parametrize("text", ["3342", "0123456012345601", "01234560123456"])
@pytest.mark.parametrize("weak", [False, True])
def test_the_command_lines_column_scores_agree_with_analyze(text, weak):
    from gamelib.solver import analyze
    from gamelib.solver.cli import Status, column_scores
    from gamelib.solver.api import to_position
    pos = to_position(text)
    mine = column_scores(pos, weak, status=Status(io.StringIO()))
    if text == "3342":                          # analyze searches this one for seconds
        assert dict(mine) == ({0: -1, 1: -1, 2: -1, 3: -1, 4: -1, 5: -1, 6: -1} if weak else
                              {0: -5, 1: -5, 2: -2, 3: -3, 4: -4, 5: -2, 6: -2})
        return
    assert dict(mine) == dict(analyze(pos, weak=weak))


class Terminal(io.StringIO):
    """Standard error as a terminal."""

    def isatty(self):
        return True


def test_a_slow_solve_on_a_terminal_says_which_column_and_how_long(monkeypatch, capsys):
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    status = main(["solve", "0123456012345601234"])      # past the book: solved
    assert status == 0
    shown = terminal.getvalue()
    assert re.search(r"column \d", shown) and re.search(r"\d+\.\d s", shown)
    assert shown.endswith("\n") or shown.endswith("\r") or shown == ""


def test_progress_is_not_written_when_standard_error_is_not_a_terminal(monkeypatch, capsys):
    status, out, err = run(["solve", "0123456012345601234"], capsys)
    assert status == 0 and err == ""


def test_analyse_on_a_terminal_says_it_is_searching(monkeypatch, capsys):
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert main(["analyse", "connect4", "33", "--player", "alphabeta:2"]) == 0
    assert "searching with alphabeta:2" in terminal.getvalue()


def test_a_command_line_tournament_too_big_for_memory_is_refused(capsys):
    status, out, err = run(["tournament", "tictactoe", "--players", "random,random",
                            "--games", str(10**12), "--workers", "1"], capsys)
    assert status == 2 and "at most 1,000,000" in err


OFF_THE_BOOK = "6601110"
"""Seven stones: the book knows the position's score but not its columns (it holds every
column of every position of six stones), which take the solver seconds."""


def test_ctrl_c_stops_a_long_solve_at_once(tmp_path):
    import pty
    import select
    main_side, terminal_side = pty.openpty()          # standard error is a terminal
    process = subprocess.Popen([sys.executable, "-m", "gamelib", "solve", OFF_THE_BOOK],
                               cwd=ROOT, stdout=subprocess.PIPE, stderr=terminal_side, text=True,
                               start_new_session=True, preexec_fn=takes_ctrl_c)
    os.close(terminal_side)
    shown, end = b"", time.monotonic() + 60
    while b"solving column" not in shown and time.monotonic() < end:
        if select.select([main_side], [], [], 1.0)[0]:
            shown += os.read(main_side, 4096)
    assert b"solving column" in shown, (shown, process.poll())
    time.sleep(0.5)
    os.killpg(process.pid, signal.SIGINT)
    try:
        out, _ = process.communicate(timeout=10)
        while select.select([main_side], [], [], 1.0)[0]:
            shown += os.read(main_side, 4096)
    except OSError:                                   # the terminal closed: all read
        pass
    finally:
        process.kill()
        os.close(main_side)
    assert process.returncode == 130, shown          # the search came back within 0.25 s
    assert b"Traceback" not in shown and "Traceback" not in out
    assert shown.rstrip().endswith(b"interrupted"), shown


# -- item 9: Ctrl-C ---------------------------------------------------------------------------

def alive(pids):
    """The pids of `pids` still running (zombies count as gone)."""
    import psutil
    left = []
    for pid in pids:
        try:
            if psutil.Process(pid).status() != psutil.STATUS_ZOMBIE:
                left.append(pid)
        except psutil.NoSuchProcess:
            pass
    return left


def descendants(pid):
    import psutil
    try:
        return [child.pid for child in psutil.Process(pid).children(recursive=True)]
    except psutil.NoSuchProcess:
        return []


def wait_for_workers(process, count=1, timeout=30.0):
    """The worker pids of `process`, once at least `count` have started."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        found = descendants(process.pid)
        if len(found) >= count:
            time.sleep(0.5)             # let them start playing
            return descendants(process.pid)
        if process.poll() is not None:
            break
        time.sleep(0.1)
    raise AssertionError(f"no worker processes started: {process.communicate()}")


def test_ctrl_c_in_a_command_line_tournament_is_one_line_and_exit_130():
    pytest.importorskip("psutil")
    process = gamelib_process("tournament", "tictactoe", "--players", "mcts:4000,mcts:4000",
                              "--games", "200", "--workers", "2", "--no-progress",
                              start_new_session=True, preexec_fn=takes_ctrl_c)
    workers = wait_for_workers(process, 1)
    os.killpg(process.pid, signal.SIGINT)            # what Ctrl-C at a terminal does
    start = time.monotonic()
    out, err = process.communicate(timeout=30)
    assert time.monotonic() - start < 10
    assert process.returncode == 130
    assert "Traceback" not in out + err
    assert "interrupted" in err and len(err.strip().splitlines()) == 1, err
    time.sleep(0.2)
    assert alive(workers) == []


INTERRUPTED_MATCH = """
import time
from gamelib import TicTacToe, match
try:
    match(TicTacToe(), "mcts:4000", "mcts:4000", games=400, progress=False, executor=None)
except KeyboardInterrupt:
    print("returned", time.time(), flush=True)
"""


def test_an_interrupt_to_a_pooled_match_returns_in_seconds_without_orphans():
    pytest.importorskip("psutil")
    process = subprocess.Popen([sys.executable, "-c", INTERRUPTED_MATCH], cwd=ROOT,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               preexec_fn=takes_ctrl_c)
    workers = wait_for_workers(process, 1)
    sent = time.time()
    process.send_signal(signal.SIGINT)               # a notebook's "interrupt the kernel"
    out, err = process.communicate(timeout=60)
    returned = float(out.split("returned", 1)[1]) if "returned" in out else float("inf")
    assert returned - sent < 5, (out, err)
    time.sleep(0.2)
    assert alive(workers) == []


# -- item 13: players that exit or kill their process ----------------------------------------

@pytest.mark.parametrize("player", [Exits("quitter"), RaisesBase("odd one")])
def test_a_player_that_exits_forfeits_in_a_serial_match_and_is_named(player):
    result = match(TTT, player, Named("steady"), games=2, seed=1, progress=False,
                   executor="serial")
    assert len(result.forfeits) == 2
    for summary in result.forfeits:
        assert summary.winner == "steady"
        assert player.name in summary.reason
    assert re.search(r"sys\.exit\(3\)|Odd: odd", result.forfeits[0].reason)


def test_a_worker_killed_by_the_system_names_the_players_of_its_game():
    with ProcessPoolExecutor(1) as pool:
        with pytest.raises(BrokenProcessPool) as caught:
            match(TTT, KilledBySystem("memory hog"), Named("steady"), games=2, seed=1,
                  progress=False, executor=pool)
    message = str(caught.value)
    assert "memory hog" in message and "steady" in message
    assert "killed" in message or "died" in message


def test_a_killed_worker_in_a_command_line_tournament_is_an_error_line(monkeypatch, capsys):
    from gamelib.arena import specs
    monkeypatch.setitem(specs.FACTORIES, "hog", lambda arg, seed: KilledBySystem("hog"))
    status, out, err = run(["tournament", "tictactoe", "--players", "hog,random",
                            "--games", "2", "--workers", "2", "--no-progress"], capsys)
    assert status != 0 and "Traceback" not in out + err
    assert "error:" in err and "hog" in err


# -- item 15: command-line arguments ----------------------------------------------------------

def test_figures_out_a_file_or_an_impossible_folder_is_a_clear_error(tmp_path, capsys):
    a_file = tmp_path / "a-file.svg"
    a_file.write_text("x")
    for out_path in (a_file, a_file / "below"):
        status, out, err = run(["figures", "textbook-minimax", "--out", str(out_path)], capsys)
        assert status == 2 and "error:" in err and str(out_path) in err


def test_book_out_in_a_missing_folder_is_a_clear_error(tmp_path, capsys):
    missing = tmp_path / "no-such-folder" / "book.txt"
    status, out, err = run(["book", "--plies", "1", "--out", str(missing)], capsys)
    assert status == 2 and "error:" in err and "no-such-folder" in err
    assert not missing.parent.exists()


def test_solve_limit_without_bench_is_refused(capsys):
    status, out, err = run(["solve", "33420", "--limit", "3"], capsys)
    assert status == 2 and "--limit" in err and "--bench" in err


def test_review_of_an_empty_game_is_an_error(capsys):
    status, out, err = run(["review", "connect4", ""], capsys)
    assert status == 2 and "error:" in err


def test_version(capsys):
    status, out, err = run(["--version"], capsys)
    assert status == 0 and __version__ in out


BAD_COMMANDS = [
    ["play", "chess"],
    ["play", "connect4", "--opponent", "alphabeta:x"],
    ["analyse", "connect4", "9" * 5000],
    ["analyse", "tictactoe", "XXXXXXXXX"],
    ["review", "connect4", ""],
    ["review", "tictactoe", "1,1 1,1"],
    ["tournament", "tictactoe", "--players", "random", "--games", "2"],
    ["tournament", "tictactoe", "--players", "random,random", "--games", "3"],
    ["tournament", "tictactoe", "--players", "random,random", "--workers", "0"],
    ["tournament", "tictactoe", "--players", "random,random", "--games", "2" + "0" * 12],
    ["figures", "no-such-figure"],
    ["figures", "--out", "/dev/null/figures", "textbook-minimax"],
    ["solve", "3342x"],
    ["solve", "--limit", "2", "3342"],
    ["solve", "--bench", "/no/such/file.txt"],
    ["solve", "--bench", "/dev/zero"],
    ["solve", "--bench", "/tmp"],
    ["book", "--plies", "1", "--out", "/dev/null"],
    ["book", "--plies", "0", "--out", "/tmp/unused-book.txt"],
    ["book", "--plies", "1", "--out", "/no/such/folder/book.txt"],
    ["lessons", "/dev/null", "--copy-only"],
    ["lessons", "/sys/gamelib-lessons", "--copy-only"],
    ["book", "--plies", "43", "--out", "/tmp/unused-book.txt"],
    ["book", "--stones", "-1", "--out", "/tmp/unused-book.txt"],
    ["book", "--stones", "42", "--out", "/tmp/unused-book.txt"],
    ["book", "--stones", "1", "--out", "/tmp/unused-book.txt", "--workers", "9"],
    ["solve", "3342", "--workers", "0"],
    ["tournament", "tictactoe", "--players", "x" * 5000 + ",random", "--games", "2"],
    ["play", "connect4", "--opponent", "y" * 5000],
    ["analyse", "connect4", "--player", "z" * 5000],
    ["solve", "3" * 100_000],
    ["review", "connect4", "3" * 100_000],
    ["--no-such-option"],
    [],
]


ONE_PROCESS = """
import contextlib, io, json, sys, traceback
from gamelib.cli import main
results = []
for args in json.load(open(sys.argv[1], encoding="utf-8")):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(args)
        except SystemExit as stop:
            status = stop.code
        except BaseException:                   # what would end the process with a traceback
            traceback.print_exc()
            status = 1
    results.append([args, status, out.getvalue(), err.getvalue()])
print(json.dumps(results))
"""
"""Runs each command line of a list, as `python -m gamelib` would, in one new process
(a Python started once, not once a command)."""


def test_every_subcommand_with_bad_arguments_fails_in_one_line_without_a_traceback(tmp_path):
    commands = tmp_path / "commands.json"
    commands.write_text(json.dumps(BAD_COMMANDS), encoding="utf-8")
    done = subprocess.run([sys.executable, "-c", ONE_PROCESS, str(commands)], cwd=ROOT,
                          capture_output=True, text=True, stdin=subprocess.DEVNULL,
                          timeout=300)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    results = json.loads(done.stdout)
    assert [args for args, *_ in results] == BAD_COMMANDS
    for args, status, out, err in results:
        assert status not in (0, None), (args, out, err)
        assert "Traceback" not in out + err, (args, err)
        assert "error" in err, (args, err)
        assert max(map(len, (out + err).splitlines()), default=0) < 1000, args


def test_a_bad_command_ends_the_process_with_one_error_line():
    process = gamelib_process("solve", "3342x", stdin=subprocess.DEVNULL)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 2 and not out and "Traceback" not in err, err
    assert [line for line in err.splitlines() if "error" in line], err


@pytest.mark.parametrize("unbuffered", ["1", ""])
def test_a_reader_that_goes_away_is_no_traceback(unbuffered):
    environment = {**os.environ, "PYTHONUNBUFFERED": unbuffered}
    process = gamelib_process("solve", "3342", env=environment)
    process.stdout.close()                  # as `| head -0` would
    err = process.stderr.read()
    process.wait(timeout=60)
    assert "Traceback" not in err and "BrokenPipeError" not in err, err


# -- item 16: `make wheel` does not install the test set -------------------------------------

def test_make_wheel_does_not_install_the_test_set(tmp_path):
    done = subprocess.run(["make", "-n", "-B", "wheel", f"VENV={tmp_path / 'venv'}"],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "--test" not in done.stdout and "test.txt" not in done.stdout, done.stdout
    assert "build" in done.stdout


# -- item 17: install commands that work as written ------------------------------------------

def test_readme_pip_commands_name_paths_that_exist_from_the_clone():
    readme = (ROOT / "README.md").read_text()
    commands = re.findall(r"^\s*(?:#\s*)?pip install (.+?)(?:\s+#.*)?$", readme, re.M)
    commands += re.findall(r"`pip install ([^`]+)`", readme)
    assert commands
    for command in commands:
        for word in re.findall(r'"([^"]+)"|(\S+)', command):
            word = next(part for part in word if part)
            if word.startswith("-") or word.endswith(".whl[lessons]"):
                continue
            path = word.split("[", 1)[0]
            if path.startswith((".", "/")) or "/" in path:
                assert (ROOT / path).exists(), f"README: pip install {command}: no {path}"
    assert '"./gamelib[' not in readme


def test_the_jupyterlab_hint_is_a_command_that_works(tmp_path, capsys, monkeypatch):
    from gamelib import lessons
    monkeypatch.setattr(lessons, "has_jupyterlab", lambda: False)
    monkeypatch.setattr(lessons.subprocess, "call", lambda command: 0)
    status, out, err = run(["lessons", str(tmp_path)], capsys)
    assert status == 1
    assert "gamelib-course[" not in err
    assert re.search(r"-m pip install .*jupyterlab", err), err


def test_setup_refuses_an_old_python_at_once():
    fake_old = ("import sys, runpy\n"
                "sys.version_info = (3, 9, 18, 'final', 0)\n"
                "sys.argv = ['setup.py', '--name']\n"
                "runpy.run_path('setup.py', run_name='__main__')\n")
    done = subprocess.run([sys.executable, "-c", fake_old], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode != 0
    assert "3.10" in done.stderr and "3.9" in done.stderr
    assert "Traceback" not in done.stderr


def old_python():
    """A Python 3.9 on this machine (on the PATH or through pyenv), or None."""
    import shutil
    candidates = [shutil.which("python3.9")]
    pyenv = Path(os.environ.get("PYENV_ROOT", Path.home() / ".pyenv")) / "versions"
    candidates += sorted(str(p) for p in pyenv.glob("3.9*/bin/python3.9"))
    for candidate in filter(None, candidates):
        try:
            done = subprocess.run([candidate, "-c", "import sys; print(sys.version_info[:2])"],
                                  capture_output=True, text=True, timeout=30)
        except OSError:
            continue
        if done.stdout.strip() == "(3, 9)":
            return candidate
    return None


def test_a_real_python_3_9_is_refused_by_setup_py_before_anything_else():
    python = old_python()
    if python is None:
        pytest.skip("no Python 3.9 on this machine")
    done = subprocess.run([python, "setup.py", "--name"], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode != 0 and "needs Python 3.10 or newer" in done.stderr
    assert "Traceback" not in done.stderr
