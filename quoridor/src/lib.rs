//! The quoridor game (implementation in progress; see the workspace issues).
