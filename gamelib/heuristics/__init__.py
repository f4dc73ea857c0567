"""Connect Four knowledge: threats, odd/even threats and zugzwang (Allis 1988), double
threats, and evaluation functions built from them."""

from gamelib.heuristics.evaluation import (Weights, cell_weights, centre_eval,
                                           combined_eval, eval_parts, threat_eval,
                                           window_eval)
from gamelib.heuristics.parity import (Outlook, good_parity, parity_threats,
                                       useful_threats, zugzwang_outlook)
from gamelib.heuristics.picture import ThreatPicture, threat_svg
from gamelib.heuristics.threats import (Threat, double_threat_moves, from_picture,
                                        is_double_threat,
                                        playable_row, threat_bits, threats, winning_moves)

__all__ = ["Threat", "from_picture", "threats", "threat_bits", "winning_moves", "playable_row",
           "is_double_threat", "double_threat_moves", "useful_threats", "parity_threats",
           "good_parity", "zugzwang_outlook", "Outlook", "window_eval", "centre_eval",
           "threat_eval", "combined_eval", "eval_parts", "Weights", "cell_weights",
           "ThreatPicture", "threat_svg"]
