"""Connect Four knowledge: threats, odd/even threats and zugzwang (Allis 1988), double
threats, the threat theory and evaluation of a 2019 student report on Connect Four, rule
players, and evaluation functions built from them."""

from gamelib.heuristics.evaluation import (Weights, cell_weights, centre_eval,
                                           combined_eval, eval_parts, threat_eval,
                                           window_eval)
from gamelib.heuristics.parity import (Outlook, good_parity, parity_threats,
                                       useful_threats, zugzwang_outlook)
from gamelib.heuristics.picture import ThreatPicture, threat_svg
from gamelib.heuristics.players import ReportPlayer, RuleChoice, RulePlayer, rule_move
from gamelib.heuristics.report import (Counts, DoubleThreat, Verdict, line_score,
                                       odd_even_mixed, open_lines, parity_counts,
                                       report_eval, report_eval_parts, rule_verdict,
                                       stacked_double_threats, useful_report_threats,
                                       useless_threats)
from gamelib.heuristics.threats import (Threat, double_threat_moves, from_picture,
                                        is_double_threat,
                                        playable_row, threat_bits, threats, winning_moves)
from gamelib.heuristics.why import MoveComparison, MoveEffects, compare_moves, move_effects

__all__ = ["Threat", "from_picture", "threats", "threat_bits", "winning_moves", "playable_row",
           "is_double_threat", "double_threat_moves", "useful_threats", "parity_threats",
           "good_parity", "zugzwang_outlook", "Outlook", "window_eval", "centre_eval",
           "threat_eval", "combined_eval", "eval_parts", "Weights", "cell_weights",
           "ThreatPicture", "threat_svg",
           "useless_threats", "useful_report_threats", "Counts", "Verdict", "parity_counts",
           "rule_verdict", "odd_even_mixed", "DoubleThreat", "stacked_double_threats",
           "line_score", "open_lines", "report_eval", "report_eval_parts",
           "RulePlayer", "ReportPlayer", "RuleChoice", "rule_move",
           "MoveEffects", "MoveComparison", "move_effects", "compare_moves"]
