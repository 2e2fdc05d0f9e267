//! Scenario tests (one rule each, citing the rulebook) and the invariant sweep.

mod sweep;
