//! The yavalath game (implementation in progress; see the workspace issues).
