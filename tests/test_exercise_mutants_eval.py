"""Mutation tests of the evaluation check (lesson 04). Unlike the other exercises, many
evaluations are right: a mutant that changes a weight may still be a better evaluation
than the window count, and then the check must pass it. So each mutant of the model
solution is judged by two oracles independent of the check: its shape on 300 random
positions (a finite number, zero-sum, not constant), and its strength in a longer match
against the window count on other openings. A mutant that fails either is wrong and must
be rejected (a shape fault with the position it fails on); one that is clearly better
must pass. Run with -s to see the kill rate and every mutant's class.

The strength oracle's verdicts are recorded in evaluation_oracle.json (its seeded games
are a fixed function of a mutant's code, and take seconds a mutant): the parts replay the
model's own match first and compare it with the record, so a change to the games (the
players, the openings, the arena) shows, and judge live any mutant not recorded. After
such a change, record them again:

    python tests/test_exercise_mutants_eval.py --record"""

from __future__ import annotations

import hashlib
import json
import math
import random
import sys
from pathlib import Path
from typing import Callable

import pytest

from gamelib.arena.match import play_chunk, schedule
from gamelib.arena.stats import Tally, score_interval
from gamelib.exercises.evaluation import OPENING_MOVES, check_eval_fn
from gamelib.exercises.solutions import evaluation as evaluation_solution
from gamelib.games import ConnectFour
from gamelib.games.connect4 import ConnectFourState
from gamelib.heuristics import window_eval
from gamelib.search.players import AlphaBetaPlayer
from mutants import Mutant, function_source, mutants
from test_exercise_mutants import Hangs, time_limit

ORACLE_GAMES = 240
"""Games of the strength oracle's match (other openings than the check's: another seed)."""
ORACLE_SEED = 99
ORACLE_LOOK_EVERY = 40
"""Games between two looks at the oracle's score: a mutant far from the window count's
strength is called after 40 or 80 games, not 240."""
ORACLE_EARLY_Z = 3.5
"""Standard errors on each side of the interval at an early look: so wide that a call made
early is the one the whole match would make (the last look uses the usual 95% interval)."""


def random_positions(count: int = 300, seed: int = 8) -> list[ConnectFourState]:
    """Unfinished positions after 0 to 29 random moves (seeded)."""
    game, rng = ConnectFour(), random.Random(seed)
    found: list[ConnectFourState] = []
    while len(found) < count:
        state = game.initial_state
        for _ in range(rng.randrange(30)):
            state = game.result(state, rng.choice(game.actions(state)))
            if game.is_terminal(state):
                break
        if not game.is_terminal(state):
            found.append(state)
    return found


def shape_fault(fn: Callable) -> str | None:
    """What makes `fn` no evaluation at all on some random position (raises, not a
    finite number, not zero-sum, the same everywhere); None if nothing does."""
    values = []
    for state in random_positions():
        try:
            with time_limit(1):
                x, o = fn(state, "X"), fn(state, "O")
        except (Exception, Hangs) as error:
            return f"raises {type(error).__name__}"
        for value in (x, o):
            if not isinstance(value, (int, float)) or isinstance(value, bool):
                return "not a number"
            if not math.isfinite(value):
                return "not finite"
        if not math.isclose(x, -o, rel_tol=1e-9, abs_tol=1e-9):
            return "not zero-sum"
        values.append(x)
    return "constant" if len(set(values)) == 1 else None


def strength(fn: Callable) -> tuple[str, str]:
    """'better', 'not better' (score at most 0.5) or 'borderline' against the window count
    in a seat-swapped match on other openings than the check's, with the score. The games
    are those of one match of ORACLE_GAMES, played in parts; a clear score ends it early."""
    mine = AlphaBetaPlayer(depth=2, eval_fn=fn, tt=False)
    baseline = AlphaBetaPlayer(depth=2, eval_fn=window_eval, tt=False)
    players = {"mutant": mine, "window count": baseline}
    jobs = schedule(ConnectFour(), ("mutant", "window count"), ORACLE_GAMES, True,
                    OPENING_MOVES, ORACLE_SEED)
    tally = Tally()
    for start in range(0, ORACLE_GAMES, ORACLE_LOOK_EVERY):
        for summary in play_chunk((ConnectFour(), players,
                                   jobs[start:start + ORACLE_LOOK_EVERY])):
            tally = tally + summary.tally("mutant")
        low, high = score_interval(tally.wins, tally.draws, tally.losses, z=ORACLE_EARLY_Z)
        if low > 0.5 or high < 0.5:
            return ("better" if low > 0.5 else "not better"), str(tally)
    low, _ = tally.interval
    verdict = "better" if low > 0.5 else "not better" if tally.score <= 0.5 else "borderline"
    return verdict, str(tally)


