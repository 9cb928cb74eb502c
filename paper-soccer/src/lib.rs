//! The paper-soccer game (implementation in progress; see the workspace issues).
