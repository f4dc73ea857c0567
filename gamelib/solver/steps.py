"""Lesson 09's solver, one idea at a time, as in Pascal Pons' tutorial.

`StepSolver(ideas)` is a readable negamax whose ideas can be switched on one by one:

- "move order":          try the centre columns first (else columns 0..6 in turn);
- "bitboards":           positions as two integers (`Position`), else a grid of columns;
- "transposition table": remember an upper bound for positions already searched;
- "null windows":        find the score by yes/no searches ("is it above m?") that
                         narrow [min, max] (iterative deepening on the score);
- "anticipate losses":   never play a move that lets the opponent win at once;
- "threat order":        try first the moves that create the most winning spots;
- "lower bounds":        the table also keeps lower bounds (from cut-offs);
- "opening book":        answer early positions from positions solved in advance;
- "claimeven":           knowledge of the game: where the first player is to move, the
                         opponent's follow-up caps the score of the player to move
                         (`position.claimeven_bound`), which settles the windows above it;
- "forced moves":        a player with exactly one move that does not lose at once has no
                         choice: play it at once, without a node of its own (again and again:
                         a child can be several moves deeper);
- "enhanced cutoffs":    before searching the moves, look up the positions after them in the
                         table: a child that scores at most u proves at least -u, which may
                         already reach beta (enhanced transposition cutoffs, ETC);
- "useful threats":      "threat order" counting only the threats that can still be played
                         (not right above an opponent's threat), and more those the opponent
                         must answer at once or cannot play below (`position.threat_score`);
- "mirror images":       a position and its mirror image have the same score: the table
                         keeps both under one key (`Position.shared_key`);
- "claimeven ahead":     where the second player is to move, claimeven caps every position
                         after a move: a child capped at c proves at least -c, which may
                         already reach beta (`negamax.claimeven_ahead`);
- "double threats":      a move that leaves the opponent no move that does not lose at once
                         wins with the next stone but one; where no move does, no win comes
                         that soon, and the best score possible drops by one
                         (`negamax.makes_double_threat`).

Every combination returns the exact score (tests check them against the standard test
sets). `STEPS` lists the lesson's steps in order, each adding one idea; the last rows
run the compiled solver (`gamelib.solver.fast`), which has every idea but the book.
`KNOWLEDGE_STEPS` add knowledge of the game to the last readable step, one idea at a time,
each readable and compiled; `THREAT_STEPS` add the useful threats to the last of them,
`MIRROR_STEPS` the mirror images to that, `AHEAD_STEPS` claimeven ahead to that, and
`DOUBLE_STEPS` the double threats to that.
`benchmark_steps(...)` measures them on the same positions, like Pons' tables: mean time,
mean nodes and thousands of nodes per second, "n/a" where a step needs too many nodes.
"""

from __future__ import annotations

import gc
import gzip
import hashlib
import time
import zlib
from contextlib import contextmanager
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, Iterable, Iterator, Sequence, Union

from gamelib.games.quoting import brief
from gamelib.games.connect4 import from_standard
from gamelib.platform import N_, _, display_width, ngettext, pad
from gamelib.solver.book import OpeningBook
from gamelib.solver import wasm
from gamelib.solver.engine import engine_name, fast_module, get_solver
from gamelib.solver.negamax import (OutOfBudget, forced_move, makes_double_threat,
                                    narrow_by_null_windows, ordered_moves)
from gamelib.solver.position import (COLUMN_ORDER, HEIGHT, MIN_SCORE, SIZE, WIDTH,
                                     Position, claimeven_bound, column_mask)
from gamelib.solver.table import ETC_DEPTH, LOWER_OFFSET, UPPER_LIMIT, SolverTable

IDEAS = ("move order", "bitboards", "transposition table", "null windows",
         "anticipate losses", "threat order", "lower bounds", "opening book", "claimeven",
         "forced moves", "enhanced cutoffs", "useful threats", "mirror images",
         "claimeven ahead", "double threats")
NEEDS = {"transposition table": "bitboards", "anticipate losses": "bitboards",
         "threat order": "bitboards", "lower bounds": "transposition table",
         "opening book": "bitboards", "claimeven": "bitboards",
         "forced moves": "anticipate losses", "enhanced cutoffs": "transposition table",
         "useful threats": "threat order", "mirror images": "transposition table",
         "claimeven ahead": "claimeven", "double threats": "anticipate losses"}
"""Ideas that build on another (the table's key and the threat tests use bitboards)."""

LEFT_TO_RIGHT = tuple(range(WIDTH))