ORACLE_RECORD = Path(__file__).with_name("evaluation_oracle.json")
"""The strength oracle's verdict on the model evaluation ("model") and on each mutant
that passes the shape oracle (by the SHA-256 of its source): [verdict, score]."""


def source_key(mutant: Mutant) -> str:
    """The record's key for `mutant`: its source's SHA-256."""
    return hashlib.sha256(mutant.source.encode()).hexdigest()


def read_record() -> dict[str, list[str]]:
    """The recorded verdicts (none if the file is missing)."""
    if not ORACLE_RECORD.exists():
        return {}
    return json.loads(ORACLE_RECORD.read_text(encoding="utf-8"))


def recorded_strength(mutant: Mutant, fn: Callable,
                      record: dict[str, list[str]]) -> tuple[str, str]:
    """The oracle's verdict on `mutant` from the record, or from its match if not there."""
    found = record.get(source_key(mutant))
    return (found[0], found[1]) if found else strength(fn)


SHARDS = 3
"""The mutants are judged in this many parts, each a test of its own (pytest-xdist runs
them side by side): one part is mutants SHARD, SHARD + SHARDS, SHARD + 2 * SHARDS, ..."""


def model_mutants() -> list[Mutant]:
    """Every mutant of the model evaluation, in a fixed order."""
    return mutants(function_source(evaluation_solution, "my_eval"))


def judge(chosen: list[Mutant],
          record: dict[str, list[str]]) -> dict[str, list[tuple[Mutant, str]]]:
    """The `chosen` mutants of the model evaluation, sorted: killed (wrong and rejected),
    survived (wrong and passed), right (better and passed), refused (better but rejected),
    borderline (the oracle cannot tell), no counterexample (a shape fault rejected
    without the position). The oracle's verdicts come from `record` where it has them."""
    found: dict[str, list[tuple[Mutant, str]]] = {
        key: [] for key in ("killed", "survived", "right", "refused", "borderline",
                            "no counterexample")}
    for mutant in chosen:
        try:
            fn = mutant.load("my_eval")
        except Exception as error:                  # e.g. a name dropped at import
            found["killed"].append((mutant, f"does not load: {error}"))
            continue
        with time_limit(60):
            result = check_eval_fn(fn, progress=False, time_limit=60)   # (judged on
                                # its strength, not on a busy machine's speed)
        assert result.status != "could not judge", (mutant.what, str(result))
        fault = shape_fault(fn)
        if fault is not None:
            if result.passed:
                found["survived"].append((mutant, fault))
            elif result.status == "not implemented yet":     # returns None: "fill it in"
                found["killed"].append((mutant, f"{fault}; check: does nothing"))
            elif not (result.details or "my_eval(" in result.message):
                found["no counterexample"].append((mutant, str(result)))
            else:
                found["killed"].append((mutant, f"{fault}; check: {result.diagnosis}"))
            continue
        verdict, score = recorded_strength(mutant, fn, record)
        note = f"oracle {verdict} ({score}); check: {result.diagnosis or 'passed'}"
        if verdict == "borderline":
            found["borderline"].append((mutant, note))
        elif verdict == "not better":
            found["survived" if result.passed else "killed"].append((mutant, note))
        else:
            found["right" if result.passed else "refused"].append((mutant, note))
    return found


REFUSED: dict[tuple[str, int], str] = {}
"""Mutants the oracle finds better but the check rejects, and why that is acceptable."""
BORDERLINE = {
    ("10000 -> 0", 4): "no bonus for a win waiting past the horizon",
    ("10000 -> 1", 4): "a bonus of 1 for a win waiting past the horizon: next to nothing",
    ("Mult -> Div", 17): "sign / DECIDED: a bonus of 0.0001 for a win past the horizon",
}
"""Mutants the oracle cannot call better or not (score 0.556, interval 0.495-0.616: the
windows, centre and threats without the look past the horizon), and what they change.
The check calls them not better."""
RIGHT: set[tuple[str, int]] = {
    ("'O' -> 'X'", 14),
    ("'X' -> 'O'", 14),
    ('10000 -> 10001', 4),
    ('2 -> 0', 12),
    ('2 -> 1', 12),
    ('2 -> 3', 12),
    ('40 -> 0', 12),
    ('40 -> 1', 12),
    ('40 -> 41', 12),
    ('Eq -> NotEq', 14),
    ('Mult -> Div', 19),
    ('statement at line 16 dropped', 6),
    ('statement at line 17 dropped', 16),
    ('statement at line 18 dropped', 6),
    ('statement at line 19 dropped', 18),
}
"""The mutants the oracle finds better (a weight changed, a part dropped, the players'
marks swapped in a symmetric part): the check must pass every one."""


