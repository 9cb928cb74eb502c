//! Criterion benchmarks for the workspace live in `benches/benches/`, one file
//! per game (`cargo bench -p benches --bench <game>`). This library holds
//! nothing but this note.
