//! The parallel-football game (implementation in progress; see the workspace issues).