def keys(rows: list[tuple[Mutant, str]]) -> set[tuple[str, int]]:
    """The (change, line) of each judged mutant."""
    return {(mutant.what, mutant.line) for mutant, _ in rows}


@pytest.mark.slow
@pytest.mark.parametrize("shard", [pytest.param(k, marks=pytest.mark.xdist_group(
    f"mutants-eval-{k}")) for k in range(SHARDS)])
def test_every_wrong_mutant_of_the_evaluation_is_rejected(shard: int) -> None:
    record = read_record()
    assert list(strength(evaluation_solution.my_eval)) == record.get("model"), \
        "the oracle's games changed: record the verdicts again (see the module docstring)"
    chosen = model_mutants()[shard::SHARDS]
    found = judge(chosen, record)
    killed, survived = len(found["killed"]), len(found["survived"])
    total = killed + survived + len(found["no counterexample"])
    print(f"\nevaluation, part {shard + 1} of {SHARDS}: {killed} of {total} wrong mutants "
          f"rejected ({100 * killed / max(1, total):.0f}%); {len(found['right'])} right and "
          f"passed; {len(found['refused'])} right but refused; "
          f"{len(found['borderline'])} borderline")
    for key, rows in found.items():
        for mutant, note in rows:
            print(f"  {key}: {mutant.what} (line {mutant.line}); {note}")
    assert not found["survived"], [(m.what, m.line, note) for m, note in found["survived"]]
    assert not found["no counterexample"], [(m.what, n) for m, n in found["no counterexample"]]
    here = {(mutant.what, mutant.line) for mutant in chosen}
    assert keys(found["refused"]) == set(REFUSED) & here, "a right mutant refused: say why"
    assert keys(found["borderline"]) == set(BORDERLINE) & here, \
        "a new borderline mutant: say what it changes"
    assert keys(found["right"]) >= RIGHT & here, "a mutant known to be better is not passed"


@pytest.mark.slow        # (a mutant's source, and so its key, may differ on other Pythons)
def test_the_record_names_real_mutants() -> None:
    record = read_record()
    assert "model" in record, "no verdict recorded for the model evaluation"
    keys_now = {source_key(mutant) for mutant in model_mutants()} | {"model"}
    assert set(record) <= keys_now, "a recorded mutant no longer exists: record again"
    assert {verdict for verdict, _ in record.values()} <= {"better", "not better",
                                                           "borderline"}


def record_verdicts() -> None:
    """Play the oracle's match of the model and of every mutant that passes the shape
    oracle, and write the verdicts to ORACLE_RECORD."""
    record = {"model": list(strength(evaluation_solution.my_eval))}
    for mutant in model_mutants():
        try:
            fn = mutant.load("my_eval")
        except Exception:
            continue
        if shape_fault(fn) is None:
            record[source_key(mutant)] = list(strength(fn))
            print(f"{mutant.what} (line {mutant.line}): {record[source_key(mutant)]}")
    ORACLE_RECORD.write_text(json.dumps(record, indent=1, sort_keys=True) + "\n",
                             encoding="utf-8")


def test_the_parts_cover_every_mutant_once_and_name_real_ones() -> None:
    every = model_mutants()
    parts = [every[k::SHARDS] for k in range(SHARDS)]
    assert sorted((m.what, m.line) for part in parts for m in part) == \
        sorted((m.what, m.line) for m in every)
    named = set(REFUSED) | set(BORDERLINE) | RIGHT
    assert named <= {(m.what, m.line) for m in every}, "a listed mutant no longer exists"
    assert RIGHT, "some mutants (a weight changed) are still better evaluations"


def test_the_shape_oracle_tells_an_evaluation_from_a_broken_one():
    from gamelib.heuristics import centre_eval

    assert shape_fault(evaluation_solution.my_eval) is None
    assert shape_fault(centre_eval) is None
    assert shape_fault(lambda state, player: 0.0) == "constant"
    assert shape_fault(lambda state, player: 1.0) == "not zero-sum"
    assert shape_fault(lambda state, player: window_eval(state, "X")) == "not zero-sum"
    assert shape_fault(lambda state, player: math.nan) == "not finite"
    assert shape_fault(lambda state, player: 1 / 0) == "raises ZeroDivisionError"



if __name__ == "__main__":
    if sys.argv[1:] != ["--record"]:
        sys.exit("usage: python tests/test_exercise_mutants_eval.py --record")
    record_verdicts()
