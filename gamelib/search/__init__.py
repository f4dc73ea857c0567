"""Search algorithms over any Game; each returns a SearchResult and can record a Trace."""

from gamelib.search.result import SearchResult, SearchStats
from gamelib.search.trace import EXACT, LOWER, UPPER, Event, Trace, TraceNode

__all__ = ["SearchResult", "SearchStats", "Trace", "Event", "TraceNode",
           "EXACT", "LOWER", "UPPER"]