class GridPosition:
    """A position as a grid: one list of stones per column (1 = first player, 2 = second).

    The same questions as `Position` answers with bitboards, answered by looking at cells."""

    def __init__(self, columns: tuple[tuple[int, ...], ...] = ((),) * WIDTH,
                 moves: int = 0) -> None:
        self.columns = columns
        self.moves = moves

    @classmethod
    def from_string(cls, text: str) -> GridPosition:
        """The position after a string of 0-based columns (checked by `Position`)."""
        Position.from_string(text)
        pos = cls()
        for char in text:
            pos = pos.play_col(int(char))
        return pos

    def player(self) -> int:
        """Whose turn it is: 1 (first player) or 2."""
        return 1 + self.moves % 2

    def can_play(self, col: int) -> bool:
        """True if column `col` is not full."""
        return len(self.columns[col]) < HEIGHT

    def play_col(self, col: int) -> GridPosition:
        """The position after a stone in column `col`."""
        columns = list(self.columns)
        columns[col] = columns[col] + (self.player(),)
        return GridPosition(tuple(columns), self.moves + 1)

    def stone(self, col: int, row: int) -> int:
        """The stone at (col, row from the bottom), 0 if empty or off the board."""
        if 0 <= col < WIDTH and 0 <= row < len(self.columns[col]):
            return self.columns[col][row]
        return 0

    def is_winning_move(self, col: int) -> bool:
        """True if a stone in `col` completes four: count own stones on each side."""
        me, row = self.player(), len(self.columns[col])
        for dc, dr in ((0, -1), (1, 0), (1, 1), (1, -1)):
            run = 1
            for sign in (1, -1):
                c, r = col + sign * dc, row + sign * dr
                while self.stone(c, r) == me:
                    run, c, r = run + 1, c + sign * dc, r + sign * dr
            if run >= 4:
                return True
        return False

    def can_win_next(self) -> bool:
        """True if the player to move can complete four right now."""
        return any(self.can_play(c) and self.is_winning_move(c) for c in range(WIDTH))


AnyPosition = Union[Position, GridPosition]


