"""Learning an evaluation from self-play: n-tuple networks (Lucas 2008; Thill, Koch and
Konen 2012) trained by temporal difference learning, graded by exact values on small
boards. Plain Python where numpy is missing (the browser course), numpy's faster steps
where it is installed; both learn the same tables."""

from gamelib.learning.curve import (ChoicePosition, CurvePoint, choice_positions, kept_share,
                                    learning_curve, progress_bar, random_chooser,
                                    score_against, train, window_count_chooser)
from gamelib.learning.exact import SmallBoardSolver
from gamelib.learning.ntuple import SCALE, NTupleNetwork, random_tuples
from gamelib.learning.player import LearnedPlayer, learned_playout
from gamelib.learning.shipped import (load_shipped, shipped_path, standard_positions,
                                      train_command)
from gamelib.learning.td import self_play_td0, self_play_td_lambda, td0_update

__all__ = ["NTupleNetwork", "LearnedPlayer", "learned_playout", "load_shipped",
           "shipped_path", "progress_bar", "standard_positions", "train_command", "random_tuples", "SCALE", "SmallBoardSolver",
           "self_play_td0", "self_play_td_lambda", "td0_update", "train", "learning_curve",
           "CurvePoint", "ChoicePosition", "choice_positions", "kept_share", "score_against",
           "random_chooser", "window_count_chooser"]
