//! The heuristic agent against the random one, and its choices in small positions.