class StepSolver:
    """An exact solver with the chosen `ideas` switched on (see the module docstring)."""

    def __init__(self, ideas: Iterable[str] = (), book: OpeningBook | None = None) -> None:
        self.ideas = frozenset(ideas)
        for idea in self.ideas:
            if idea not in IDEAS:
                raise ValueError(f"unknown idea {idea!r}; choose from {', '.join(IDEAS)}")
            if idea in NEEDS and NEEDS[idea] not in self.ideas:
                raise ValueError(f"the idea {idea!r} needs {NEEDS[idea]!r} as well")
        self.book = (book or OpeningBook.load()) if "opening book" in self.ideas else None
        self.table = SolverTable()
        self.nodes = 0
        self.budget = 0

    def uses(self, idea: str) -> bool:
        """True if `idea` is switched on."""
        return idea in self.ideas

    def position(self, moves: str) -> AnyPosition:
        """The position after `moves` (0-based columns) in this solver's representation."""
        if self.uses("bitboards"):
            return Position.from_string(moves)
        return GridPosition.from_string(moves)

    def solve(self, moves: str, max_nodes: int = 0) -> int:
        """The exact score of the position after `moves` (0-based columns); starts from an
        empty table. With `max_nodes`, raises OutOfBudget after that many nodes."""
        return self.solve_position(self.position(moves), max_nodes)

    def solve_position(self, pos: AnyPosition, max_nodes: int = 0) -> int:
        """`solve` for a position already in this solver's representation."""
        self.table.reset()
        self.nodes = 0
        self.budget = max_nodes
        if pos.can_win_next():
            return (SIZE + 1 - pos.moves) // 2
        if self.uses("null windows"):
            return self.narrow(pos)
        return self.negamax(pos, -SIZE // 2, SIZE // 2)

    def narrow(self, pos: AnyPosition) -> int:
        """The score by null-window searches: ask "is it above mid?" until one score is left."""
        low, high = -((SIZE - pos.moves) // 2), (SIZE + 1 - pos.moves) // 2
        return narrow_by_null_windows(
            lambda mid, position: self.negamax(position, mid, mid + 1), low, high, pos)

    def negamax(self, pos: AnyPosition, alpha: int, beta: int) -> int:
        """The score if it lies in (alpha, beta), else a bound beyond the window. With
        "anticipate losses", the caller has checked that the player to move cannot win at once."""
        if self.uses("forced moves"):           # no choice: play it, no node of its own
            assert isinstance(pos, Position)
            move = forced_move(pos)
            if move:
                return -self.negamax(pos.play(move), -beta, -alpha)
        self.nodes += 1
        if self.budget and self.nodes > self.budget:
            raise OutOfBudget
        if self.uses("anticipate losses"):
            assert isinstance(pos, Position)
            candidates = pos.non_losing_moves()
            if candidates == 0:             # every move lets the opponent win next
                return -((SIZE - pos.moves) // 2)
            if pos.moves >= SIZE - 2:       # nobody can win any more
                return 0
            low = -((SIZE - 2 - pos.moves) // 2)
            if alpha < low:
                alpha = low
                if alpha >= beta:
                    return alpha
        else:
            if pos.moves == SIZE:           # the board is full: draw
                return 0
            if pos.can_win_next():
                return (SIZE + 1 - pos.moves) // 2
        if self.uses("claimeven"):              # the opponent's follow-up caps the score
            assert isinstance(pos, Position)
            bound = claimeven_bound(pos.current, pos.mask)
            if beta > bound:
                beta = bound
                if alpha >= beta:
                    return beta
        high = (SIZE - 1 - pos.moves) // 2      # we cannot win with our next stone
        if self.uses("double threats") and beta > high - 1:   # a win that soon may be near
            assert isinstance(pos, Position)
            if makes_double_threat(pos, candidates):
                return high                     # won with our next stone but one
            beta = high - 1                     # no win before our third stone
            if alpha >= beta:
                return beta
        known = self.recall(pos)
        if known is not None:
            kind, bound = known
            if kind == "exact":
                return bound
            if kind == "upper":
                high = min(high, bound)
            elif alpha < bound:
                alpha = bound
                if alpha >= beta:
                    return alpha
        if beta > high:
            beta = high
            if alpha >= beta:
                return beta
        children = self.children(pos)
        if self.uses("claimeven ahead") and pos.moves % 2:   # a child's cap may cut already
            low = self.bound_from_caps(children)
            if low >= beta:
                self.remember(pos, "lower", low)
                return low
        if self.uses("enhanced cutoffs") and pos.moves < SIZE - ETC_DEPTH:
            low = self.bound_from_children(children)    # a child's bound may cut already
            if low >= beta:
                self.remember(pos, "lower", low)
                return low
        for child in children:
            score = -self.negamax(child, -beta, -alpha)
            if score >= beta:
                self.remember(pos, "lower", score)
                return score
            alpha = max(alpha, score)
        self.remember(pos, "upper", alpha)
        return alpha

    def children(self, pos: AnyPosition) -> list[AnyPosition]:
        """The positions after each move to try, in the order to try them."""
        if self.uses("anticipate losses"):
            assert isinstance(pos, Position)
            candidates = pos.non_losing_moves()
            if self.uses("threat order"):
                return [pos.play(move) for move in
                        ordered_moves(pos, candidates, self.uses("useful threats"))]
            return [pos.play(candidates & column_mask(col)) for col in self.column_order()
                    if candidates & column_mask(col)]
        columns = [col for col in self.column_order() if pos.can_play(col)]
        if self.uses("threat order"):
            assert isinstance(pos, Position)
            moves = sum(pos.possible() & column_mask(col) for col in columns)
            return [pos.play(move) for move in
                    ordered_moves(pos, moves, self.uses("useful threats"))]
        return [pos.play_col(col) for col in columns]

    def bound_from_children(self, children: list[AnyPosition]) -> int:
        """The best score sure through the table's upper bounds of `children`: a child that
        scores at most u gives at least -u (-SIZE where none has one)."""
        best = -SIZE
        for child in children:
            known = self.recall(child)
            if known is not None and known[0] == "upper":
                best = max(best, -known[1])
        return best

    def bound_from_caps(self, children: list[AnyPosition]) -> int:
        """The best score sure through the claimeven caps of `children` (the first player is
        to move in each): a child capped at c gives at least -c (-SIZE where none is)."""
        best = -SIZE
        for child in children:
            assert isinstance(child, Position)
            best = max(best, -claimeven_bound(child.current, child.mask))
        return best

    def column_order(self) -> Sequence[int]:
        """Centre first with move ordering, else left to right."""
        return COLUMN_ORDER if self.uses("move order") else LEFT_TO_RIGHT

    def recall(self, pos: AnyPosition) -> tuple[str, int] | None:
        """What the table or the book knows about `pos`: ("upper" | "lower" | "exact", v)."""
        if self.book is not None and isinstance(pos, Position):
            entry = self.book.lookup(pos)
            if entry is not None:
                return "exact", entry[0]
        if not self.uses("transposition table"):
            return None
        assert isinstance(pos, Position)
        stored = self.table.get(self.key(pos))
        if stored > UPPER_LIMIT:
            return "lower", stored - LOWER_OFFSET
        if stored:
            return "upper", stored + MIN_SCORE - 1
        return None

    def remember(self, pos: AnyPosition, kind: str, value: int) -> None:
        """Store a bound for `pos` (lower bounds only with the "lower bounds" idea)."""
        if not self.uses("transposition table"):
            return
        assert isinstance(pos, Position)
        if kind == "upper":
            self.table.put(self.key(pos), value - MIN_SCORE + 1)
        elif self.uses("lower bounds"):
            self.table.put(self.key(pos), value + LOWER_OFFSET)

    def key(self, pos: Position) -> int:
        """The table's key for `pos`: with "mirror images", the one it shares with its
        mirror image (same score), the smaller of their two keys."""
        return pos.shared_key() if self.uses("mirror images") else pos.key()


# ----------------------------------------------------------------------------- steps


@dataclass(frozen=True)
class Step:
    """One row of the lesson's table: a name, the ideas on, and the engine that runs it."""

    name: str
    ideas: frozenset[str]
    engine: str = "readable"           # "readable" (StepSolver) or "compiled" (`compiled_solver`)


def _cumulative() -> list[Step]:
    """The lesson's steps: each adds one idea to the one before."""
    names = [(N_("plain alpha-beta"), None), (N_("+ move order (centre first)"), "move order"),
             (N_("+ bitboards"), "bitboards"),
             (N_("+ transposition table"), "transposition table"),
             (N_("+ null windows (iterative deepening)"), "null windows"),
             (N_("+ anticipate losing moves"), "anticipate losses"),
             (N_("+ threat-based ordering"), "threat order"),
             (N_("+ lower bounds in the table"), "lower bounds")]
    steps, ideas = [], frozenset[str]()
    for name, idea in names:
        if idea:
            ideas = ideas | {idea}
        steps.append(Step(name, ideas))
    steps.append(Step(N_("same ideas, compiled (numba)"), ideas, "compiled"))
    steps.append(Step(N_("+ opening book (compiled)"), ideas | {"opening book"}, "compiled"))
    return steps


STEPS = _cumulative()


def _knowledge() -> list[Step]:
    """Knowledge meets search: each step adds one idea to the one before, from the last
    readable step on, readable then compiled."""
    names = [(N_("+ claimeven bound"), N_("+ claimeven bound, compiled"), "claimeven"),
             (N_("+ forced moves played out"), N_("+ forced moves played out, compiled"),
              "forced moves"),
             (N_("+ enhanced transposition cutoffs"),
              N_("+ enhanced transposition cutoffs, compiled"), "enhanced cutoffs")]
    steps, ideas = [], STEPS[7].ideas
    for readable, compiled, idea in names:
        ideas = ideas | {idea}
        steps += [Step(readable, ideas), Step(compiled, ideas, "compiled")]
    return steps


KNOWLEDGE_STEPS = _knowledge()
"""Knowledge meets search: the last readable step (every readable idea) with the claimeven
bound, then forced moves played out, then enhanced transposition cutoffs; each step is
followed by the same search compiled (its engine's CLAIMEVEN, FORCED and ETC options),
node for node."""
_USEFUL = KNOWLEDGE_STEPS[-2].ideas | {"useful threats"}
THREAT_STEPS = [Step(N_("+ useful threats first"), _USEFUL),
                Step(N_("+ useful threats first, compiled"), _USEFUL, "compiled")]
"""Knowledge in the move order: the last knowledge step sorting its moves by useful threats
(`position.threat_score`), readable then compiled (THREAT_ORDER), node for node; a list of
its own, as lesson 09 reads KNOWLEDGE_STEPS three ideas long."""
_MIRRORED = _USEFUL | {"mirror images"}
MIRROR_STEPS = [Step(N_("+ mirror images share an entry"), _MIRRORED),
                Step(N_("+ mirror images share an entry, compiled"), _MIRRORED, "compiled")]
"""Knowledge of the board: the last threat step keeping a position and its mirror image
under one key of the table, readable then compiled (MIRROR), node for node."""
_AHEAD = _MIRRORED | {"claimeven ahead"}
AHEAD_STEPS = [Step(N_("+ claimeven ahead"), _AHEAD),
               Step(N_("+ claimeven ahead, compiled"), _AHEAD, "compiled")]
"""Knowledge one move ahead: the last mirror step bounding a node where the second player
is to move by its children's claimeven caps before searching them, readable then compiled
(CLAIMEVEN_AHEAD), node for node."""
_DOUBLE = _AHEAD | {"double threats"}
DOUBLE_STEPS = [Step(N_("+ double threats ahead"), _DOUBLE),
                Step(N_("+ double threats ahead, compiled"), _DOUBLE, "compiled")]
"""Lesson 05's double threat one move ahead: the last claimeven-ahead step looking, before
searching a node whose window reaches its best score, for a move that makes a double
threat, readable then compiled (DOUBLE_THREATS), node for node."""
COMPILED_OPTIONS = {"claimeven": "CLAIMEVEN", "forced moves": "FORCED",
                    "enhanced cutoffs": "ETC", "useful threats": "THREAT_ORDER",
                    "mirror images": "MIRROR", "claimeven ahead": "CLAIMEVEN_AHEAD",
                    "double threats": "DOUBLE_THREATS"}
"""The compiled engines' option (the same bit in numba and WebAssembly) for each idea."""
READABLE_SWITCHES = {"claimeven": "claimeven", "forced moves": "forced",
                     "enhanced cutoffs": "etc", "useful threats": "threat_order",
                     "mirror images": "mirror", "claimeven ahead": "claimeven_ahead",
                     "double threats": "double_threats"}
"""`negamax.Solver`'s switch for each idea (the compiled steps' fallback)."""


# ----------------------------------------------------------------------------- test sets

SETS = {"L3_R1": N_("end game, easy"), "L2_R1": N_("middle game, easy"),
        "L2_R2": N_("middle game, medium"), "L1_R1": N_("beginning, easy"),
        "L1_R2": N_("beginning, medium"), "L1_R3": N_("beginning, hard")}
"""Pons' standard test sets, by name. Each ships with gamelib as gamelib/data/Test_<name>.txt.gz
(1000 positions, 1-based column digits and the exact score, as Pons publishes them), so a
clone, a wheel, the browser build and a copied lessons folder all read the same positions."""


SET_SHA256 = {
    "L3_R1": "86ef083de5b70d7c3c988b49267d11939687a0fa90278365f4e89491d0d046d0",
    "L2_R1": "5f7b3ce1a2bbd677b5f4d7cd0e93c218a5fc55a0f8c9f5317994dcec7168662f",
    "L2_R2": "4de9be420dde870220af09d4016511b8de299b246c4715e5bb0d2fd436b9b01d",
    "L1_R1": "ad9ae599db70ddb92c854bb4e9642798f67f44c3cac5cd7b689ebe2b70d78f90",
    "L1_R2": "ad498a2956530b238a3f01dab443ff0d31f7b76e31da5335a73061691bdfc30e",
    "L1_R3": "b197275e70d87ff192217173a24f3f8c181e7e064ae007f4bff44d53506fda22"}
"""The SHA-256 checksum of each shipped set's file: reading one checks it (a test checks they
are the files'), so a damaged or edited copy is named, never believed."""


class BadTestSetError(ValueError):
    """A test set file that is missing, damaged or not in the format of Pons' sets."""


def standard_lines(name: str) -> list[str]:
    """The lines of Pons' set `name` ("L2_R1"), from the copy that ships with gamelib."""
    if name not in SETS:
        raise ValueError(f"unknown test set {name!r}; choose from {', '.join(SETS)}")
    where = f"gamelib/data/Test_{name}.txt.gz"
    try:
        data = (resources.files("gamelib") / "data" / f"Test_{name}.txt.gz").read_bytes()
    except FileNotFoundError:
        raise BadTestSetError(f"{where} is missing from this installation of gamelib; "
                           "reinstall it") from None
    if hashlib.sha256(data).hexdigest() != SET_SHA256[name]:
        raise BadTestSetError(f"{where} is not the file gamelib ships (its checksum differs): "
                           "it is damaged or was changed; reinstall gamelib")
    try:
        return gzip.decompress(data).decode("ascii").splitlines()
    except (OSError, EOFError, zlib.error, UnicodeDecodeError) as error:
        raise BadTestSetError(f"cannot read {where}: {error}") from None


def parse_test_lines(lines: Sequence[str], source: str, count: int) -> list[tuple[str, int]]:
    """(position in gamelib's 0-based columns, exact score) of the first `count` lines
    "<1-based moves> <score>"; a line in another form is named with its file and number."""
    pairs: list[tuple[str, int]] = []
    for number, line in enumerate(lines, start=1):
        if len(pairs) == count:
            break
        if not line.strip():
            continue
        fields = line.split()
        try:
            if len(fields) != 2:
                raise ValueError("want a position and its score")
            moves = from_standard(fields[0])
            Position.from_string(moves)             # a position play can reach, or an error
            pairs.append((moves, int(fields[1])))
        except ValueError as error:
            raise BadTestSetError(f"{source}, line {number}: {brief(line.strip())} is not "
                               f"'<moves as 1-based columns> <score>' ({error})") from None
    return pairs


OPENINGS = N_("openings")
"""The name of the set `opening_set` makes (shown translated, looked up as it is)."""


@dataclass
class BenchmarkSet:
    """Positions (gamelib's 0-based columns) with their exact scores."""

    name: str
    positions: list[tuple[str, int]]
    source: str                        # the file read

    def __len__(self) -> int:
        return len(self.positions)

    @property
    def title(self) -> str:
        """The set's name as a table shows it ("L2_R1"; the openings' in the language spoken)."""
        return _(self.name) if self.name == OPENINGS else self.name

    @property
    def description(self) -> str:
        """What the set holds, in words ("middle game, easy"), else where it was read."""
        return _(SETS[self.name] if self.name in SETS else self.source)


def load_test_set(name: str, count: int, folders: Sequence[str | Path] = ()) -> BenchmarkSet:
    """The first `count` positions of Pons' set `name` ("L2_R1"), converted with
    `from_standard`: from the first of `folders` that holds `Test_<name>.txt` (another copy of
    the files), else from the copy that ships with gamelib (`standard_lines`)."""
    if name not in SETS:
        raise ValueError(f"unknown test set {name!r}; choose from {', '.join(SETS)}")
    for folder in folders:
        path = Path(folder) / f"Test_{name}.txt"
        if path.exists():
            try:
                lines, source = path.read_text(encoding="ascii").splitlines(), str(path)
            except (OSError, UnicodeDecodeError) as error:
                raise BadTestSetError(f"cannot read the test set {path}: {error}") from None
            break
    else:
        lines, source = standard_lines(name), f"Test_{name}.txt"
    return BenchmarkSet(name, parse_test_lines(lines, source, count), source)


def opening_set(count: int, plies: Sequence[int] = (7, 6, 5)) -> BenchmarkSet:
    """`count` positions of the opening book (the deepest first), with the book's scores:
    positions that were solved once, in advance, by the compiled solver."""
    book = OpeningBook.load()
    chosen = [(moves, max(scores.values())) for depth in plies
              for moves, scores in book.entries.items() if moves and len(moves) == depth]
    return BenchmarkSet(OPENINGS, chosen[:count], _("the opening book"))


# ----------------------------------------------------------------------------- benchmark


@dataclass
class Cell:
    """One step on one set: mean time and nodes per position, or None ("n/a")."""

    positions: int
    seconds: float = 0.0
    nodes: int = 0
    wrong: list[str] = field(default_factory=list)   # positions whose score was wrong

    @property
    def mean_ms(self) -> float:
        return 1000 * self.seconds / self.positions

    @property
    def mean_nodes(self) -> float:
        return self.nodes / self.positions

    @property
    def knps(self) -> float:
        """Thousands of nodes per second."""
        return self.nodes / self.seconds / 1000 if self.seconds else 0.0


@dataclass
class StepRow:
    """A row of the table: the step and its cell on each set (None: over the node budget)."""

    step: Step
    cells: dict[str, Cell | None]


STEP_HEADING = N_("step")
COLUMNS = ((N_("mean time"), 9, "<"), (N_("mean nodes"), 13, ">"), (N_("K nodes/s"), 10, ">"))
"""The three columns of each set in a steps table: heading, least width, how it aligns."""
NOT_MEASURED = N_("n/a")
"""What a cell shows where a step needs more nodes than its budget."""


def positions(count: int) -> str:
    """How many positions a set has, as its heading says it: "12 positions"."""
    return ngettext("{count} position", "{count} positions", count).format(count=count)


def cell_texts(cell: Cell | None) -> list[str]:
    """A cell's mean time, mean nodes and thousands of nodes per second, as a table shows
    them ("n/a" for each when the step went over its budget)."""
    if cell is None:
        return [_(NOT_MEASURED)] * 3
    speed = f"{cell.knps:,.0f}" if cell.nodes else "-"
    return [format_time(cell.mean_ms), f"{cell.mean_nodes:,.0f}", speed]


@dataclass
class StepsTable:
    """What `benchmark_steps` measured; prints as Pons' tables do."""

    rows: list[StepRow]
    sets: list[BenchmarkSet]
    max_nodes: int
    compiled_max_nodes: int

    def cell(self, step_name: str, set_name: str) -> Cell | None:
        """The cell of one step on one set."""
        row = next(r for r in self.rows if r.step.name == step_name)
        return row.cells[set_name]

    def widths(self) -> tuple[int, list[int]]:
        """The display widths of the steps' column and of each set's three columns."""
        names = [_(row.step.name) for row in self.rows] + [_(STEP_HEADING)]
        return (max(display_width(name) for name in names),
                [max(width, display_width(_(label))) for label, width, _align in COLUMNS])

    def __str__(self) -> str:
        width, columns = self.widths()
        span = sum(columns) + len(columns) - 1          # a set's block: its columns and spaces
        head1 = " " * width + "".join(
            " | " + pad(f"{s.title} ({positions(len(s))})", span, "^") for s in self.sets)
        heads = " | " + " ".join(pad(_(label), size, align)
                                 for (label, _width, align), size in zip(COLUMNS, columns))
        head2 = pad(_(STEP_HEADING), width) + heads * len(self.sets)
        lines = [head1, head2, "-" * display_width(head2)]
        for row in self.rows:
            text = pad(_(row.step.name), width)
            for s in self.sets:
                text += " | " + " ".join(pad(value, size, ">") for value, size
                                         in zip(cell_texts(row.cells[s.name]), columns))
            lines.append(text)
        return "\n".join(lines)

    def verdicts(self) -> list[str]:
        """A few plain lines per set, read from the numbers: how far the readable steps
        got, how many nodes the ideas saved, and what the compiled engine adds."""
        lines = []
        for s in self.sets:
            solved = [(r.step.name, cell) for r in self.rows
                      if r.step.engine == "readable" and (cell := r.cells[s.name]) is not None]
            lines.append(f"{s.title} ({s.description}):")
            if not solved:
                lines.append("  " + _("too hard for every readable step (over {nodes:,} "
                                      "nodes on some position)").format(nodes=self.max_nodes))
            else:
                (first, a), (_name, b) = solved[0], solved[-1]
                lines.append("  " + _("readable steps: solved from '{first}' on, with "
                                      "{nodes:,.0f} nodes per position; with every idea "
                                      "{every:,.0f}").format(first=_(first), nodes=a.mean_nodes,
                                                             every=b.mean_nodes))
            for r in self.rows:
                cell = r.cells[s.name]
                if r.step.engine != "compiled":
                    continue
                if cell is None:
                    budget = self.compiled_max_nodes if compiled_here() else self.max_nodes
                    lines.append("  " + _("'{step}': over {nodes:,} nodes on some position")
                                 .format(step=_(r.step.name), nodes=budget))
                else:
                    lines.append("  " + _("'{step}': {time} per position").format(
                        step=_(r.step.name), time=format_time(cell.mean_ms)))
        return lines

    def measure(self, step: Step) -> StepsTable:
        """Measure one more step on the same sets and add its row (returns the table)."""
        more = benchmark_steps(self.sets, [step], self.max_nodes, self.compiled_max_nodes)
        self.rows.extend(more.rows)
        return self

    def __repr__(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        head = "".join(f"<th colspan='3' style='text-align:center'>{s.title}: "
                       f"{s.description}, {positions(len(s))}</th>" for s in self.sets)
        sub = "".join(f"<th>{_(label)}</th>" for label, _width, _align in COLUMNS) \
            * len(self.sets)
        body = []
        for row in self.rows:
            cells = "".join(f"<td>{text}</td>" for s in self.sets
                            for text in cell_texts(row.cells[s.name]))
            body.append(f"<tr><th style='text-align:left'>{_(row.step.name)}</th>{cells}</tr>")
        return (f"<table class='gamelib-steps'><thead><tr><th></th>{head}</tr>"
                f"<tr><th style='text-align:left'>{_(STEP_HEADING)}</th>{sub}</tr></thead>"
                f"<tbody>{''.join(body)}</tbody></table>")

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(str(self))


def format_time(ms: float) -> str:
    """A mean time in µs, ms or s, whichever reads best."""
    if ms < 1:
        return f"{ms * 1000:.0f} µs"
    if ms < 1000:
        return f"{ms:.1f} ms"
    return f"{ms / 1000:.2f} s"


REPEATS_BELOW = 0.05
"""A solve faster than this (seconds) is timed 4 more times, keeping the fastest: a
single short timing is mostly noise from whatever else the machine is doing."""


def timed(solve_one: Any, moves: str, max_nodes: int) -> tuple[int, int, float]:
    """solve_one's (score, nodes, seconds), with the garbage collector paused and quick
    solves repeated (the fastest time kept)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        score, nodes, seconds = solve_one(moves, max_nodes)
        if seconds < REPEATS_BELOW:
            for _repeat in range(4):
                seconds = min(seconds, solve_one(moves, max_nodes)[2])
    finally:
        if enabled:
            gc.enable()
    return score, nodes, seconds


def measure(step: Step, test_set: BenchmarkSet, max_nodes: int) -> Cell | None:
    """Solve every position of `test_set` with `step`; None if one needs over `max_nodes`."""
    solve_one = _compiled(step) if step.engine == "compiled" else _readable(step)
    try:                                # warm up (caches, the first allocations): not timed
        solve_one(test_set.positions[0][0], 1000)
    except OutOfBudget:
        pass
    cell = Cell(len(test_set))
    for moves, score in test_set.positions:
        try:
            value, nodes, seconds = timed(solve_one, moves, max_nodes)
        except OutOfBudget:
            return None
        cell.seconds += seconds
        cell.nodes += nodes
        if value != score:
            cell.wrong.append(moves)
    return cell


def _readable(step: Step) -> Any:
    """solve_one(moves, max_nodes) -> (score, nodes, seconds) with a StepSolver."""
    solver = StepSolver(step.ideas)

    def solve_one(moves: str, max_nodes: int) -> tuple[int, int, float]:
        pos = solver.position(moves)
        start = time.perf_counter()
        score = solver.solve_position(pos, max_nodes)
        return score, solver.nodes, time.perf_counter() - start
    return solve_one


def compiled_solver() -> tuple[Any, dict[str, int] | None]:
    """The solver the compiled steps run, with its engine's option for each idea of
    `COMPILED_OPTIONS`: the one get_solver("fast") gives (numba on a desktop, WebAssembly
    in the browser), or the readable solver and None where neither is compiled here."""
    try:
        solver = get_solver("fast")
    except RuntimeError:                # a desktop without numba
        return get_solver("python"), None
    name = engine_name(solver)
    module: Any = fast_module() if name == "fast" else wasm if name == "wasm" else None
    if module is None:
        return solver, None             # the browser without its WebAssembly core
    return solver, {idea: int(getattr(module, option))
                    for idea, option in COMPILED_OPTIONS.items()}


def compiled_here() -> bool:
    """True if the compiled steps run on a compiled engine here (numba or WebAssembly):
    they then get the compiled node budget, else the readable one."""
    return compiled_solver()[1] is not None


def _compiled(step: Step) -> Any:
    """solve_one(moves, max_nodes) -> (score, nodes, seconds) with the compiled solver
    searching exactly as the readable steps do (options=0: none of its extra ideas, or
    the options of the step's knowledge ideas), and the opening book if the step has it;
    the table is emptied before each position."""
    solver, option_of = compiled_solver()
    options = sum(bit for idea, bit in (option_of or {}).items() if idea in step.ideas)
    switches = {name: idea in step.ideas for idea, name in READABLE_SWITCHES.items()}
    book = OpeningBook.load() if "opening book" in step.ideas else None
    solver.solve(Position.from_string("3"), max_nodes=10)   # compile before timing

    def solve_one(moves: str, max_nodes: int) -> tuple[int, int, float]:
        solver.reset()
        pos = Position.from_string(moves)
        with searching_as(solver, options, switches):
            start = time.perf_counter()
            entry = book.lookup(pos) if book is not None else None
            if entry is not None:
                return entry[0], 0, time.perf_counter() - start
            score = solver.solve(pos, max_nodes=max_nodes)
            seconds = time.perf_counter() - start
        if solver.aborted:
            raise OutOfBudget
        return score, solver.nodes, seconds
    return solve_one


@contextmanager
def searching_as(solver: Any, options: int, switches: dict[str, bool]) -> Iterator[None]:
    """`solver` with these compiled `options`, or the readable solver with these
    `switches`, for the block; the shared solver gets its own settings back afterwards."""
    compiled = hasattr(solver, "options")
    saved = {name: getattr(solver, name) for name in (["options"] if compiled else switches)}
    if compiled:
        solver.options = options
    else:
        for name, on in switches.items():
            setattr(solver, name, on)
    try:
        yield
    finally:
        for name, value in saved.items():
            setattr(solver, name, value)


def benchmark_steps(sets: Sequence[BenchmarkSet], steps: Sequence[Step] = STEPS,
                    max_nodes: int = 100_000, compiled_max_nodes: int = 10_000_000) -> StepsTable:
    """Every step on every set: a table of mean time, mean nodes, K nodes/s. A step shows
    "n/a" on a set where a position needs more than `max_nodes` nodes (`compiled_max_nodes`
    for the compiled steps, when a compiled engine runs them: numba or WebAssembly). Raises
    AssertionError if a step gets a score wrong."""
    rows = []
    for step in steps:
        compiled = step.engine == "compiled" and compiled_here()
        budget = compiled_max_nodes if compiled else max_nodes     # (readable speed otherwise)
        cells: dict[str, Cell | None] = {}
        for test_set in sets:
            cell = measure(step, test_set, budget)
            if cell is not None and cell.wrong:
                raise AssertionError(f"{step.name} got {len(cell.wrong)} scores wrong on "
                                     f"{test_set.name}, e.g. {cell.wrong[0]}")
            cells[test_set.name] = cell
        rows.append(StepRow(step, cells))
    return StepsTable(rows, list(sets), max_nodes, compiled_max_nodes)
