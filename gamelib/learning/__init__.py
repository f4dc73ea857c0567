"""Learning an evaluation from self-play: n-tuple networks trained by temporal
difference learning, graded by exact values on small boards."""

from gamelib.learning.exact import SmallBoardSolver
from gamelib.learning.ntuple import SCALE, NTupleNetwork, random_tuples

__all__ = ["NTupleNetwork", "random_tuples", "SCALE", "SmallBoardSolver"]
